import BuyflowCore
import Foundation
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

    /// nginx answering every request with `body`, from a file: `return 200 '…'` cannot
    /// hold it (nginx refuses a configuration token over 4 KB). The static module answers
    /// a POST with 405, which `error_page 405 =200` turns into the file as for a GET.
    static func nginxServing(_ body: [UInt8]) throws -> LoopbackNginx {
        try LoopbackNginx { port, prefix in
            try Data(body).write(to: URL(fileURLWithPath: prefix + "/answer.json"))
            return """
                listen 127.0.0.1:\(port);
                default_type application/json;
                location / { root \(prefix); try_files /answer.json =404; error_page 405 =200 /answer.json; }
            """
        }
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
