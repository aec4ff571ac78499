import Testing
@testable import GraphQLKit
import BuyflowCore

/// Spec 6.1.2 "Coercing Variable Values": every input type, valid and invalid, with
/// graphql-js's messages. `Query.variables` answers the coerced values.
@Suite("Execution: variable coercion")
struct ExecutionVariableCoercionTests {
    /// Runs `query ($v: <type>) { variables }` with `{"v": <value>}` (or `{}` for `nil`).
    static func run(_ type: String, _ value: String?) -> ExecutionResult {
        ExecutionFixtures.run("query ($v: \(type)) { variables }", variables: value.map { #"{"v": \#($0)}"# } ?? "{}")
    }

    @Test(arguments: [
        // Int: integral numbers within 32 bits.
        ("Int", "1", "1"), ("Int", "-2147483648", "-2147483648"), ("Int", "2147483647", "2147483647"), ("Int", "2.0", "2"),
        ("Int!", "7", "7"), ("Int", "null", "null"),
        // Float: any finite number, as a double.
        ("Float", "1", "1.0"), ("Float", "1.5", "1.5"), ("Float", "-0.25e2", "-25.0"),
        ("String", #""héllo""#, #""héllo""#), ("String", #""""#, #""""#),
        ("Boolean", "true", "true"), ("Boolean!", "false", "false"),
        // ID: strings, and integers as strings.
        ("ID", #""gid://shop/Product/1""#, #""gid://shop/Product/1""#), ("ID", "12", #""12""#), ("ID!", "0", #""0""#),
        // Enums by name, deprecated values included.
        ("CurrencyCode", #""CAD""#, #""CAD""#), ("CurrencyCode", #""EUR""#, #""EUR""#),
        // Lists, and a single value as a list of one.
        ("[Int]", "[1, 2]", "[1,2]"), ("[Int]", "3", "[3]"), ("[Int]", "[1, null]", "[1,null]"), ("[Int]", "[]", "[]"),
        ("[Int!]!", "5", "[5]"), ("[[Int!]]", "[[1], [2, 3]]", "[[1],[2,3]]"), ("[[Int!]]", "4", "[[4]]"),
        ("[[Int]]", "[1, [2]]", "[[1],[2]]"), ("[CurrencyCode!]", #""USD""#, #"["USD"]"#),
        // Input objects: defaults added, in definition order; explicit null kept.
        ("LineInput", #"{"merchandiseId": "gid://1"}"#, #"{"merchandiseId":"gid://1","quantity":1,"note":"none"}"#),
        ("LineInput", #"{"quantity": 3, "merchandiseId": 7}"#, #"{"merchandiseId":"7","quantity":3,"note":"none"}"#),
        ("LineInput", #"{"merchandiseId": "m", "quantity": null, "note": null}"#, #"{"merchandiseId":"m","quantity":null,"note":null}"#),
        ("LineInput", #"{"merchandiseId": "m", "attributes": {"key": "k", "value": "v"}}"#,
         #"{"merchandiseId":"m","quantity":1,"attributes":[{"key":"k","value":"v"}],"note":"none"}"#),
        ("Filter", #"{"tags": "shoes"}"#, #"{"tags":["shoes"],"currency":"USD"}"#),
        ("Filter", #"{"oldField": 1, "minPrice": 2}"#, #"{"minPrice":2.0,"currency":"USD","oldField":1}"#),
        // OneOf input objects: exactly one non-null field.
        ("ProductKey", #"{"handle": "wool-socks"}"#, #"{"handle":"wool-socks"}"#), ("ProductKey!", #"{"id": 3}"#, #"{"id":"3"}"#),
        // Custom scalars take any JSON.
        ("Decimal", #""1.50""#, #""1.50""#), ("JSON", #"{"a": [1, {"b": null}]}"#, #"{"a":[1,{"b":null}]}"#),
        ("[JSON]", #"{"a": 1}"#, #"[{"a":1}]"#),
    ])
    func validValues(type: String, value: String, coerced: String) {
        let result = Self.run(type, value)
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(ExecutionFixtures.compact(result) == ExecutionFixtures.compact(#"{"data":{"variables":{"v":\#(coerced)}}}"#))
    }

    @Test func absentNullableVariableStaysAbsent() {
        expectExecution("query ($v: Int) { variables }", variables: "{}", #"{"data":{"variables":{}}}"#)
        expectExecution("query ($v: Int) { variables }", #"{"data":{"variables":{}}}"#)
    }

    @Test func defaultValues() {
        let query = #"query ($v: Int = 3, $w: LineInput = {merchandiseId: 1}, $s: [String] = "a") { variables }"#
        expectExecution(
            query, variables: "{}",
            #"{"data":{"variables":{"v":3,"w":{"merchandiseId":"1","quantity":1,"note":"none"},"s":["a"]}}}"#
        )
        // null given explicitly overrides the default.
        expectExecution(query, variables: #"{"v": null, "s": null}"#, #"{"data":{"variables":{"v":null,"w":{"merchandiseId":"1","quantity":1,"note":"none"},"s":null}}}"#)
        // A non-null variable with a default may be left out.
        expectExecution(#"query ($v: Int! = 4) { variables }"#, #"{"data":{"variables":{"v":4}}}"#)
    }

    @Test func undefinedVariablesAreIgnored() {
        expectExecution("query ($v: Int) { variables }", variables: #"{"v": 1, "other": "x"}"#, #"{"data":{"variables":{"v":1}}}"#)
    }

    @Test(arguments: [
        ("Int", #""abc""#, #"Variable "$v" got invalid value "abc"; Int cannot represent non-integer value: "abc""#),
        ("Int", "1.5", #"Variable "$v" got invalid value 1.5; Int cannot represent non-integer value: 1.5"#),
        ("Int", "3000000000", #"Variable "$v" got invalid value 3000000000; Int cannot represent non 32-bit signed integer value: 3000000000"#),
        ("Int", "-2147483649", #"Variable "$v" got invalid value -2147483649; Int cannot represent non 32-bit signed integer value: -2147483649"#),
        ("Int", "true", #"Variable "$v" got invalid value true; Int cannot represent non-integer value: true"#),
        ("Int", "[1, 2]", #"Variable "$v" got invalid value [1, 2]; Int cannot represent non-integer value: [1, 2]"#),
        ("Int", #"{"a": 1}"#, #"Variable "$v" got invalid value { a: 1 }; Int cannot represent non-integer value: { a: 1 }"#),
        ("Float", #""1.5""#, #"Variable "$v" got invalid value "1.5"; Float cannot represent non numeric value: "1.5""#),
        ("Float", "false", #"Variable "$v" got invalid value false; Float cannot represent non numeric value: false"#),
        ("String", "1", #"Variable "$v" got invalid value 1; String cannot represent a non string value: 1"#),
        ("String", "[\"a\", \"b\"]", #"Variable "$v" got invalid value ["a", "b"]; String cannot represent a non string value: ["a", "b"]"#),
        ("Boolean", #""true""#, #"Variable "$v" got invalid value "true"; Boolean cannot represent a non boolean value: "true""#),
        ("Boolean", "0", #"Variable "$v" got invalid value 0; Boolean cannot represent a non boolean value: 0"#),
        ("ID", "1.5", #"Variable "$v" got invalid value 1.5; ID cannot represent value: 1.5"#),
        ("ID", "true", #"Variable "$v" got invalid value true; ID cannot represent value: true"#),
        ("CurrencyCode", #""usd""#, #"Variable "$v" got invalid value "usd"; Value "usd" does not exist in "CurrencyCode" enum. Did you mean the enum value "USD" or "CAD"?"#),
        ("CurrencyCode", #""GBP""#, #"Variable "$v" got invalid value "GBP"; Value "GBP" does not exist in "CurrencyCode" enum."#),
        ("CurrencyCode", "1", #"Variable "$v" got invalid value 1; Enum "CurrencyCode" cannot represent non-string value: 1."#),
        ("Int!", "null", #"Variable "$v" of non-null type "Int!" must not be null."#),
        ("Int!", nil, #"Variable "$v" of required type "Int!" was not provided."#),
        ("[Int!]!", nil, #"Variable "$v" of required type "[Int!]!" was not provided."#),
        ("[Int!]", "[1, null]", #"Variable "$v" got invalid value null at "v[1]"; Expected non-nullable type "Int!" not to be null."#),
        ("[Int]", #"[1, "a"]"#, #"Variable "$v" got invalid value "a" at "v[1]"; Int cannot represent non-integer value: "a""#),
        ("[[Int!]]", "[[1], [null]]", #"Variable "$v" got invalid value null at "v[1][0]"; Expected non-nullable type "Int!" not to be null."#),
        ("LineInput", #""x""#, #"Variable "$v" got invalid value "x"; Expected type "LineInput" to be an object."#),
        ("LineInput", "[]", #"Variable "$v" got invalid value []; Expected type "LineInput" to be an object."#),
        ("LineInput", "{}", #"Variable "$v" got invalid value {}; Field "merchandiseId" of required type "ID!" was not provided."#),
        ("LineInput", #"{"merchandiseId": null}"#, #"Variable "$v" got invalid value null at "v.merchandiseId"; Expected non-nullable type "ID!" not to be null."#),
        ("LineInput", #"{"merchandiseId": "1", "qty": 2}"#, #"Variable "$v" got invalid value { merchandiseId: "1", qty: 2 }; Field "qty" is not defined by type "LineInput"."#),
        ("LineInput", #"{"merchandiseId": "1", "quantty": 2}"#, #"Variable "$v" got invalid value { merchandiseId: "1", quantty: 2 }; Field "quantty" is not defined by type "LineInput". Did you mean "quantity"?"#),
        ("LineInput", #"{"merchandiseId": "1", "quantity": "2"}"#, #"Variable "$v" got invalid value "2" at "v.quantity"; Int cannot represent non-integer value: "2""#),
        ("LineInput", #"{"merchandiseId": "1", "attributes": [{"key": "a"}]}"#, #"Variable "$v" got invalid value { key: "a" } at "v.attributes[0]"; Field "value" of required type "String!" was not provided."#),
        ("ProductKey", "{}", #"Variable "$v" got invalid value {}; Exactly one key must be specified for OneOf type "ProductKey"."#),
        ("ProductKey", #"{"id": "1", "handle": "x"}"#, #"Variable "$v" got invalid value { id: "1", handle: "x" }; Exactly one key must be specified for OneOf type "ProductKey"."#),
        ("ProductKey", #"{"id": null}"#, #"Variable "$v" got invalid value null at "v.id"; Field "id" must be non-null."#),
        ("Product", "{}", #"Variable "$v" expected value of type "Product" which cannot be used as an input type."#),
        ("Nope", "1", #"Variable "$v" expected value of type "Nope" which cannot be used as an input type."#),
        ("[Money!]", "[]", #"Variable "$v" expected value of type "[Money!]" which cannot be used as an input type."#),
    ] as [(String, String?, String)])
    func invalidValues(type: String, value: String?, message: String) {
        let result = Self.run(type, value)
        #expect(result.data == nil)
        #expect(result.errors.map(\.message) == [message])
    }

    @Test func errorsAreRequestErrorsLocatedAtTheDefinition() {
        let result = ExecutionFixtures.run(
            "query Q(\n  $a: Int!\n  $b: [Int!]\n) { variables }", variables: #"{"b": [1, "x", null]}"#
        )
        #expect(ExecutionFixtures.compact(result) == ExecutionFixtures.compact("""
        {"errors":[
          {"message":"Variable \\"$a\\" of required type \\"Int!\\" was not provided.","locations":[{"line":2,"column":3}]},
          {"message":"Variable \\"$b\\" got invalid value \\"x\\" at \\"b[1]\\"; Int cannot represent non-integer value: \\"x\\"","locations":[{"line":3,"column":3}]},
          {"message":"Variable \\"$b\\" got invalid value null at \\"b[2]\\"; Expected non-nullable type \\"Int!\\" not to be null.","locations":[{"line":3,"column":3}]}
        ]}
        """))
    }

    @Test func inspectShortensDeepAndLongValues() {
        #expect(ValueInspector.inspect(ExecutionFixtures.json(#"{"a": {"b": {"c": 1}}, "l": [[[1]]]}"#)) == "{ a: { b: [Object] }, l: [[Array]] }")
        #expect(ValueInspector.inspect(ExecutionFixtures.json("[1,2,3,4,5,6,7,8,9,10,11,12]")) == "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... 2 more items]")
        #expect(ValueInspector.inspect(ExecutionFixtures.json("[1,2,3,4,5,6,7,8,9,10,11]")) == "[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... 1 more item]")
        #expect(ValueInspector.inspect(.string("say \"hi\"\n")) == #""say \"hi\"\n""#)
        #expect(ValueInspector.inspect(.double(2.0)) == "2")
    }

    @Test func tooManyErrorsStop() {
        let result = ExecutionFixtures.run("query ($v: [Int!]) { variables }", variables: #"{"v": [\#(Array(repeating: "null", count: 60).joined(separator: ","))]}"#)
        #expect(result.errors.count == 51)
        #expect(result.errors.last?.message == "Too many errors processing variables, error limit reached. Execution aborted.")
    }
}
