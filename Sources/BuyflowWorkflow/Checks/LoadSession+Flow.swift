import BuyflowCore
import BuyflowExpressions

/// The flow check: names used by templates and expressions, in step order.
extension LoadSession {
    /// Names of this step's response (compared, not hashed: every use asks).
    static func isResponseRoot(_ name: String) -> Bool {
        switch name {
        case "data", "errors", "extensions", "status", "headers", "duration", "attempt", "node": true
        default: false
        }
    }

    static func isAlwaysDefined(_ name: String) -> Bool {
        switch name {
        case "env", "iteration", "vu": true
        default: false
        }
    }
    /// What `steps.<id>.` reads, in the order hints list them.
    static let responseParts = ["data", "status", "errors", "extensions", "headers", "duration", "attempt"]

    mutating func checkFlow() {
        let flow = self.flow
        // By index: records and uses are read in place, not copied.
        var checker = FlowCheck(session: self)
        flow.settings.withUnsafeBufferPointer { records in
            guard let first = records.baseAddress else { return }
            for index in records.indices {
                (first + index).pointee.uses.withUnsafeBufferPointer { uses in
                    guard let firstUse = uses.baseAddress else { return }
                    for use in uses.indices {
                        checker.checkUse(
                            firstUse + use, in: first + index, scope: flow.scopes[0], earlier: [:], earlierSteps: [:]
                        )
                    }
                }
            }
        }
        absorb(checker)
        for scope in flow.scopes {
            var captureCount = 0
            for index in scope.steps.indices { captureCount += scope.steps[index].captures.count }
            let names = ScopeNames(captureCount: captureCount)
            checkSteps(scope.steps.indices, of: scope, names: names)
        }
    }

    /// What the checks of a scope's steps reserve room for. (The steps that make a name
    /// later than its use are found by `FlowCheck` scanning the scope, only for a name
    /// not made before: in a clean workflow, never.)
    struct ScopeNames: Sendable {
        var captureCount: Int
    }

    /// The uses of the steps in `range` of `scope`, each seeing the captures and steps
    /// before it (those before the range included).
    @inline(never)
    mutating func checkSteps(_ range: Range<Int>, of scope: FlowRecorder.Scope, names: ScopeNames) {
        var captured: [String: Int] = [:]
        var earlierSteps: [String: Int] = [:]
        captured.reserveCapacity(names.captureCount)
        earlierSteps.reserveCapacity(scope.steps.count)
        var checker = FlowCheck(session: self)
        // Records and uses are read in place (through buffers), not copied.
        scope.steps.withUnsafeBufferPointer { steps in
            guard let first = steps.baseAddress else { return }
            func passed(_ step: UnsafePointer<FlowRecorder.StepRecord>, at index: Int) {
                step.pointee.captures.withUnsafeBufferPointer { captures in
                    for capture in captures.indices { captured.keepFirst(index, for: captures[capture].name) }
                }
                if !step.pointee.isOutputs { earlierSteps.keepFirst(index, for: step.pointee.id) }
            }
            for index in 0..<range.lowerBound { passed(first + index, at: index) }
            for index in range {
                let step = first + index
                step.pointee.uses.withUnsafeBufferPointer { uses in
                    guard let firstUse = uses.baseAddress else { return }
                    for use in uses.indices {
                        checker.checkUse(
                            firstUse + use, in: step, scope: scope, earlier: captured, earlierSteps: earlierSteps
                        )
                    }
                }
                passed(step, at: index)
            }
        }
        absorb(checker)
    }

    /// What a `FlowCheck` found: its problems, and the paths it found clean.
    mutating func absorb(_ checker: FlowCheck) {
        reader.report(contentsOf: checker.reader.diagnostics)
        operationMemo.cleanPaths = checker.cleanPaths
    }
}

extension Dictionary {
    /// Stores `value` under `key` unless a value is there already, in one lookup: an
    /// in-place access through the defaulted subscript inserts the default when the key
    /// is absent and leaves a present value as it is.
    mutating func keepFirst(_ value: Value, for key: Key) {
        func touch(_: inout Value) {}
        touch(&self[key, default: value])
    }
}
