import Buy
import Foundation
import SampleShop
import Storefront
import Testing

/// The Mobile Buy SDK README's snippets, pasted as an app would, against the generated
/// `Storefront` module and the real sample shop on loopback (the default URLSession
/// transport). Only the endpoint differs from the SDK's text.
@Suite("SDK snippets on the generated Storefront, against the sample shop")
struct StorefrontSnippetTests {
    static let token = "snippet-token"

    /// A started sample shop (2 completion polls) and a client for it.
    static func shop() throws -> (SampleShop, Graph.Client) {
        let shop = try SampleShop(SampleShop.Options(token: token, completionPolls: 2, completionPollDelay: .milliseconds(10)))
        try shop.start()
        return (shop, Graph.Client(endpoint: shop.endpoint, apiKey: token))
    }

    @Test("building a query for the shop's name")
    func shopName() async throws {
        let (shop, client) = try Self.shop()
        defer { shop.stop() }
        let query = Storefront.buildQuery { $0
            .shop { $0
                .name()
            }
        }
        let name: String? = await withCheckedContinuation { done in
            let task = client.queryGraphWith(query) { response, error in
                if let response = response {
                    let name = response.shop.name
                    done.resume(returning: name)
                } else {
                    print("Query failed: \(String(describing: error))")
                    done.resume(returning: nil)
                }
            }
            task.resume()
        }
        #expect(name == "Sample Shoes")
    }

    @Test("node(id:) with onProduct: as! as in the SDK, and the safe forms")
    func nodeCast() async throws {
        let (shop, client) = try Self.shop()
        defer { shop.stop() }
        let id = GraphQL.ID(rawValue: "gid://shopify/Product/1")
        let query = Storefront.buildQuery { $0
            .node(id: id) { $0
                .onProduct { $0
                    .id()
                    .title()
                }
            }
        }
        let response = try await client.queryGraphWith(query).get()
        let product = response.node as! Storefront.Product
        #expect(product.title == "Classic Sneaker")
        #expect(response.node?.as(Storefront.Product.self)?.id == id)
        #expect(throws: GraphQL.CastError(id: "gid://shopify/Product/1", actualType: "Product", expectedType: "Cart")) {
            try response.node?.cast(to: Storefront.Cart.self)
        }
    }

    @Test("checking for an .http(statusCode) error")
    func httpError() async throws {
        let (shop, _) = try Self.shop()
        defer { shop.stop() }
        let client = Graph.Client(endpoint: shop.endpoint, apiKey: "")
        let query = Storefront.buildQuery { $0.shop { $0.name() } }
        let status: Int? = await withCheckedContinuation { done in
            let task = client.queryGraphWith(query) { response, error in
                if let _ = response {
                    done.resume(returning: nil)
                } else {
                    if let error = error, case .http(let statusCode) = error {
                        print("Query failed. HTTP error code: \(statusCode)")
                        done.resume(returning: statusCode)
                    } else {
                        done.resume(returning: nil)
                    }
                }
            }
            task.resume()
        }
        #expect(status == 401)
    }

    @Test("handling errors: .invalidQuery(reasons:) with line and column")
    func invalidQuery() async throws {
        let (shop, client) = try Self.shop()
        defer { shop.stop() }
        // The same field with other arguments under one key: the server refuses it.
        let query = Storefront.buildQuery { $0
            .product(handle: "classic-sneaker") { $0.id() }
            .product(handle: "wool-socks") { $0.id() }
        }
        let printed: [String] = await withCheckedContinuation { done in
            let task = client.queryGraphWith(query) { result, error in
                var lines: [String] = []
                if let error = error, case .invalidQuery(let reasons) = error {
                    reasons.forEach {
                        lines.append("Error on \($0.line.map(String.init) ?? "?"):\($0.column.map(String.init) ?? "?") - \($0.message)")
                    }
                }
                done.resume(returning: lines)
            }
            task.resume()
        }
        #expect(printed == [
            #"Error on 1:46 - fields 'product' conflict because they have different arguments ('(handle: "classic-sneaker")' and '(handle: "wool-socks")'); use different aliases"#,
        ])
    }

    @Test("a mutation: cartCreate, with user errors for a bad line")
    func cartCreate() async throws {
        let (shop, client) = try Self.shop()
        defer { shop.stop() }
        let input = Storefront.CartInput(lines: .value([
            Storefront.CartLineInput(merchandiseId: GraphQL.ID(rawValue: "gid://shopify/ProductVariant/1"), quantity: .value(0)),
        ]))
        let mutation = Storefront.buildMutation { $0
            .cartCreate(input: input) { $0
                .cart { $0
                    .id()
                }
                .userErrors { $0
                    .field()
                    .message()
                    .code()
                }
            }
        }
        let response = try await client.mutateGraphWith(mutation).get()
        let payload = try #require(response.cartCreate)
        #expect(payload.cart == nil)
        #expect(payload.userErrors.map(\.code) == [.invalid])
        #expect(payload.userErrors.first?.field == ["input", "lines", "0", "quantity"])
    }

    @Test("polling the checkout completion with a RetryHandler")
    func polling() async throws {
        let (shop, client) = try Self.shop()
        defer { shop.stop() }
        let result = try await SampleFlow.checkout(client: client, variant: "gid://shopify/ProductVariant/1")
        #expect(result.orderId?.rawValue.hasPrefix("gid://shopify/Order/") == true)
        #expect(result.polls == 3)
    }
}

/// The seed's checkout flow with the typed API: create a cart, submit it, poll the
/// completion until it is no longer processing.
enum SampleFlow {
    struct Outcome {
        var orderId: GraphQL.ID?
        var polls: Int
    }

    static func checkout(client: Graph.Client, variant: GraphQL.ID) async throws -> Outcome {
        let create = Storefront.buildMutation(name: "CreateCart") { $0
            .cartCreate(input: Storefront.CartInput(lines: .value([Storefront.CartLineInput(merchandiseId: variant, quantity: .value(1))]))) { $0
                .cart { $0.id() }
                .userErrors { $0.message() }
            }
        }
        let cart = try #require(try await client.mutateGraphWith(create).get().cartCreate?.cart)
        let submit = Storefront.buildMutation(name: "Submit") { $0
            .cartSubmitForCompletion(attemptToken: UUID().uuidString, cartId: cart.id) { $0
                .result { $0.onSubmitSuccess { $0.attemptId() } }
                .userErrors { $0.message() }
            }
        }
        let submitted = try await client.mutateGraphWith(submit).get()
        let attemptId = try #require(submitted.cartSubmitForCompletion?.result?.as(Storefront.SubmitSuccess.self)?.attemptId)

        let poll = Storefront.buildQuery(name: "Completion") { $0
            .cartCompletionAttempt(attemptId: attemptId) { $0
                .onCartCompletionProcessing { $0.pollDelay() }
                .onCartCompletionSuccess { $0.orderId() }
            }
        }
        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(10), interval: 0.01) { response, _ in
            response?.cartCompletionAttempt?.as(Storefront.CartCompletionProcessing.self) != nil
        }
        let result = await client.queryGraphWith(poll, retryHandler: retry)
        let success = try result.get().cartCompletionAttempt?.cast(to: Storefront.CartCompletionSuccess.self)
        return Outcome(orderId: success?.orderId, polls: result.attempts)
    }
}
