import Buy
import BuyHTTP1
import BuyflowReport
import BuyflowRunner
import BuyflowWorkflow
import Foundation

/// Runs a workflow under load: the plan's VUs each run the steps (then `finally`) again and
/// again through `WorkflowRunner`, so every step, capture, assertion, policy, retry and poll
/// means what it means in `buyflow run`. Per VU and iteration: fresh captures, `vu`
/// (1-based) and `iteration` (that VU's, 0-based), and the data rows taken in turn (the
/// run's iteration n takes row n mod rows). Over `Graph.HTTP1Transport` the VUs run as
/// tasks on the transports' event loops (`eventLoops` of them), never a thread per VU.
///
///     let report = await LoadRunner(plan: plan, options: options).run(workflow, target: target)
public struct LoadRunner: Sendable {
    public var plan: LoadPlan
    /// How each iteration runs (environment, tags, transport, excerpts); `vu`, `iteration`
    /// and `observer` are set per iteration.
    public var options: RunOptions
    public var clock: any LoadClock
    public var progress: LoadProgress
    /// Event loops (each a `Graph.HTTP1Transport` with its own connections) the VUs are
    /// spread over, VU k on loop k mod n; one client per loop. Default: one per processor,
    /// at most 4.
    public var eventLoops = min(4, max(1, ProcessInfo.processInfo.activeProcessorCount))
    /// Called about every second while the run goes on (the console's live line).
    public var onTick: (@Sendable (LoadTick) -> Void)?

    public init(plan: LoadPlan, options: RunOptions = RunOptions(), clock: any LoadClock = SystemLoadClock(), progress: LoadProgress = LoadProgress()) {
        self.plan = plan
        self.options = options
        self.clock = clock
        self.progress = progress
    }

    /// Runs the load and returns its report (thresholds evaluated at the end; with
    /// `abortOnFail`, also each second, stopping at the first lasting breach).
    public func run(_ workflow: Workflow, target: RunTarget) async -> LoadReport {
        let runner = WorkflowRunner(options: options)
        var clients: [Graph.Client] = []
        var executors: [(any TaskExecutor)?] = []
        for _ in 0..<max(1, min(eventLoops, plan.vuLimit)) {
            let transport = options.makeTransport(target.endpoint)
            guard let loop = transport as? Graph.HTTP1Transport, let executor = loop.taskExecutor else {
                // No event loop of its own: one client for every VU.
                if clients.isEmpty {
                    clients.append(runner.makeClient(target, transport: transport))
                    executors.append(nil)
                }
                break
            }
            clients.append(runner.makeClient(target, transport: transport))
            executors.append(executor)
        }
        let recorder = MetricsRecorder(
            steps: Self.stepIDs(workflow.steps + workflow.finallySteps), operations: Self.operationNames(workflow.steps + workflow.finallySteps),
            clock: clock, progress: progress
        )
        let startedAt = Timestamp.now()
        let start = clock.now
        let scheduler = LoadScheduler(plan: plan, clock: clock, progress: progress)
        var baseOptions = self.options
        // The transport ends a request at its timeout itself: no timer task per request.
        if baseOptions.clock is SystemRunnerClock { baseOptions.racesTimeouts = false }
        // Only step ids, statuses, error kinds and assertions of the iteration's report are
        // read; a failed step, whose values the check samples keep, is still redacted.
        baseOptions.redactsReports = false
        let options = baseOptions
        let rows = workflow.rows
        let inputs = WorkflowRunner(options: options).prepareInputs(workflow)
        let watch = Watch(plan: plan, recorder: recorder, progress: progress, clock: clock, start: start, onTick: onTick)
        let watcher = Task { await watch.run() }
        let shared = clients
        await scheduler.run(on: executors) { iteration in
            let client = shared[(iteration.vu - 1) % shared.count]
            var iterationOptions = options
            iterationOptions.vu = iteration.vu
            iterationOptions.iteration = iteration.vuIteration
            let observer = IterationObserver(recorder: recorder, vu: iteration.vu, iteration: iteration.vuIteration)
            iterationOptions.observer = observer
            let row = rows.isEmpty ? nil : rows[iteration.index % rows.count]
            let report = await WorkflowRunner(options: iterationOptions).runIteration(workflow, target: target, client: client, row: row, inputs: inputs)
            return IterationOutcome(failed: report.status == .failed || report.status == .error, pause: observer.pause)
        }
        let elapsed = clock.now - start
        watcher.cancel()
        let breach = await watcher.value
        return LoadReportBuilder.report(
            workflow: WorkflowInfo(name: workflow.name, file: workflow.file),
            target: TargetInfo(url: target.shownURL, apiVersion: target.apiVersion),
            profile: plan.reportProfile, thresholds: plan.thresholds, metrics: recorder.snapshot(), elapsed: elapsed,
            startedAt: startedAt, breach: breach
        )
    }

    static func stepIDs(_ steps: [Step]) -> [String] {
        steps.flatMap { step -> [String] in
            if case .use(let call) = step.body { return stepIDs(call.stepsFile.steps) }
            return step.body.operation == nil ? [] : [step.id]
        }
    }

    static func operationNames(_ steps: [Step]) -> [String] {
        steps.flatMap { step -> [String] in
            if case .use(let call) = step.body { return operationNames(call.stepsFile.steps) }
            return step.body.operation?.name.map { [$0] } ?? []
        }
    }
}

/// What the live line shows each second.
public struct LoadTick: Sendable {
    public var elapsed: Duration
    public var activeVUs: Int
    /// Requests finished in the last whole second.
    public var requestsPerSecond: Int
    public var p95: Duration
    public var requests: Int
    public var errors: Int
    public var throttled: Int
}

/// Each second: the live tick, and with `abortOnFail` the threshold watch.
private struct Watch: Sendable {
    var plan: LoadPlan
    var recorder: MetricsRecorder
    var progress: LoadProgress
    var clock: any LoadClock
    var start: Duration
    var onTick: (@Sendable (LoadTick) -> Void)?

    /// Returns the breach that stopped the run, if one did.
    func run() async -> ThresholdResult? {
        guard onTick != nil || (plan.abortOnFail && !plan.thresholds.isEmpty) else { return nil }
        while !Task.isCancelled {
            do { try await ContinuousClock().sleep(for: .seconds(1)) } catch { return nil }
            let elapsed = clock.now - start
            if let onTick {
                let live = recorder.live()
                onTick(LoadTick(
                    elapsed: elapsed, activeVUs: progress.activeVUs, requestsPerSecond: live.lastSecond?.requests ?? 0,
                    p95: live.p95, requests: live.requests, errors: live.errors, throttled: live.throttled
                ))
            }
            if plan.abortOnFail, !plan.thresholds.isEmpty,
               let breach = ThresholdEvaluator.breach(plan.thresholds, on: recorder.snapshot(), elapsed: elapsed) {
                progress.stop()
                return breach
            }
        }
        return nil
    }
}
