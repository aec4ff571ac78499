import BuyflowCore

extension Threshold {
    /// Why a threshold's scope names nothing the workflow has: a message, the closest
    /// valid scope, and the scopes there are.
    public struct ScopeProblem: Sendable {
        public var message: String
        public var suggestion: String?
        public var hint: String
    }

    /// `nil` when the scope is `all`, or names a step id or operation name of `steps`
    /// (steps files included); the problem otherwise. The loader reports it at the
    /// `thresholds` entry, `buyflow load` at its `--threshold` option.
    public func scopeProblem(in steps: [Step]) -> ScopeProblem? {
        switch scope {
        case .all:
            return nil
        case .step(let id):
            let ids = Step.ids(of: steps)
            guard !ids.contains(id) else { return nil }
            return ScopeProblem(
                message: "threshold names no step '\(id)'",
                suggestion: Suggestions.closest(to: id, among: ids).map { "step:\($0)" }, hint: "steps: \(ids.joined(separator: ", "))")
        case .operation(let name):
            let names = Step.operationNames(of: steps)
            guard !names.contains(name) else { return nil }
            return ScopeProblem(
                message: "threshold names no operation '\(name)'",
                suggestion: Suggestions.closest(to: name, among: names).map { "op:\($0)" },
                hint: "operations: \(names.joined(separator: ", "))")
        }
    }
}

extension Step {
    /// Every step id, those of steps files run by `use` included, in order.
    public static func ids(of steps: [Step]) -> [String] {
        steps.flatMap { step -> [String] in
            if case .use(let call) = step.body { return [step.id] + ids(of: call.stepsFile.steps) }
            return [step.id]
        }
    }

    /// The names of the operations the steps send, steps files included, in order.
    public static func operationNames(of steps: [Step]) -> [String] {
        steps.flatMap { step -> [String] in
            if case .use(let call) = step.body { return operationNames(of: call.stepsFile.steps) }
            return step.body.operation?.name.map { [$0] } ?? []
        }
    }
}
