import BuyflowCore
import GraphQLKit
import Testing

@Suite("Parser: type system")
struct ParserTypeSystemTests {
    @Test func objectType() throws {
        let document = try Parser.parse("""
            "A product."
            type Product implements & Node & HasMetafields @key(fields: "id") {
              id: ID!
              "Its variants."
              variants(first: Int = 10 @a, after: String): [ProductVariant!]! @deprecated(reason: "no")
            }
            """)
        #expect(document.definitions == [
            .type(.object(ObjectTypeDefinition(
                description: StringValue("A product."), name: Name("Product"),
                interfaces: [Name("Node"), Name("HasMetafields")],
                directives: [Directive(name: Name("key"), arguments: [Argument(name: Name("fields"), value: Value(.string("id", isBlock: false)))])],
                fields: [
                    FieldDefinition(name: Name("id"), type: .nonNull(.named(Name("ID")), location: .synthesized)),
                    FieldDefinition(
                        description: StringValue("Its variants."), name: Name("variants"),
                        arguments: [
                            InputValueDefinition(
                                name: Name("first"), type: .named(Name("Int")), defaultValue: Value(.int("10")),
                                directives: [Directive(name: Name("a"))]
                            ),
                            InputValueDefinition(name: Name("after"), type: .named(Name("String"))),
                        ],
                        type: try Parser.parseType("[ProductVariant!]!"),
                        directives: [Directive(name: Name("deprecated"), arguments: [Argument(name: Name("reason"), value: Value(.string("no", isBlock: false)))])]
                    ),
                ]
            ))),
        ])
        #expect(document.definitions[0].location.description == "1:1")  // starts at the description
        #expect(!document.definitions[0].isExecutable)
    }

    @Test func everyKindOfDefinition() throws {
        let document = try Parser.parse("""
            schema @s { query: QueryRoot mutation: Mutation subscription: Subscription }
            scalar Decimal @specifiedBy(url: "https://example.com")
            interface Media implements Node { id: ID! }
            union Result = | Product | Collection
            union Empty
            enum CurrencyCode { USD EUR @deprecated }
            input CartInput { note: String = "none" lines: [CartLineInput!] = [] }
            directive @inContext(country: CountryCode) repeatable on | QUERY | MUTATION
            """)
        #expect(document.definitions == [
            .schema(SchemaDefinition(
                directives: [Directive(name: Name("s"))],
                operationTypes: [
                    OperationTypeDefinition(operation: .query, type: Name("QueryRoot")),
                    OperationTypeDefinition(operation: .mutation, type: Name("Mutation")),
                    OperationTypeDefinition(operation: .subscription, type: Name("Subscription")),
                ]
            )),
            .type(.scalar(ScalarTypeDefinition(
                name: Name("Decimal"),
                directives: [Directive(name: Name("specifiedBy"), arguments: [Argument(name: Name("url"), value: Value(.string("https://example.com", isBlock: false)))])]
            ))),
            .type(.interface(InterfaceTypeDefinition(
                name: Name("Media"), interfaces: [Name("Node")],
                fields: [FieldDefinition(name: Name("id"), type: .nonNull(.named(Name("ID")), location: .synthesized))]
            ))),
            .type(.union(UnionTypeDefinition(name: Name("Result"), types: [Name("Product"), Name("Collection")]))),
            .type(.union(UnionTypeDefinition(name: Name("Empty")))),
            .type(.enumType(EnumTypeDefinition(name: Name("CurrencyCode"), values: [
                EnumValueDefinition(name: Name("USD")),
                EnumValueDefinition(name: Name("EUR"), directives: [Directive(name: Name("deprecated"))]),
            ]))),
            .type(.inputObject(InputObjectTypeDefinition(name: Name("CartInput"), fields: [
                InputValueDefinition(name: Name("note"), type: .named(Name("String")), defaultValue: Value(.string("none", isBlock: false))),
                InputValueDefinition(name: Name("lines"), type: try Parser.parseType("[CartLineInput!]"), defaultValue: Value(.list([]))),
            ]))),
            .directive(DirectiveDefinition(
                name: Name("inContext"),
                arguments: [InputValueDefinition(name: Name("country"), type: .named(Name("CountryCode")))],
                isRepeatable: true, locations: [Name("QUERY"), Name("MUTATION")]
            )),
        ])
    }

    @Test func extensions() throws {
        let document = try Parser.parse("""
            extend schema @a
            extend schema { mutation: M }
            extend scalar S @a
            extend type T implements I
            extend type T @a
            extend type T { f: Int }
            extend interface I implements J & K
            extend union U = A | B
            extend union U @a
            extend enum E { X }
            extend enum E @a
            extend input In { f: Int }
            extend input In @a
            """)
        #expect(document.definitions.count == 13)
        #expect(document.definitions[0] == .schemaExtension(SchemaDefinition(directives: [Directive(name: Name("a"))])))
        #expect(document.definitions[1] == .schemaExtension(SchemaDefinition(
            operationTypes: [OperationTypeDefinition(operation: .mutation, type: Name("M"))]
        )))
        #expect(document.definitions[3] == .typeExtension(.object(ObjectTypeDefinition(name: Name("T"), interfaces: [Name("I")]))))
        #expect(document.definitions[6] == .typeExtension(.interface(InterfaceTypeDefinition(
            name: Name("I"), interfaces: [Name("J"), Name("K")]
        ))))
        #expect(document.definitions[7] == .typeExtension(.union(UnionTypeDefinition(name: Name("U"), types: [Name("A"), Name("B")]))))
        let kinds = document.definitions.map { definition -> String in
            switch definition {
            case .schemaExtension: "schema"
            case .typeExtension(.scalar): "scalar"
            case .typeExtension(.object): "type"
            case .typeExtension(.interface): "interface"
            case .typeExtension(.union): "union"
            case .typeExtension(.enumType): "enum"
            case .typeExtension(.inputObject): "input"
            default: "?"
            }
        }
        #expect(kinds == ["schema", "schema", "scalar", "type", "type", "type", "interface", "union", "union", "enum", "enum", "input", "input"])
        #expect(document.definitions.map(\.location.line) == Array(1...13).map(Int32.init))
    }

    @Test func descriptionsKeepTheirForm() throws {
        let document = try Parser.parse(#"""
            "plain \"quoted\""
            scalar A

            """
              block
                indented
            """
            scalar B
            """#)
        guard case .type(.scalar(let a)) = document.definitions[0], case .type(.scalar(let b)) = document.definitions[1] else {
            Issue.record("not two scalars")
            return
        }
        #expect(a.description == StringValue("plain \"quoted\"", isBlock: false))
        #expect(b.description == StringValue("block\n  indented", isBlock: true))
        #expect(b.description?.location.description == "4:1")
        #expect(b.location.description == "4:1")
        #expect(b.name.location.description == "8:8")
    }

    @Test(arguments: [
        "QUERY", "MUTATION", "SUBSCRIPTION", "FIELD", "FRAGMENT_DEFINITION", "FRAGMENT_SPREAD", "INLINE_FRAGMENT",
        "VARIABLE_DEFINITION", "SCHEMA", "SCALAR", "OBJECT", "FIELD_DEFINITION", "ARGUMENT_DEFINITION", "INTERFACE",
        "UNION", "ENUM", "ENUM_VALUE", "INPUT_OBJECT", "INPUT_FIELD_DEFINITION",
    ])
    func directiveLocation(location: String) throws {
        let document = try Parser.parse("directive @d on \(location)")
        guard case .directive(let directive) = document.definitions[0] else { Issue.record(); return }
        #expect(directive.locations.map(\.value) == [location])
    }

    @Test func mixedDocument() throws {
        let document = try Parser.parse("type Query { a: Int } query { a } fragment F on Query { a } extend type Query { b: Int }")
        #expect(document.definitions.map(\.isExecutable) == [false, true, true, false])
    }

    @Test func schemaKitchenSink() throws {
        let document = try Parser.parse(try LanguageFixtures.document("schema-kitchen-sink.graphql"))
        var counts: [String: Int] = [:]
        for definition in document.definitions {
            let kind = switch definition {
            case .schema: "schema"
            case .schemaExtension: "extend schema"
            case .type: "type"
            case .typeExtension: "extend type"
            case .directive: "directive"
            case .operation, .fragment: "executable"
            }
            counts[kind, default: 0] += 1
        }
        #expect(counts == ["schema": 1, "extend schema": 2, "type": 15, "extend type": 12, "directive": 4])

        guard case .schema(let schema) = document.definitions[0] else { Issue.record(); return }
        #expect(schema.description == StringValue("The storefront's schema, as a whole.", isBlock: true))
        #expect(schema.location.description == "2:1")

        guard case .type(.object(let product)) = document.definitions[1] else { Issue.record(); return }
        #expect(product.description?.value == "A product offered for sale.\n\nProducts have `variants`, and at least one.")
        #expect(product.interfaces.map(\.value) == ["Node", "HasMetafields"])
        #expect(product.fields.map(\.name.value) == ["id", "title", "variants", "metafield", "tags", "image", "legacy"])
        let variants = product.fields[2]
        #expect(variants.arguments.map(\.name.value) == ["first", "after", "reverse"])
        #expect(variants.arguments[0].description == StringValue("Returns up to the first `n` elements.", isBlock: true))
        #expect(variants.arguments[1].defaultValue == Value(.null))
        #expect(variants.arguments[2].directives.first?.name.value == "deprecated")
        #expect(product.fields[4].arguments[1].defaultValue == Value(.list([Value(.enumValue("TITLE")), Value(.enumValue("PRICE"))])))
        #expect(product.fields[5].arguments[0].defaultValue == (try Parser.parseConstValue("{maxWidth: 100, crop: CENTER}")))

        let directives = document.definitions.compactMap { definition -> DirectiveDefinition? in
            if case .directive(let directive) = definition { directive } else { nil }
        }
        #expect(directives.map(\.name.value) == ["inContext", "defer", "onField", "tag"])
        #expect(directives.map(\.isRepeatable) == [false, false, false, true])
        #expect(directives[2].locations.map(\.value) == ["FIELD", "FIELD_DEFINITION"])
        #expect(directives[3].locations.count == 15)
        #expect(directives[1].arguments[1].defaultValue == Value(.boolean(true)))
    }
}
