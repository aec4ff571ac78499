import Foundation
import Testing
@testable import GraphQLKit
import BuyflowCore

/// Building schemas from introspection results, and the loader.
struct SchemaIntrospectionTests {
    func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: try schemaFixture(name))
    }

    /// graphql-core's `print_schema` of `shop.graphql`.
    var expected: String {
        get throws { try String(contentsOf: try schemaFixture("shop.printed.graphql"), encoding: .utf8) }
    }

    /// An introspection result with every newer key (graphql-core, all options on),
    /// wrapped in `data`, prints as graphql-core prints the SDL it came from.
    @Test func fullIntrospection() throws {
        let schema = try Schema(introspectionJSON: try fixture("shop.introspection.json"))
        #expect(SchemaPrinter.print(schema) == (try expected))
        #expect(schema.type(named: "ProductIdentifier")?.isOneOf == true)
        #expect(schema.directive(named: "authenticated")?.isRepeatable == true)
        #expect(schema.type(named: "URL")?.specifiedByURL == "https://url.spec.whatwg.org/")
        #expect(schema.type(named: "CartLineInput")?.inputField(named: "note")?.deprecationReason == "Use attributes.")
        #expect(schema.description?.hasPrefix("A small shop") == true)
        #expect(schema.types.allSatisfy { $0.location == nil })
    }

    /// The default introspection query of older servers: no `data` wrapper, no
    /// `specifiedByURL`, `isRepeatable`, `isOneOf`, deprecated input values or schema
    /// description. Prints as graphql-core's `print_schema(build_client_schema(…))`.
    @Test func legacyIntrospection() throws {
        let schema = try Schema(introspectionJSON: try fixture("shop.introspection-legacy.json"))
        var sdl = try expected
        for (newer, older) in [
            (" @specifiedBy(url: \"https://url.spec.whatwg.org/\")", ""), (" repeatable", ""), (" @oneOf", ""),
            // Deprecated input fields are left out without `inputFields(includeDeprecated: true)`.
            ("\n  note: String @deprecated(reason: \"Use attributes.\")", ""),
        ] {
            sdl = sdl.replacingOccurrences(of: newer, with: older)
        }
        sdl = String(sdl[sdl.range(of: "schema {")!.lowerBound...])
        #expect(SchemaPrinter.print(schema) == sdl)
    }

    @Test func sdlAndIntrospectionAgree() throws {
        let fromSDL = try Schema.load(path: try schemaFixture("shop.graphql").path)
        let fromJSON = try Schema.load(path: try schemaFixture("shop.introspection.json").path)
        #expect(SchemaPrinter.print(fromSDL) == SchemaPrinter.print(fromJSON))
        #expect(SchemaPrinter.print(fromSDL) == (try expected))
        #expect(fromSDL.types.map(\.name) == fromJSON.types.map(\.name).filter { !$0.hasPrefix("__") } + [
            "__Schema", "__Directive", "__DirectiveLocation", "__Type", "__Field", "__InputValue", "__EnumValue", "__TypeKind",
        ] || fromSDL.types.count == fromJSON.types.count)
    }

    @Test func minimalResult() throws {
        let json = #"""
            {"__schema": {"queryType": {"name": "Q"}, "mutationType": null, "types": [
              {"kind": "OBJECT", "name": "Q", "fields": [
                {"name": "hello", "args": [{"name": "name", "type": {"kind": "SCALAR", "name": "String"}, "defaultValue": "\"wörld\\n\""}],
                 "type": {"kind": "NON_NULL", "ofType": {"kind": "LIST", "ofType": {"kind": "SCALAR", "name": "String"}}},
                 "isDeprecated": true, "deprecationReason": null}
              ], "interfaces": []}
            ], "directives": []}}
            """#
        let schema = try Schema(introspectionJSON: Data(json.utf8))
        let hello = try #require(schema.queryType?.field(named: "hello"))
        #expect(schema.describe(hello.type) == "[String]!")
        #expect(hello.deprecationReason == "No longer supported")
        #expect(hello.argument(named: "name")?.defaultValue == Value(.string("wörld\n", isBlock: false)))
        #expect(schema.types.count == 14)
        #expect(schema.directives.count == 5)
    }

    /// Invalid results: the message and where in the JSON.
    @Test(arguments: [
        ("[]", "An introspection result must be a JSON object.", 1, 1),
        (#"{"data": {"types": []}}"#, "Invalid introspection result: expected '__schema' or 'data.__schema' (the 'data' of an introspection query's response).", 1, 10),
        (#"{"errors": [{"message": "Not authorized"}]}"#, "The introspection result has errors: Not authorized", 1, 12),
        (#"{"__schema": {"queryType": {"name": "Q"}}}"#, "Invalid introspection result: '__schema.types' is missing.", 1, 14),
        (#"{"__schema": {"types": [{"kind": "THING", "name": "Q"}]}}"#, "Invalid introspection result: type 'Q' has the unknown kind 'THING'.", 1, 25),
        (#"{"__schema": {"types": [{"kind": "OBJECT", "name": "Q"}]}}"#, "Invalid introspection result: Q has no 'fields' list.", 1, 25),
        (#"{"__schema": {"types": [{"kind": "ENUM"}]}}"#, "Invalid introspection result: a type of kind ENUM has no 'name' string.", 1, 25),
        (
            #"{"__schema": {"types": [{"kind": "OBJECT", "name": "Q", "fields": [{"name": "a", "args": [], "type": {"kind": "LIST"}}]}]}}"#,
            "Invalid introspection result: a LIST type reference has no 'ofType' (is the introspection query deep enough?).", 1, 102
        ),
        (
            "{\"__schema\": {\"types\": [{\"kind\": \"INPUT_OBJECT\", \"name\": \"I\", \"inputFields\": [\n  {\"name\": \"a\", \"type\": {\"kind\": \"SCALAR\", \"name\": \"Int\"}, \"defaultValue\": \"{\"}]}]}}",
            "Invalid introspection result: the default value of I.a, '{', is not a GraphQL value: expected Name, found <EOF>", 2, 76
        ),
        ("{\"__schema\": \n  {\"types\": [}", "Invalid JSON: unexpected character '}'.", 2, 14),
        ("{\"__schema\": \"unterminated", "Invalid JSON: unterminated string.", 1, 14),
        ("{\"a\": tru}", "Invalid JSON: invalid literal, expected 'true'.", 1, 7),
        ("{\"a\": 1} x", "Invalid JSON: unexpected text after the JSON value.", 1, 10),
        ("{\"a\" 1}", "Invalid JSON: expected ':' after an object key.", 1, 6),
        ("", "Invalid JSON: unexpected end of input.", 1, 1),
    ])
    func invalidResults(json: String, message: String, line: Int, column: Int) {
        let errors = schemaErrors { () throws(DiagnosticList) in try Schema(introspectionJSON: Data(json.utf8), path: "x.json") }
        #expect(errors.map(\.message) == [message])
        #expect(errors.first?.location == SourceLocation(file: "x.json", line: line, column: column))
        #expect(errors.first?.code == "graphql.schema")
    }

    /// Problems found when building (unknown types) and validating.
    @Test func invalidSchemas() {
        let unknown = #"{"__schema": {"queryType": {"name": "Q"}, "types": [{"kind": "OBJECT", "name": "Q", "fields": [{"name": "a", "args": [], "type": {"kind": "OBJECT", "name": "Missing"}}]}]}}"#
        #expect(schemaErrors { () throws(DiagnosticList) in try Schema(introspectionJSON: Data(unknown.utf8)) }.map(\.message) == ["Unknown type 'Missing'."])
        let noQuery = #"{"__schema": {"types": [{"kind": "OBJECT", "name": "Query", "fields": [{"name": "a", "args": [], "type": {"kind": "SCALAR", "name": "Int"}}]}]}}"#
        #expect(schemaErrors { () throws(DiagnosticList) in try Schema(introspectionJSON: Data(noQuery.utf8)) }.map(\.message) == ["Query root type must be provided."])
        #expect(schemaErrors { () throws(DiagnosticList) in try Schema(introspectionJSON: Data(noQuery.utf8), validate: false) }.isEmpty)
    }

    // MARK: - The JSON reader

    @Test func jsonStringsAndEscapes() throws {
        let text = #"{"a": "plain", "b": "tab\tquote\"slash\/back\\\\ \u00e9 \ud83d\uded2 \u2028", "c\u0021": [1, -2.5e3, true, false, null, {}, []]}"#
        let json = try IntrospectionJSON(bytes: Array(text.utf8))
        #expect(json.kind(0) == .object)
        #expect(json.member(0, "a").flatMap(json.string) == "plain")
        #expect(json.member(0, "b").flatMap(json.string) == "tab\tquote\"slash/back\\\\ é 🛒 \u{2028}")
        let list = try #require(json.member(0, "c!"))
        #expect(json.count(list) == 7)
        var kinds: [IntrospectionJSON.Kind] = []
        json.forEachElement(list) { kinds.append(json.kind($0)) }
        #expect(kinds == [.number, .number, .true, .false, .null, .object, .array])
        #expect(json.member(0, "missing") == nil)
        #expect(json.nonNullMember(list, "a") == nil)
        #expect(json.bool(list + 3) == true && json.bool(list + 4) == false && json.bool(list + 1) == nil)
        #expect(json.next(0) == json.tokens.count)
    }

    @Test(arguments: ["{", "[1,]", "{\"a\":1,}", "\"\u{01}\"", "nul", "[1 2]", String(repeating: "[", count: 600)])
    func jsonSyntaxErrors(text: String) {
        #expect(throws: IntrospectionJSON.SyntaxError.self) { try IntrospectionJSON(bytes: Array(text.utf8)) }
    }

    // MARK: - The loader

    @Test(arguments: [
        ("schema.json", "{}", Schema.SourceFormat.introspectionJSON),
        ("schema.graphql", "{}", .sdl),
        ("schema.GRAPHQLS", "", .sdl),
        ("dir.json/schema.gql", "", .sdl),
        ("schema.txt", "  \n{\"data\": {}}", .introspectionJSON),
        ("schema", "type Query { a: Int }", .sdl),
        ("-", "\u{FEFF}{}", .introspectionJSON),
    ])
    func detectsFormat(path: String, content: String, format: Schema.SourceFormat) {
        #expect(Schema.SourceFormat.detect(path: path, data: Data(content.utf8)) == format)
    }

    @Test func loadsByContent() throws {
        let sdl = try Schema.load(data: Data("type Query { a: Int }".utf8), path: "stdin")
        #expect(sdl.queryType?.fields.map(\.name) == ["a"])
        let json = try Schema.load(data: try fixture("shop.introspection-legacy.json"), path: "schema.txt")
        #expect(json.queryType?.name == "ShopQuery")
        let forced = schemaErrors { () throws(DiagnosticList) in
            try Schema.load(data: Data("type Query { a: Int }".utf8), path: "s.json", format: .introspectionJSON)
        }
        #expect(forced.map(\.message) == ["Invalid JSON: invalid literal, expected 'true'."])
    }

    @Test func missingFile() {
        let errors = schemaErrors { () throws(DiagnosticList) in try Schema.load(path: "/nonexistent/schema.graphql") }
        #expect(errors.map(\.message) == ["cannot read schema file '/nonexistent/schema.graphql': no such file"])
        #expect(errors.first?.location == nil)
    }
}
