import Foundation

/// `buyflow-bench startup [--runs N] [--buyflow PATH] [--workflow PATH]`: with `hyperfine`,
/// a fresh-process `buyflow validate workflows/checkout.yaml` against `buyflow --version` of
/// the same binary, interleaved by hyperfine in one run. Goal: validation costs less than
/// the process start (validate ≤ 2 × --version).
enum StartupBenchmark {
    static let goal = 2.0

    static func run(_ arguments: [String]) async throws {
        var options = BenchmarkArguments(arguments)
        let runs = max(3, Int(options.value("--runs") ?? "50") ?? 50)
        let buyflow = options.value("--buyflow") ?? RunBenchmark.defaultBuyflow()
        let workflow = options.value("--workflow") ?? "workflows/checkout.yaml"
        try options.finish()
        guard let hyperfine = ["/usr/bin/hyperfine", "/usr/local/bin/hyperfine"].first(where: FileManager.default.isExecutableFile)
        else { throw BenchmarkError("needs hyperfine (apt-get install hyperfine)") }
        guard FileManager.default.isExecutableFile(atPath: buyflow) else {
            throw BenchmarkError("no \(buyflow): build it first (swift build -c release --static-swift-stdlib --product buyflow)")
        }
        let export = FileManager.default.temporaryDirectory.appendingPathComponent("buyflow-bench-startup-\(getpid()).json")
        defer { try? FileManager.default.removeItem(at: export) }
        let outcome = try Subprocess.run([
            hyperfine, "--style", "none", "--warmup", "5", "--runs", String(runs), "--export-json", export.path,
            "-N", "\(buyflow) --version", "\(buyflow) validate \(workflow)",
        ])
        guard outcome.status == 0 else { throw BenchmarkError("hyperfine exited with \(outcome.status)") }
        struct Result: Decodable { var command: String; var mean: Double; var median: Double; var min: Double }
        struct Export: Decodable { var results: [Result] }
        let results = try JSONDecoder().decode(Export.self, from: Data(contentsOf: export)).results
        guard results.count == 2 else { throw BenchmarkError("hyperfine gave \(results.count) results") }
        print("startup: fresh processes of \(buyflow), \(runs) runs each (hyperfine)")
        for (label, result) in zip(["buyflow --version", "buyflow validate \(workflow)"], results) {
            print("  " + label.padding(toLength: 48, withPad: " ", startingAt: 0)
                + String(format: "median %7.2f ms   min %7.2f ms", result.median * 1000, result.min * 1000))
        }
        let ratio = results[1].median / results[0].median
        print(String(format: "  validate / --version: %.2f× (median), %.2f× (min); goal ≤ %.1f×: ", ratio, results[1].min / results[0].min, goal)
            + (ratio <= goal ? "met" : "missed"))
    }
}
