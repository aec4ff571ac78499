import BuyGen
import GraphQLKit
import Testing

@Suite("SchemaModel")
struct SchemaModelTests {
    static func model(scalars: [String: String] = [:]) throws -> SchemaModel {
        let (schema, _) = try Generator.load(path: SourceTree.shopSchema)
        return SchemaModel(schema: schema, options: GeneratorOptions(namespace: "Fixture", scalars: scalars, schemaName: "shop.graphql"))
    }

    @Test("enum values become camel-case Swift cases", arguments: [
        ("BEST_SELLING", "bestSelling"), ("USD", "usd"), ("PT_BR", "ptBr"), ("Kilograms", "kilograms"),
        ("MERCHANDISE_OUT_OF_STOCK", "merchandiseOutOfStock"), ("3D_MODEL", "_3dModel"), ("default", "default"),
    ])
    func enumCases(name: String, expected: String) {
        #expect(SwiftNames.enumCase(name) == expected)
    }

    @Test("keywords are escaped, runtime member names renamed")
    func names() {
        #expect(SwiftNames.escaped("in") == "`in`")
        #expect(SwiftNames.escaped("default") == "`default`")
        #expect(SwiftNames.escaped("title") == "title")
        #expect(SwiftNames.responseMember("fields") == "fieldsField")
        #expect(SwiftNames.responseMember("typeName") == "typeNameField")
    }

    @Test("custom scalars map to Date, Decimal, URL, else String; --scalar overrides")
    func scalars() throws {
        let model = try Self.model(scalars: ["HTML": "AttributedHTML", "DateTime": "String"])
        let mapped = Dictionary(uniqueKeysWithValues: model.scalars.map { ($0.name, $0.swiftType) })
        #expect(mapped == ["DateTime": "String", "Decimal": "Decimal", "HTML": "AttributedHTML", "URL": "URL"])
        #expect(ScalarMapping.swiftType(for: "Int", overrides: ["Int": "Int"]) == "Int32")
        #expect(ScalarMapping.swiftType(for: "Color", overrides: [:]) == "String")
    }

    @Test("kinds, conformances, possible types and root operations")
    func composites() throws {
        let model = try Self.model()
        let product = try #require(model.compositeType(named: "Product"))
        #expect(product.kind == .object)
        #expect(product.conformances == ["Node", "Titled", "SearchResult"])
        let node = try #require(model.compositeType(named: "Node"))
        #expect(node.kind == .interface)
        #expect(node.possibleTypes == ["Cart", "Product", "ProductVariant"])
        #expect(node.protocolFields == ["id"])
        let titled = try #require(model.compositeType(named: "Titled"))
        #expect(titled.conformances == ["Node"])
        #expect(model.compositeType(named: "SearchResult")?.possibleTypes == ["Cart", "Product"])
        #expect(model.compositeType(named: "QueryRoot")?.operation == "query")
        #expect(model.compositeType(named: "Mutation")?.operation == "mutation")
        let oldPrice = try #require(product.fields.first { $0.name == "oldPrice" })
        #expect(oldPrice.deprecationReason == "Use `price`.")
        #expect(model.enums.first { $0.name == "CurrencyCode" }?.values.map(\.swiftName) == ["usd", "cad", "eur", "xxx"])
        #expect(model.inputObjects.first { $0.name == "ProductSelector" }?.isOneOf == true)
    }

    @Test("a field whose type differs in an implementation is not a protocol requirement")
    func covariantFields() throws {
        let (schema, _) = try Generator.load(path: SourceTree.fixtures.appendingPathComponent("covariant.graphql").path)
        let model = SchemaModel(schema: schema, options: GeneratorOptions(schemaName: "covariant.graphql"))
        #expect(model.compositeType(named: "Owned")?.protocolFields == ["id"])
    }

    @Test("the version comes from the SDL header comment", arguments: [
        ("# Storefront API 2026-04: the subset\n# more\ntype Q { a: Int }", "2026-04"),
        ("# the unstable API\n", "unstable"),
        ("type Q { a: Int }\n# 2026-04\n", nil),
        ("# no version here\n\n# 2025-01 after a blank line\n", nil),
    ] as [(String, String?)])
    func version(text: String, expected: String?) {
        #expect(Generator.detectVersion(inHeaderOf: text) == expected)
    }
}
