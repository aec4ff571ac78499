import BuyflowCore
import Foundation
import Synchronization
import YAML

/// A long step list read on two threads: the first half here, the second on a thread of
/// its own, each by a session of its own, then put together in order as if read by one.
///
/// A step's checks depend on nothing another step of the same list changes: the scope
/// is fixed, the schema and `documents:` are read before the steps, and the flow check
/// (which needs every step) runs after. What a step adds to the session — diagnostics,
/// flow records, files read, steps files loaded — is appended, so the second session's
/// additions go after the first's. Memos are caches: the second session starts with a
/// copy of this one's. A steps file first used in both halves is loaded by both: its
/// diagnostics then come twice and `ordered` keeps one of each.
extension LoadSession {
    /// The steps of `items` read in two halves at once, or `nil` to read them in one
    /// (shorter than `WorkflowLoader.concurrentStepThreshold`, one core, or `Options.concurrent` off).
    mutating func concurrentSteps(_ items: [LocatedValue], scope: ScopeContext) -> [Step]? {
        guard worthAThread(items.count) else { return nil }
        let middle = items.count / 2
        let mark = ForkMark(self)
        let tail = Array(items[middle...])
        let fork = forked { session in
            var steps: [Step] = []
            steps.reserveCapacity(tail.count)
            for item in tail { if let step = session.step(item, scope: scope) { steps.append(step) } }
            return steps
        }
        var steps: [Step] = []
        steps.reserveCapacity(items.count)
        for item in items[..<middle] { if let step = step(item, scope: scope) { steps.append(step) } }
        let (session, tailSteps) = fork.join()
        join(session, forkedAt: mark)
        steps.append(contentsOf: tailSteps)
        return steps
    }

    /// The worker, as the YAML parser's thread for a large file's events; `nil` with
    /// `Options.concurrent` off.
    var eventThread: YAMLParser.EventThread? {
        guard options.concurrent else { return nil }
        let worker = worker
        return { job in worker.run(mayWait: false, job) }
    }

    /// Whether a list of `count` steps (or uses) is worth a second thread.
    func worthAThread(_ count: Int) -> Bool {
        options.concurrent && count >= WorkflowLoader.concurrentStepThreshold && ProcessInfo.processInfo.activeProcessorCount > 1
    }

    /// Starts `work` on a thread of its own, on a copy of this session whose diagnostics
    /// start empty; `join()` waits for it and gives back the copy and the result.
    func forked<Value: Sendable>(_ work: @escaping @Sendable (inout LoadSession) -> Value) -> Fork<Value> {
        var copy = self
        copy.reader = DocumentReader(codePrefix: reader.codePrefix)
        let fork = Fork<Value>()
        worker.run(mayWait: true, { [copy] in
            var session = copy
            let value = work(&session)
            fork.store(session, value)
        }, then: { fork.signal() })
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
            guard let source = other.sources[path] else { continue }
            sources[path] = source
            sourcesByPath[SourcePath(path)] = source
            sourceOrder.append(path)
        }
        for (path, file) in other.stepsFiles where stepsFiles[path] == nil { stepsFiles[path] = file }
        for (key, path) in other.resolvedPaths where resolvedPaths[key] == nil { resolvedPaths[key] = path }
        operationMemo.cleanPaths.formUnion(other.operationMemo.cleanPaths)

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
    final class Fork<Value: Sendable>: Sendable {
        private let result = Mutex<(LoadSession, Value)?>(nil)
        private let done = DispatchSemaphore(value: 0)

        fileprivate func store(_ session: LoadSession, _ value: Value) {
            result.withLock { $0 = (session, value) }
        }

        fileprivate func signal() { done.signal() }

        /// Waits for the work to end.
        func join() -> (LoadSession, Value) {
            done.wait()
            return result.withLock { $0.take()! }
        }
    }
}
