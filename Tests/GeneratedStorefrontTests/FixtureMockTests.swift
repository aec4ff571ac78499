import Buy
import BuyflowCore
import Foundation
import GenFixture
import Testing

/// Test doubles for app developers: typed mock models and the in-memory transport.
@Suite("Mocks and the in-memory transport")
struct FixtureMockTests {
    @Test("a mock sets __typename and typed fields, nested mocks included")
    func mocks() throws {
        let product = Fixture.Product.mock { $0
            .id("gid://shop/Product/1")
            .title("Classic Sneaker")
            .createdAt(Date(timeIntervalSince1970: 0))
            .tags(["a"])
            .optionGrid([["8", nil]])
            .price(Fixture.MoneyV2.mock { $0.amount(Decimal(string: "89.00")!).currencyCode(.cad) })
            .description(nil)
            .title("Alias", alias: "short")
        }
        #expect(product.typeName == "Product")
        #expect(product.fields["__typename"] == .string("Product"))
        #expect(product.title == "Classic Sneaker")
        #expect(try product.title(alias: "short") == "Alias")
        #expect(product.createdAt == Date(timeIntervalSince1970: 0))
        #expect(product.optionGrid == [["8", nil]])
        #expect(product.price.currencyCode == .cad)
        #expect(product.price.amount == Decimal(string: "89.00"))
        #expect(product.description == nil)
        #expect(throws: GraphQL.MissingFieldError.self) { try product.onlineStoreUrl() }
    }

    @Test("abstract fields take any possible type's mock")
    func abstractMocks() throws {
        let root = Fixture.QueryRoot.mock { $0
            .node(Fixture.Cart.mock { $0.id("c1").totalQuantity(3) })
            .search([Fixture.Product.mock { $0.id("p1") }, Fixture.Cart.mock { $0.id("c2") }])
        }
        #expect(root.node?.as(Fixture.Cart.self)?.totalQuantity == 3)
        #expect(root.search.map(\.typeName) == ["Product", "Cart"])
    }

    @Test("the in-memory transport answers by operation name through the client")
    func inMemoryTransport() async throws {
        let transport = Graph.InMemoryTransport()
        transport.respond(to: "ProductByID", with: Fixture.QueryRoot.mock { $0
            .node(Fixture.Product.mock { $0.id("gid://shop/Product/1").title("Classic Sneaker") })
        })
        let client = Graph.Client(endpoint: URL(string: "https://shop.example/api/2026-04/graphql.json")!, transport: transport)
        let query = Fixture.buildQuery(name: "ProductByID") { $0
            .node(id: "gid://shop/Product/1") { $0.onProduct { $0.id().title() } }
        }
        let result = await client.queryGraphWith(query)
        let product = try result.get().node?.cast(to: Fixture.Product.self)
        #expect(product?.title == "Classic Sneaker")
        #expect(transport.received.map(\.operationName) == ["ProductByID"])
        #expect(transport.received.first?.document.hasPrefix("query ProductByID {node(") == true)
    }

    @Test("an operation without an answer is a GraphQL error naming it")
    func unanswered() async throws {
        let transport = Graph.InMemoryTransport()
        transport.respond(to: "Other", .errors(["nope"]))
        let client = Graph.Client(endpoint: URL(string: "https://shop.example/graphql.json")!, transport: transport)
        let result = await client.queryGraphWith(Fixture.buildQuery(name: "Missing") { $0.updatedAt() })
        guard case .invalidQuery(let reasons)? = result.error else {
            Issue.record("expected invalidQuery, got \(String(describing: result.error))")
            return
        }
        #expect(reasons.map(\.message) == ["Graph.InMemoryTransport has no answer for operation 'Missing'; it answers Other"])
    }
}
