import BuyflowCore
import BuyflowExpressions

/// The flow check: names used by templates and expressions, in step order.
extension LoadSession {
    static let responseRoots: Set<String> = ["data", "errors", "extensions", "status", "headers", "duration", "attempt", "node"]
    static let alwaysDefined: Set<String> = ["env", "iteration", "vu"]

    mutating func checkFlow() {
        let flow = self.flow
        // By index: records and uses are read in place, not copied.
        for recordIndex in flow.settings.indices {
            let record = flow.settings[recordIndex]
            for useIndex in record.uses.indices {
                checkUse(record.uses[useIndex], in: record, scope: flow.scopes[0], earlier: [:], later: [:], earlierSteps: [:], laterSteps: [:], flow: flow)
            }
        }
        for scope in flow.scopes {
            // Steps by their index in the scope.
            var later: [String: Int] = [:]
            var laterSteps: [String: Int] = [:]
            var captureCount = 0
            for index in scope.steps.indices { captureCount += scope.steps[index].captures.count }
            later.reserveCapacity(captureCount)
            laterSteps.reserveCapacity(scope.steps.count)
            for index in scope.steps.indices.reversed() {
                for capture in scope.steps[index].captures { later[capture.name] = index }
                if !scope.steps[index].isOutputs { laterSteps[scope.steps[index].id] = index }
            }
            let names = ScopeNames(later: later, laterSteps: laterSteps, captureCount: captureCount)
            guard worthAThread(scope.steps.count) else {
                checkSteps(scope.steps.indices, of: scope, names: names, flow: flow)
                continue
            }
            // The second half on a thread of its own, from the names its first step sees.
            let middle = scope.steps.count / 2
            let fork = forked { session in
                session.checkSteps(middle..<scope.steps.count, of: scope, names: names, flow: flow)
            }
            checkSteps(0..<middle, of: scope, names: names, flow: flow)
            let (session, _) = fork.join()
            reader.report(contentsOf: session.reader.diagnostics)
            operationMemo.cleanPaths.formUnion(session.operationMemo.cleanPaths)
        }
    }

    /// A scope's names by the index of the step that makes them: the first capture and
    /// step of each name (from the end: `later`, `laterSteps`).
    struct ScopeNames: Sendable {
        var later: [String: Int]
        var laterSteps: [String: Int]
        var captureCount: Int
    }

    /// The uses of the steps in `range` of `scope`, each seeing the captures and steps
    /// before it (those before the range included).
    mutating func checkSteps(_ range: Range<Int>, of scope: FlowRecorder.Scope, names: ScopeNames, flow: FlowRecorder) {
        var captured: [String: Int] = [:]
        var earlierSteps: [String: Int] = [:]
        captured.reserveCapacity(names.captureCount)
        earlierSteps.reserveCapacity(scope.steps.count)
        func passed(_ index: Int) {
            for capture in scope.steps[index].captures where captured[capture.name] == nil { captured[capture.name] = index }
            if !scope.steps[index].isOutputs, earlierSteps[scope.steps[index].id] == nil { earlierSteps[scope.steps[index].id] = index }
        }
        for index in 0..<range.lowerBound { passed(index) }
        for index in range {
            for useIndex in scope.steps[index].uses.indices {
                checkUse(
                    scope.steps[index].uses[useIndex], in: scope.steps[index], scope: scope, earlier: captured, later: names.later,
                    earlierSteps: earlierSteps, laterSteps: names.laterSteps, flow: flow
                )
            }
            passed(index)
        }
    }

    private mutating func checkUse(
        _ use: FlowRecorder.Use, in step: FlowRecorder.StepRecord, scope: FlowRecorder.Scope,
        earlier: [String: Int], later: [String: Int], earlierSteps: [String: Int], laterSteps: [String: Int], flow: FlowRecorder
    ) {
        for path in use.references {
            // Locations are computed only for a diagnostic.
            var at: SourceLocation { use.location(path.rootSpan.offset) }
            let root = path.root
            // A member's name and the offset of its component (for `use.location`, asked
            // only for a diagnostic: keeping `use` itself would copy it).
            func member(_ index: Int) -> (name: String, offset: Int)? {
                guard index < path.components.count, case .member(let name) = path.components[index].kind else { return nil }
                return (name, path.components[index].span.offset)
            }
            if Self.responseRoots.contains(root) {
                if step.isSettings || use.phase == .request {
                    error("'\(root)' is this step's response, which does not exist yet in \(use.context)", at: at, code: "flow",
                          hint: "an earlier step's response is steps.<id>.\(root == "node" ? "data" : root)")
                } else if step.isOutputs {
                    error("'\(root)' has no single step in 'outputs'", at: at, code: "flow",
                          hint: "name the step: steps.<id>.\(root == "node" ? "data" : root)…")
                } else if root == "node", step.nodeType == nil {
                    error("'node' exists only in node steps ('node:' with 'as:' and 'select:')", at: at, code: "flow")
                } else if root == "data", let operation = step.operation {
                    checkDataPath(path.components, from: 0, operation: operation, node: nil, use: use)
                } else if root == "node", let operation = step.operation, let type = step.nodeType {
                    checkDataPath(path.components, from: 0, operation: operation, node: type, use: use)
                }
                continue
            }
            switch root {
            case "vars":
                if let (name, offset) = member(0), !flow.vars.contains(name) {
                    error("undefined var '\(name)'", at: use.location(offset), code: "undefined-name",
                          suggestion: Suggestions.closest(to: name, among: flow.vars),
                          hint: flow.vars.isEmpty ? "define it under 'vars:', in a --var-file, or with --var \(name)=…"
                              : "vars: \(flow.vars.sorted().joined(separator: ", ")); --var \(name)=… adds one")
                }
            case "row":
                if !flow.hasRows {
                    error("'row' exists only in data-driven runs", at: at, code: "undefined-name",
                          hint: "add 'data:' (a list of rows or a .csv/.json/.yaml file) or run with --data <file>")
                } else if let (name, offset) = member(0), let columns = flow.rowColumns, !columns.contains(name) {
                    error("no data column '\(name)'", at: use.location(offset), code: "undefined-name",
                          suggestion: Suggestions.closest(to: name, among: columns), hint: "columns: \(columns.sorted().joined(separator: ", "))")
                }
            case "params":
                guard let params = scope.params else {
                    error("'params' exists only inside a steps file", at: at, code: "undefined-name",
                          hint: "a workflow passes values to a steps file with 'use:' and 'with:'")
                    continue
                }
                if let (name, offset) = member(0), !params.contains(name) {
                    error("undefined parameter '\(name)'", at: use.location(offset), code: "undefined-name",
                          suggestion: Suggestions.closest(to: name, among: params),
                          hint: params.isEmpty ? "declare it under 'params:'" : "params: \(params.sorted().joined(separator: ", "))")
                }
            case "captures":
                if let (name, offset) = member(0) {
                    checkCapture(name, at: use.location(offset), step: step, scope: scope, earlier: earlier, later: later, use: use)
                }
            case "steps":
                guard let (id, offset) = member(0) else { continue }
                guard let target = earlierSteps[id].map({ scope.steps[$0] }) else {
                    if let found = laterSteps[id].map({ scope.steps[$0] }), found.id != "" {
                        let what = found.location == step.location ? "this step itself" : "a later step (line \(found.location.line))"
                        error("steps.\(id) is \(what); a step sees only the responses of steps before it", at: use.location(offset), code: "flow")
                    } else {
                        error("no step with id '\(id)'", at: use.location(offset), code: "undefined-name",
                              suggestion: Suggestions.closest(to: id, among: earlierSteps.keys),
                              hint: earlierSteps.isEmpty ? "no step runs before this one" : "earlier steps: \(earlierSteps.keys.sorted().joined(separator: ", "))")
                    }
                    continue
                }
                if let (part, partOffset) = member(1) {
                    let parts = ["data", "status", "errors", "extensions", "headers", "duration", "attempt"]
                    if !parts.contains(part) {
                        error("steps.\(id) has no '\(part)'", at: use.location(partOffset), code: "undefined-name",
                              suggestion: Suggestions.closest(to: part, among: parts), hint: "a step's response: \(parts.joined(separator: ", "))")
                    } else if part == "data", let operation = target.operation {
                        checkDataPath(path.components, from: 2, operation: operation, node: nil, use: use)
                    }
                }
            default:
                if Self.alwaysDefined.contains(root) { continue }
                checkCapture(root, at: at, step: step, scope: scope, earlier: earlier, later: later, use: use)
            }
        }
    }

    private mutating func checkCapture(
        _ name: String, at location: @autoclosure () -> SourceLocation, step: FlowRecorder.StepRecord,
        scope: FlowRecorder.Scope, earlier: [String: Int], later: [String: Int], use: FlowRecorder.Use
    ) {
        if earlier[name] != nil, !step.isSettings { return }
        if step.isOutputs, later[name] != nil { return }
        if let maker = later[name].map({ scope.steps[$0] }), !step.isSettings {
            let when = maker.location == step.location ? "by this step, after its \(use.context == "'if'" ? "'if'" : "checks")" : "by step '\(maker.name)' (line \(maker.location.line)), which runs later"
            error("'\(name)' is used before it is captured: it is captured \(when)", at: location(), code: "too-early",
                  hint: "a capture exists from the step after the one that makes it")
            return
        }
        let known = Array(earlier.keys) + ["vars", "env", "steps", "captures"]
        error("undefined name '\(name)'", at: location(), code: "undefined-name", suggestion: Suggestions.closest(to: name, among: known),
              hint: earlier.isEmpty ? "names: vars.<name>, env.<NAME>, steps.<id>…, and captures of earlier steps"
                  : "captures so far: \(earlier.keys.sorted().joined(separator: ", ")); also vars.<name>, env.<NAME>, steps.<id>…")
    }
}
