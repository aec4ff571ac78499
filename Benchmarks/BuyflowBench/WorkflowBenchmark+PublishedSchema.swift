import BuyflowWorkflow
import Foundation
import GraphQLKit

/// The `workflow` suite's line on the shipped Storefront schema: `PublishedSchema.load()`
/// (read the gzip resource, inflate, parse) against reading and parsing the same schema
/// uncompressed (how it was shipped before; `--schema-json <file>`, by default
/// `../shared/storefront/storefront.schema.json`), medians of `runs`.
extension WorkflowBenchmark {
    static func publishedSchemaLine(runs: Int, reference: String) throws -> String {
        var inflate: [Double] = []
        var load: [Double] = []
        var uncompressed: [Double] = []
        let hasReference = FileManager.default.fileExists(atPath: reference)
        for _ in 0..<runs {
            var start = ContinuousClock.now
            _ = try PublishedSchema.bytes()
            inflate.append(GraphQLBenchmark.milliseconds(since: start))
            start = ContinuousClock.now
            _ = try PublishedSchema.load()
            load.append(GraphQLBenchmark.milliseconds(since: start))
            if hasReference {
                start = ContinuousClock.now
                let data = try Data(contentsOf: URL(fileURLWithPath: reference))
                _ = try Schema.load(data: data, path: reference, format: .introspectionJSON)
                uncompressed.append(GraphQLBenchmark.milliseconds(since: start))
            }
        }
        return "  published schema: PublishedSchema.load() median \(format(Timing(load).median)) ms"
            + " (read + inflate \(format(Timing(inflate).median)) ms of it)"
            + (hasReference ? "; the uncompressed JSON read + parsed: \(format(Timing(uncompressed).median)) ms" : "")
            + " (\(runs) runs, outside the timings)"
    }
}
