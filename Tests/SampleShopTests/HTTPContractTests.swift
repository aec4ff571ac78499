import BuyflowCore
import Testing
@testable import SampleShop

@Suite("HTTP contract: routes, versions, token, methods, bodies, limits")
struct HTTPContractTests {
    static let query = #"{"query":"{ shop { name } }"}"#

    func post(_ shop: TestShop, path: String? = nil, headers: [(String, String)] = [], body: String = query) throws -> RawHTTPClient.Response {
        try RawHTTPClient(port: shop.port).send("POST", path ?? shop.path, headers: [("Content-Type", "application/json")] + headers, body: Array(body.utf8))
    }

    @Test("both endpoint spellings answer JSON 200 with keep-alive over one connection")
    func endpoints() throws {
        let shop = try TestShop()
        let client = try RawHTTPClient(port: shop.port)
        for path in ["/api/2026-04/graphql.json", "/api/2026-04/graphql", "/api/2025-07/graphql.json", "/api/unstable/graphql"] {
            let response = try client.send("POST", path, headers: [("Content-Type", "application/json")], body: Array(Self.query.utf8))
            #expect(response.status == 200)
            #expect(response.header("content-type")?.hasPrefix("application/json") == true)
            #expect(response.json?.string("data.shop.name") == "Sample Shoes")
            #expect(response.header("connection")?.lowercased() != "close")
        }
        #expect(shop.shop.endpoint.absoluteString == "http://127.0.0.1:\(shop.port)/api/2026-04/graphql.json")
    }

    @Test("an unknown version is 404 with a JSON body naming the supported versions; other paths 404")
    func versions() throws {
        let shop = try TestShop()
        for version in ["2019-02", "2030-01", "2026-05", "latest"] {
            #expect(try post(shop, path: "/api/\(version)/graphql.json").status == 404, "\(version)")
        }
        let response = try post(shop, path: "/api/2019-02/graphql.json")
        #expect(response.status == 404)
        #expect(response.header("content-type")?.hasPrefix("application/json") == true)
        let json = try #require(response.json)
        #expect(json.string("errors[0].message")?.contains("2026-04") == true)
        #expect(json.at("errors[0].extensions.supportedVersions") == ["2025-07", "2025-10", "2026-01", "2026-04", "2026-07", "unstable"])
        let other = try post(shop, path: "/graphql")
        #expect(other.status == 404)
        #expect(other.json?.string("errors[0].extensions.code") == "NOT_FOUND")
    }

    @Test("every response names the version served; a retired release version falls forward to the oldest supported one")
    func servedVersions() throws {
        let shop = try TestShop()
        for (requested, served) in [("2026-04", "2026-04"), ("2025-10", "2025-10"), ("unstable", "unstable"), ("2019-01", "2025-07"), ("2025-04", "2025-07")] {
            let response = try post(shop, path: "/api/\(requested)/graphql.json")
            #expect(response.status == 200, "\(requested)")
            #expect(response.header("x-shopify-api-version") == served, "\(requested)")
            #expect(response.json?.string("data.shop.name") == "Sample Shoes")
        }
    }

    @Test("a request that uses a deprecated field gets X-Shopify-API-Deprecated-Reason; others do not")
    func deprecatedReason() throws {
        let shop = try TestShop()
        let cart = try shop.createCart([(1, 1)])
        let deprecated = try shop.post("query($id: ID!) { cart(id: $id) { cost { totalTaxAmount { amount } } } }", variables: ["id": .string(cart)])
        #expect(deprecated.status == 200)
        let reason = try #require(deprecated.header("x-shopify-api-deprecated-reason"))
        #expect(reason.contains("totalTaxAmount"))
        #expect(!reason.contains("\n"))
        let plain = try shop.post("query($id: ID!) { cart(id: $id) { cost { totalAmount { amount } } } }", variables: ["id": .string(cart)])
        #expect(plain.header("x-shopify-api-deprecated-reason") == nil)
    }

    @Test("with a token: missing is 401, wrong is 403, right is 200; without one any token passes")
    func tokens() throws {
        let shop = try TestShop(SampleShop.Options(token: "s3cret"))
        let missing = try post(shop)
        #expect(missing.status == 401)
        #expect(missing.json?.string("errors[0].message")?.contains("X-Shopify-Storefront-Access-Token") == true)
        let wrong = try post(shop, headers: [("X-Shopify-Storefront-Access-Token", "nope")])
        #expect(wrong.status == 403)
        #expect(wrong.json?.string("errors[0].extensions.code") == "FORBIDDEN")
        let right = try post(shop, headers: [("x-shopify-storefront-access-token", "s3cret")])
        #expect(right.status == 200)
        let open = try TestShop()
        #expect(try post(open, headers: [("X-Shopify-Storefront-Access-Token", "anything")]).status == 200)
        #expect(try post(open).status == 200)
    }

    @Test("GET runs queries from the query string; a mutation over GET is 405")
    func get() throws {
        let shop = try TestShop()
        let client = try RawHTTPClient(port: shop.port)
        let query = "query%20Q(%24h%3A%20String!)%20%7B%20product(handle%3A%20%24h)%20%7B%20title%20%7D%20%7D"
        let variables = "%7B%22h%22%3A%22wool-socks%22%7D"
        let ok = try client.send("GET", "\(shop.path)?query=\(query)&variables=\(variables)&operationName=Q")
        #expect(ok.status == 200)
        #expect(ok.json?.string("data.product.title") == "Wool Socks")
        let mutation = try client.send("GET", "\(shop.path)?query=mutation%20%7B%20cartCreate%20%7B%20cart%20%7B%20id%20%7D%20%7D%20%7D")
        #expect(mutation.status == 405)
        #expect(mutation.header("allow") == "POST")
        #expect(mutation.json?.string("errors[0].extensions.code") == "METHOD_NOT_ALLOWED")
        #expect(shop.shop.cartCount == 0)
        let missing = try client.send("GET", shop.path)
        #expect(missing.status == 400)
        let put = try client.send("PUT", shop.path, body: Array(Self.query.utf8))
        #expect(put.status == 405)
        #expect(put.header("allow") == "GET, POST")
    }

    @Test("bodies that are not GraphQL requests are 400 with a JSON errors body", arguments: [
        "{not json", "[{\"query\":\"{ shop { name } }\"}]", "{\"variables\":{}}", "{\"query\":42}", "\"text\"",
        "{\"query\":\"{ shop { name } }\",\"variables\":[1]}", "{\"query\":\"{ shop { name } }\",\"operationName\":7}",
    ])
    func badBodies(body: String) throws {
        let shop = try TestShop()
        let response = try post(shop, body: body)
        #expect(response.status == 400)
        #expect(response.header("content-type")?.hasPrefix("application/json") == true)
        #expect(response.json?.string("errors[0].extensions.code") == "BAD_REQUEST")
        #expect(response.json?.at("data") == nil)
    }

    @Test("application/graphql bodies hold the query itself")
    func graphQLContentType() throws {
        let shop = try TestShop()
        let response = try RawHTTPClient(port: shop.port).send("POST", shop.path, headers: [("Content-Type", "application/graphql")],
                                                               body: Array("{ shop { name } }".utf8))
        #expect(response.json?.string("data.shop.name") == "Sample Shoes")
    }

    @Test("a body over 1 MiB is 413")
    func tooLarge() throws {
        let shop = try TestShop()
        // Announced with `Expect: 100-continue`: the 413 comes before the body is sent.
        let announced = try RawHTTPClient(port: shop.port).sendHead(
            "POST", shop.path, contentLength: (1 << 20) + 1, headers: [("Content-Type", "application/json")])
        #expect(announced.status == 413)
        #expect(announced.json?["errors"] != nil)
        // Sent whole: the server answers 413 without reading the rest.
        let padding = String(repeating: " ", count: (1 << 20) + 10)
        let response = try post(shop, body: "{\"query\":\"{ shop { name } }\"\(padding)}")
        #expect(response.status == 413)
        let small = try post(shop)
        #expect(small.status == 200)
    }

    @Test("syntax errors: 200, errors with locations and GRAPHQL_PARSE_FAILED, no data")
    func syntaxError() throws {
        let shop = try TestShop()
        let json = try shop.graphql("{ shop { name }\n  product(handle: ) { id } }")
        #expect(json["data"] == nil)
        #expect(json.string("errors[0].extensions.code") == "GRAPHQL_PARSE_FAILED")
        #expect(json.int("errors[0].locations[0].line") == 2)
        #expect(json.int("errors[0].locations[0].column") == 19)
        #expect(json.string("errors[0].message")?.hasPrefix("Syntax Error") == true)
    }

    @Test("validation errors: 200, every error with locations and GRAPHQL_VALIDATION_FAILED, no data")
    func validationErrors() throws {
        let shop = try TestShop()
        let json = try shop.graphql("{ cart(id: \"x\") { totalQantity } shop { nam } }")
        #expect(json["data"] == nil)
        #expect(json.count("errors") == 2)
        #expect(json.string("errors[0].extensions.code") == "GRAPHQL_VALIDATION_FAILED")
        #expect(json.string("errors[0].message")?.contains("totalQuantity") == true)
        #expect(json.int("errors[0].locations[0].column") == 19)
        let variables = try shop.graphql("query($n: Int!) { products(first: $n) { nodes { id } } }", variables: ["n": "ten"])
        #expect(variables["data"] == nil)
        #expect(variables.count("errors") == 1)
    }

    @Test("a resolver failure gives partial data, null where it failed (propagating), and an error with its path")
    func partialData() throws {
        let shop = try TestShop()
        let json = try shop.graphql("{ shop { name } a: product(handle: \"wool-socks\") { title variants(last: 999) { nodes { id } } } }")
        #expect(json.string("data.shop.name") == "Sample Shoes")
        #expect(json.at("data.a") == .null, "variants is non-null: the null propagates to the nullable product")
        #expect(json.at("errors[0].path") == ["a", "variants"])
        let root = try shop.graphql("{ products { nodes { id } } }")
        #expect(root.at("data") == .null, "products is non-null at the root: data is null")
        #expect(root.at("errors[0].path") == ["products"])
    }

    @Test("query depth and alias counts are bounded with a clear error")
    func limits() throws {
        let shop = try TestShop(SampleShop.Options(maxDepth: 6, maxAliases: 3))
        let deep = try shop.graphql("{ product(handle: \"wool-socks\") { variants(first: 1) { nodes { product { variants(first: 1) { nodes { product { id } } } } } } } }")
        #expect(deep["data"] == nil)
        #expect(deep.string("errors[0].extensions.code") == "MAX_DEPTH_EXCEEDED")
        let aliases = try shop.graphql("{ a: shop { name } b: shop { name } c: shop { name } d: shop { name } }")
        #expect(aliases["data"] == nil)
        #expect(aliases.string("errors[0].extensions.code") == "MAX_ALIASES_EXCEEDED")
        let fine = try shop.graphql("{ a: shop { name } b: shop { name } }")
        #expect(fine.string("data.b.name") == "Sample Shoes")
    }

    /// Limits come before validation: a document too large as written is refused without
    /// validating it (its unknown fields are not even reported).
    @Test("a document past a limit as written is refused before validation")
    func limitsBeforeValidation() throws {
        let shop = try TestShop(SampleShop.Options(maxFields: 100))
        let json = try shop.graphql("{ " + Array(repeating: "nope", count: 101).joined(separator: " ") + " }")
        #expect(json.string("errors[0].extensions.code") == "MAX_FIELDS_EXCEEDED")
        #expect(json.at("errors[1]") == nil)
        let fragment = try shop.graphql("{ ...F } fragment F on QueryRoot { " + Array(repeating: "nope", count: 101).joined(separator: " ") + " }")
        #expect(fragment.string("errors[0].extensions.code") == "MAX_FIELDS_EXCEEDED", "fragments count as written")
        let small = try shop.graphql("{ nope }")
        #expect(small.string("errors[0].extensions.code") == "GRAPHQL_VALIDATION_FAILED")
    }

    @Test("operationName picks the operation; an unknown name is a request error")
    func operationName() throws {
        let shop = try TestShop()
        let document = "query A { shop { name } } query B { product(handle: \"wool-socks\") { title } }"
        let b = try shop.graphql(document, operationName: "B")
        #expect(b.string("data.product.title") == "Wool Socks")
        let none = try shop.graphql(document)
        #expect(none["data"] == nil)
        #expect(none.string("errors[0].message")?.contains("operation name") == true)
        let unknown = try shop.graphql(document, operationName: "C")
        #expect(unknown.string("errors[0].message") == "Unknown operation named \"C\".")
    }

    @Test("repeated operations reuse the prepared document")
    func documentCache() throws {
        let shop = try TestShop()
        for _ in 0..<5 { _ = try shop.data("{ shop { name } }") }
        let statistics = shop.shop.engine.cache.statistics
        #expect(statistics.count == 1)
        #expect(statistics.hits == 4)
        #expect(statistics.misses == 1)
    }

    @Test("a slow client does not hold up the others")
    func slowClient() throws {
        let shop = try TestShop()
        let slow = try RawHTTPClient(port: shop.port)
        try slow.write(Array("POST \(shop.path) HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"query\"".utf8))
        let start = ContinuousClock.now
        for _ in 0..<20 { _ = try shop.data("{ shop { name } }") }
        #expect(ContinuousClock.now - start < .seconds(5))
    }
}

@Suite("In-process requests")
struct InProcessTests {
    @Test("send(query:) answers like HTTP, without the network or a started server")
    func send() throws {
        let shop = try SampleShop(SampleShop.Options(token: "t"))
        let denied = try #require(shop.send(query: "{ shop { name } }"))
        #expect(denied.status == 401)
        let answer = try #require(shop.send(query: "query($h: String!) { product(handle: $h) { title } }", variables: ["h": "wool-socks"],
                                            headers: [("X-Shopify-Storefront-Access-Token", "t")]))
        #expect(answer.status == 200)
        #expect(answer.body.string("data.product.title") == "Wool Socks")
        #expect(answer.headers.contains { $0.name == "X-Request-Id" })
        let dropping = try SampleShop(SampleShop.Options(faults: ShopFaults(dropRate: 1, seed: 1)))
        #expect(dropping.send(query: "{ shop { name } }") == nil)
    }
}
