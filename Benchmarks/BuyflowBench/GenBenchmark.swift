import Buy
import BuyGen
import BuyflowCore
import Foundation
import GraphQLKit
import Storefront

/// `buyflow gen` and the code it generates, in one run:
/// - generating Swift for the whole published Storefront schema (load, model, render;
///   median of 5), and compiling the result in a temporary package (`--compile no` skips);
/// - building the seed's product query with the typed builders, per second;
/// - decoding one product response (10 variants) with the generated models beside
///   hand-written `Codable` structs and `JSONDecoder` on the same bytes.
/// Goals: generation under a second; typed decoding within 2× of Codable.
///
///     swift run -c release buyflow-bench gen [--schema FILE] [--seconds S] [--compile yes|no]
enum GenBenchmark {
    static func run(_ arguments: [String]) async throws {
        var options = BenchmarkArguments(arguments)
        let root = FileManager.default.currentDirectoryPath
        let schemaPath = options.value("--schema") ?? root + "/../shared/storefront/storefront.schema.json"
        let seconds = Double(options.value("--seconds") ?? "2") ?? 2
        let compile = (options.value("--compile") ?? "yes") != "no"
        try options.finish()

        print("gen: \(schemaPath)")
        if FileManager.default.fileExists(atPath: schemaPath) {
            try generation(schemaPath: schemaPath, compile: compile, root: root)
        } else {
            print("  generation skipped: \(schemaPath) is not present")
        }
        try typedAPI(seconds: seconds)
    }

    // MARK: - Generation

    private static func generation(schemaPath: String, compile: Bool, root: String) throws {
        var load: [Double] = [], model: [Double] = [], render: [Double] = [], total: [Double] = []
        var output: GeneratorOutput?
        for _ in 0..<5 {
            let start = ContinuousClock.now
            let (schema, _) = try Generator.load(path: schemaPath)
            let loaded = ContinuousClock.now
            let built = Generator.model(schema, options: GeneratorOptions(schemaName: "storefront.schema.json", schemaVersion: "2026-04"))
            let modelled = ContinuousClock.now
            output = Generator.render(built)
            let rendered = ContinuousClock.now
            load.append(ms(loaded - start))
            model.append(ms(modelled - loaded))
            render.append(ms(rendered - modelled))
            total.append(ms(rendered - start))
        }
        guard let output else { return }
        let bytes = output.files.reduce(0) { $0 + $1.contents.utf8.count }
        print("  generate the full schema: \(output.files.count) files, \(bytes / 1024) KB of Swift (median of 5)")
        print("    load (JSON, build, validate)  \(pad(format(median(load)), 8)) ms")
        print("    model                         \(pad(format(median(model)), 8)) ms")
        print("    render                        \(pad(format(median(render)), 8)) ms")
        print("    total                         \(pad(format(median(total)), 8)) ms   goal < 1000 ms: \(median(total) < 1000 ? "met" : "MISSED")")
        guard compile else { return }
        let script = root + "/Tests/Conformance/generator/full-schema.sh"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: script)
        process.arguments = [schemaPath]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = text.split(separator: "\n").last { $0.hasPrefix("compiled the generated module") }
        print("  compile (swift build, debug, the generated module alone): " + (line.map { String($0.dropFirst("compiled the generated module in ".count)) } ?? "failed:\n\(text)"))
    }

    // MARK: - Typed API against Codable

    private static func typedAPI(seconds: Double) throws {
        let id = GraphQL.ID(rawValue: "gid://shopify/Product/1")
        let buildRate = rate(seconds: seconds) {
            let query = seedQuery(id)
            blackHole(GraphQL.Operation(query).text().utf8.count)
        }
        print("  build the seed's product query and its text: \(format(buildRate)) queries/s")

        let data = Data(productResponse.utf8)
        let bytes = [UInt8](data)
        // Both sides check their result once, so neither measures a broken decode.
        let typed = try decodeTyped(bytes)
        let decoder = JSONDecoder.storefront
        let codable = try decoder.decode(CodableResponse.self, from: data)
        precondition(typed == codable.data.node.summary, "the two decoders disagree: \(typed) vs \(codable.data.node.summary)")

        let typedRate = rate(seconds: seconds) { blackHole((try? decodeTyped(bytes))?.variants ?? 0) }
        let codableRate = rate(seconds: seconds) {
            blackHole((try? decoder.decode(CodableResponse.self, from: data))?.data.node.summary.variants ?? 0)
        }
        print("  decode a product response (\(data.count) bytes, 10 variants) and read every field:")
        print("    generated Storefront models   \(pad(format(typedRate), 10)) responses/s")
        print("    hand-written Codable structs  \(pad(format(codableRate), 10)) responses/s")
        print("    typed / Codable time          \(pad(format(codableRate / typedRate) + "×", 10))   goal ≤ 2×: \(codableRate / typedRate <= 2 ? "met" : "MISSED")")
    }

    static func seedQuery(_ id: GraphQL.ID) -> Storefront.QueryRootQuery {
        Storefront.buildQuery { $0
            .node(id: id) { $0
                .onProduct { $0
                    .id().title().handle().description().createdAt().tags().onlineStoreUrl()
                    .variants(first: 10) { $0
                        .nodes { $0
                            .id().title().availableForSale()
                            .price { $0.amount().currencyCode() }
                        }
                    }
                }
            }
        }
    }

    /// JSON bytes → generated models → every field read.
    static func decodeTyped(_ bytes: [UInt8]) throws -> ProductSummary {
        guard let data = try JSONParser().parse(bytes: bytes)["data"]?.objectValue else { throw BenchmarkError("no data") }
        let root = try Storefront.QueryRoot(fields: data)
        guard let product = root.node?.as(Storefront.Product.self) else { throw BenchmarkError("not a product") }
        var total = Decimal(0)
        var available = 0
        for variant in product.variants.nodes {
            total += variant.price.amount
            if variant.availableForSale { available += 1 }
            blackHole(variant.id.rawValue.utf8.count + variant.title.utf8.count + variant.price.currencyCode.rawValue.utf8.count)
        }
        blackHole(product.handle.utf8.count + product.description.utf8.count + product.tags.count)
        return ProductSummary(
            id: product.id.rawValue, title: product.title, created: product.createdAt, url: product.onlineStoreUrl,
            variants: product.variants.nodes.count, available: available, total: total)
    }

    struct ProductSummary: Equatable {
        var id: String
        var title: String
        var created: Date
        var url: URL?
        var variants: Int
        var available: Int
        var total: Decimal
    }

    // MARK: - Measuring

    static func rate(seconds: Double, _ body: () -> Void) -> Double {
        for _ in 0..<100 { body() }
        var count = 0
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            for _ in 0..<50 { body() }
            count += 50
        }
        return Double(count) / (ms(ContinuousClock.now - start) / 1000)
    }

    static func ms(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func median(_ values: [Double]) -> Double { GraphQLBenchmark.median(values) }
    static func format(_ value: Double) -> String { GraphQLBenchmark.format(value) }
    static func pad(_ text: String, _ width: Int) -> String { GraphQLBenchmark.pad(text, width) }
}
