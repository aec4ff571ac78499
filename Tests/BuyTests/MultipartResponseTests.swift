import Buy
import BuyflowCore
import Foundation
import HTTPServer
import Testing

/// A `multipart/mixed` answer to an operation with `@defer` (the Storefront API's
/// 2022-08-24 format) reaches the caller as the one result its parts add up to.
@Suite("Multipart (@defer) responses")
struct MultipartResponseTests {
    static let document = "query { shop { id ... @defer { name description } } }"

    static func shop(body: String, contentType: String = #"multipart/mixed; boundary="graphql"; deferSpec=20220824"#) throws -> TestShop {
        try TestShop { _, _ in
            .respond(HTTPResponse(status: 200, headers: ["Content-Type": contentType], body: Array(body.utf8)))
        }
    }

    static func part(_ json: String, boundary: String = "graphql") -> String {
        "\r\n--\(boundary)\r\nContent-Type: application/json; charset=utf-8\r\n\r\n\(json)"
    }

    @Test("the parts are merged at their paths; the errors of every part are kept", arguments: TransportKind.allCases)
    func merged(kind: TransportKind) async throws {
        let body = Self.part(#"{"data":{"shop":{"id":"gid://shopify/Shop/1"}},"hasNext":true}"#)
            + Self.part(#"{"incremental":[{"path":["shop"],"data":{"name":"Shop 1"}}],"hasNext":true}"#)
            + Self.part(#"{"incremental":[{"path":["shop"],"data":{"description":null},"errors":[{"message":"boom","path":["shop","description"]}]}],"hasNext":false}"#)
            + "\r\n--graphql--\r\n"
        let shop = try Self.shop(body: body)
        let exchange = await Graph.Client.test(shop, kind).send(document: Self.document)
        #expect(exchange.json == [
            "data": ["shop": ["id": "gid://shopify/Shop/1", "name": "Shop 1", "description": nil]],
            "errors": [["message": "boom", "path": ["shop", "description"]]],
        ])
        #expect(exchange.jsonError == nil)
        if case .invalidQuery(let reasons)? = exchange.error {
            #expect(reasons.map(\.message) == ["boom"])
        } else {
            Issue.record("expected invalidQuery, got \(String(describing: exchange.error))")
        }
    }

    @Test("an unquoted boundary, a Content-Type in other case, and the earlier format with path and data at the top")
    func otherBoundaryAndEarlierFormat() async throws {
        let body = Self.part(#"{"data":{"shop":{"id":"1"}},"hasNext":true}"#, boundary: "-")
            + Self.part(#"{"path":["shop"],"data":{"name":"Shop 1"},"hasNext":false}"#, boundary: "-")
            + "\r\n-----\r\n"
        let shop = try Self.shop(body: body, contentType: " Multipart/MIXED; boundary=-")
        let exchange = await Graph.Client.test(shop, .curl).send(document: Self.document)
        #expect(exchange.json == ["data": ["shop": ["id": "1", "name": "Shop 1"]]])
        #expect(exchange.error == nil)
    }

    @Test("a stream cut before its last part is a JSON failure")
    func truncated() async throws {
        let shop = try Self.shop(body: Self.part(#"{"data":{"shop":{"id":"1"}},"hasNext":true}"#))
        let exchange = await Graph.Client.test(shop, .curl).send(document: Self.document)
        #expect(exchange.json == nil)
        #expect(exchange.jsonError?.message.contains("hasNext") == true)
    }
}
