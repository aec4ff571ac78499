import BuyflowCore
import BuyflowWorkflow
import Foundation
import LoopbackNginx
import SampleShop

/// The end-to-end half of `buyflow-bench run`: the release `buyflow run <checkout>
/// --report json=<tmp>` as a subprocess (process start, workflow load and checks, embedded
/// shop start, every step, the report written, shop stop) beside `CheckoutShellLoop`'s bash
/// script (bash start, `buyflow serve` start, the same 7 POSTs by curl, the same poll
/// waits, shop stop), each timed from spawn to exit. Then both again without the poll
/// waits: buyflow on a copy of the workflow whose poll interval is `0ms`, the script
/// without its sleeps (the shop counts polls, not time, so the answers are the same).
struct EndToEndBenchmark {
    var buyflow: String
    var workflowPath: String
    var runs: Int
    var directory: URL

    static let pollInterval = "interval: data.cartCompletionAttempt.pollDelay"

    private struct Case {
        var label: String
        var arguments: [String]
        var samples: [Double] = []
    }

    func run() async throws {
        guard FileManager.default.isExecutableFile(atPath: buyflow) else {
            throw BenchmarkError("no buyflow executable at \(buyflow): build it first (swift build -c release --product buyflow) or pass --buyflow PATH")
        }
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { throw BenchmarkError("the shell loop needs /bin/bash") }
        guard let curl = LoopbackNginx.which("curl") else { throw BenchmarkError("the shell loop needs curl on PATH") }
        guard let text = try? String(contentsOfFile: workflowPath, encoding: .utf8) else {
            throw BenchmarkError("cannot read \(workflowPath): run from the package root or pass --workflow PATH")
        }
        guard text.contains(Self.pollInterval) else { throw BenchmarkError("\(workflowPath) has no '\(Self.pollInterval)' line") }

        // The same requests buyflow sends, recorded from an in-process run.
        var loaderOptions = WorkflowLoader.Options()
        loaderOptions.sampleShopSchema = { SampleShop.storefrontSchema }
        let loaded = WorkflowLoader.load(path: workflowPath, options: loaderOptions)
        guard let workflow = loaded.workflow, !loaded.hasErrors else { throw BenchmarkError("\(workflowPath) does not load") }
        let loop = try await CheckoutShellLoop.record(workflow)
        let waits = loop.exchanges.filter { $0.waitBefore > .zero }
        let waitMs = Self.milliseconds(loop.totalWait)

        // Inputs: the scripts (checked once keeping the answers), the no-wait workflow copy.
        let noWaitPath = directory.appendingPathComponent("checkout-no-wait.yaml").path
        try text.replacingOccurrences(of: Self.pollInterval, with: "interval: 0ms").write(toFile: noWaitPath, atomically: true, encoding: .utf8)
        let report = directory.appendingPathComponent("report.json").path
        var scripts: [String] = []
        for waits in [true, false] {
            let checked = directory.appendingPathComponent("check-\(waits).sh").path
            try loop.script(buyflow: buyflow, directory: directory, waits: waits, responses: true).write(toFile: checked, atomically: true, encoding: .utf8)
            let log = directory.appendingPathComponent("check.log").path
            let outcome = try Subprocess.run(["/bin/bash", checked], stderr: log)
            guard outcome.status == 0 else {
                throw BenchmarkError("the shell loop failed (exit \(outcome.status)): \((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
            }
            try loop.check(directory: directory)
            let timed = directory.appendingPathComponent("loop-\(waits).sh").path
            try loop.script(buyflow: buyflow, directory: directory, waits: waits, responses: false).write(toFile: timed, atomically: true, encoding: .utf8)
            scripts.append(timed)
        }
        var cases = [
            Case(label: "buyflow run checkout.yaml --report json=…", arguments: [buyflow, "run", workflowPath, "--report", "json=" + report]),
            Case(label: "shell: buyflow serve + \(loop.exchanges.count) curl + \(waits.count) sleep", arguments: ["/bin/bash", scripts[0]]),
            Case(label: "buyflow run, poll interval 0ms (a copy)", arguments: [buyflow, "run", noWaitPath, "--report", "json=" + report]),
            Case(label: "shell: the same without the sleeps", arguments: ["/bin/bash", scripts[1]]),
            Case(label: "buyflow validate checkout.yaml (no shop)", arguments: [buyflow, "validate", workflowPath]),
        ]
        // A warm-up round that also checks every command succeeds and the report passed.
        for item in cases {
            let log = directory.appendingPathComponent("warmup.log").path
            let outcome = try Subprocess.run(item.arguments, stdout: log, stderr: log)
            guard outcome.status == 0 else {
                throw BenchmarkError("'\(item.arguments.joined(separator: " "))' exited \(outcome.status):\n\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
            }
            if item.arguments.contains(report) { try checkReport(report) }
        }
        for _ in 0..<runs {
            for index in cases.indices {
                let outcome = try Subprocess.run(cases[index].arguments)
                guard outcome.status == 0 else { throw BenchmarkError("'\(cases[index].label)' exited \(outcome.status)") }
                cases[index].samples.append(outcome.milliseconds)
            }
        }

        let curlVersion = (try? shell([curl, "--version"]).split(separator: " ").prefix(2).joined(separator: " ")) ?? "curl"
        print("run, end to end: wall time from spawn to exit, \(runs) runs each after a checked warm-up, interleaved")
        print("  buyflow: \(buyflow)")
        print("  both sides start a sample shop (buyflow run: the embedded one, in-process; the shell: 'buyflow serve --port 0'")
        print("  in the background, its URL read from its first line, killed at the end), send the same \(loop.exchanges.count) POST bodies")
        print("  (recorded from buyflow's own run; the shell's shop has --seed \(CheckoutShellLoop.seed), so the literal cart and attempt IDs")
        print("  are the ones it hands out, and curl's answers were checked equal to buyflow's) and wait the same poll waits:")
        let waitList = waits.map { RunBenchmark.format(Self.milliseconds($0.waitBefore)) + " ms" }.joined(separator: " + ")
        print("  \(waitList) (the pollDelay of CartCompletionProcessing; buyflow waits on SystemRunnerClock, the shell runs")
        print("  'sleep'). curl: \(curlVersion), one process per request. 'minus waits' subtracts \(RunBenchmark.format(waitMs)) ms from both")
        print("")
        print("  command                                        ms median       min    minus waits")
        for (index, item) in cases.enumerated() {
            if index == 2 { print("  without the poll waits:") }
            if index == 4 { print("  for scale:") }
            let timing = WorkflowBenchmark.Timing(item.samples)
            let net = index < 2 ? RunBenchmark.format(timing.median - waitMs) : ""
            print("  " + item.label.padding(toLength: 44, withPad: " ", startingAt: 0)
                + RunBenchmark.pad(RunBenchmark.format(timing.median), 12) + RunBenchmark.pad(RunBenchmark.format(timing.min), 10)
                + RunBenchmark.pad(net, 15))
            if index == 1 || index == 3 {
                let ours = WorkflowBenchmark.Timing(cases[index - 1].samples)
                let ratio = ours.median / timing.median
                print("    buyflow / shell: " + RunBenchmark.format(ratio) + "× (min " + RunBenchmark.format(ours.min / timing.min) + "×)"
                    + (index == 1 ? "; goal < 1× (the whole run, shop start included): " + (ratio < 1 ? "met" : "missed") : "")
                    + (index == 1 ? "; without the \(RunBenchmark.format(waitMs)) ms of waits: " + RunBenchmark.format((ours.median - waitMs) / (timing.median - waitMs)) + "×" : ""))
            }
        }
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    }

    /// The JSON report the run wrote says passed.
    private func checkReport(_ path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else { throw BenchmarkError("buyflow run wrote no report at \(path)") }
        let json = try JSONParser(path: path).parse(bytes: data)
        guard json["status"]?.stringValue == "passed" else { throw BenchmarkError("the report at \(path) does not say passed") }
    }

    /// A command's standard output.
    private func shell(_ arguments: [String]) throws -> String {
        let path = directory.appendingPathComponent("shell.out").path
        _ = try Subprocess.run(arguments, stdout: path)
        return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }
}
