import BuyflowCore
import BuyflowRunner
import BuyflowWorkflow
import Foundation
import SampleShop

/// `buyflow-bench run [--steps N] [--runs N] [--e2e-runs N] [--buyflow PATH] [--workflow PATH]
/// [--engine-only] [--e2e-only]`, in one run:
///
/// 1. The engine: `WorkflowRunner` over a `Graph.StubTransport` answering a fixed small
///    JSON body, N simple query steps (one assertion, one capture each), timed per step on
///    `ManualRunnerClock` and on `SystemRunnerClock`; N steps polling 3 rounds on the manual
///    clock; the JSON report's encoding per step. Goal: < 20 µs per simple step.
/// 2. End to end: the release `buyflow run workflows/checkout.yaml --report json=<tmp>` as a
///    subprocess, beside a bash script that starts `buyflow serve`, POSTs the same 7 bodies
///    with curl and sleeps the same poll waits; both with and without the poll waits. Goal:
///    the whole run, shop start included, in less time than the shell loop.
enum RunBenchmark {
    static let stepGoal = 20.0

    static func run(_ arguments: [String]) async throws {
        let engineOnly = arguments.contains("--engine-only")
        let endToEndOnly = arguments.contains("--e2e-only")
        var options = BenchmarkArguments(arguments.filter { $0 != "--engine-only" && $0 != "--e2e-only" })
        let steps = max(1, Int(options.value("--steps") ?? "200") ?? 200)
        let runs = max(1, Int(options.value("--runs") ?? "21") ?? 21)
        let endToEndRuns = max(1, Int(options.value("--e2e-runs") ?? "11") ?? 11)
        let buyflow = options.value("--buyflow") ?? defaultBuyflow()
        let workflowPath = options.value("--workflow") ?? "workflows/checkout.yaml"
        try options.finish()

        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("buyflow-bench-run-\(ProcessInfo.processInfo.processIdentifier)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        if !endToEndOnly {
            let engine = EngineStepBenchmark(steps: steps, runs: runs, warmups: 3, directory: directory)
            let (rows, encoding) = try await engine.measure()
            printEngine(rows, encoding: encoding, steps: steps, runs: runs)
        }
        if !engineOnly {
            if !endToEndOnly { print("") }
            let endToEnd = EndToEndBenchmark(buyflow: buyflow, workflowPath: workflowPath, runs: endToEndRuns, directory: directory)
            try await endToEnd.run()
        }
    }

    /// `buyflow` next to this executable (both in `.build/release`).
    static func defaultBuyflow() -> String {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("buyflow").path
    }

    static func printEngine(_ rows: [EngineStepBenchmark.Row], encoding: [Double], steps: Int, runs: Int) {
        print("run, engine: WorkflowRunner on a Graph.StubTransport (fixed JSON answer, no network); \(steps) steps a run,")
        print("  \(runs) runs after 3 warm-up runs, interleaved; µs per step = run time / steps (median, min)")
        print("  a simple step: query Shop { shop { name } }, 1 assertion, 1 capture; a poll step: 3 requests (processing,")
        print("  processing, success) with interval data.cartCompletionAttempt.pollDelay (100 ms), waited on the manual clock")
        print("")
        print("  case                                    µs/step med / min    µs/request    goal < \(format(stepGoal)) µs/step")
        for row in rows {
            let timing = WorkflowBenchmark.Timing(row.perStep)
            let goal = row.requestsPerStep == 1
                ? (timing.median < stepGoal ? "met" : "missed")
                : "n/a (\(row.requestsPerStep) requests)"
            print("  " + row.label.padding(toLength: 38, withPad: " ", startingAt: 0)
                + pad(format(timing.median), 10) + " / " + pad(format(timing.min), 7)
                + pad(format(timing.median / Double(row.requestsPerStep)), 14) + "    " + goal)
        }
        let encoded = WorkflowBenchmark.Timing(encoding)
        print("  " + "+ JSON report encoding (prettyJSON)".padding(toLength: 38, withPad: " ", startingAt: 0)
            + pad(format(encoded.median), 10) + " / " + pad(format(encoded.min), 7) + pad("", 14) + "    (per simple step)")
        print("  the system clock is what `buyflow run` uses: requests go straight to the transport, which keeps their")
        print("  timeouts; the manual clock races a timer task beside each request. Medians swing with the machine's load.")
    }

    static func format(_ value: Double) -> String { WorkflowBenchmark.format(value) }

    static func pad(_ text: String, _ width: Int) -> String { GraphQLBenchmark.pad(text, width) }
}
