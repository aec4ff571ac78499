import Buy
import BuyflowCore
import BuyflowReport
import BuyflowRunner
import BuyflowWorkflow
import Foundation
import SampleShop
import Synchronization

/// The engine half of `buyflow-bench run`: `WorkflowRunner` over a `Graph.StubTransport`
/// (fixed small JSON answers, no network), so what is timed is the runner's own work per
/// step — templates, the `Graph.Client` request and response handling, assertions,
/// captures, attempt and step reports, redaction — plus the JSON report's encoding.
struct EngineStepBenchmark {
    struct Row {
        var label: String
        /// Microseconds per step, one sample per run.
        var perStep: [Double]
        /// Requests per step (1, or 3 when polling).
        var requestsPerStep: Int
    }

    static let endpoint = URL(string: "http://shop.test/api/2026-04/graphql.json")!

    var steps: Int
    /// The step count of the short workflow shown beside (per-step cost grows with N).
    var shortSteps = 10
    var runs: Int
    var warmups: Int
    var directory: URL

    /// Loads both generated workflows (0 diagnostics), then times each case run by run.
    func measure() async throws -> (rows: [Row], encoding: [Double]) {
        let simple = try load(RunCorpus.simple(steps: steps), name: "engine-steps.yaml")
        let polling = try load(RunCorpus.polling(steps: steps), name: "engine-polls.yaml")
        let short = try load(RunCorpus.simple(steps: shortSteps), name: "engine-steps-short.yaml")

        var simpleManual: [Double] = []
        var simpleSystem: [Double] = []
        var pollManual: [Double] = []
        var shortManual: [Double] = []
        var shortSystem: [Double] = []
        var encoding: [Double] = []
        for index in 0..<(warmups + runs) {
            let timed = index >= warmups
            let (manual, report) = try await time(simple, clock: ManualRunnerClock(), polling: false)
            let (system, _) = try await time(simple, clock: SystemRunnerClock(), polling: false)
            let (poll, _) = try await time(polling, clock: ManualRunnerClock(), polling: true)
            let (shortOnManual, _) = try await time(short, clock: ManualRunnerClock(), polling: false, steps: shortSteps)
            let (shortOnSystem, _) = try await time(short, clock: SystemRunnerClock(), polling: false, steps: shortSteps)
            let start = ContinuousClock.now
            let bytes = report.prettyJSON()
            let encoded = GraphQLBenchmark.milliseconds(since: start)
            precondition(bytes.count > steps * 100)
            guard timed else { continue }
            simpleManual.append(manual)
            simpleSystem.append(system)
            pollManual.append(poll)
            shortManual.append(shortOnManual)
            shortSystem.append(shortOnSystem)
            encoding.append(encoded * 1000 / Double(steps))
        }
        return ([
            Row(label: "simple step, ManualRunnerClock", perStep: simpleManual, requestsPerStep: 1),
            Row(label: "simple step, SystemRunnerClock", perStep: simpleSystem, requestsPerStep: 1),
            Row(label: "poll of 3 rounds, ManualRunnerClock", perStep: pollManual, requestsPerStep: 3),
            Row(label: "simple, \(shortSteps)-step workflow, Manual", perStep: shortManual, requestsPerStep: 1),
            Row(label: "simple, \(shortSteps)-step workflow, System", perStep: shortSystem, requestsPerStep: 1),
        ], encoding)
    }

    /// One run; microseconds per step and the report (checked: every step passed, and
    /// every request answered by the stub).
    private func time(_ workflow: Workflow, clock: any RunnerClock, polling: Bool, steps: Int? = nil) async throws -> (Double, RunReport) {
        let steps = steps ?? self.steps
        let counter = Atomic<Int>(0)
        let stub = Graph.StubTransport { _ in
            let number = counter.wrappingAdd(1, ordering: .relaxed).oldValue
            let text = polling ? RunCorpus.pollResponse(number) : RunCorpus.shopResponse
            return Graph.HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(text.utf8))
        }
        var options = RunOptions()
        options.clock = clock
        options.makeTransport = { _ in stub }
        let runner = WorkflowRunner(options: options)
        let target = RunTarget(endpoint: Self.endpoint)

        let start = ContinuousClock.now
        let reports = await runner.run(workflow, target: target)
        let microseconds = GraphQLBenchmark.milliseconds(since: start) * 1000 / Double(steps)

        guard let report = reports.first, reports.count == 1, report.status == .passed, report.steps.count == steps,
              report.steps.allSatisfy({ $0.status == .passed }) else {
            let failed = reports.first?.steps.first { $0.status != .passed }
            throw BenchmarkError("the engine run did not pass: \(failed.map { "\($0.name): \($0.failure?.message ?? "?")" } ?? "no report")")
        }
        let expected = steps * (polling ? 3 : 1)
        guard counter.load(ordering: .relaxed) == expected else {
            throw BenchmarkError("the engine run sent \(counter.load(ordering: .relaxed)) requests, expected \(expected)")
        }
        return (microseconds, report)
    }

    private func load(_ text: String, name: String) throws -> Workflow {
        let path = directory.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var options = WorkflowLoader.Options()
        options.sampleShopSchema = { SampleShop.storefrontSchema }
        let result = WorkflowLoader.load(path: path, options: options)
        guard result.diagnostics.isEmpty, let workflow = result.workflow else {
            print(DiagnosticRenderer(sources: result.sources).render(result.diagnostics))
            throw BenchmarkError("the generated \(name) does not load cleanly: \(result.diagnostics.count) diagnostics")
        }
        return workflow
    }
}
