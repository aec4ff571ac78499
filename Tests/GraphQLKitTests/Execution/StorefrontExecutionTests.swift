import Foundation
import Testing
@testable import GraphQLKit
import BuyflowCore

/// Executing against the published Storefront schema with a schema-driven mock as the
/// default resolver (the shape of the sample shop's mock mode): interfaces with dozens of
/// possible types, unions, connections.
@Suite(.enabled(if: StorefrontReference.isAvailable, StorefrontReference.skipMessage))
struct ExecutionStorefrontTests {
    static let schema: Schema? = StorefrontReference.data.flatMap { try? Schema(introspectionJSON: $0) }

    /// A deterministic value of any output type: lists of two, enums' first value, IDs as
    /// global IDs, strings naming type and field, abstract values as their first type.
    static func mock(_ type: TypeRef, _ call: FieldCall) -> ResolvedValue {
        switch type {
        case .nonNull(let inner): return mock(inner, call)
        case .list(let inner): return .list([mock(inner, call), mock(inner, call)])
        case .named(let id):
            let named = call.schema[id]
            switch named.kind {
            case .enum: return .string(named.enumValues.first?.name)
            case .object: return .json([:])
            case .interface, .union: return .json(["__typename": .string(call.schema.possibleTypes(of: named).first?.name ?? "")])
            default:
                switch named.name {
                case "ID": return .string("gid://shopify/\(call.parentType.name)/1")
                case "Int": return 2
                case "Float": return 1.5
                case "Boolean": return true
                case "Decimal": return "10.0"
                case "URL": return "https://example.invalid/"
                case "DateTime": return "2026-01-01T00:00:00Z"
                case "JSON": return .json([:])
                default: return .string("\(call.parentType.name).\(call.fieldName)")
                }
            }
        }
    }

    static let executor: Executor? = schema.map { schema in
        var resolvers = Resolvers()
        resolvers.defaultFieldResolver = .sync { call in mock(call.returnType, call) }
        return Executor(schema: schema, resolvers: resolvers)
    }

    @Test func cartQueryWithInterfacesAndUnions() throws {
        let executor = try #require(Self.executor)
        let document = ExecutionFixtures.parse("""
        query Cart($id: ID!) @inContext(country: CA) {
          cart(id: $id) {
            id
            totalQuantity
            cost { subtotalAmount { amount currencyCode } }
            lines(first: 10) {
              nodes {
                __typename
                id
                quantity
                merchandise { ... on ProductVariant { id title price { amount } product { handle } } }
                ... on CartLine { cost { totalAmount { amount } } }
              }
              pageInfo { hasNextPage }
            }
          }
        }
        """)
        #expect(Validator.validate(document, against: executor.schema).filter { $0.severity == .error }.isEmpty)
        let result = executor.prepare(document).execute(variables: JSONObject([("id", "gid://shopify/Cart/1")]))
        #expect(result.errors.isEmpty, "\(result.errors)")
        let lines = result.data?["cart"]?["lines"]?["nodes"]?.arrayValue ?? []
        #expect(lines.count == 2)
        #expect(lines.first?["__typename"] == "CartLine")
        #expect(lines.first?["merchandise"]?["product"]?["handle"] == "Product.handle")
        #expect(lines.first?["cost"]?["totalAmount"]?["amount"] == "10.0")
        #expect(result.data?["cart"]?["cost"]?["subtotalAmount"]?["currencyCode"] == "AED")
    }

    @Test func nodesPlansEveryPossibleType() throws {
        let executor = try #require(Self.executor)
        let prepared = executor.prepare(ExecutionFixtures.parse("""
        query { nodes(ids: ["a", "b"]) { __typename id ... on Product { title } ... on Collection { handle } } }
        """))
        let result = prepared.execute()
        #expect(result.errors.isEmpty, "\(result.errors)")
        #expect(ExecutionFixtures.compact(result) == #"{"data":{"nodes":[{"__typename":"AppliedGiftCard","id":"gid://shopify/AppliedGiftCard/1"},{"__typename":"AppliedGiftCard","id":"gid://shopify/AppliedGiftCard/1"}]}}"#)
    }

    @Test func introspectionOfTheStorefrontSchemaIsFast() throws {
        let schema = try #require(Self.schema)
        let query = ExecutionFixtures.parse(try ExecutionFixtures.text("introspection-query.graphql"))
        let start = Date()
        let result = Executor(schema: schema).prepare(query).executeSerialized()
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(result.count > 500_000)
    }
}
