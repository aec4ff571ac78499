import BuyflowCore
import Foundation
import LoopbackNginx
import SampleShop
#if canImport(Glibc)
import Glibc
#endif

/// `buyflow-bench shop [--seconds N]`: starts the sample shop in-process and nginx
/// (Debian's package, a throw-away prefix, `return 200` with a fixed JSON body), then runs
/// `wrk -t2 -c10 -d5s --latency` (a Lua script for the POST bodies) against each and
/// prints requests/s and p99 side by side, with each row's ratio to nginx (the ceiling):
///
/// - nginx's fixed body, for the same POST;
/// - the shop answering a product-by-handle query (`product(handle:)` with title, price
///   range, images and the first variants) — the target is ≥ 0.25× nginx;
/// - the shop answering a `cartLinesAdd` mutation (ten carts in turn, each returning its
///   lines and cost; the variant's stock is untracked so every add succeeds);
/// - the shop answering Hydrogen's full `CartQuery` (read from the repository, sent
///   unchanged) for a cart of three lines, beside nginx serving that answer's exact bytes
///   — the target is ≥ 0.3× that nginx (see `ShopBenchmark+Cart.swift`).
enum ShopBenchmark {
    static let productQuery = """
        query Product($handle: String!) { product(handle: $handle) { id title handle availableForSale
          priceRange { minVariantPrice { amount currencyCode } } featuredImage { url altText }
          variants(first: 3) { nodes { id title availableForSale price { amount currencyCode } } } } }
        """
    static let addQuery = """
        mutation Add($cart: ID!) { cartLinesAdd(cartId: $cart, lines: [{merchandiseId: "gid://shopify/ProductVariant/1", quantity: 1}]) {
          cart { id totalQuantity lines(first: 5) { nodes { id quantity } } cost { totalAmount { amount currencyCode } } }
          userErrors { code message } } }
        """

    static func run(_ arguments: [String]) async throws {
        let seconds = ClientBenchmark.option("--seconds", in: arguments) ?? 5
        guard LoopbackNginx.executable != nil else {
            print("shop: skipped — nginx not found (apt-get install nginx-light)")
            return
        }
        guard let wrk = LoopbackNginx.which("wrk") else {
            print("shop: skipped — wrk not found (apt-get install wrk)")
            return
        }
        let shop = try SampleShop(SampleShop.Options(catalog: try benchCatalog()))
        try shop.start()
        defer { shop.stop() }
        let nginx = try ClientBenchmark.fixedBodyNginx()
        defer { nginx.stop() }

        let productBody = try body(productQuery, ["handle": "classic-sneaker"])
        try check(shop, productBody, expect: "Classic Sneaker")
        var cartBodies: [String] = []
        for _ in 0..<10 {
            let created = try execute(shop, try body("mutation { cartCreate { cart { id } } }", [:]))
            guard let id = created["data"]?["cartCreate"]?["cart"]?["id"]?.stringValue else { throw ClientBenchmark.BenchError("cartCreate failed: \(created)") }
            cartBodies.append(try body(addQuery, ["cart": .string(id)]))
        }
        try check(shop, cartBodies[0], expect: "totalQuantity")
        let cart = try await prepareCartRow(shop)
        let cartNginx = try nginxServing(cart.answer)
        defer { cartNginx.stop() }
        guard try await post(cart.body, to: cartNginx.graphQLURL) == cart.answer else {
            throw ClientBenchmark.BenchError("nginx does not serve the shop's CartQuery answer byte for byte")
        }

        let cores = ProcessInfo.processInfo.activeProcessorCount
        print("shop: the sample shop in-process (\(cores) worker threads, \(cores) cores) vs \(nginx.version) (1 worker, fixed 42-byte JSON body)")
        print("  wrk -t2 -c10 -d\(seconds)s --latency, POST application/json, keep-alive; wrk runs on the same machine")
        print("  " + ClientBenchmark.pad("target", 46) + ClientBenchmark.pad("req/s", 11, right: true)
            + ClientBenchmark.pad("p99", 11, right: true) + ClientBenchmark.pad("× nginx", 10, right: true) + ClientBenchmark.pad("non-2xx", 10, right: true))
        let ceiling = try runWrk(wrk, url: nginx.graphQLURL.absoluteString, bodies: [productBody], seconds: seconds, directory: nginx.directory)
        let product = try runWrk(wrk, url: shop.endpoint.absoluteString, bodies: [productBody], seconds: seconds, directory: nginx.directory)
        let mutation = try runWrk(wrk, url: shop.endpoint.absoluteString, bodies: cartBodies, seconds: seconds, directory: nginx.directory)
        let cartCeiling = try runWrk(wrk, url: cartNginx.graphQLURL.absoluteString, bodies: [cart.body], seconds: seconds, directory: nginx.directory)
        let cartQuery = try runWrk(wrk, url: shop.endpoint.absoluteString, bodies: [cart.body], seconds: seconds, directory: nginx.directory)
        printRow("nginx, fixed JSON body (ceiling)", ceiling, ceiling)
        printRow("shop, product(handle:) query", product, ceiling)
        printRow("shop, cartLinesAdd mutation", mutation, ceiling)
        printRow("nginx, the CartQuery answer (\(cart.answer.count) B)", cartCeiling, cartCeiling)
        printRow("shop, Hydrogen CartQuery, 3 lines", cartQuery, cartCeiling)
        let ratio = product.perSecond / ceiling.perSecond
        print("  product query: \(ClientBenchmark.format(ratio, 2))× nginx (target ≥ 0.25×: \(ratio >= 0.25 ? "met" : "NOT met"))")
        let cartRatio = cartQuery.perSecond / cartCeiling.perSecond
        print("  CartQuery: \(ClientBenchmark.format(cartRatio, 2))× nginx serving the same \(cart.answer.count) bytes"
            + " (target ≥ 0.3×: \(cartRatio >= 0.3 ? "met" : "NOT met"))")
        print("  CartQuery in-process (SampleShop.handle, no network): \(ClientBenchmark.format(inProcessMicroseconds(shop, body: cart.body), 1)) µs per request")
        if let errors = cart.errors {
            let cartIsNull = (try? JSONParser().parse(bytes: cart.answer))?["data"]?["cart"]?.isNull ?? true
            print("  warning: the shop's CartQuery answer has errors\(cartIsNull ? " and a null cart" : "") (resolvers still missing?): \(errors.prefix(300))")
        }
    }

    // MARK: - Shop side

    /// The sample catalog with the stock of ProductVariant/1 untracked, so the mutation
    /// benchmark's adds never exceed it.
    static func benchCatalog() throws -> ShopCatalog {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let path = root.appendingPathComponent("samples/catalog.json").path
        guard let data = FileManager.default.contents(atPath: path) else { throw ClientBenchmark.BenchError("cannot read \(path)") }
        guard case .object(var top) = try JSONParser(path: path).parse(bytes: Array(data)),
              case .array(var products)? = top["products"], case .object(var product)? = products.first,
              case .array(var variants)? = product["variants"], case .object(var variant)? = variants.first else {
            throw ClientBenchmark.BenchError("unexpected catalog layout in \(path)")
        }
        variant["quantityAvailable"] = .null
        variants[0] = .object(variant)
        product["variants"] = .array(variants)
        products[0] = .object(product)
        top["products"] = .array(products)
        return try ShopCatalog.load(json: .object(top), path: path)
    }

    static func body(_ query: String, _ variables: JSONValue) throws -> String {
        JSONSerializer().string(["query": .string(query), "variables": variables])
    }

    static func execute(_ shop: SampleShop, _ body: String) throws -> JSONValue {
        let request = try JSONParser().parse(body)
        guard let query = request["query"]?.stringValue,
              let response = shop.send(query: query, variables: request["variables"]) else {
            throw ClientBenchmark.BenchError("no answer from the shop")
        }
        return response.body
    }

    static func check(_ shop: SampleShop, _ body: String, expect: String) throws {
        let json = try execute(shop, body)
        let text = JSONSerializer().string(json)
        guard json["errors"] == nil, text.contains(expect), !text.contains("\"code\"") else {
            throw ClientBenchmark.BenchError("unexpected answer: \(text)")
        }
    }

    // MARK: - wrk

    struct Result {
        var perSecond: Double
        var p99Milliseconds: Double
        var non2xx: Int
    }

    static func runWrk(_ path: String, url: String, bodies: [String], seconds: Int, directory: URL) throws -> Result {
        var script = "wrk.method = \"POST\"\nwrk.headers[\"Content-Type\"] = \"application/json\"\n"
        script += "local bodies = {\n" + bodies.map { "  [==[\($0)]==]," }.joined(separator: "\n") + "\n}\n"
        script += "local i = 0\nrequest = function()\n  i = i % #bodies + 1\n  return wrk.format(nil, nil, nil, bodies[i])\nend\n"
        let scriptFile = directory.appendingPathComponent("shop-\(bodies.count).lua")
        try Data(script.utf8).write(to: scriptFile)
        let output = try LoopbackNginx.run(path, ["-t2", "-c10", "-d\(seconds)s", "--latency", "-s", scriptFile.path, url])
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        guard let rateLine = lines.first(where: { $0.hasPrefix("Requests/sec:") }), let rate = Double(rateLine.split(separator: " ").last ?? ""),
              let p99Line = lines.first(where: { $0.hasPrefix("99%") }), let p99 = milliseconds(String(p99Line.split(separator: " ").last ?? "")) else {
            throw ClientBenchmark.BenchError("could not read wrk's output:\n\(output)")
        }
        let non2xx = lines.first(where: { $0.hasPrefix("Non-2xx") }).flatMap { Int($0.split(separator: " ").last ?? "") } ?? 0
        return Result(perSecond: rate, p99Milliseconds: p99, non2xx: non2xx)
    }

    /// `152.00us`, `1.20ms`, `2.01s` → milliseconds.
    static func milliseconds(_ text: String) -> Double? {
        for (unit, factor) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(unit) {
            if let value = Double(text.dropLast(unit.count)) { return value * factor }
        }
        return nil
    }

    static func printRow(_ label: String, _ result: Result, _ ceiling: Result) {
        print("  " + ClientBenchmark.pad(label, 46) + ClientBenchmark.pad(ClientBenchmark.format(result.perSecond, 0), 11, right: true)
            + ClientBenchmark.pad(ClientBenchmark.format(result.p99Milliseconds, 2) + " ms", 11, right: true)
            + ClientBenchmark.pad(ClientBenchmark.format(result.perSecond / ceiling.perSecond, 2) + "×", 10, right: true)
            + ClientBenchmark.pad(String(result.non2xx), 10, right: true))
    }
}
