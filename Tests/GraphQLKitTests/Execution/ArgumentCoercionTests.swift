import Testing
@testable import GraphQLKit
import BuyflowCore

/// Spec 6.4.1 "Coercing Field Arguments": literals of every type, variables absent and
/// null, defaults; invalid arguments are field errors. `Query.echo` answers the coerced
/// arguments.
@Suite("Execution: argument coercion")
struct ExecutionArgumentCoercionTests {
    @Test(arguments: [
        ("echo(int: 1)", #"{"int":1}"#),
        ("echo(int: -2147483648)", #"{"int":-2147483648}"#),
        ("echo(float: 1)", #"{"float":1.0}"#),
        ("echo(float: 2.5e1)", #"{"float":25.0}"#),
        (#"echo(string: "a\"b")"#, #"{"string":"a\"b"}"#),
        (#"echo(string: """block""")"#, #"{"string":"block"}"#),
        ("echo(boolean: false)", #"{"boolean":false}"#),
        ("echo(id: 12)", #"{"id":"12"}"#),
        (#"echo(id: "x")"#, #"{"id":"x"}"#),
        ("echo(currency: CAD)", #"{"currency":"CAD"}"#),
        ("echo(string: null, int: null)", #"{"int":null,"string":null}"#),
        ("echo(ints: 1)", #"{"ints":[1]}"#),
        ("echo(ints: [1, null, 3])", #"{"ints":[1,null,3]}"#),
        ("echo(matrix: [[1], [2, 3]])", #"{"matrix":[[1],[2,3]]}"#),
        ("echo(matrix: 1)", #"{"matrix":[[1]]}"#),
        ("echo(matrix: [1, 2])", #"{"matrix":[[1],[2]]}"#),
        (#"echo(line: {merchandiseId: "m"})"#, #"{"line":{"merchandiseId":"m","quantity":1,"note":"none"}}"#),
        (#"echo(line: {note: "n", quantity: 2, merchandiseId: 9, attributes: {key: "k", value: "v"}})"#,
         #"{"line":{"merchandiseId":"9","quantity":2,"attributes":[{"key":"k","value":"v"}],"note":"n"}}"#),
        ("echo(key: {id: 1})", #"{"key":{"id":"1"}}"#),
        (#"echo(filter: {tags: "x"})"#, #"{"filter":{"tags":["x"],"currency":"USD"}}"#),
        (#"echo(decimal: "1.50")"#, #"{"decimal":"1.50"}"#),
        ("echo(json: {a: [1, 2.5, B, null, true]})", #"{"json":{"a":[1,2.5,"B",null,true]}}"#),
        ("echoRequired(int: 1)", #"{"int":1,"withDefault":5,"currency":"CAD"}"#),
        ("echoRequired(int: 1, withDefault: 2, currency: USD)", #"{"int":1,"withDefault":2,"currency":"USD"}"#),
    ])
    func literals(selection: String, coerced: String) {
        let key = selection.hasPrefix("echoRequired") ? "echoRequired" : "echo"
        expectExecution("{ \(selection) }", #"{"data":{"\#(key)":\#(coerced)}}"#)
    }

    @Test(arguments: [
        // An absent variable is like an absent argument: the default applies, or nothing.
        ("($i: Int)", "echo(int: $i)", "{}", #"{"echo":{}}"#),
        ("($i: Int)", "echo(int: $i)", #"{"i": null}"#, #"{"echo":{"int":null}}"#),
        ("($i: Int)", "echo(int: $i)", #"{"i": 4}"#, #"{"echo":{"int":4}}"#),
        ("($i: Int)", "echoRequired(int: 1, withDefault: $i)", "{}", #"{"echoRequired":{"int":1,"withDefault":5,"currency":"CAD"}}"#),
        ("($i: Int = 8)", "echoRequired(int: 1, withDefault: $i)", "{}", #"{"echoRequired":{"int":1,"withDefault":8,"currency":"CAD"}}"#),
        // Inside lists and input objects.
        ("($x: Int)", "echo(ints: [1, $x])", "{}", #"{"echo":{"ints":[1,null]}}"#),
        ("($x: Int)", "echo(ints: [1, $x])", #"{"x": 2}"#, #"{"echo":{"ints":[1,2]}}"#),
        ("($q: Int)", #"echo(line: {merchandiseId: "m", quantity: $q})"#, "{}", #"{"echo":{"line":{"merchandiseId":"m","quantity":1,"note":"none"}}}"#),
        ("($q: Int)", #"echo(line: {merchandiseId: "m", quantity: $q})"#, #"{"q": null}"#, #"{"echo":{"line":{"merchandiseId":"m","quantity":null,"note":"none"}}}"#),
        ("($l: LineInput)", "echo(line: $l)", #"{"l": {"merchandiseId": 5}}"#, #"{"echo":{"line":{"merchandiseId":"5","quantity":1,"note":"none"}}}"#),
        ("($c: CurrencyCode!)", "echo(currency: $c)", #"{"c": "USD"}"#, #"{"echo":{"currency":"USD"}}"#),
        ("($j: JSON)", "echo(json: {nested: $j, missing: $k})", #"{"j": [1]}"#, #"{"echo":{"json":{"nested":[1],"missing":null}}}"#),
    ])
    func variables(definitions: String, selection: String, variables: String, data: String) {
        expectExecution("query \(definitions) { \(selection) }", variables: variables, #"{"data":\#(data)}"#)
    }

    @Test(arguments: [
        (#"echo(int: "1")"#, #"Argument "int" has invalid value "1"."#, 11),
        ("echo(int: 3000000000)", #"Argument "int" has invalid value 3000000000."#, 11),
        ("echo(int: 1.5)", #"Argument "int" has invalid value 1.5."#, 11),
        ("echo(float: true)", #"Argument "float" has invalid value true."#, 13),
        ("echo(string: 1)", #"Argument "string" has invalid value 1."#, 14),
        ("echo(id: 1.0)", #"Argument "id" has invalid value 1.0."#, 10),
        (#"echo(currency: "USD")"#, #"Argument "currency" has invalid value "USD"."#, 16),
        ("echo(currency: GBP)", #"Argument "currency" has invalid value GBP."#, 16),
        ("echo(ints: [1, \"2\"])", #"Argument "ints" has invalid value [1, "2"]."#, 12),
        ("echo(line: {quantity: 1})", #"Argument "line" has invalid value {quantity: 1}."#, 12),
        (#"echo(line: {merchandiseId: "m", nope: 1})"#, #"Argument "line" has invalid value {merchandiseId: "m", nope: 1}."#, 12),
        (#"echo(line: "m")"#, #"Argument "line" has invalid value "m"."#, 12),
        (#"echo(key: {id: 1, handle: "x"})"#, #"Argument "key" has invalid value {id: 1, handle: "x"}."#, 11),
        ("echo(key: {id: null})", #"Argument "key" has invalid value {id: null}."#, 11),
        ("echoRequired", #"Argument "int" of required type "Int!" was not provided."#, 1),
        ("echoRequired(int: null)", #"Argument "int" of non-null type "Int!" must not be null."#, 19),
        ("echoRequired(int: 1, currency: null)", #"Argument "currency" of non-null type "CurrencyCode!" must not be null."#, 32),
    ])
    /// `column`: where the error is located within `selection`.
    func invalidLiterals(selection: String, message: String, column: Int) {
        let key = selection.hasPrefix("echoRequired") ? "echoRequired" : "echo"
        let result = ExecutionFixtures.run("{ \(selection) }")
        #expect(result.data == ExecutionFixtures.json(#"{"\#(key)":null}"#))
        #expect(result.errors == [GraphQLError(message, locations: [.init(line: 1, column: column + 2)], path: [.key(key)])])
    }

    @Test func variableErrors() {
        let query = "query ($i: Int, $l: ID) {\n  a: echoRequired(int: $i)\n  b: echo(line: {merchandiseId: $l})\n  c: echo(int: $i)\n}"
        let result = ExecutionFixtures.run(query, variables: "{}")
        #expect(ExecutionFixtures.compact(result) == ExecutionFixtures.compact("""
        {"errors":[
          {"message":"Argument \\"int\\" of required type \\"Int!\\" was provided the variable \\"$i\\" which was not provided a runtime value.","locations":[{"line":2,"column":24}],"path":["a"]},
          {"message":"Argument \\"line\\" has invalid value {merchandiseId: $l}.","locations":[{"line":3,"column":17}],"path":["b"]}
        ],"data":{"a":null,"b":null,"c":{}}}
        """))
        let withNull = ExecutionFixtures.run(query, variables: #"{"i": null, "l": "x"}"#)
        #expect(withNull.errors.map(\.message) == [#"Argument "int" of non-null type "Int!" must not be null."#])
        #expect(withNull.data?["b"] == ExecutionFixtures.json(#"{"line":{"merchandiseId":"x","quantity":1,"note":"none"}}"#))
    }

    @Test func constantArgumentsAreCoercedOnceAndReused() throws {
        let prepared = ExecutionFixtures.executor.prepare(ExecutionFixtures.parse(#"{ echo(line: {merchandiseId: "m"}) bad: echo(int: "x") }"#))
        for _ in 0..<3 {
            let result = prepared.execute()
            #expect(ExecutionFixtures.compact(result) == ExecutionFixtures.compact(
                #"{"errors":[{"message":"Argument \"int\" has invalid value \"x\".","locations":[{"line":1,"column":51}],"path":["bad"]}],"data":{"echo":{"line":{"merchandiseId":"m","quantity":1,"note":"none"}},"bad":null}}"#
            ))
        }
    }
}
