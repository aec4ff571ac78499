import BuyflowCore
import Foundation
import GraphQLKit
import Testing

/// Storefront-shaped documents against the published Storefront API schema.
@Suite("Validation: Storefront", .enabled(if: ValidationSchemas.hasStorefront, ValidationSchemas.storefrontMissing))
struct StorefrontValidationTests {
    var schema: Schema { ValidationSchemas.storefront! }

    static let documents: [String] = {
        let folder = ValidationSchemas.storefrontDocumentsDirectory.path
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".graphql") }.sorted()
    }()

    func check(_ source: String, deprecations: Bool = false) throws -> [Diagnostic] {
        try validate(source, schema: schema, deprecations: deprecations)
    }

    @Test func fixturesAreFound() {
        #expect(Self.documents.count >= 8)
    }

    @Test(arguments: documents)
    func validDocument(name: String) throws {
        let url = ValidationSchemas.storefrontDocumentsDirectory.appendingPathComponent(name)
        let source = try String(contentsOf: url, encoding: .utf8)
        let diagnostics = try check(source, deprecations: true)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description).joined(separator: "\n"))")
    }

    @Test func misspeltField() throws {
        let diagnostics = try check("query Cart($id: ID!) {\n  cart(id: $id) { totalQantity }\n}")
        expectDiagnostics(diagnostics, [
            Expected(.fieldsOnCorrectType, "cannot query field 'totalQantity' on type 'Cart'", at: 2, 19, suggestion: "totalQuantity"),
        ])
    }

    @Test func fieldOfAnImplementation() throws {
        try expectErrors(
            "query Lines($id: ID!) { cart(id: $id) { lines(first: 5) { nodes { lineComponents { id } } } } }",
            rule: .fieldsOnCorrectType, [
                Expected(
                    .fieldsOnCorrectType,
                    "cannot query field 'lineComponents' on interface 'BaseCartLine'; did you mean to use an inline fragment on 'ComponentizableCartLine'?",
                    at: 1, 67
                ),
            ], schema: schema
        )
    }

    @Test func missingRequiredArgument() throws {
        let diagnostics = try check("mutation Add($lines: [CartLineInput!]!) {\n  cartLinesAdd(lines: $lines) { cart { id } }\n}")
        expectDiagnostics(diagnostics, [
            Expected(.providedRequiredArguments, "argument 'cartId' of type 'ID!' is required on field 'cartLinesAdd' but not provided", at: 2, 3),
        ])
    }

    @Test func nullableVariableForNonNullArgument() throws {
        let diagnostics = try check("query Cart($cartId: ID) {\n  cart(id: $cartId) { id }\n}")
        expectDiagnostics(diagnostics, [
            Expected(.variablesInAllowedPosition, "variable '$cartId' of type 'ID' used in position expecting 'ID!'", at: 2, 12, notes: [(1, 12)]),
        ])
    }

    @Test func conflictingAlias() throws {
        let diagnostics = try check("""
            query Variant($handle: String!) {
              product(handle: $handle) {
                variants(first: 1) {
                  nodes {
                    price { amount }
                    price: compareAtPrice { amount }
                  }
                }
              }
            }
            """)
        expectDiagnostics(diagnostics, [
            Expected(
                .overlappingFieldsCanBeMerged,
                "fields 'price' conflict because they select different fields ('price' and 'compareAtPrice'); use different aliases",
                at: 6, 9, notes: [(5, 9)]
            ),
        ])
    }

    @Test func enumWrittenAsString() throws {
        let diagnostics = try check("{ products(first: 3, sortKey: \"BEST_SELLING\") { nodes { id } } }")
        expectDiagnostics(diagnostics, [
            Expected(
                .valuesOfCorrectType,
                "expected a value of type 'ProductSortKeys' for argument 'sortKey' on field 'products', found \"BEST_SELLING\"",
                at: 1, 31, suggestion: "BEST_SELLING"
            ),
        ])
        #expect(diagnostics.first?.hint == "enum values are written without quotes")
    }

    @Test func customScalarsTakeAnyLiteral() throws {
        // Decimal, URL and DateTime are sent as strings, but like graphql-js any literal is accepted.
        for amount in ["\"12.50\"", "12.5", "12", "true", "TWELVE"] {
            let source = """
                mutation Pay($cartId: ID!) {
                  cartPaymentUpdate(cartId: $cartId, payment: {amount: {amount: \(amount), currencyCode: USD}}) { cart { id } }
                }
                """
            #expect(try check(source).isEmpty, "amount: \(amount)")
        }
        let wrong = try check("""
            mutation Pay($cartId: ID!) {
              cartPaymentUpdate(cartId: $cartId, payment: {amount: {amount: 1, currencyCode: "USD"}}) { cart { id } }
            }
            """)
        #expect(wrong.map(\.message) == [
            "expected a value of type 'CurrencyCode!' for field 'currencyCode' of input 'MoneyInput', found \"USD\"",
        ])
    }

    @Test func unknownInputField() throws {
        let diagnostics = try check("""
            mutation Create {
              cartCreate(input: {lines: [{merchandiseId: "gid://shopify/ProductVariant/1", quantty: 2}]}) { cart { id } }
            }
            """)
        expectDiagnostics(diagnostics, [
            Expected(.valuesOfCorrectType, "field 'quantty' is not defined by input 'CartLineInput'", at: 2, 80, suggestion: "quantity"),
        ])
    }

    @Test func unsupportedSubscription() throws {
        let diagnostics = try check("subscription { shop { name } }")
        expectDiagnostics(diagnostics, [
            Expected(.knownOperationTypes, "subscription is not supported: the schema has no subscription root type", at: 1, 1),
        ])
        // graphql-core has no such rule.
        #expect(try validate("subscription { shop { name } }", schema: schema, rules: ValidationRule.graphqlCore).isEmpty)
    }

    @Test func deprecatedField() throws {
        let diagnostics = try check("query Cart($id: ID!) { cart(id: $id) { estimatedCost { totalAmount { amount } } } }", deprecations: true)
        expectDiagnostics(diagnostics, [.deprecated("field 'estimatedCost' of type 'Cart' is deprecated", at: 1, 40)])
        #expect(diagnostics.first?.hint == "deprecated: Use `cost` instead.")
    }

    @Test func inContextDirective() throws {
        try expectValid("query Q($country: CountryCode) @inContext(country: $country) { shop { name } }", rule: .knownDirectives, allRules: true, schema: schema)
        let diagnostics = try check("query Q @inContext(country: \"CA\") { shop { name @inContext } }")
        #expect(diagnostics.map(\.code) == ["graphql.ValuesOfCorrectType", "graphql.KnownDirectives"])
        #expect(diagnostics.last?.message == "directive '@inContext' cannot be used on a field; it is allowed on queries and mutations")
    }
}
