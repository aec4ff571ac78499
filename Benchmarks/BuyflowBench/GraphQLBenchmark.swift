import BuyflowCore
import Foundation
import GraphQLKit

/// GraphQLKit against graphql-core on the same inputs, in one run: the Storefront
/// introspection schema's load time, and documents parsed + validated per second over
/// the conformance corpus (valid and invalid documents alike, every rule).
///
///     swift run -c release buyflow-bench graphql [--schema FILE] [--corpus DIR] [--seconds S]
enum GraphQLBenchmark {
    static func run(_ arguments: [String]) async throws {
        var options = BenchmarkArguments(arguments)
        let root = FileManager.default.currentDirectoryPath
        let schemaPath = options.value("--schema") ?? root + "/../shared/storefront/storefront.schema.json"
        let corpusPath = options.value("--corpus") ?? root + "/Tests/Conformance/graphql/corpus"
        let seconds = Double(options.value("--seconds") ?? "3") ?? 3
        try options.finish()

        guard let schemaData = FileManager.default.contents(atPath: schemaPath) else {
            throw BenchmarkError("cannot read the schema at \(schemaPath) (the published Storefront schema lives in ../shared/storefront/)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: corpusPath).filter { $0.hasSuffix(".graphql") }.sorted()
        let documents = try names.map { try String(contentsOfFile: corpusPath + "/" + $0, encoding: .utf8) }
        guard !documents.isEmpty else { throw BenchmarkError("no .graphql documents in \(corpusPath)") }

        // Schema load: read the file, decode the JSON, build and validate the schema.
        var loadTimes: [Double] = []
        var schema: Schema?
        for _ in 0..<5 {
            let start = ContinuousClock.now
            let data = FileManager.default.contents(atPath: schemaPath) ?? schemaData
            schema = try Schema(introspectionJSON: data, path: schemaPath)
            loadTimes.append(milliseconds(since: start))
        }
        guard let schema else { return }

        // Throughput: cycle through the corpus for `seconds`.
        var count = 0
        var errors = 0
        let start = ContinuousClock.now
        let deadline = start + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            for text in documents {
                do {
                    let document = try Parser.parse(text)
                    errors += Validator.validate(document, against: schema).count
                } catch {
                    errors += 1
                }
                count += 1
            }
        }
        let elapsed = milliseconds(since: start) / 1000
        let ours = Double(count) / elapsed

        let python = try runPython(schemaPath: schemaPath, corpusPath: corpusPath, seconds: seconds)
        let theirsLoad = python["schema_load_ms"]?.doubleValue ?? .nan
        let theirsRate = python["documents_per_second"]?.doubleValue ?? .nan
        let version = python["version"]?.stringValue ?? "?"

        print("graphql: Storefront introspection schema (\(schemaData.count) bytes), \(documents.count) corpus documents, \(format(seconds)) s per side")
        print("                                        GraphQLKit     graphql-core \(version)      ratio")
        print("  schema load (median of 5, ms)   \(pad(format(median(loadTimes)), 14))   \(pad(format(theirsLoad), 14))   \(pad(format(theirsLoad / median(loadTimes)) + "×", 9))")
        print("  parse + validate (documents/s)  \(pad(format(ours), 14))   \(pad(format(theirsRate), 14))   \(pad(format(ours / theirsRate) + "×", 9))")
        print("  (diagnostics produced per pass: \(errors / max(1, count / documents.count)))")
    }

    private static func runPython(schemaPath: String, corpusPath: String, seconds: Double) throws -> JSONValue {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "Benchmarks/python/graphql_core_bench.py", schemaPath, corpusPath, "--seconds", String(seconds)]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchmarkError("graphql-core's side failed (exit \(process.terminationStatus)); is graphql-core installed? pip install graphql-core==3.2.8")
        }
        return try JSONParser(path: "graphql_core_bench.py output").parse(bytes: data)
    }

    static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let duration = ContinuousClock.now - start
        return Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        if value >= 100 { return String(Int(value.rounded())) }
        let scaled = (value * 100).rounded() / 100
        return String(scaled)
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}

/// `--name value` options of a suite; unknown options are errors.
struct BenchmarkArguments {
    private var words: [String]

    init(_ words: [String]) { self.words = words }

    mutating func value(_ name: String) -> String? {
        guard let index = words.firstIndex(of: name), index + 1 < words.count else { return nil }
        let value = words[index + 1]
        words.removeSubrange(index...(index + 1))
        return value
    }

    func finish() throws {
        if let extra = words.first { throw BenchmarkError("unknown argument '\(extra)'") }
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
