import Foundation
import Testing
@testable import GraphQLKit
import BuyflowCore

/// The type-system rules (`Schema.validate()`, graphql-js `validateSchema`): one invalid
/// schema per rule, with the exact message and location (line 0: none).
struct SchemaValidationTests {
    typealias Case = SchemaErrorCase

    static let cases: [Case] = [
        Case("type Mutation { a: Int }",
             "Query root type must be provided.", 0, 0),
        Case("schema { mutation: M } type M { a: Int }",
             "Query root type must be provided.", 1, 1),
        Case("schema { query: Q } scalar Q",
             "Query root type must be Object type, it cannot be Q.", 1, 17),
        Case("type Query { a: Int } input Mutation { a: Int }",
             "Mutation root type must be Object type if provided, it cannot be Mutation.", 1, 29),
        Case("type Query { a: Int } union Subscription = Query",
             "Subscription root type must be Object type if provided, it cannot be Subscription.", 1, 29),
        Case("schema { query: Q mutation: Q } type Q { a: Int }",
             "All root types must be different, 'Q' type is used as query and mutation root types.", 1, 29),
        Case("type Query { __a: Int }",
             "Name '__a' must not begin with '__', which is reserved by GraphQL introspection.", 1, 14),
        Case("type Query { a: __Thing } type __Thing { a: Int }",
             "Name '__Thing' must not begin with '__', which is reserved by GraphQL introspection.", 1, 32),
        Case("type Query { a(__b: Int): Int }",
             "Name '__b' must not begin with '__', which is reserved by GraphQL introspection.", 1, 16),
        Case("type Query { a: E } enum E { A __B }",
             "Name '__B' must not begin with '__', which is reserved by GraphQL introspection.", 1, 32),
        Case("type Query { a(i: I): Int } input I { __c: Int }",
             "Name '__c' must not begin with '__', which is reserved by GraphQL introspection.", 1, 39),
        Case("directive @__d on FIELD type Query { a: Int }",
             "Name '__d' must not begin with '__', which is reserved by GraphQL introspection.", 1, 12),
        Case("type Query",
             "Type Query must define one or more fields.", 1, 6),
        Case("type Query { a: I } interface I",
             "Type I must define one or more fields.", 1, 31),
        Case("type Query { a: In } input In { b: Int }",
             "The type of Query.a must be Output Type but got: In.", 1, 17),
        Case("type Query { a: [In!] } input In { b: Int }",
             "The type of Query.a must be Output Type but got: [In!].", 1, 17),
        Case("type Query { a(b: Query): Int }",
             "The type of Query.a(b:) must be Input Type but got: Query.", 1, 19),
        Case("type Query { a(b: Int! @deprecated): Int }",
             "Required argument Query.a(b:) cannot be deprecated.", 1, 24),
        Case("type Query implements Foo { a: Int } type Foo { a: Int }",
             "Type Query must only implement Interface types, it cannot implement Foo.", 1, 23),
        Case("interface I implements I { a: Int } type Query { i: I }",
             "Type I cannot implement itself because it would create a circular reference.", 1, 24),
        Case("interface I { a: Int } type Query implements I & I { a: Int }",
             "Type Query can only implement I once.", 1, 50),
        Case("interface A { a: Int } interface B implements A { a: Int } type Query implements B { a: Int }",
             "Type Query must implement A because it is implemented by B.", 1, 82),
        Case("interface I { a: Int b: String } type Query implements I { a: Int }",
             "Interface field I.b expected but Query does not provide it.", 1, 39),
        Case("interface I { a: Int } type Query implements I { a: String }",
             "Interface field I.a expects type Int but Query.a is type String.", 1, 53),
        Case("interface I { a(x: Int): Int } type Query implements I { a: Int }",
             "Interface field argument I.a(x:) expected but Query.a does not provide it.", 1, 58),
        Case("interface I { a(x: Int): Int } type Query implements I { a(x: Int!): Int }",
             "Interface field argument I.a(x:) expects type Int but Query.a(x:) is type Int!.", 1, 63),
        Case("interface I { a: Int } type Query implements I { a(y: Int!): Int }",
             "Object field Query.a includes required argument y that is missing from the Interface field I.a.", 1, 52),
        Case("type Query { a: U } union U",
             "Union type U must define one or more member types.", 1, 27),
        Case("type Query { a: U } union U = Int",
             "Union type U can only include Object types, it cannot include Int.", 1, 31),
        Case("type Query { a: U } union U = Query | Query",
             "Union type U can only include type Query once.", 1, 39),
        Case("type Query { a: E } enum E",
             "Enum type E must define one or more values.", 1, 26),
        Case("type Query { a(i: I): Int } input I",
             "Input Object type I must define one or more fields.", 1, 35),
        Case("type Query { a(i: I): Int } input I { q: Query }",
             "The type of I.q must be Input Type but got: Query.", 1, 42),
        Case("type Query { a(i: I): Int } input I { q: Int! @deprecated(reason: \"x\") }",
             "Required input field I.q cannot be deprecated.", 1, 47),
        Case("type Query { a(i: A): Int } input A { b: B! } input B { a: A! }",
             "Cannot reference Input Object 'A' within itself through a series of non-null fields: 'b.a'.", 1, 39),
        Case("type Query { a(i: A): Int }\ninput A { x: Int self: A! }",
             "Cannot reference Input Object 'A' within itself through a series of non-null fields: 'self'.", 2, 18),
        Case("type Query { a(i: I): Int } input I @oneOf { x: Int! y: String }",
             "OneOf input field I.x must be nullable.", 1, 49),
        Case("type Query { a(i: I): Int } input I @oneOf { x: Int = 1 y: String }",
             "OneOf input field I.x cannot have a default value.", 1, 46),
        Case("directive @d(a: Query) on FIELD type Query { a: Int }",
             "The type of @d(a:) must be Input Type but got: Query.", 1, 17),
        Case("directive @d(a: Int! @deprecated) on FIELD type Query { a: Int }",
             "Required argument @d(a:) cannot be deprecated.", 1, 22),
    ]

    @Test(arguments: cases)
    func invalid(_ test: Case) throws {
        let schema = try Schema(sdl: test.sdl, path: "s.graphql", validate: false)
        let errors = schema.validate()
        #expect(errors.map(\.message) == [test.message])
        let expected = test.line == 0 ? nil : SourceLocation(file: "s.graphql", line: test.line, column: test.column)
        #expect(errors.first?.location == expected)
        #expect(errors.first?.code == "graphql.schema")
        #expect(errors.first?.severity == .error)
        // The builder validates by default and throws the same diagnostics.
        #expect(schemaErrors { () throws(DiagnosticList) in try Schema(sdl: test.sdl, path: "s.graphql") } == errors)
    }

    /// Close to the rules, but valid.
    @Test(arguments: [
        "interface I { a: [I] } type Query implements I { a: [Query!] }",
        "interface I { a: Int } type Query implements I { a(y: Int! = 1, z: Int): Int }",
        "type Query { a(i: I): Int } input I { q: Int! = 1 @deprecated(reason: \"x\") }",
        "type Query { a(i: A): Int } input A { a: A b: [A!]! }",
        "interface I { a: Int } type Query implements I { a: Int! }",
        "type Query { a(i: A): Int } input A { b: B } input B { a: A! }",
        "type Query { a(b: Int! = 1 @deprecated): Int }",
        "type Query { a(i: I): Int } input I @oneOf { x: Int y: String }",
        "interface A { a: Int } interface B implements A { a: Int } type Query implements B & A { a: Int }",
    ])
    func valid(sdl: String) throws {
        let schema = try Schema(sdl: sdl, validate: false)
        #expect(schema.validate().isEmpty)
    }

    /// Definitions the parser does not accept, built by hand.
    @Test func handBuiltDefinitions() throws {
        let query = Definition.type(.object(ObjectTypeDefinition(
            name: Name("Query"), fields: [FieldDefinition(name: Name("a"), type: .named(Name("E")))]
        )))
        let document = Document(definitions: [
            query,
            .type(.enumType(EnumTypeDefinition(name: Name("E"), values: [EnumValueDefinition(name: Name("true"))]))),
            .directive(DirectiveDefinition(name: Name("d"), locations: [])),
        ])
        let schema = try Schema(document: document, validate: false)
        #expect(schema.validate().map(\.message) == [
            "Directive @d must include 1 or more locations.",
            "Enum type E cannot include value: true.",
        ])
        #expect(schema.validate().allSatisfy { $0.location == nil })
    }

    /// Interfaces implementing each other: both are reported.
    @Test func interfaceCycle() {
        let errors = schemaErrors { () throws(DiagnosticList) in
            try Schema(sdl: "interface A implements B { a: Int }\ninterface B implements A { a: Int }\ntype Query { a: A }", path: "s.graphql")
        }
        #expect(errors.map(\.description) == [
            "s.graphql:1:24: error: Type A cannot implement B because it would create a circular reference.",
            "s.graphql:2:24: error: Type B cannot implement A because it would create a circular reference.",
        ])
    }

    /// Every error is reported, in schema order.
    @Test func allErrors() {
        let errors = schemaErrors { () throws(DiagnosticList) in
            try Schema(sdl: """
                type Query { a: In }
                input In { q: Query }
                union U
                enum E
                """, path: "s.graphql")
        }
        #expect(errors.map(\.description) == [
            "s.graphql:1:17: error: The type of Query.a must be Output Type but got: In.",
            "s.graphql:2:15: error: The type of In.q must be Input Type but got: Query.",
            "s.graphql:3:7: error: Union type U must define one or more member types.",
            "s.graphql:4:6: error: Enum type E must define one or more values.",
        ])
    }

    /// An implementation problem names the interface's declaration in a note.
    @Test func interfaceNotes() {
        let errors = schemaErrors { () throws(DiagnosticList) in
            try Schema(sdl: "interface I {\n  a: Int\n}\ntype Query implements I { b: Int }", path: "s.graphql")
        }
        #expect(errors.count == 1)
        #expect(errors.first?.location == SourceLocation(file: "s.graphql", line: 4, column: 6))
        #expect(errors.first?.notes == [Diagnostic.Note("declared by the interface here", at: SourceLocation(file: "s.graphql", line: 2, column: 3))])
    }
}
