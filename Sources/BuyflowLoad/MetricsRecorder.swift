import BuyflowCore
import BuyflowReport
import Synchronization

/// Collects a load run's metrics from every VU, thread-safe. A request (an attempt: a
/// retry or a poll round is another) is recorded in its step's, its operation's and the
/// run's scope and in the second it ended in; it counts as
/// - throttled (not an error) when the answer is a 429, `SubmitThrottled` or a `THROTTLED`
///   user error;
/// - an error when it failed at the transport (`http503`, `network`, `timeout`, …), or when
///   it is the last request of a step whose checks failed (`graphql`, `userErrors`,
///   `assertion`, `poll`, …).
public final class MetricsRecorder: Sendable {
    /// What one request did.
    public enum Outcome: Sendable, Hashable {
        case ok
        case throttled
        case error(String)
    }

    private struct State {
        var metrics = LoadMetrics()
        var steps: [String: Int] = [:]
        var stepScopes: [ScopeMetrics] = []
        var stepIDs: [String] = []
        var operations: [String: Int] = [:]
        var operationScopes: [ScopeMetrics] = []
        var operationNames: [String] = []
        var checks: [LoadCheck] = []
        /// Steps finished (not skipped) by id: the evaluations of a step's own condition.
        var stepRuns: [String: Int] = [:]
    }

    private let state: Mutex<State>
    private let clock: any LoadClock
    private let start: Duration
    private let progress: LoadProgress?

    /// - Parameters:
    ///   - steps: step ids in workflow order (the report keeps it).
    ///   - operations: operation names in workflow order.
    ///   - clock: the schedule's clock; seconds of the timeline count from now.
    public init(steps: [String] = [], operations: [String] = [], clock: any LoadClock, progress: LoadProgress? = nil) {
        var initial = State()
        for id in steps where initial.steps[id] == nil {
            initial.steps[id] = initial.stepIDs.count
            initial.stepIDs.append(id)
            initial.stepScopes.append(ScopeMetrics())
        }
        for name in operations where initial.operations[name] == nil {
            initial.operations[name] = initial.operationNames.count
            initial.operationNames.append(name)
            initial.operationScopes.append(ScopeMetrics())
        }
        state = Mutex(initial)
        self.clock = clock
        start = clock.now
        self.progress = progress
    }

    /// Records one request of step `step` (operation `operation`) that took `duration`.
    public func record(step: String, operation: String?, duration: Duration, outcome: Outcome, connect: Duration? = nil, firstByte: Duration? = nil) {
        let second = Self.second(clock.now - start)
        let vus = progress?.activeVUs ?? 0
        state.withLock { state in
            let nanoseconds = Self.nanoseconds(duration)
            state.metrics.all.latency.record(nanoseconds: nanoseconds)
            let stepIndex = Self.index(of: step, in: &state.steps, names: &state.stepIDs, scopes: &state.stepScopes)
            state.stepScopes[stepIndex].latency.record(nanoseconds: nanoseconds)
            var operationIndex: Int?
            if let operation {
                operationIndex = Self.index(of: operation, in: &state.operations, names: &state.operationNames, scopes: &state.operationScopes)
                state.operationScopes[operationIndex!].latency.record(nanoseconds: nanoseconds)
            }
            if let connect { state.metrics.connect.record(connect) }
            if let firstByte { state.metrics.firstByte.record(firstByte) }
            var entry = state.metrics[second: second]
            entry.requests += 1
            entry.vus = max(entry.vus, vus)
            switch outcome {
            case .ok:
                break
            case .throttled:
                entry.throttled += 1
                state.metrics.all.throttled += 1
                state.stepScopes[stepIndex].throttled += 1
                if let operationIndex { state.operationScopes[operationIndex].throttled += 1 }
            case .error(let key):
                entry.errors += 1
                state.metrics.all.errors[key, default: 0] += 1
                state.stepScopes[stepIndex].errors[key, default: 0] += 1
                if let operationIndex { state.operationScopes[operationIndex].errors[key, default: 0] += 1 }
            }
            state.metrics[second: second] = entry
        }
    }

    /// Turns the last recorded request of `step` from passed into an error `key` (its
    /// step's checks failed after the answer came).
    public func recordCheckFailure(step: String, operation: String?, key: String) {
        let second = Self.second(clock.now - start)
        state.withLock { state in
            state.metrics.all.errors[key, default: 0] += 1
            let stepIndex = Self.index(of: step, in: &state.steps, names: &state.stepIDs, scopes: &state.stepScopes)
            state.stepScopes[stepIndex].errors[key, default: 0] += 1
            if let operation {
                let index = Self.index(of: operation, in: &state.operations, names: &state.operationNames, scopes: &state.operationScopes)
                state.operationScopes[index].errors[key, default: 0] += 1
            }
            state.metrics[second: second].errors += 1
        }
    }

    /// Counts the checks of a finished step (one not skipped): each assertion passed or
    /// failed, and the step's own failure when it is not an assertion's (its request, a
    /// policy, its poll), keeping a few samples of each failure.
    public func recordChecks(of step: StepReport, vu: Int? = nil, iteration: Int? = nil) {
        guard step.status != .skipped else { return }
        let requestId = step.attempts.last?.requestId
        state.withLock { state in
            state.stepRuns[step.id, default: 0] += 1
            for assertion in step.assertions {
                let index = Self.check(step: step, kind: .assertion, expression: assertion.expression, location: assertion.location, in: &state.checks)
                if assertion.passed {
                    state.checks[index].passes += 1
                    continue
                }
                state.checks[index].fails += 1
                if state.checks[index].samples.count < LoadCheck.sampleLimit {
                    state.checks[index].keep(LoadCheckSample(
                        expected: assertion.expected, actual: assertion.actual, message: assertion.message, location: assertion.location,
                        requestId: requestId, vu: vu, iteration: iteration
                    ))
                }
            }
            guard let failure = step.failure, failure.kind != .assertion else { return }
            let location = failure.location ?? step.location
            let index = Self.check(step: step, kind: failure.kind, expression: LoadCheck.expression(for: failure.kind), location: location, in: &state.checks)
            state.checks[index].fails += 1
            if state.checks[index].samples.count < LoadCheck.sampleLimit {
                state.checks[index].keep(LoadCheckSample(
                    expected: failure.expected, actual: failure.actual, message: failure.message, location: location,
                    requestId: requestId, vu: vu, iteration: iteration
                ))
            }
        }
    }

    /// The index of the check, made when new; a workflow has a few, so a scan finds it.
    private static func check(step: StepReport, kind: ErrorKind, expression: String, location: SourceLocation?, in checks: inout [LoadCheck]) -> Int {
        if let index = checks.firstIndex(where: { $0.step == step.id && $0.expression == expression }) { return index }
        checks.append(LoadCheck(step: step.id, stepName: step.name, kind: kind, expression: expression, location: location))
        return checks.count - 1
    }

    /// Everything so far; scopes with no request are left out. Iterations come from the
    /// progress when there is one.
    public func snapshot() -> LoadMetrics {
        var metrics = state.withLock { state -> LoadMetrics in
            var metrics = state.metrics
            metrics.steps = OrderedMap(zip(state.stepIDs, state.stepScopes).filter { $0.1.requests > 0 })
            metrics.operations = OrderedMap(zip(state.operationNames, state.operationScopes).filter { $0.1.requests > 0 })
            // A step's own condition held each time the step ran without breaking it.
            metrics.checks = state.checks.map { check in
                var check = check
                if check.kind != .assertion { check.passes = max(0, (state.stepRuns[check.step] ?? 0) - check.fails) }
                return check
            }
            return metrics
        }
        if let progress {
            metrics.iterationsCompleted = progress.iterationsCompleted
            metrics.iterationsFailed = progress.iterationsFailed
            metrics.iterationsDropped = progress.iterationsDropped
        }
        return metrics
    }

    /// What the live line shows: requests and errors in the last whole second, and totals.
    public func live() -> (lastSecond: LoadSecond?, requests: Int, errors: Int, throttled: Int, p95: Duration) {
        let second = Self.second(clock.now - start)
        return state.withLock { state in
            let all = state.metrics.all
            let last = second > 0 && second - 1 < state.metrics.timeline.count ? state.metrics.timeline[second - 1] : nil
            return (last, all.requests, all.errorCount, all.throttled, all.latency.percentile(95))
        }
    }

    private static func index(of name: String, in indices: inout [String: Int], names: inout [String], scopes: inout [ScopeMetrics]) -> Int {
        // A workflow has a few steps: comparing names beats hashing them.
        if names.count <= 16, let index = names.firstIndex(of: name) { return index }
        if let index = indices[name] { return index }
        indices[name] = names.count
        names.append(name)
        scopes.append(ScopeMetrics())
        return names.count - 1
    }

    static func second(_ elapsed: Duration) -> Int { max(0, Int(elapsed.components.seconds)) }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }
}
