import Foundation
import Testing
@testable import GraphQLKit
import BuyflowCore

/// Printing schemas as SDL. The expected texts are graphql-core 3.2.8's `print_schema`
/// of the same SDL, except where noted (`documentedDifferences`).
struct SchemaPrinterTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var sdl: String
        var printed: String

        init(_ name: String, _ sdl: String, _ printed: String) {
            self.name = name
            self.sdl = sdl
            self.printed = printed
        }

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case("short description", #""Short." type Query { a: Int }"#, #"""
            """Short."""
            type Query {
              a: Int
            }
            """#),
        Case("long description", #""xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx" type Query { a: Int }"#, #"""
            """
            xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx
            """
            type Query {
              a: Int
            }
            """#),
        Case("leading space", #" """ Leading space.""" type Query { a: Int }"#, #"""
            """ Leading space."""
            type Query {
              a: Int
            }
            """#),
        Case("trailing quote", #""Ends with a \"quote\"" type Query { a: Int }"#, #"""
            """
            Ends with a "quote"
            """
            type Query {
              a: Int
            }
            """#),
        Case("trailing backslash", #""Ends with a backslash\\" type Query { a: Int }"#, #"""
            """
            Ends with a backslash\
            """
            type Query {
              a: Int
            }
            """#),
        Case("triple quotes", #" """Has \""" triple quotes.""" type Query { a: Int }"#, #"""
            """Has \""" triple quotes."""
            type Query {
              a: Int
            }
            """#),
        Case("two lines", #""Two\nlines" type Query { a: Int }"#, #"""
            """
            Two
            lines
            """
            type Query {
              a: Int
            }
            """#),
        Case("indented second line", #""First\n  indented" type Query { a: Int }"#, #"""
            """
            First
              indented
            """
            type Query {
              a: Int
            }
            """#),
        Case("trailing newline", #""Trailing newline\n" type Query { a: Int }"#, #"""
            "Trailing newline\n"
            type Query {
              a: Int
            }
            """#),
        Case("leading newline", #""\nLeading newline" type Query { a: Int }"#, #"""
            "\nLeading newline"
            type Query {
              a: Int
            }
            """#),
        Case("carriage return", #""Carriage\rreturn" type Query { a: Int }"#, #"""
            "Carriage\rreturn"
            type Query {
              a: Int
            }
            """#),
        Case("control character", #""Bell\u0007" type Query { a: Int }"#, #"""
            "Bell\u0007"
            type Query {
              a: Int
            }
            """#),
        Case("empty description", #""" type Query { a: Int }"#, #"""
            """"""
            type Query {
              a: Int
            }
            """#),
        Case("field descriptions", #"type Query { "A." a: Int "B." b: Int c: Int }"#, #"""
            type Query {
              """A."""
              a: Int

              """B."""
              b: Int
              c: Int
            }
            """#),
        Case("argument descriptions", #"type Query { a("X." x: Int, y: Int = 2): Int }"#, #"""
            type Query {
              a(
                """X."""
                x: Int
                y: Int = 2
              ): Int
            }
            """#),
        Case("directive argument descriptions", #"directive @d("X.\nMore." x: Int) on FIELD type Query { a: Int }"#, #"""
            directive @d(
              """
              X.
              More.
              """
              x: Int
            ) on FIELD

            type Query {
              a: Int
            }
            """#),
        Case("arguments on one line", #"type Query { a(x: Int, y: String = "y"): Int }"#, #"""
            type Query {
              a(x: Int, y: String = "y"): Int
            }
            """#),
        Case("enum value descriptions", #"type Query { a(x: Int): Int } enum E { "A." A B "C." C }"#, #"""
            type Query {
              a(x: Int): Int
            }

            enum E {
              """A."""
              A
              B

              """C."""
              C
            }
            """#),
        Case("input field descriptions", #"type Query { a(i: I): Int } input I { "X." x: Int y: Int = 1 }"#, #"""
            type Query {
              a(i: I): Int
            }

            input I {
              """X."""
              x: Int
              y: Int = 1
            }
            """#),
        Case("deprecated fields", #"type Query { a: Int @deprecated b: Int @deprecated(reason: "Use \"c\".") c: Int @deprecated(reason: "No longer supported") }"#, #"""
            type Query {
              a: Int @deprecated
              b: Int @deprecated(reason: "Use \"c\".")
              c: Int @deprecated
            }
            """#),
        Case("deprecated arguments, values, input fields", #"type Query { a(x: Int @deprecated(reason: "old"), y: Int): Int } enum E { A @deprecated B } input I { x: Int @deprecated }"#, #"""
            type Query {
              a(x: Int @deprecated(reason: "old"), y: Int): Int
            }

            enum E {
              A @deprecated
              B
            }

            input I {
              x: Int @deprecated
            }
            """#),
        Case("specifiedBy", #"scalar S @specifiedBy(url: "https://example.com/s") type Query { a: S }"#, #"""
            scalar S @specifiedBy(url: "https://example.com/s")

            type Query {
              a: S
            }
            """#),
        Case("oneOf", #"input I @oneOf { a: Int b: String } type Query { a(i: I): Int }"#, #"""
            input I @oneOf {
              a: Int
              b: String
            }

            type Query {
              a(i: I): Int
            }
            """#),
        Case("repeatable directive", #"directive @d(a: Int = 1) repeatable on FIELD | QUERY type Query { a: Int }"#, #"""
            directive @d(a: Int = 1) repeatable on FIELD | QUERY

            type Query {
              a: Int
            }
            """#),
        Case("interfaces and unions", #"interface A { a: Int } interface B implements A { a: Int } type Query implements B & A { a: Int } union U = Query"#, #"""
            interface A {
              a: Int
            }

            interface B implements A {
              a: Int
            }

            type Query implements B & A {
              a: Int
            }

            union U = Query
            """#),
        Case("wrapped types", #"type Query { a: [[Int!]]! }"#, #"""
            type Query {
              a: [[Int!]]!
            }
            """#),
        Case("default values", #"type Query { a(x: E = A, y: [Int] = [1, 2], z: I = {a: 1, b: "s"}, n: Int = null): Int } enum E { A } input I { a: Int b: String }"#, #"""
            type Query {
              a(x: E = A, y: [Int] = [1, 2], z: I = {a: 1, b: "s"}, n: Int = null): Int
            }

            enum E {
              A
            }

            input I {
              a: Int
              b: String
            }
            """#),
        Case("non-conventional root", #"schema { query: Root } type Root { a: Int }"#, #"""
            schema {
              query: Root
            }

            type Root {
              a: Int
            }
            """#),
        Case("conventional roots", #"schema { query: Query mutation: Mutation } type Query { a: Int } type Mutation { a: Int }"#, #"""
            type Query {
              a: Int
            }

            type Mutation {
              a: Int
            }
            """#),
        Case("schema description", #""The shop." schema { query: Query } type Query { a: Int }"#, #"""
            """The shop."""
            schema {
              query: Query
            }

            type Query {
              a: Int
            }
            """#),
        Case("no query root", #"schema { mutation: Mutation } type Mutation { a: Int }"#, #"""
            type Mutation {
              a: Int
            }
            """#),

    ]

    @Test(arguments: cases)
    func printsLikeGraphQLCore(_ test: Case) throws {
        let schema = try Schema(sdl: test.sdl, validate: false)
        let printed = SchemaPrinter.print(schema)
        #expect(printed == test.printed)
        // Reading the printed SDL back gives the same schema.
        #expect(SchemaPrinter.print(try Schema(sdl: printed, validate: false)) == printed)
    }

    /// `shop.graphql` prints as graphql-core prints it (`shop.printed.graphql`).
    @Test func shopFixture() throws {
        let schema = try Schema.load(path: try schemaFixture("shop.graphql").path)
        let expected = try String(contentsOf: try schemaFixture("shop.printed.graphql"), encoding: .utf8)
        #expect(SchemaPrinter.print(schema) == expected)
        #expect(SchemaPrinter.print(try Schema(sdl: expected)) == expected)
    }

    /// Where the printer knowingly differs from graphql-core's `print_schema`.
    @Test func documentedDifferences() throws {
        // 1. A type named like a conventional root that is not the root: graphql-core
        //    leaves out `schema {}`, and reading its output back makes `Mutation` the
        //    mutation root. The schema definition is printed.
        let notRoot = try Schema(sdl: "schema { query: Query } type Query { a: Int } type Mutation { b: Int }")
        #expect(SchemaPrinter.print(notRoot) == """
            schema {
              query: Query
            }

            type Query {
              a: Int
            }

            type Mutation {
              b: Int
            }
            """)
        // 2. Default values print as written; graphql-core prints them coerced to the
        //    argument's type (`[Int] = 1` as `= [1]`, `ID = "1"` as `= 1`) and fills in
        //    input objects' defaults.
        let defaults = try Schema(sdl: "type Query { a(x: [Int] = 1, y: ID = \"1\", z: I = {}): Int } input I { a: Int = 1 }")
        #expect(SchemaPrinter.print(defaults).hasPrefix("type Query {\n  a(x: [Int] = 1, y: ID = \"1\", z: I = {}): Int\n}"))
    }

    /// Built-in scalars, directives and introspection types are left out.
    @Test func leavesOutBuiltIns() throws {
        let schema = try Schema(sdl: "type Query { a: String b: Int c: Float d: Boolean e: ID f: __Type }")
        #expect(SchemaPrinter.print(schema) == """
            type Query {
              a: String
              b: Int
              c: Float
              d: Boolean
              e: ID
              f: __Type
            }
            """)
    }

    @Test func printsOneTypeOrDirective() throws {
        let schema = try Schema.load(path: try schemaFixture("shop.graphql").path)
        #expect(SchemaPrinter.print(schema.type(named: "SearchResult")!, in: schema) == "union SearchResult = Product | ProductVariant | GiftCard")
        #expect(SchemaPrinter.print(schema.type(named: "Int")!, in: schema) == #"""
            """
            The `Int` scalar type represents non-fractional signed whole numeric values. Int can represent values between -(2^31) and 2^31 - 1.
            """
            scalar Int
            """#)
        #expect(SchemaPrinter.print(schema.directive(named: "skip")!, in: schema) == #"""
            """
            Directs the executor to skip this field or fragment when the `if` argument is true.
            """
            directive @skip(
              """Skipped when true."""
              if: Boolean!
            ) on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
            """#)
    }

    @Test(arguments: [
        ("", true), ("plain", true), ("two\nlines", true), ("\nleading", false), ("trailing\n", false),
        ("  indented\n  block", false), ("first\n  indented", true), ("cr\r", false), ("tab\tinside", true),
        ("bell\u{07}", false), ("   ", false),
    ])
    func blockStringPrintability(value: String, expected: Bool) {
        #expect(SchemaPrinter.isPrintableAsBlockString(value) == expected)
    }

    @Test(arguments: [
        ("short", "\"\"\"short\"\"\""),
        ("ends with \"", "\"\"\"\nends with \"\n\"\"\""),
        ("four quotes \"\"\"\"", "\"\"\"\nfour quotes \\\"\"\"\"\n\"\"\""),
        ("six \"\"\"\"\"\"", "\"\"\"\nsix \\\"\"\"\\\"\"\"\n\"\"\""),
        (" leading space", "\"\"\" leading space\"\"\""),
        ("a\n b", "\"\"\"\na\n b\n\"\"\""),
    ])
    func blockStrings(value: String, expected: String) {
        #expect(SchemaPrinter.blockString(value) == expected)
    }

    /// String literals escape like graphql-js's `printString`.
    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" backslash \\", #""quote \" backslash \\""#),
        ("\u{08}\t\n\u{0C}\r", #""\b\t\n\f\r""#),
        ("\u{00}\u{1B}\u{7F}", #""\u0000\u001B\u007F""#),
        ("\u{80}é\u{9F}\u{A0}🛒", "\"\\u0080é\\u009F\u{A0}🛒\""),
    ])
    func stringLiterals(value: String, expected: String) {
        var out = SDLBuffer()
        SchemaPrinter.writeString(value, to: &out)
        #expect(out.string == expected)
        #expect(out.string == Printer.quoted(value))
    }

    /// The Storefront schema prints, and the printed SDL builds the same schema.
    @Test(.enabled(if: StorefrontSchemaFixture.isAvailable, StorefrontSchemaFixture.skipMessage))
    func storefrontRoundTrip() throws {
        let schema = try #require(StorefrontSchemaFixture.schema)
        let printed = SchemaPrinter.print(schema)
        let rebuilt = try Schema(sdl: printed, path: "storefront.graphql")
        #expect(SchemaPrinter.print(rebuilt) == printed)
        #expect(rebuilt.types.count == schema.types.count)
        #expect(rebuilt.queryType?.name == "QueryRoot")
        #expect(rebuilt.validate().isEmpty)
    }
}
