import Synchronization
import BuyflowCore

/// One iteration handed to the body: the VU running it (1-based), its number in the whole
/// run (0-based, in the order started) and its number for that VU (0-based).
public struct VUIteration: Sendable, Hashable {
    public var vu: Int
    public var index: Int
    public var vuIteration: Int
}

/// How an iteration went: failed or not, and how long the VU must wait before its next one
/// (a `Retry-After` the server sent with a throttled answer).
public struct IterationOutcome: Sendable, Hashable {
    public var failed: Bool
    public var pause: Duration?

    public init(failed: Bool, pause: Duration? = nil) {
        self.failed = failed
        self.pause = pause
    }
}

/// Runs a `LoadPlan`'s iterations as tasks (on `executor` when given — the client's event
/// loop — never a thread per VU), on `clock`. See `LoadPlan` for the closed and open models.
/// An iteration under way when the duration ends runs to its end.
public struct LoadScheduler: Sendable {
    public var plan: LoadPlan
    public var clock: any LoadClock
    public var progress: LoadProgress

    public init(plan: LoadPlan, clock: any LoadClock = SystemLoadClock(), progress: LoadProgress = LoadProgress()) {
        self.plan = plan
        self.clock = clock
        self.progress = progress
    }

    /// Runs every iteration of the plan through `body`; returns when the last has ended.
    public func run(
        on executor: (any TaskExecutor)? = nil, _ body: nonisolated(nonsending) @escaping @Sendable (VUIteration) async -> IterationOutcome
    ) async {
        await run(on: [executor], body)
    }

    /// Runs every iteration; VU k runs on `executors[(k − 1) mod count]` (one per event loop),
    /// `body` on the VU task's executor.
    public func run(
        on executors: [(any TaskExecutor)?], _ body: nonisolated(nonsending) @escaping @Sendable (VUIteration) async -> IterationOutcome
    ) async {
        let executors = executors.isEmpty ? [nil] : executors
        let start = clock.now
        let deadline = plan.duration.map { start + $0 }
        if plan.isOpen {
            await runOpen(start: start, deadline: deadline, executors: executors, body)
        } else {
            await runClosed(start: start, deadline: deadline, executors: executors, body)
        }
    }

    private func runClosed(
        start: Duration, deadline: Duration?, executors: [(any TaskExecutor)?],
        _ body: nonisolated(nonsending) @escaping @Sendable (VUIteration) async -> IterationOutcome
    ) async {
        let plan = plan
        let clock = clock
        let progress = progress
        clock.enter()
        await withTaskGroup(of: Void.self) { group in
            for vu in 1...plan.vus {
                let startAt = start + (plan.rampUp ?? .zero) * (vu - 1) / plan.vus
                clock.enter()
                group.addTask(executorPreference: executors[(vu - 1) % executors.count]) {
                    defer { clock.leave() }
                    await Self.wait(until: startAt, clock: clock, progress: progress, limit: plan.iterations)
                    if Task.isCancelled || progress.isStopped || deadline.map({ clock.now >= $0 }) == true { return }
                    progress.vuStarted()
                    defer { progress.vuEnded() }
                    var own = 0
                    while !Task.isCancelled, deadline.map({ clock.now < $0 }) ?? true,
                          let index = progress.takeIteration(limit: plan.iterations) {
                        let outcome = await body(VUIteration(vu: vu, index: index, vuIteration: own))
                        progress.finished(failed: outcome.failed)
                        own += 1
                        if let pause = outcome.pause, pause > .zero {
                            var until = clock.now + pause
                            if let deadline { until = min(until, deadline) }
                            await Self.wait(until: until, clock: clock, progress: progress, limit: plan.iterations)
                        }
                    }
                }
            }
            clock.leave()
        }
    }

    /// Sleeps until `time` in steps of at most 20 ms, returning early once the run is
    /// stopped or every iteration of `limit` has started (a VU still waiting for its ramp-up
    /// turn or a `Retry-After` then has nothing left to do).
    private static func wait(until time: Duration, clock: any LoadClock, progress: LoadProgress, limit: Int?) async {
        while clock.now < time, !Task.isCancelled, !progress.isStopped {
            if let limit, progress.iterationsStarted >= limit { return }
            do { try await clock.sleep(until: min(time, clock.now + .milliseconds(20))) } catch { return }
        }
    }

    private func runOpen(
        start: Duration, deadline: Duration?, executors: [(any TaskExecutor)?],
        _ body: nonisolated(nonsending) @escaping @Sendable (VUIteration) async -> IterationOutcome
    ) async {
        let plan = plan
        let clock = clock
        let progress = progress
        let rate = max(plan.arrivalRate ?? 1, 1e-9)
        let pool = VUPool(limit: plan.vuLimit)
        clock.enter()
        await withTaskGroup(of: Void.self) { group in
            var index = 0
            while !Task.isCancelled, !progress.isStopped {
                if let iterations = plan.iterations, index >= iterations { break }
                let due = start + (DurationText.seconds(Double(index) / rate) ?? DurationText.maximum)
                if let deadline, due >= deadline { break }
                if due > clock.now { try? await clock.sleep(until: due) }
                if Task.isCancelled || progress.isStopped { break }
                let number = index
                index += 1
                guard let (vu, own) = pool.take() else {
                    progress.drop()
                    continue
                }
                _ = progress.takeIteration(limit: nil)
                progress.vuStarted()
                clock.enter()
                group.addTask(executorPreference: executors[(vu - 1) % executors.count]) {
                    let outcome = await body(VUIteration(vu: vu, index: number, vuIteration: own))
                    progress.finished(failed: outcome.failed)
                    progress.vuEnded()
                    pool.give(vu)
                    clock.leave()
                }
            }
            clock.leave()
        }
    }
}

/// The open model's VUs: idle ones are reused (lowest number first), new ones made up to
/// the limit; each counts its own iterations.
final class VUPool: Sendable {
    private struct State {
        var idle: [Int] = []
        var made = 0
        var iterations: [Int: Int] = [:]
    }

    private let limit: Int
    private let state = Mutex(State())

    init(limit: Int) { self.limit = limit }

    /// A VU and its iteration number, `nil` when all `limit` are busy.
    func take() -> (vu: Int, iteration: Int)? {
        state.withLock { state in
            let vu: Int
            if let lowest = state.idle.indices.min(by: { state.idle[$0] < state.idle[$1] }) {
                vu = state.idle.remove(at: lowest)
            } else if state.made < limit {
                state.made += 1
                vu = state.made
            } else {
                return nil
            }
            let own = state.iterations[vu, default: 0]
            state.iterations[vu] = own + 1
            return (vu, own)
        }
    }

    func give(_ vu: Int) { state.withLock { $0.idle.append(vu) } }
}
