import BuyflowCore
import Foundation
import Synchronization
import YAML

/// A long step list read on two threads, each part by a session of its own, then put
/// together in order as if read by one.
///
/// A step's checks depend on nothing another step of the same list changes: the scope
/// is fixed, the schema and `documents:` are read before the steps, and the flow check
/// (which needs every step) runs after. What a step adds to the session — diagnostics,
/// flow records, files read, steps files loaded — is appended, so each later part's
/// additions go after the earlier's. Memos are caches: each part's session starts with a
/// copy of this one's. A steps file first used in two parts is loaded by both: its
/// diagnostics then come twice and `ordered` keeps one of each.
extension LoadSession {
    /// The steps of `items` read on two threads at once, or `nil` to read them on one
    /// (shorter than `WorkflowLoader.concurrentStepThreshold`, one core, or
    /// `Options.concurrent` off).
    ///
    /// This thread reads the first half; the worker reads the second from its front, one
    /// step at a time. Once done with its half, this thread takes steps from the back of
    /// what the worker has not reached — a third of what is left each time, each part
    /// by a copy of this session — so a worker that starts late or runs slow does not
    /// keep it waiting, and one that never starts costs a few parts, not dozens (each
    /// part's session copies the memos once). The parts are then joined in order: the
    /// first half, the worker's, those taken back.
    mutating func concurrentSteps(_ items: LocatedList, scope: ScopeContext) -> [Step]? {
        guard worthAThread(items.count) else { return nil }
        let middle = items.count / 2
        let mark = ForkMark(self)
        let frontier = Frontier(middle..<items.count)
        let fork = forked { session in
            var steps: [Step] = []
            while let index = frontier.takeFirst() {
                if let step = session.step(items[index], scope: scope) { steps.append(step) }
            }
            return steps
        }
        var steps: [Step] = []
        steps.reserveCapacity(items.count)
        for item in items[..<middle] { if let step = step(item, scope: scope) { steps.append(step) } }
        // From the back, while the worker reads on.
        var takenBack: [(session: LoadSession, steps: [Step])] = []
        let backMark = ForkMark(self)
        while let range = frontier.takeLast(minimum: Self.stepsTakenBack) {
            var copy = freshCopy()
            var part: [Step] = []
            for index in range { if let step = copy.step(items[index], scope: scope) { part.append(step) } }
            takenBack.append((copy, part))
        }
        // A worker that never started leaves nothing: every step was taken back.
        if let (session, workerSteps) = fork.join() {
            join(session, forkedAt: mark)
            steps.append(contentsOf: workerSteps)
        }
        for part in takenBack.reversed() {
            join(part.session, forkedAt: backMark)
            steps.append(contentsOf: part.steps)
        }
        return steps
    }

    /// The fewest steps this thread takes back from the worker's end at a time (each
    /// part is read by a session of its own, joined after).
    static let stepsTakenBack = 8

    /// The steps neither thread has taken yet: the worker takes from the front, this
    /// thread from the back.
    private final class Frontier: Sendable {
        private let bounds: Mutex<Range<Int>>

        init(_ range: Range<Int>) {
            bounds = Mutex(range)
        }

        func takeFirst() -> Int? {
            bounds.withLock { range in
                guard let first = range.first else { return nil }
                range = (first + 1)..<range.upperBound
                return first
            }
        }

        /// The last third of what is left (at least `minimum` steps, or all there is):
        /// large parts while the worker lags, smaller as the two meet, so few parts are
        /// made and the last ones balance the threads.
        func takeLast(minimum: Int) -> Range<Int>? {
            bounds.withLock { range in
                guard !range.isEmpty else { return nil }
                let count = max(minimum, range.count / 3)
                let start = max(range.lowerBound, range.upperBound - count)
                let taken = start..<range.upperBound
                range = range.lowerBound..<start
                return taken
            }
        }
    }

    /// Whether a list of `count` steps (or uses) is worth a second thread.
    func worthAThread(_ count: Int) -> Bool {
        options.concurrent && count >= WorkflowLoader.concurrentStepThreshold && Self.hasSecondProcessor
    }

    /// Asked once: on Linux, Foundation reads the process's CPU quota from cgroup files
    /// each time.
    static let hasSecondProcessor = ProcessInfo.processInfo.activeProcessorCount > 1

    /// A copy of this session whose diagnostics start empty: what a part read by it adds.
    func freshCopy() -> LoadSession {
        var copy = self
        copy.reader = DocumentReader(codePrefix: reader.codePrefix)
        return copy
    }

    /// Starts `work` on the worker (`LoadWorker`), on a `freshCopy()` of this session;
    /// `join()` waits for it and gives back the copy and the result, or — when the worker
    /// has not started it by then — cancels it and gives `nil`, so a late thread never
    /// keeps this one waiting.
    func forked<Value: Sendable>(_ work: @escaping @Sendable (inout LoadSession) -> Value) -> Fork<Value> {
        let copy = freshCopy()
        let fork = Fork<Value>()
        worker.run(after: options.workerDelayForTesting) { [copy] in
            guard fork.claim() else { return }
            var session = copy
            let value = work(&session)
            fork.store((session, value))
            fork.finish()
        }
        return fork
    }

    /// What the session held when it was forked: what the second session adds after it.
    private struct ForkMark {
        var scopes: Int
        var stepsPerScope: [Int]
        var settings: Int

        init(_ session: LoadSession) {
            scopes = session.flow.scopes.count
            stepsPerScope = session.flow.scopes.map(\.steps.count)
            settings = session.flow.settings.count
        }
    }

    /// Appends what `other`, forked from this session at `mark`, added since.
    private mutating func join(_ other: LoadSession, forkedAt mark: ForkMark) {
        reader.report(contentsOf: other.reader.diagnostics)
        for path in other.sourceOrder where sources[path] == nil {
            if let source = other.sources[path] { register(source) }
        }
        for (path, file) in other.stepsFiles where stepsFiles[path] == nil { stepsFiles[path] = file }
        operationMemo.cleanPaths.merge(other.operationMemo.cleanPaths) { mine, _ in mine }

        flow.settings.append(contentsOf: other.flow.settings[mark.settings...])
        // Steps added to scopes that existed at the fork, then the scopes opened since
        // (steps files first loaded by the other session), renumbered after this one's.
        for index in 0..<mark.scopes {
            flow.scopes[index].steps.append(contentsOf: other.flow.scopes[index].steps[mark.stepsPerScope[index]...])
        }
        for index in mark.scopes..<other.flow.scopes.count {
            var scope = other.flow.scopes[index]
            let number = flow.scopes.count
            for step in scope.steps.indices { scope.steps[step].scope = number }
            flow.scopes.append(scope)
        }
    }

    /// A forked session's work: its session and result, handed from its thread back.
    typealias Fork<Value: Sendable> = Handoff<(LoadSession, Value)>
}
