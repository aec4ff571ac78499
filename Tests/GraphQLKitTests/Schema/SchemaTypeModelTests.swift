import Foundation
import Testing
@testable import GraphQLKit
import BuyflowCore

/// The type model: lookups, meta fields, type relations, built-ins.
struct SchemaTypeModelTests {
    static let shop: Schema = {
        let url = try! schemaFixture("shop.graphql")
        return try! Schema.load(path: url.path)
    }()

    var schema: Schema { Self.shop }

    func type(_ name: String) -> NamedType { schema.type(named: name)! }

    @Test func typesInDefinitionOrderThenBuiltIns() {
        let names = schema.types.map(\.name)
        #expect(Array(names.prefix(4)) == ["Decimal", "URL", "Node", "Merchandise"])
        #expect(Array(names.dropFirst(18)) == [
            "Int", "Float", "String", "Boolean", "ID",
            "__Schema", "__Directive", "__DirectiveLocation", "__Type", "__Field", "__InputValue", "__EnumValue", "__TypeKind",
        ])
        #expect(schema.types.allSatisfy { schema[$0.id] === $0 })
        #expect(schema.types.filter(\.isBuiltIn).count == 13)
        #expect(schema.type(named: "Nope") == nil)
    }

    @Test func rootTypes() {
        #expect(schema.queryType?.name == "ShopQuery")
        #expect(schema.mutationType?.name == "ShopMutation")
        #expect(schema.subscriptionType == nil)
        #expect(schema.rootType(for: .query) === schema.queryType)
        #expect(schema.rootType(for: .subscription) == nil)
        #expect(schema.description?.hasPrefix("A small shop") == true)
    }

    @Test func directives() throws {
        #expect(schema.directives.map(\.name) == ["authenticated", "inContext", "include", "skip", "deprecated", "specifiedBy", "oneOf"])
        let authenticated = try #require(schema.directive(named: "authenticated"))
        #expect(authenticated.isRepeatable)
        #expect(authenticated.locations == [.fieldDefinition, .object])
        #expect(authenticated.description == "Marks a field that needs a customer access token.")
        #expect(authenticated.argument(named: "scope")?.defaultValue == Value(.string("customer", isBlock: false)))
        #expect(authenticated.location == SourceLocation(file: try schemaFixture("shop.graphql").path, line: 11, column: 12))
        let include = try #require(schema.directive(named: "include"))
        #expect(include.isBuiltIn && include.location == nil)
        #expect(include.locations == [.field, .fragmentSpread, .inlineFragment])
        #expect(schema.describe(include.arguments[0].type) == "Boolean!")
        let deprecated = try #require(schema.directive(named: "deprecated"))
        #expect(deprecated.argument(named: "reason")?.defaultValue == Value(.string("No longer supported", isBlock: false)))
        #expect(schema.directive(named: "oneOf")?.locations == [.inputObject])
        #expect(schema.directive(named: "specifiedBy")?.arguments.map(\.name) == ["url"])
    }

    @Test func fieldsAndMetaFields() throws {
        let product = type("Product")
        #expect(product.fields.map(\.name) == ["id", "title", "handle", "description", "variants", "onlineStoreUrl"])
        let variants = try #require(schema.field(named: "variants", on: product))
        #expect(schema.describe(variants.type) == "[ProductVariant!]!")
        #expect(schema[variants.type] === type("ProductVariant"))
        #expect(variants.type.namedType == type("ProductVariant").id)
        #expect(variants.type.isNonNull && variants.type.isList)
        #expect(variants.type.nullableType == .list(.nonNull(.named(type("ProductVariant").id))))
        #expect(variants.arguments.map(\.name) == ["first", "after", "reverse"])
        #expect(variants.argument(named: "first")?.defaultValue == Value(.int("10")))
        #expect(variants.argument(named: "after")?.defaultValue == nil)

        #expect(schema.field(named: "__typename", on: product) === schema.typeNameMetaField)
        #expect(schema.field(named: "__typename", on: type("SearchResult")) === schema.typeNameMetaField)
        #expect(schema.field(named: "__typename", on: type("Node")) === schema.typeNameMetaField)
        #expect(schema.field(named: "__typename", on: type("CurrencyCode")) == nil)
        #expect(schema.field(named: "__schema", on: product) == nil)
        #expect(schema.field(named: "__schema", on: schema.queryType!) === schema.schemaMetaField)
        #expect(schema.describe(schema.schemaMetaField.type) == "__Schema!")
        #expect(schema.field(named: "__type", on: schema.queryType!) === schema.typeMetaField)
        #expect(schema.describe(schema.typeMetaField.type) == "__Type")
        #expect(schema.describe(schema.typeMetaField.arguments[0].type) == "String!")
        #expect(schema.describe(schema.typeNameMetaField.type) == "String!")
        #expect(product.field(named: "__typename") == nil)
        #expect(schema.field(named: "price", on: type("SearchResult")) == nil)
    }

    @Test func extensionsAreMerged() {
        #expect(schema.queryType?.fields.last?.name == "merchandise")
        #expect(schema.possibleTypes(of: type("SearchResult")).map(\.name) == ["Product", "ProductVariant", "GiftCard"])
        #expect(type("CurrencyCode").enumValues.map(\.name) == ["USD", "EUR", "CAD", "JPY"])
        #expect(type("AttributeInput").inputFields.map(\.name) == ["key", "value", "visible"])
        #expect(type("AttributeInput").inputField(named: "visible")?.description == "Shown to the buyer.")
    }

    @Test func deprecation() throws {
        let product = type("Product")
        #expect(product.field(named: "handle")?.deprecationReason == "Use `id`.")
        #expect(product.field(named: "handle")?.isDeprecated == true)
        #expect(product.field(named: "title")?.isDeprecated == false)
        #expect(type("ProductVariant").field(named: "sku")?.deprecationReason == "No longer supported")
        let format = type("DescriptionFormat")
        #expect(format.enumValue(named: "MARKDOWN")?.deprecationReason == "Not supported any more.")
        #expect(format.enumValue(named: "HTML")?.isDeprecated == false)
        #expect(format.enumValue(named: "HTML")?.description == "HTML, as stored.")
        #expect(type("CartLineInput").inputField(named: "note")?.deprecationReason == "Use attributes.")
    }

    @Test func inputObjects() throws {
        let line = type("CartLineInput")
        #expect(line.isInputType && !line.isOutputType && !line.isOneOf)
        #expect(line.inputField(named: "merchandiseId")?.isRequired == true)
        #expect(line.inputField(named: "quantity")?.isRequired == false)
        #expect(line.inputField(named: "attributes")?.defaultValue == Value(.list([])))
        #expect(type("ProductIdentifier").isOneOf)
        let cartCreate = try #require(schema.mutationType?.field(named: "cartCreate"))
        let lines = try #require(cartCreate.argument(named: "lines"))
        #expect(!lines.isRequired)
        guard case .list(let items)? = lines.defaultValue?.kind, case .object(let fields) = items.first?.kind else {
            Issue.record("expected a list of objects")
            return
        }
        #expect(fields.map(\.name.value) == ["merchandiseId", "quantity", "attributes"])
    }

    @Test func scalars() {
        #expect(type("URL").specifiedByURL == "https://url.spec.whatwg.org/")
        #expect(type("Decimal").specifiedByURL == nil)
        #expect(type("Decimal").description == "A monetary amount, as a decimal string: `\"12.50\"`.")
        #expect(schema.intType.name == "Int" && schema.floatType.name == "Float" && schema.idType.name == "ID")
        #expect(schema.booleanType === type("Boolean") && schema.stringType === type("String"))
        #expect(schema.stringType.description?.hasPrefix("The `String` scalar type") == true)
    }

    @Test func abstractTypes() {
        let node = type("Node"), merchandise = type("Merchandise")
        #expect(schema.possibleTypes(of: node).map(\.name) == ["Product", "ProductVariant", "GiftCard"])
        #expect(schema.implementations(of: node).interfaces.map(\.name) == ["Merchandise"])
        #expect(schema.possibleTypes(of: merchandise).map(\.name) == ["ProductVariant", "GiftCard"])
        #expect(schema.implementations(of: merchandise).interfaces.isEmpty)
        #expect(schema.interfaces(of: type("ProductVariant")).map(\.name) == ["Merchandise", "Node"])
        #expect(schema.interfaces(of: merchandise).map(\.name) == ["Node"])
        #expect(schema.possibleTypes(of: type("Product")).isEmpty)
        #expect(type("Product").possibleTypes.isEmpty)
    }

    @Test(arguments: [
        ("ProductVariant", "Node", true),
        ("Merchandise", "Node", true),
        ("Product", "Merchandise", false),
        ("GiftCard", "SearchResult", true),
        ("Money", "SearchResult", false),
        ("Merchandise", "SearchResult", false),
        ("Node", "Node", false),
        ("Product", "Product", false),
    ])
    func isSubType(sub: String, abstract: String, expected: Bool) {
        #expect(schema.isSubType(type(sub), of: type(abstract)) == expected)
    }

    @Test func isPossibleType() {
        #expect(schema.isPossibleType(type("Product"), of: type("Node")))
        #expect(!schema.isPossibleType(type("Merchandise"), of: type("Node")))
        #expect(!schema.isPossibleType(type("Money"), of: type("Node")))
    }

    @Test(arguments: [
        ("Product", "Product", true),
        ("Product", "Money", false),
        ("Product", "Node", true),
        ("Node", "Product", true),
        ("Money", "Node", false),
        ("Node", "SearchResult", true),
        ("Merchandise", "SearchResult", true),
        ("SearchResult", "Merchandise", true),
        ("Merchandise", "Node", true),
        ("SearchResult", "Money", false),
        ("Merchandise", "Product", false),
    ])
    func doTypesOverlap(a: String, b: String, expected: Bool) {
        #expect(schema.doTypesOverlap(type(a), type(b)) == expected)
    }

    @Test(arguments: [
        ("Int", "Int", true),
        ("Int!", "Int", true),
        ("Int", "Int!", false),
        ("[Int!]!", "[Int]", true),
        ("[Int]", "[Int!]", false),
        ("[Int]", "Int", false),
        ("Int", "[Int]", false),
        ("ProductVariant", "Merchandise", true),
        ("ProductVariant!", "Node", true),
        ("[ProductVariant!]", "[Node]", true),
        ("Merchandise", "Node", true),
        ("Node", "Merchandise", false),
        ("Product", "SearchResult", true),
        ("Product", "Merchandise", false),
        ("String", "ID", false),
    ])
    func isTypeSubType(sub: String, sup: String, expected: Bool) throws {
        let subType = try #require(schema.typeRef(try Parser.parseType(sub)))
        let superType = try #require(schema.typeRef(try Parser.parseType(sup)))
        #expect(schema.isTypeSubType(subType, of: superType) == expected)
    }

    @Test(arguments: ["Int", "[Int]", "[[ProductVariant!]]!", "__Type", "[CartLineInput!]!"])
    func typeRefRoundTrip(text: String) throws {
        let ref = try #require(schema.typeRef(try Parser.parseType(text)))
        #expect(schema.describe(ref) == text)
    }

    @Test func unknownTypeRef() throws {
        #expect(schema.typeRef(try Parser.parseType("[Nope!]")) == nil)
    }

    @Test(arguments: [
        // name, input, output, leaf, composite, abstract
        ("Int", true, true, true, false, false),
        ("CurrencyCode", true, true, true, false, false),
        ("CartLineInput", true, false, false, false, false),
        ("Product", false, true, false, true, false),
        ("Node", false, true, false, true, true),
        ("SearchResult", false, true, false, true, true),
    ])
    func kinds(name: String, input: Bool, output: Bool, leaf: Bool, composite: Bool, abstract: Bool) {
        let named = type(name)
        #expect(named.isInputType == input)
        #expect(named.isOutputType == output)
        #expect(named.isLeafType == leaf)
        #expect(named.isCompositeType == composite)
        #expect(named.isAbstractType == abstract)
        let ref = TypeRef.named(named.id)
        #expect(schema.isInputType(ref) == input && schema.isOutputType(ref) == output)
        #expect(schema.isLeafType(ref) == leaf && schema.isCompositeType(ref) == composite)
        #expect(schema.isAbstractType(ref) == abstract)
        #expect(!schema.isLeafType(.nonNull(ref)) && !schema.isCompositeType(.list(ref)))
        #expect(schema.isInputType(.list(.nonNull(ref))) == input)
    }

    @Test func locations() throws {
        let path = try schemaFixture("shop.graphql").path
        #expect(type("Product").location == SourceLocation(file: path, line: 37, column: 6))
        #expect(type("Product").field(named: "handle")?.location == SourceLocation(file: path, line: 40, column: 3))
        #expect(type("Int").location == nil)
    }

    @Test func directiveLocations() {
        #expect(DirectiveLocation.allCases.count == 19)
        #expect(DirectiveLocation.allCases.filter(\.isExecutable).count == 8)
        #expect(DirectiveLocation(.mutation) == .mutation)
        #expect(DirectiveLocation(rawValue: "INPUT_FIELD_DEFINITION") == .inputFieldDefinition)
        #expect(TypeKind.allCases.map(\.rawValue) == ["SCALAR", "OBJECT", "INTERFACE", "UNION", "ENUM", "INPUT_OBJECT"])
    }

    @Test func introspectionTypes() throws {
        let typeType = type("__Type")
        #expect(typeType.isIntrospectionType)
        #expect(typeType.fields.map(\.name) == [
            "kind", "name", "description", "specifiedByURL", "fields", "interfaces", "possibleTypes", "enumValues",
            "inputFields", "ofType", "isOneOf",
        ])
        #expect(typeType.field(named: "fields")?.argument(named: "includeDeprecated")?.defaultValue == Value(.boolean(false)))
        #expect(type("__TypeKind").enumValues.map(\.name) == TypeKind.allCases.map(\.rawValue) + ["LIST", "NON_NULL"])
        #expect(type("__DirectiveLocation").enumValues.map(\.name) == DirectiveLocation.allCases.map(\.rawValue))
        #expect(schema.describe(type("__Schema").field(named: "types")!.type) == "[__Type!]!")
        #expect(!type("Product").isIntrospectionType)
    }

    /// Every schema has the built-ins, even when the source defines none.
    @Test func builtInsAlwaysPresent() throws {
        let minimal = try Schema(sdl: "type Query { a: Int }")
        for name in ["Int", "Float", "String", "Boolean", "ID", "__Schema", "__Type", "__Field", "__InputValue",
                     "__EnumValue", "__Directive", "__TypeKind", "__DirectiveLocation"] {
            #expect(minimal.type(named: name)?.isBuiltIn == true, "\(name)")
        }
        #expect(minimal.directives.map(\.name) == ["include", "skip", "deprecated", "specifiedBy", "oneOf"])
        #expect(minimal.queryType?.name == "Query")
    }

    /// Definitions of built-in scalars and directives are replaced by the standard ones.
    @Test func builtInRedefinitionsAreStandard() throws {
        let schema = try Schema(sdl: """
            "My string" scalar String
            directive @skip(unless: Boolean) on FIELD
            type Query { a: String }
            """)
        #expect(schema.types.first?.name == "String")
        #expect(schema.stringType.isBuiltIn)
        #expect(schema.stringType.description?.hasPrefix("The `String` scalar type") == true)
        #expect(schema.directive(named: "skip")?.arguments.map(\.name) == ["if"])
        #expect(schema.directives.first?.name == "skip")
    }

    @Test(arguments: [
        ("type Query { a: Int } type Mutation { b: Int } type Subscription { c: Int }", "Query", "Mutation", "Subscription"),
        ("type Query { a: Int }", "Query", nil, nil),
        ("schema { query: Root } type Root { a: Int } type Mutation { b: Int }", "Root", nil, nil),
        ("schema { query: Root } extend schema { mutation: Change } type Root { a: Int } type Change { b: Int }", "Root", "Change", nil),
    ] as [(String, String?, String?, String?)])
    func rootTypeNames(sdl: String, query: String?, mutation: String?, subscription: String?) throws {
        let schema = try Schema(sdl: sdl)
        #expect(schema.queryType?.name == query)
        #expect(schema.mutationType?.name == mutation)
        #expect(schema.subscriptionType?.name == subscription)
    }

    /// A schema built from a hand-written AST, without the parser.
    @Test func fromHandBuiltDocument() throws {
        let document = Document(definitions: [
            .type(.object(ObjectTypeDefinition(
                name: Name("Query"),
                fields: [
                    FieldDefinition(
                        name: Name("greeting"),
                        arguments: [InputValueDefinition(name: Name("name"), type: .named(Name("String")), defaultValue: Value(.string("you", isBlock: false)))],
                        type: .nonNull(.named(Name("String")), location: .synthesized)
                    ),
                    FieldDefinition(name: Name("pet"), type: .named(Name("Pet"))),
                ]
            ))),
            .type(.union(UnionTypeDefinition(name: Name("Pet"), types: [Name("Cat")]))),
            .type(.object(ObjectTypeDefinition(name: Name("Cat"), fields: [FieldDefinition(name: Name("lives"), type: .named(Name("Int")))]))),
        ])
        let schema = try Schema(document: document)
        #expect(schema.queryType?.name == "Query")
        let greeting = try #require(schema.queryType?.field(named: "greeting"))
        #expect(schema.describe(greeting.type) == "String!")
        #expect(greeting.argument(named: "name")?.defaultValue == Value(.string("you", isBlock: false)))
        #expect(schema.possibleTypes(of: schema.type(named: "Pet")!).map(\.name) == ["Cat"])
        #expect(schema.type(named: "Cat")?.location == nil)
        #expect(SchemaPrinter.print(schema) == """
            type Query {
              greeting(name: String = "you"): String!
              pet: Pet
            }

            union Pet = Cat

            type Cat {
              lives: Int
            }
            """)
    }

    /// Schemas are immutable and Sendable: one instance serves concurrent readers.
    @Test func concurrentReaders() async {
        let schema = self.schema
        let counts = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask { schema.types.reduce(0) { $0 + $1.fields.count + schema.possibleTypes(of: $1).count } }
            }
            return await group.reduce(into: Set<Int>()) { $0.insert($1) }
        }
        #expect(counts.count == 1)
    }
}

extension SchemaTypeModelTests {
    /// Elements are equal and hashed by identity.
    @Test func identity() throws {
        let other = try Schema.load(path: try schemaFixture("shop.graphql").path)
        #expect(type("Product") == schema.type(named: "Product"))
        #expect(type("Product") != other.type(named: "Product"))
        #expect(Set([type("Product"), type("Product"), type("Money")]).count == 2)
        let field = try #require(type("Product").field(named: "id"))
        #expect(field == schema.field(named: "id", on: type("Product")))
        #expect(field != schema.field(named: "id", on: type("ProductVariant")))
    }
}
