import BuyflowCore
import BuyflowExpressions
import BuyflowWorkflow
import Foundation
import GraphQLKit
import SampleShop
import YAML

/// `buyflow-bench workflow [--runs N] [--steps N] [--uses N] [--no-python] [--no-stages]
/// [--keep-files] [--schema-json F] [--only checkout|reuse]`: generates a
/// 500-step checkout workflow and a workflow of 50 `use` steps (plus its steps file),
/// checks that both load with no diagnostic, then times `WorkflowLoader.load` — every
/// static check, GraphQL validation against the sample shop's schema included — next to
/// PyYAML's `CLoader` merely loading the same files, interleaved run by run. Prints the
/// median and min of each, the ratio, whether the goal (buyflow ≤ 0.5 × PyYAML) is met,
/// and a breakdown of buyflow's time into stages timed on their own.
enum WorkflowBenchmark {
    static let goal = 0.5

    static func run(_ arguments: [String]) async throws {
        let withPython = !arguments.contains("--no-python")
        let withStages = !arguments.contains("--no-stages")
        let keepFiles = arguments.contains("--keep-files")
        var options = BenchmarkArguments(arguments.filter { !["--no-python", "--no-stages", "--keep-files"].contains($0) })
        let runs = max(1, Int(options.value("--runs") ?? "15") ?? 15)
        let stepCount = max(1, Int(options.value("--steps") ?? "500") ?? 500)
        let useCount = max(1, Int(options.value("--uses") ?? "50") ?? 50)
        let referenceSchema = options.value("--schema-json") ?? "../shared/storefront/storefront.schema.json"
        /// `--only reuse`: time only the cases whose label starts with this (for profiling one of them).
        let only = options.value("--only")
        try options.finish()

        // Schema: loaded once, outside the timings, but timed on its own.
        let embeddedStart = ContinuousClock.now
        let schema = SampleShop.storefrontSchema
        let embeddedMs = GraphQLBenchmark.milliseconds(since: embeddedStart)
        var sdlTimes: [Double] = []
        let sdlPath = "samples/storefront.graphql"
        if FileManager.default.fileExists(atPath: sdlPath) {
            for _ in 0..<5 {
                let start = ContinuousClock.now
                _ = try Schema.load(path: sdlPath)
                sdlTimes.append(GraphQLBenchmark.milliseconds(since: start))
            }
        }

        // Inputs.
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("buyflow-bench-workflow-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("steps"), withIntermediateDirectories: true)
        defer { if !keepFiles { try? FileManager.default.removeItem(at: directory) } }
        if keepFiles { print("  generated files kept in \(directory.path)") }
        let checkout = WorkflowCorpus.checkout(steps: stepCount)
        let stepsFile = WorkflowCorpus.stepsFile()
        let reuse = WorkflowCorpus.reuse(uses: useCount, stepsPath: "steps/add-to-cart.yaml")
        let checkoutPath = directory.appendingPathComponent("checkout-\(stepCount).yaml").path
        let stepsPath = directory.appendingPathComponent("steps/add-to-cart.yaml").path
        let reusePath = directory.appendingPathComponent("reuse-\(useCount).yaml").path
        try Data(checkout.text.utf8).write(to: URL(fileURLWithPath: checkoutPath))
        try Data(stepsFile.text.utf8).write(to: URL(fileURLWithPath: stepsPath))
        try Data(reuse.text.utf8).write(to: URL(fileURLWithPath: reusePath))

        var loaderOptions = WorkflowLoader.Options()
        loaderOptions.sampleShopSchema = { schema }
        let allCases = [
            Case(label: "checkout-\(stepCount).yaml", path: checkoutPath, files: [checkoutPath], corpora: [checkout],
                 what: "\(checkout.steps) steps, \(kilobytes(checkout.text)) KB"),
            Case(label: "reuse-\(useCount).yaml", path: reusePath, files: [reusePath, stepsPath], corpora: [reuse, stepsFile],
                 what: "\(reuse.steps) steps (\(useCount) 'use'), \(kilobytes(reuse.text)) KB + steps file \(kilobytes(stepsFile.text)) KB"),
        ]
        let cases = allCases.filter { item in only.map { item.label.hasPrefix($0) } ?? true }
        guard !cases.isEmpty else { throw BenchmarkError("--only \(only ?? ""): no case starts with it (\(allCases.map(\.label).joined(separator: ", ")))") }

        print("workflow: WorkflowLoader.load (every static check) vs PyYAML CLoader's yaml.load alone; \(runs) runs each, interleaved")
        print("  schema: sample shop's, embedded SDL built on first use in \(format(embeddedMs)) ms"
            + (sdlTimes.isEmpty ? "" : "; Schema.load(\(sdlPath)) median \(format(Timing(sdlTimes).median)) ms")
            + " (outside the timings)")
        print(try publishedSchemaLine(runs: 7, reference: referenceSchema))
        for item in cases {
            // Zero diagnostics before anything is timed.
            let result = WorkflowLoader.load(path: item.path, options: loaderOptions)
            guard result.diagnostics.isEmpty, result.workflow != nil else {
                print(DiagnosticRenderer(sources: result.sources).render(result.diagnostics))
                throw BenchmarkError("the generated \(item.label) does not load cleanly: \(result.diagnostics.count) diagnostics")
            }
            print("  \(item.label): \(item.what), \(item.operations) operations, \(item.expressions) expressions, \(item.templates) templates; 0 diagnostics")
        }

        var reason = ""
        let python = withPython ? PythonYAMLLoads(groups: cases.map(\.files), reason: &reason) : nil
        if withPython, python == nil { print("  PyYAML CLoader: skipped: \(reason)") }
        if let python { print("  reference: \(python.banner), yaml.load(f, Loader=yaml.CLoader) timed inside python3") }

        // Warm-up, then the runs interleaved so a busy machine slows both sides alike.
        for item in cases { _ = WorkflowLoader.load(path: item.path, options: loaderOptions) }
        let timers = cases.map { StageTimer(files: $0.files, corpora: $0.corpora, schema: schema) }
        var ours: [[Double]] = cases.map { _ in [] }
        var theirs: [[Double]] = cases.map { _ in [] }
        /// Per case: YAML, GraphQL, expressions.
        var stages: [[[Double]]] = cases.map { _ in [[], [], []] }
        for _ in 0..<runs {
            for (index, item) in cases.enumerated() {
                let start = ContinuousClock.now
                let result = WorkflowLoader.load(path: item.path, options: loaderOptions)
                ours[index].append(GraphQLBenchmark.milliseconds(since: start))
                precondition(result.workflow != nil)
                guard withStages else { continue }
                stages[index][0].append(timers[index].yaml())
                stages[index][1].append(timers[index].graphql())
                stages[index][2].append(timers[index].expressions())
            }
            if let python {
                for (index, time) in python.runOnce().enumerated() where index < theirs.count { theirs[index].append(time) }
            }
        }
        python?.finish()

        print("")
        print("  file                  buyflow ms med / min    PyYAML CLoader ms med / min    buyflow/PyYAML    goal ≤ \(format(goal))×")
        for (index, item) in cases.enumerated() {
            let mine = Timing(ours[index])
            var line = "  " + item.label.padding(toLength: 20, withPad: " ", startingAt: 0)
                + "  " + pad(format(mine.median), 9) + " / " + pad(format(mine.min), 8)
            if python != nil, !theirs[index].isEmpty {
                let reference = Timing(theirs[index])
                let ratio = mine.median / reference.median
                line += "    " + pad(format(reference.median), 13) + " / " + pad(format(reference.min), 9)
                    + "    " + pad(format(ratio) + "× (min " + format(mine.min / reference.min) + "×)", 18)
                    + "   " + (ratio <= goal ? "met" : "missed (needs ≤ \(format(goal * reference.median)) ms)")
            } else {
                line += "    " + pad("n/a", 13) + "   " + pad("", 9) + "    " + pad("n/a", 18) + "   n/a (no PyYAML CLoader)"
            }
            print(line)
        }

        if python != nil {
            print("  paired: each load against python's load of the same round (a busy machine slows both alike), median of the ratios:")
            for (index, item) in cases.enumerated() where !theirs[index].isEmpty {
                let ratios = zip(ours[index], theirs[index]).map { $0 / $1 }
                print("  " + item.label.padding(toLength: 20, withPad: " ", startingAt: 0) + "  " + format(Timing(ratios).median) + "×")
            }
        }
        guard withStages else { return }
        print("")
        print("  stage breakdown of the load: each stage timed alone on the same inputs, interleaved with the runs above (medians);")
        print("  GraphQL: OperationCheck with one memo, as a load does (a repeated or renamed operation is not checked again);")
        print("  expressions: each distinct text parsed once, as a load does. The rest is the loader's own work: reader and")
        print("  key specs, variable checks, paths into selection sets, the flow check, source maps, the Workflow model")
        for (index, item) in cases.enumerated() {
            let total = Timing(ours[index]).median
            let reference = theirs[index].isEmpty ? Double.nan : Timing(theirs[index]).median
            let medians = stages[index].map { Timing($0).median }
            print("  " + item.label.padding(toLength: 42, withPad: " ", startingAt: 0) + pad("ms", 9) + "  of buyflow    × PyYAML")
            for (name, value) in [
                ("read + YAML parse (located tree)", medians[0]),
                ("GraphQL checks (\(item.operations) ops, memo)", medians[1]),
                ("expressions + templates (distinct)", medians[2]),
                ("rest of the loader", total - medians.reduce(0, +)),
                ("total", total),
            ] {
                print("    " + name.padding(toLength: 40, withPad: " ", startingAt: 0) + pad(format(value), 9)
                    + pad(String(format: "%.0f %%", 100 * value / total), 12)
                    + pad(reference.isFinite ? format(value / reference) + "×" : "n/a", 11))
            }
        }
    }

    // MARK: - Cases

    struct Case {
        var label: String
        /// The workflow file given to the loader.
        var path: String
        /// Every file it reads (what PyYAML loads too).
        var files: [String]
        var corpora: [WorkflowCorpus]
        var what: String

        var operations: Int { corpora.reduce(0) { $0 + $1.operations.count } }
        var expressions: Int { corpora.reduce(0) { $0 + $1.expressions.count } }
        var templates: Int { corpora.reduce(0) { $0 + $1.templates.count } }
    }

    struct Timing {
        var median: Double
        var min: Double

        init(_ samples: [Double]) {
            let sorted = samples.sorted()
            median = sorted.isEmpty ? .nan : sorted[sorted.count / 2]
            min = sorted.first ?? .nan
        }
    }

    // MARK: - Output

    static func kilobytes(_ text: String) -> String { format(Double(text.utf8.count) / 1024) }

    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "n/a" }
        return String(format: value >= 100 ? "%.1f" : value >= 10 ? "%.2f" : "%.3f", value)
    }

    static func pad(_ text: String, _ width: Int) -> String { GraphQLBenchmark.pad(text, width) }
}
