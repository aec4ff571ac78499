import Foundation
import Testing
@testable import GraphQLKit
import BuyflowCore

/// Problems that prevent building a schema from SDL (graphql-js's SDL validation):
/// unknown types (with "did you mean"), duplicate names, impossible extensions,
/// misused directives. One case per rule, with the exact message and location.
struct SchemaBuildErrorTests {
    typealias Case = SchemaErrorCase

    static let cases: [Case] = [
        Case("type Query { a: Foo }",
             "Unknown type 'Foo'.", 1, 17),
        Case("type Query { a: Strin }",
             "Unknown type 'Strin'.", 1, 17, suggestion: "String"),
        Case("type Query { a(b: [Boolen!]): Int }",
             "Unknown type 'Boolen'.", 1, 20, suggestion: "Boolean"),
        Case("type Query implements Nod { a: Int } interface Node { a: Int }",
             "Unknown type 'Nod'.", 1, 23, suggestion: "Node"),
        Case("type Query { a: U } union U = Query | Querry",
             "Unknown type 'Querry'.", 1, 39, suggestion: "Query"),
        Case("schema { query: Qery } type Query { a: Int }",
             "Unknown type 'Qery'.", 1, 17, suggestion: "Query"),
        Case("directive @d(a: Foo) on FIELD type Query { a: Int }",
             "Unknown type 'Foo'.", 1, 17),
        Case("type Query { a: Int } type Query { b: Int }",
             "There can be only one type named 'Query'.", 1, 28),
        Case("type Query { a: Int a: String }",
             "Field 'Query.a' can only be defined once.", 1, 21),
        Case("type Query { a: Int } extend type Query { a: Int }",
             "Field 'Query.a' can only be defined once.", 1, 43),
        Case("type Query { a(x: Int, x: Int): Int }",
             "Argument 'Query.a(x:)' can only be defined once.", 1, 24),
        Case("type Query { a: E } enum E { A A }",
             "Enum value 'E.A' can only be defined once.", 1, 32),
        Case("type Query { a(i: I): Int } input I { x: Int x: Int }",
             "Field 'I.x' can only be defined once.", 1, 46),
        Case("directive @d on FIELD directive @d on QUERY type Query { a: Int }",
             "There can be only one directive named '@d'.", 1, 34),
        Case("directive @d(a: Int, a: Int) on FIELD type Query { a: Int }",
             "Argument '@d(a:)' can only be defined once.", 1, 22),
        Case("schema { query: Query } schema { query: Query } type Query { a: Int }",
             "Must provide only one schema definition.", 1, 25),
        Case("schema { query: Query query: Query } type Query { a: Int }",
             "There can be only one query type in schema.", 1, 23),
        Case("type Query { a: Int } extend type Qery { b: Int }",
             "Cannot extend type 'Qery' because it is not defined.", 1, 35, suggestion: "Query"),
        Case("type Query { a: Int } extend enum Query { A }",
             "Cannot extend non-enum type 'Query'.", 1, 35),
        Case("type Query { a: Int } extend input Query { a: Int }",
             "Cannot extend non-input object type 'Query'.", 1, 36),
        Case("type Query { a: Int @deprecate }",
             "Unknown directive '@deprecate'.", 1, 21, suggestion: "deprecated"),
        Case("type Query @deprecated { a: Int }",
             "Directive '@deprecated' may not be used on OBJECT.", 1, 12),
        Case("type Query { a: E } enum E @oneOf { A }",
             "Directive '@oneOf' may not be used on ENUM.", 1, 28),
        Case("type Query { a: Int @deprecated @deprecated }",
             "The directive '@deprecated' can only be used once at this location.", 1, 33),
        Case("type Query { a: Int @deprecated(reson: \"x\") }",
             "Unknown argument 'reson' on directive '@deprecated'.", 1, 33, suggestion: "reason"),
        Case("scalar S @specifiedBy type Query { a: S }",
             "Directive '@specifiedBy' argument 'url' of type 'String!' is required, but it was not provided.", 1, 10),
        Case("type Query { a: Int @deprecated(reason: \"x\", reason: \"y\") }",
             "There can be only one argument named 'reason'.", 1, 46),
        Case("type Query { a: Int @deprecated(reason: 5) }",
             "Argument 'reason' of directive '@deprecated' has invalid value 5: expected a String.", 1, 41),
        Case("scalar S @specifiedBy(url: URL) type Query { a: S }",
             "Argument 'url' of directive '@specifiedBy' has invalid value URL: expected a String.", 1, 28),
        Case("type Query { a: Int } query Q { a }",
             "A schema document may only contain type system definitions, not the operation 'Q'.", 1, 23),
        Case("type Query { a: Int } fragment F on Query { a }",
             "A schema document may only contain type system definitions, not the fragment 'F'.", 1, 23),
        Case("type Query { a: Foo } union U",
             "Unknown type 'Foo'.", 1, 17),
    ]

    @Test(arguments: cases)
    func invalid(_ test: Case) {
        let errors = schemaErrors { () throws(DiagnosticList) in try Schema(sdl: test.sdl, path: "s.graphql") }
        // With a suggestion, the message drops its period: "…'Strin'; did you mean 'String'?"
        let message = test.suggestion == nil ? test.message : String(test.message.dropLast())
        #expect(errors.map(\.message) == [message])
        #expect(errors.first?.location == SourceLocation(file: "s.graphql", line: test.line, column: test.column))
        #expect(errors.first?.suggestion == test.suggestion)
        #expect(errors.first?.code == "graphql.schema")
    }

    /// Duplicates point at the second definition, with a note at the first.
    @Test func duplicateNotes() {
        let errors = schemaErrors { () throws(DiagnosticList) in
            try Schema(sdl: "type Query { a: Int }\ntype Query { b: Int }", path: "s.graphql")
        }
        #expect(errors.map(\.description) == ["s.graphql:2:6: error: There can be only one type named 'Query'."])
        #expect(errors.first?.notes == [Diagnostic.Note("first defined here", at: SourceLocation(file: "s.graphql", line: 1, column: 6))])
    }

    @Test func suggestionIsRendered() {
        let errors = schemaErrors { () throws(DiagnosticList) in try Schema(sdl: "type Query { a: Strin }", path: "s.graphql") }
        let rendered = DiagnosticRenderer(sources: [SourceFile(path: "s.graphql", text: "type Query { a: Strin }")]).render(errors)
        #expect(rendered == """
            s.graphql:1:17: error: Unknown type 'Strin'; did you mean 'String'?
             1 | type Query { a: Strin }
               |                 ^

            """)
    }

    @Test func syntaxErrorsPassThrough() {
        let errors = schemaErrors { () throws(DiagnosticList) in try Schema(sdl: "type Query {", path: "s.graphql") }
        #expect(errors.count == 1)
        #expect(errors.first?.code == Parser.syntaxCode)
        #expect(errors.first?.location?.file == "s.graphql")
    }

    /// Several build errors are reported together; type-system rules wait until the
    /// schema builds.
    @Test func allBuildErrors() {
        let errors = schemaErrors { () throws(DiagnosticList) in
            try Schema(sdl: "type Query { a: Foo b: Bar }\nunion U", path: "s.graphql")
        }
        #expect(errors.map(\.description) == [
            "s.graphql:1:17: error: Unknown type 'Foo'.",
            "s.graphql:1:24: error: Unknown type 'Bar'.",
        ])
    }

    @Test func unknownDirectiveLocation() {
        let document = Document(definitions: [
            .type(.object(ObjectTypeDefinition(name: Name("Query"), fields: [FieldDefinition(name: Name("a"), type: .named(Name("Int")))]))),
            .directive(DirectiveDefinition(name: Name("d"), locations: [Name("FEILD")])),
        ])
        let errors = schemaErrors { () throws(DiagnosticList) in try Schema(document: document) }
        #expect(errors.map(\.fullMessage) == ["Unknown directive location 'FEILD'; did you mean 'FIELD'?"])
        #expect(errors.first?.suggestion == "FIELD")
    }

    /// An extension of a type defined later in the document, and of every kind.
    @Test func extensionsOfEveryKind() throws {
        let schema = try Schema(sdl: """
            extend type Query { b: Int }
            type Query { a: Int s: S u: U e: E i(i: I): Int f: F }
            scalar S
            extend scalar S @specifiedBy(url: "https://example.com")
            type O { a: Int }
            type P { a: Int }
            union U = O
            extend union U = P
            enum E { A }
            extend enum E { B }
            input I { a: Int }
            extend input I @oneOf
            interface F { a: Int }
            interface G { a: Int }
            extend interface F implements G { g: Int }
            extend type O implements F & G { g: Int }
            """)
        #expect(schema.queryType?.fields.map(\.name) == ["a", "s", "u", "e", "i", "f", "b"])
        #expect(schema.type(named: "S")?.specifiedByURL == "https://example.com")
        #expect(schema.type(named: "U")?.possibleTypes.map { schema[$0].name } == ["O", "P"])
        #expect(schema.type(named: "E")?.enumValues.map(\.name) == ["A", "B"])
        #expect(schema.type(named: "I")?.isOneOf == true)
        #expect(schema.type(named: "F")?.fields.map(\.name) == ["a", "g"])
        #expect(schema.possibleTypes(of: schema.type(named: "F")!).map(\.name) == ["O"])
        #expect(schema.implementations(of: schema.type(named: "G")!).interfaces.map(\.name) == ["F"])
    }
}
