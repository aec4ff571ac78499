import Buy
import BuyflowCore
import Foundation
import HTTPServer
import Testing

/// The Mobile Buy SDK README's snippets, almost verbatim, against the hand-written
/// Storefront sample. Only the endpoint differs where a request is really sent: the
/// SDK's `shopDomain` is an https host; here the shop is on loopback.
@Suite("SDK README snippets")
struct ReadmeSnippetTests {
    @Test("Client initialization, with and without a locale")
    func initialization() {
        let client = Graph.Client(
            shopDomain: "shoes.myshopify.com",
            apiKey:     "dGhpcyBpcyBhIHByaXZhdGUgYXBpIGtleQ"
        )
        #expect(client.endpoint.host == "shoes.myshopify.com")
        #expect(client.locale == nil)

        let localized = Graph.Client(
            shopDomain: "shoes.myshopify.com",
            apiKey:     "dGhpcyBpcyBhIHByaXZhdGUgYXBpIGtleQ",
            locale:     Locale(identifier: "fr_CA")
        )
        let request = localized.makeRequest(document: "{shop{name}}")
        #expect(request.headers["Accept-Language"] == "fr-CA")
        #expect(request.headers["X-Shopify-Storefront-Access-Token"] == "dGhpcyBpcyBhIHByaXZhdGUgYXBpIGtleQ")
    }

    @Test("Building a query for the shop's name", arguments: TransportKind.allCases)
    func shopName(kind: TransportKind) async throws {
        let shop = try TestShop(json: shopJSON)
        let client = Graph.Client.test(shop, kind)

        let query = Storefront.buildQuery { $0
            .shop { $0
                .name()
            }
        }

        let name: String? = await completion { done in
            let task = client.queryGraphWith(query) { response, error in
                if let response = response {
                    let name = response.shop.name
                    done(name)
                } else {
                    print("Query failed: \(String(describing: error))")
                    done(nil)
                }
            }
            task.resume()
        }
        #expect(name == "Sample Shoes")
    }

    @Test("Checking for an .http(statusCode) error", arguments: TransportKind.allCases)
    func httpError(kind: TransportKind) async throws {
        let shop = try TestShop(json: #"{"errors":[{"message":"Unauthorized"}]}"#, status: 401)
        let client = Graph.Client.test(shop, kind)
        let query = Storefront.buildQuery { $0.shop { $0.name() } }

        let status: Int? = await completion { done in
            let task = client.queryGraphWith(query) { response, error in
                if let _ = response {
                    // Do something
                    done(nil)
                } else {
                    if let error = error, case .http(let statusCode) = error {
                        print("Query failed. HTTP error code: \(statusCode)")
                        done(statusCode)
                    } else {
                        done(nil)
                    }
                }
            }
            task.resume()
        }
        #expect(status == 401)
    }

    @Test("Handling errors: reasons with line and column", arguments: TransportKind.allCases)
    func handlingErrors(kind: TransportKind) async throws {
        let shop = try TestShop(json: #"{"errors":[{"message":"Field 'Shop' doesn't exist on type 'QueryRoot'","locations":[{"line":2,"column":90}],"fields":["query CollectionsWithProducts","Shop"]}]}"#)
        let client = Graph.Client.test(shop, kind)
        let query = Storefront.buildQuery { $0.shop { $0.name() } }

        let printed: [String] = await completion { done in
            let task = client.queryGraphWith(query) { result, error in
                var lines: [String] = []
                if let error = error, case .invalidQuery(let reasons) = error {
                    reasons.forEach {
                        lines.append("Error on \($0.line.map(String.init) ?? "?"):\($0.column.map(String.init) ?? "?") - \($0.message)")
                    }
                }

                if let _ = result {
                    // Do something with the result
                } else {
                    // Handle any other errors
                }
                done(lines)
            }
            task.resume()
        }
        #expect(printed == ["Error on 2:90 - Field 'Shop' doesn't exist on type 'QueryRoot'"])
    }

    @Test("Polling with a RetryHandler until the condition holds", arguments: TransportKind.allCases)
    func polling(kind: TransportKind) async throws {
        // The cart fills up on the third poll.
        let shop = try TestShop { _, index in
            .respond(.json(body: #"{"data":{"node":{"__typename":"Cart","id":"gid://shopify/Cart/1","totalQuantity":\#(index >= 2 ? 3 : 0)}}}"#))
        }
        let client = Graph.Client.test(shop, kind)
        let cartID = GraphQL.ID(rawValue: "gid://shopify/Cart/1")

        let query = Storefront.buildQuery { $0
            .node(id: cartID) { $0
                .onCart { $0
                    .id()
                    .totalQuantity()
                }
            }
        }

        let retry = Graph.RetryHandler<Storefront.QueryRoot>(endurance: .finite(10), interval: 0.05) { (response, error) -> Bool in
            return (response?.node as? Storefront.Cart)?.totalQuantity ?? 0 == 0
        }

        let quantity: Int32? = await completion { done in
            let task = client.queryGraphWith(query, retryHandler: retry) { response, error in
                let cart = (response?.node as? Storefront.Cart)
                done(cart?.totalQuantity)
            }
            task.resume()
        }
        #expect(quantity == 3)
        #expect(shop.requestCount == 3)
    }

    @Test("A mutation with user errors")
    func mutation() async throws {
        let shop = try TestShop(json: #"{"data":{"cartCreate":{"cart":null,"userErrors":[{"field":["input","lines","0","quantity"],"message":"The quantity must be at least 1.","code":"INVALID"}]}}}"#)
        let client = Graph.Client.test(shop, .curl)
        let input = Storefront.CartInput(lines: .value([Storefront.CartLineInput(merchandiseId: GraphQL.ID(rawValue: "gid://shopify/ProductVariant/1"), quantity: .value(0))]))
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

        let printed: [String] = await completion { done in
            let task = client.mutateGraphWith(mutation) { response, error in
                var lines: [String] = []
                if let mutation = response?.cartCreate {
                    if let cart = mutation.cart, mutation.userErrors.isEmpty {
                        lines.append("created \(cart.id)")
                    } else {
                        mutation.userErrors.forEach {
                            let fieldPath = $0.field?.joined(separator: ".") ?? ""
                            lines.append("\(fieldPath): \($0.message) [\($0.code?.rawValue ?? "")]")
                        }
                    }
                } else {
                    lines.append("Failed: \(String(describing: error))")
                }
                done(lines)
            }
            task.resume()
        }
        #expect(printed == ["input.lines.0.quantity: The quantity must be at least 1. [INVALID]"])
    }
}
