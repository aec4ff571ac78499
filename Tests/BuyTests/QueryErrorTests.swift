import Buy
import BuyflowCore
import Foundation
import HTTPServer
import Testing

/// Every `Graph.QueryError` case, produced by a real server on loopback, over both transports.
@Suite("QueryError over loopback")
struct QueryErrorTests {
    private func query(_ shop: TestShop, _ kind: TransportKind) async -> Graph.QueryResult<Storefront.QueryRoot> {
        await Graph.Client.test(shop, kind).queryGraphWith(shopNameQuery())
    }

    @Test("A 2xx response with data decodes and has no error", arguments: TransportKind.allCases)
    func success(kind: TransportKind) async throws {
        let shop = try TestShop(json: shopJSON)
        let result = await query(shop, kind)
        #expect(result.error == nil)
        #expect(result.response?.shop.name == "Sample Shoes")
        #expect(result.attempts == 1)
        #expect(result.lastExchange?.status == 200)
    }

    @Test("A status outside 2xx is .http(statusCode:)", arguments: TransportKind.allCases, [401, 403, 404, 429, 500, 503])
    func httpStatus(kind: TransportKind, status: Int) async throws {
        let shop = try TestShop(json: #"{"errors":[{"message":"no"}]}"#, status: status)
        let result = await query(shop, kind)
        guard case .http(let statusCode) = result.error else {
            Issue.record("expected .http, got \(String(describing: result.error))")
            return
        }
        #expect(statusCode == status)
        #expect(result.response == nil)
        #expect(result.lastExchange?.json?["errors"]?[0]?["message"] == "no")
        #expect(result.lastExchange?.failure == .http)
    }

    @Test("An empty body is .noData", arguments: TransportKind.allCases)
    func noData(kind: TransportKind) async throws {
        let shop = try TestShop { _, _ in .respond(HTTPResponse(status: 200)) }
        let result = await query(shop, kind)
        guard case .noData = result.error else {
            Issue.record("expected .noData, got \(String(describing: result.error))")
            return
        }
        #expect(result.lastExchange?.failure == .invalidJson)
    }

    @Test("A body that is not JSON is .jsonDeserializationFailed(data:)", arguments: TransportKind.allCases)
    func notJSON(kind: TransportKind) async throws {
        let shop = try TestShop { _, _ in .respond(.text(body: "<html>oops</html>")) }
        let result = await query(shop, kind)
        guard case .jsonDeserializationFailed(let data) = result.error else {
            Issue.record("expected .jsonDeserializationFailed, got \(String(describing: result.error))")
            return
        }
        #expect(data.map { String(decoding: $0, as: UTF8.self) } == "<html>oops</html>")
        #expect(result.lastExchange?.jsonError?.code == "json.syntax")
        #expect(result.lastExchange?.failure == .invalidJson)
    }

    @Test("JSON that is not a GraphQL response is .invalidJson(json:)", arguments: TransportKind.allCases, [
        "[1,2]", #"{"hello":"world"}"#, #"{"data":null}"#, #"{"data":{"shop":null},"errors":"bad"}"#,
    ])
    func invalidJSON(kind: TransportKind, body: String) async throws {
        let shop = try TestShop(json: body)
        let result = await query(shop, kind)
        guard case .invalidJson(let json) = result.error else {
            Issue.record("expected .invalidJson, got \(String(describing: result.error))")
            return
        }
        #expect(json == (try JSONParser().parse(body)))
        #expect(result.lastExchange?.failure == .noData)
    }

    @Test("GraphQL errors are .invalidQuery with message, line, column, path and extensions", arguments: TransportKind.allCases)
    func invalidQuery(kind: TransportKind) async throws {
        let shop = try TestShop(json: #"""
        {"errors":[
          {"message":"Field 'nam' doesn't exist on type 'Shop'","locations":[{"line":1,"column":14}],
           "path":["query","shop","nam"],"extensions":{"code":"undefinedField","typeName":"Shop"}},
          {"message":"second","locations":[{"line":2,"column":3},{"line":4,"column":5}]}
        ]}
        """#)
        let result = await query(shop, kind)
        guard case .invalidQuery(let reasons) = result.error else {
            Issue.record("expected .invalidQuery, got \(String(describing: result.error))")
            return
        }
        #expect(result.response == nil)
        #expect(reasons.count == 2)
        #expect(reasons[0].message == "Field 'nam' doesn't exist on type 'Shop'")
        #expect(reasons[0].line == 1)
        #expect(reasons[0].column == 14)
        #expect(reasons[0].path == [.key("query"), .key("shop"), .key("nam")])
        #expect(reasons[0].code == "undefinedField")
        #expect(reasons[0].extensions["typeName"] == "Shop")
        #expect(reasons[0].description == "1:14: Field 'nam' doesn't exist on type 'Shop' (at query.shop.nam) [undefinedField]")
        #expect(reasons[1].locations == [.init(line: 2, column: 3), .init(line: 4, column: 5)])
        #expect(result.lastExchange?.failure == .graphql)
    }

    @Test("Partial data with errors delivers both the response and the error", arguments: TransportKind.allCases)
    func partialData(kind: TransportKind) async throws {
        let shop = try TestShop(json: #"""
        {"data":{"shop":{"name":"Sample Shoes"},"product":null},
         "errors":[{"message":"resolver failed","path":["product"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}
        """#)
        let query = Storefront.buildQuery { $0
            .shop { $0.name() }
            .product(handle: "broken") { $0.title() }
        }
        let client = Graph.Client.test(shop, kind)
        let result = await client.queryGraphWith(query)
        #expect(result.response?.shop.name == "Sample Shoes")
        #expect(result.response?.product == nil)
        guard case .invalidQuery(let reasons) = result.error else {
            Issue.record("expected .invalidQuery, got \(String(describing: result.error))")
            return
        }
        #expect(reasons.first?.path == [.key("product")])

        // The completion handler gets both too.
        let (response, error) = await completion { done in
            client.queryGraphWith(query) { response, error in done((response, error)) }.resume()
        }
        #expect(response?.shop.name == "Sample Shoes")
        #expect(error != nil)
    }

    @Test("data of the wrong shape is .schemaViolation, not a crash", arguments: TransportKind.allCases)
    func schemaViolation(kind: TransportKind) async throws {
        let shop = try TestShop(json: #"{"data":{"shop":{"name":42}}}"#)
        let result = await query(shop, kind)
        guard case .schemaViolation(let violation) = result.error else {
            Issue.record("expected .schemaViolation, got \(String(describing: result.error))")
            return
        }
        #expect(violation.type == "Shop")
        #expect(violation.field == "name")
        #expect(violation.value == 42)
        #expect(result.response == nil)
    }

    @Test("No server listening is .request with a network TransportError", arguments: TransportKind.allCases)
    func connectionRefused(kind: TransportKind) async throws {
        let shop = try TestShop(json: shopJSON)
        shop.stop()
        let result = await query(shop, kind)
        guard case .request(let cause) = result.error else {
            Issue.record("expected .request, got \(String(describing: result.error))")
            return
        }
        #expect((cause as? Graph.TransportError)?.kind == .network)
        #expect(result.lastExchange?.failure == .network)
        #expect(result.lastExchange?.status == nil)
    }

    @Test("A connection closed without an answer is .request (network)", arguments: TransportKind.allCases)
    func dropped(kind: TransportKind) async throws {
        let shop = try TestShop { _, _ in .drop }
        let result = await query(shop, kind)
        #expect(result.error?.transportError?.kind == .network)
    }

    @Test("A response slower than the timeout is .request with a timeout TransportError", arguments: TransportKind.allCases)
    func timeout(kind: TransportKind) async throws {
        let shop = try TestShop { _, _ in .after(.seconds(300), .json(body: shopJSON)) }
        let client = Graph.Client.test(shop, kind)
        let start = ContinuousClock.now
        let exchange = await client.send(document: "{shop{name}}", timeout: .milliseconds(300))
        let elapsed = ContinuousClock.now - start
        #expect(exchange.error?.transportError?.kind == .timeout)
        #expect(exchange.failure == .timeout)
        // A hang guard, not a speed test: the whole suite runs in parallel on two cores, and
        // an await can wait behind every other test's work on the cooperative pool.
        #expect(elapsed < .seconds(200), "the 300 ms timeout ends it long before the 300 s answer")
    }
}

extension Graph.QueryError.Reason.Location: CustomTestStringConvertible {
    public var testDescription: String { "\(line):\(column)" }
}
