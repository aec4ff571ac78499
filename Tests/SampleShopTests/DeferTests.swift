import BuyflowCore
import BuyflowTestSupport
import Foundation
import GraphQLKit
import Testing
@testable import SampleShop

/// `@defer` over HTTP: `multipart/mixed; boundary="graphql"` (the 2022-08-24 format the
/// Storefront API answers), unless the request's `Accept` prefers JSON, which gets the
/// whole result at once.
@Suite("HTTP: @defer as multipart/mixed or whole")
struct DeferTests {
    /// Hydrogen's cart discount-code mutation, unchanged (it defers the cart).
    static let hydrogenMutation: String = {
        let url = RepositoryPaths.file("Tests/Conformance/storefront-clients/hydrogen-cart/cartDiscountCodesUpdate.graphql")
        return try! String(contentsOf: url, encoding: .utf8)
    }()

    static let partHead = "\r\n--graphql\r\nContent-Type: application/json; charset=utf-8\r\n\r\n"

    /// The JSON bodies of a multipart response, read the way `@shopify/graphql-client`
    /// reads them: split at the boundary, each part's body after its blank line.
    static func parts(_ body: String) -> [JSONValue] {
        body.components(separatedBy: "--graphql").compactMap { chunk -> JSONValue? in
            guard let blank = chunk.range(of: "\r\n\r\n") else { return nil }
            return try? JSONParser().parse(String(chunk[blank.upperBound...]).trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test("Hydrogen's cartDiscountCodesUpdate without Accept: the initial payload, then the deferred cart")
    func hydrogenMutationAsMultipart() throws {
        let shop = try TestShop()
        let cartID = try shop.createCart([(1, 2)])
        let cart = try shop.data("query($id: ID!) { cart(id: $id) { checkoutUrl } }", variables: ["id": .string(cartID)])
        let checkoutURL = try #require(cart.string("cart.checkoutUrl"))
        let variables: JSONValue = ["cartId": .string(cartID), "discountCodes": ["WELCOME10"]]

        let response = try shop.post(Self.hydrogenMutation, variables: variables)
        #expect(response.status == 200)
        #expect(response.header("content-type") == #"multipart/mixed; boundary="graphql"; deferSpec=20220824"#)
        let initial = #"{"data":{"cartDiscountCodesUpdate":{"userErrors":[],"warnings":[]}},"hasNext":true}"#
        let deferred = #"{"incremental":[{"path":["cartDiscountCodesUpdate"],"data":{"cart":{"id":"\#(cartID)","#
            + #""totalQuantity":2,"checkoutUrl":"\#(checkoutURL)"}}}],"hasNext":false}"#
        #expect(response.text == Self.partHead + initial + Self.partHead + deferred + "\r\n--graphql--\r\n")
        #expect(Self.parts(response.text).count == 2)

        // The same request accepting JSON: the whole result at once, equal to the parts merged.
        let whole = try shop.post(Self.hydrogenMutation, variables: variables, headers: [("Accept", "application/json")])
        #expect(whole.header("content-type")?.hasPrefix("application/json") == true)
        let json = try #require(whole.json)
        #expect(json.at("data.cartDiscountCodesUpdate.cart.totalQuantity") == 2)
        var merged = try #require(Self.parts(response.text).first?["data"])
        for part in Self.parts(response.text).dropFirst() {
            for item in part["incremental"]?.arrayValue ?? [] {
                let path = (item["path"]?.arrayValue ?? []).map { $0.intValue.map(PathComponent.index) ?? .key($0.stringValue ?? "") }
                DeferredPayload.merge(item["data"] ?? nil, into: &merged, at: path)
            }
        }
        #expect(merged == json["data"])
        #expect(json["errors"] == nil)
    }

    @Test("a query with @defer(if: false), or one that defers nothing that survives, is plain JSON")
    func nothingDeferredIsJSON() throws {
        let shop = try TestShop()
        let response = try shop.post(#"{ shop { name ... @defer(if: false) { description } } }"#)
        #expect(response.header("content-type")?.hasPrefix("application/json") == true)
        #expect(response.json?.at("data.shop.name") == "Sample Shoes")
    }

    @Test("a deferred query root and its label")
    func deferredRootFragment() throws {
        let shop = try TestShop()
        let response = try shop.post(#"{ shop { name } ... @defer(label: "later") { shop { primaryDomain { host } } } }"#)
        let parts = Self.parts(response.text)
        #expect(parts.count == 2)
        #expect(parts.first == ["data": ["shop": ["name": "Sample Shoes"]], "hasNext": true])
        #expect(parts.last?.at("incremental[0].label") == "later")
        #expect(parts.last?.at("incremental[0].path") == [])
        #expect(parts.last?.at("incremental[0].data.shop.primaryDomain.host") != nil)
    }

    @Test("an invalid @defer is a validation error", arguments: [
        "mutation { ... @defer { cartCreate { cart { id } } } }",
        #"{ shop { ... @defer(label: "a") { name } ... @defer(label: "a") { description } } }"#,
    ])
    func invalidDefers(query: String) throws {
        let shop = try TestShop()
        let json = try shop.graphql(query)
        #expect(json.at("errors[0].extensions.code") == "GRAPHQL_VALIDATION_FAILED")
        #expect(json["data"] == nil)
    }

    @Test("Accept decides", arguments: [
        (nil as String?, true), ("*/*", true), ("multipart/mixed", true), ("multipart/mixed;deferSpec=20220824, application/json", true),
        ("application/json", false), ("application/graphql-response+json", false), ("application/json, */*;q=0.5", false),
        ("multipart/mixed;q=0", false), ("text/html, multipart/*", true), ("application/json;q=0.9, multipart/mixed", true),
        ("text/html", false),
    ])
    func acceptDecides(accept: String?, multipart: Bool) {
        #expect(IncrementalDelivery.prefersMultipart(accept: accept) == multipart)
    }
}
