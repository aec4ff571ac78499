import BuyflowCore
import Foundation
import HTTPServer
import LoopbackNginx
import SampleShop
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `shop` suite's Hydrogen row: the cart query a Hydrogen storefront sends on every
/// page (`CartQuery`, Tests/Conformance/storefront-clients/hydrogen-cart/CartQuery.graphql,
/// sent unchanged) for a cart of three lines, beside nginx serving the shop's answer,
/// byte for byte.
extension ShopBenchmark {
    static let cartQueryPath = "Tests/Conformance/storefront-clients/hydrogen-cart/CartQuery.graphql"

    /// The three lines: variants of three products (each with its image and options).
    static let cartVariants = ["gid://shopify/ProductVariant/1", "gid://shopify/ProductVariant/4", "gid://shopify/ProductVariant/7"]

    /// The prepared row: the POST body and the answer's bytes, captured over HTTP.
    struct CartRow {
        var body: String
        var answer: [UInt8]
        /// The `errors` of the answer, if any (printed as a warning, not a failure).
        var errors: String?
    }

    /// Creates a cart of three lines with `cartCreate`, then sends `CartQuery` for it once
    /// over HTTP and keeps the response body's bytes.
    static func prepareCartRow(_ shop: SampleShop) async throws -> CartRow {
        let path = packageRoot.appendingPathComponent(cartQueryPath).path
        guard let data = FileManager.default.contents(atPath: path) else { throw ClientBenchmark.BenchError("cannot read \(path)") }
        let document = String(decoding: data, as: UTF8.self)

        let lines = cartVariants.map { "{merchandiseId: \"\($0)\", quantity: 1}" }.joined(separator: ", ")
        let created = try execute(shop, try body("mutation { cartCreate(input: {lines: [\(lines)]}) { cart { id totalQuantity } userErrors { message } } }", [:]))
        guard let id = created["data"]?["cartCreate"]?["cart"]?["id"]?.stringValue,
              created["data"]?["cartCreate"]?["cart"]?["totalQuantity"]?.intValue == 3 else {
            throw ClientBenchmark.BenchError("cartCreate with three lines failed: \(JSONSerializer().string(created))")
        }
        let request = JSONSerializer().string(["query": .string(document), "operationName": "CartQuery", "variables": ["cartId": .string(id)]])

        let answer = try await post(request, to: shop.endpoint)
        let json = try JSONParser(path: "CartQuery answer").parse(bytes: Array(answer))
        // Errors are a warning (the shop may not resolve every field yet); without them,
        // the answer must be the cart's three lines.
        let errors = json["errors"].map { JSONSerializer().string($0) }
        guard errors != nil || json["data"]?["cart"]?["lines"]?["edges"]?.arrayValue?.count == 3 else {
            throw ClientBenchmark.BenchError("CartQuery did not return the cart's three lines: \(String(decoding: answer, as: UTF8.self))")
        }
        return CartRow(body: request, answer: Array(answer), errors: errors)
    }

    /// The shop's CPU time per request for `body`, in-process (`SampleShop.handle`, no
    /// network): the median of 5 rounds of `count` requests, in µs.
    static func inProcessMicroseconds(_ shop: SampleShop, body: String, count: Int = 2000) -> Double {
        let request = HTTPRequest(
            method: "POST", path: shop.endpoint.path, headers: HTTPHeaders([("Content-Type", "application/json")]), body: Array(body.utf8))
        var rounds: [Double] = []
        for _ in 0..<5 {
            let start = ContinuousClock.now
            for _ in 0..<count { _ = shop.handle(request) }
            let elapsed = ContinuousClock.now - start
            rounds.append((Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12) / Double(count))
        }
        return rounds.sorted()[rounds.count / 2]
    }

    /// POSTs `body` to `url`; the response body, which must come with status 200.
    static func post(_ body: String, to url: URL) async throws -> [UInt8] {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let (answer, response) = try await URLSession(configuration: .ephemeral).upload(for: request, from: Data(body.utf8))
        guard let status = (response as? HTTPURLResponse)?.statusCode, status == 200 else {
            throw ClientBenchmark.BenchError("\(url): HTTP \((response as? HTTPURLResponse)?.statusCode ?? 0)")
        }
        return Array(answer)
    }

    /// nginx answering every request with `body` from memory: `return 200` of variables
    /// `set` from string constants (one `return 200 '…'` cannot hold it: nginx refuses a
    /// configuration token over 4 KB), quotes and backslashes escaped for nginx's parser.
    /// nginx would expand `$name` inside them and has no escape for `$`, so a body with
    /// one is refused. (Serving a file is no alternative: a POST to a static file needs
    /// `error_page 405 =200`, which halves nginx's rate.)
    static func nginxServing(_ body: [UInt8]) throws -> LoopbackNginx {
        let text = String(decoding: body, as: UTF8.self)
        guard !text.contains("$") else { throw ClientBenchmark.BenchError("the answer contains '$', which nginx would expand") }
        var chunks = [""]
        for character in text {
            let piece = character == "\\" ? "\\\\" : character == "'" ? "\\'" : String(character)
            if chunks[chunks.count - 1].utf8.count + piece.utf8.count > 3000 { chunks.append("") }
            chunks[chunks.count - 1] += piece
        }
        let sets = chunks.enumerated().map { "set $part\($0.offset) '\($0.element)';" }.joined(separator: "\n")
        let value = chunks.indices.map { "${part\($0)}" }.joined()
        return try LoopbackNginx { port, _ in
            """
                listen 127.0.0.1:\(port);
                default_type application/json;
                location / {
            \(sets)
                    return 200 "\(value)";
                }
            """
        }
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
