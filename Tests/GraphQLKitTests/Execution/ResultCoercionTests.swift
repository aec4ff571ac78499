import Testing
@testable import GraphQLKit
import BuyflowCore

/// Spec 3.5 and 3.9, result coercion: what each leaf type makes of a resolved value,
/// with graphql-js's `serialize` rules and messages.
@Suite("Execution: result coercion")
struct ExecutionResultCoercionTests {
    static let executor = executorFor("""
    scalar JSON
    enum Color { RED GREEN }
    type Query { int: Int float: Float string: String boolean: Boolean id: ID color: Color json: JSON list: [Int] }
    """)

    /// The value of `field` when the root value has `value` under that name.
    static func complete(_ field: String, _ value: JSONValue) -> ExecutionResult {
        ExecutionFixtures.run("{ \(field) }", executor: executor, rootValue: .json(.object(JSONObject([(field, value)]))))
    }

    @Test(arguments: [
        ("int", "1", "1"), ("int", "-2147483648", "-2147483648"), ("int", "1.0", "1"), ("int", "true", "1"), ("int", "false", "0"),
        ("int", #""12""#, "12"), ("int", #"" 7 ""#, "7"), ("int", #""1e3""#, "1000"), ("int", "null", "null"),
        ("float", "1", "1.0"), ("float", "1.5", "1.5"), ("float", "true", "1.0"), ("float", #""2.5""#, "2.5"),
        ("string", #""a""#, #""a""#), ("string", "true", #""true""#), ("string", "1", #""1""#), ("string", "1.5", #""1.5""#),
        ("string", "2.0", #""2""#),
        ("boolean", "true", "true"), ("boolean", "0", "false"), ("boolean", "2", "true"), ("boolean", "0.5", "true"),
        ("id", #""gid://1""#, #""gid://1""#), ("id", "5", #""5""#), ("id", "5.0", #""5""#),
        ("color", #""RED""#, #""RED""#),
        ("json", #"{"a": [1, null, "x"]}"#, #"{"a":[1,null,"x"]}"#), ("json", "1.5", "1.5"), ("json", #""s""#, #""s""#),
        ("list", "[1, null, 2.0]", "[1,null,2]"),
    ])
    func coerced(field: String, value: String, output: String) {
        let result = Self.complete(field, ExecutionFixtures.json(value))
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(ExecutionFixtures.compact(result) == #"{"data":{"\#(field)":\#(output)}}"#)
    }

    @Test(arguments: [
        ("int", "2147483648", "Int cannot represent non 32-bit signed integer value: 2147483648"),
        ("int", "1.5", "Int cannot represent non-integer value: 1.5"),
        ("int", #""abc""#, #"Int cannot represent non-integer value: "abc""#),
        ("int", #""""#, #"Int cannot represent non-integer value: """#),
        ("int", #""3000000000""#, #"Int cannot represent non 32-bit signed integer value: "3000000000""#),
        ("int", "[1]", "Int cannot represent non-integer value: [1]"),
        ("int", "{}", "Int cannot represent non-integer value: {}"),
        ("float", #""x""#, #"Float cannot represent non numeric value: "x""#),
        ("float", "[]", "Float cannot represent non numeric value: []"),
        ("string", "[1]", "String cannot represent value: [1]"),
        ("string", #"{"a": 1}"#, "String cannot represent value: { a: 1 }"),
        ("boolean", #""true""#, #"Boolean cannot represent a non boolean value: "true""#),
        ("id", "true", "ID cannot represent value: true"),
        ("id", "1.5", "ID cannot represent value: 1.5"),
        ("color", #""BLUE""#, #"Enum "Color" cannot represent value: "BLUE""#),
        ("color", "1", #"Enum "Color" cannot represent value: 1"#),
    ])
    func notCoercible(field: String, value: String, message: String) {
        let result = Self.complete(field, ExecutionFixtures.json(value))
        #expect(result.data == .object(JSONObject([(field, .null)])))
        #expect(result.errors == [GraphQLError(message, locations: [.init(line: 1, column: 3)], path: [.key(field)])])
    }

    @Test func listItemErrorsCarryTheIndex() {
        let result = Self.complete("list", ExecutionFixtures.json(#"[1, "x", 3]"#))
        #expect(ExecutionFixtures.compact(result) == #"{"errors":[{"message":"Int cannot represent non-integer value: \"x\"","locations":[{"line":1,"column":3}],"path":["list",1]}],"data":{"list":[1,null,3]}}"#)
    }

    @Test func applicationValuesAreNotLeafValues() {
        struct Price: Sendable {}
        var resolvers = Resolvers()
        resolvers["Query", "string"] = .constant(.object(Price()))
        resolvers["Query", "json"] = .constant([.json(1), .object(Price())])
        resolvers["Query", "list"] = .constant([1, .json(.int(2)), nil])
        let executor = executorFor("scalar JSON type Query { string: String json: JSON list: [Int] }", resolvers)
        expectExecution(
            "{ string json list }", executor: executor,
            """
            {"errors":[
              {"message":"Expected a JSON value for String, found a value of type Price.","locations":[{"line":1,"column":3}],"path":["string"]},
              {"message":"Expected a JSON value for scalar \\"JSON\\", found a value of type Price.","locations":[{"line":1,"column":10}],"path":["json"]}
            ],"data":{"string":null,"json":null,"list":[1,2,null]}}
            """
        )
    }
}
