import BuyflowCore
import BuyflowExpressions
import GraphQLKit

/// The flow check of a run of uses (`LoadSession.checkFlow`): each name a template or
/// expression reads must exist where it is read, and each path into `data` must be
/// selected by the step's operation. Its own value, apart from the session and from
/// the records it reads, so records are passed in place, never copied; its problems and
/// the paths it found clean go back to the session after.
struct FlowCheck {
    var reader = DocumentReader(codePrefix: "workflow")
    /// Paths into operations' responses known clean (`OperationCheck.Memo.cleanPaths`).
    var cleanPaths: [OperationCheck.Memo.PathSlot: OperationCheck.Memo.PathKey]
    let schema: Schema?
    let vars: Set<String>
    let hasRows: Bool
    let rowColumns: Set<String>?
    /// The files read, where diagnostics inside scalars are placed.
    let sources: [SourcePath: SourceFile]

    init(session: LoadSession) {
        sources = session.sourcesByPath
        cleanPaths = session.operationMemo.cleanPaths
        schema = session.schema
        vars = session.flow.vars
        hasRows = session.flow.hasRows
        rowColumns = session.flow.rowColumns
    }

    /// The records are passed by pointer: read in place, never copied (a borrowed
    /// argument read from an array is copied for the call). Every problem is reported by
    /// a function of its own (`FlowCheck+Problems.swift`), so this loop, run for every
    /// use of a load, stays small.
    mutating func checkUse(
        _ use: UnsafePointer<FlowRecorder.Use>, in step: UnsafePointer<FlowRecorder.StepRecord>, scope: FlowRecorder.Scope,
        earlier: [String: Int], earlierSteps: [String: Int]
    ) {
        for path in use.pointee.references {
            // Locations are computed only for a diagnostic.
            let rootOffset = path.rootSpan.offset
            let root = path.root
            // A member's name and the offset of its component (for `use.pointee.location`, asked
            // only for a diagnostic: keeping `use` itself would copy it).
            func member(_ index: Int) -> (name: String, offset: Int)? {
                guard index < path.components.count, case .member(let name) = path.components[index].kind else { return nil }
                return (name, path.components[index].span.offset)
            }
            if LoadSession.isResponseRoot(root) {
                if misplacedResponse(root, at: rootOffset, step: step, use: use) {
                    // Reported.
                } else if root == "data", step.pointee.operation != nil {
                    checkDataPath(path.components, from: 0, of: step, node: nil, use: use)
                } else if root == "node", step.pointee.operation != nil, let type = step.pointee.nodeType {
                    checkDataPath(path.components, from: 0, of: step, node: type, use: use)
                }
                continue
            }
            switch root {
            case "vars":
                if let (name, offset) = member(0), !vars.contains(name) { undefinedVar(name, at: offset, use: use) }
            case "row":
                if !hasRows {
                    rootOutsideItsPlace("'row' exists only in data-driven runs",
                                        hint: "add 'data:' (a list of rows or a .csv/.json/.yaml file) or run with --data <file>", at: rootOffset, use: use)
                } else if let (name, offset) = member(0), let columns = rowColumns, !columns.contains(name) {
                    unknownMember("no data column '\(name)'", name, at: offset, among: columns, listing: "columns", none: "the rows have no columns", use: use)
                }
            case "params":
                guard let params = scope.params else {
                    rootOutsideItsPlace("'params' exists only inside a steps file",
                                        hint: "a workflow passes values to a steps file with 'use:' and 'with:'", at: rootOffset, use: use)
                    continue
                }
                if let (name, offset) = member(0), !params.contains(name) {
                    unknownMember("undefined parameter '\(name)'", name, at: offset, among: params, listing: "params", none: "declare it under 'params:'", use: use)
                }
            case "captures":
                if let (name, offset) = member(0) {
                    checkCapture(name, at: offset, step: step, scope: scope, earlier: earlier, use: use)
                }
            case "steps":
                guard let (id, offset) = member(0) else { continue }
                guard let target = earlierSteps[id] else {
                    unknownStep(id, at: offset, step: step, scope: scope, earlierSteps: earlierSteps, use: use)
                    continue
                }
                if let (part, partOffset) = member(1) {
                    if !LoadSession.responseParts.contains(part) {
                        unknownResponsePart(part, of: id, at: partOffset, use: use)
                    } else if part == "data", scope.steps[target].operation != nil {
                        scope.steps.withUnsafeBufferPointer { steps in
                            checkDataPath(path.components, from: 2, of: steps.baseAddress! + target, node: nil, use: use)
                        }
                    }
                }
            default:
                if LoadSession.isAlwaysDefined(root) { continue }
                checkCapture(root, at: rootOffset, step: step, scope: scope, earlier: earlier, use: use)
            }
        }
    }

    private mutating func checkCapture(
        _ name: String, at offset: Int, step: UnsafePointer<FlowRecorder.StepRecord>,
        scope: FlowRecorder.Scope, earlier: [String: Int], use: UnsafePointer<FlowRecorder.Use>
    ) {
        if earlier[name] != nil, !step.pointee.isSettings { return }
        // Settings are checked apart from any scope's steps: no step makes a name for them.
        let maker = step.pointee.isSettings ? nil : Self.firstMaker(of: name, in: scope)
        if step.pointee.isOutputs, maker != nil { return }
        if let maker {
            capturedLater(name, at: offset, by: maker, step: step, scope: scope, use: use)
        } else {
            undefinedName(name, at: offset, earlier: earlier, use: use)
        }
    }

    /// The index of the first step of `scope` that captures `name` (asked only for a name
    /// not captured before its use: a scan, no table).
    static func firstMaker(of name: String, in scope: FlowRecorder.Scope) -> Int? {
        scope.steps.firstIndex { step in step.captures.contains { $0.name == name } }
    }

    /// The index of the first step of `scope` with id `id` (outputs have none).
    static func firstStep(_ id: String, in scope: FlowRecorder.Scope) -> Int? {
        scope.steps.firstIndex { !$0.isOutputs && $0.id == id }
    }

    /// A path after `data` (or `node`) through the selection set of `step`'s operation
    /// (read in place: the operation is copied only to check a path not known clean).
    mutating func checkDataPath(
        _ components: [ExpressionReference.Component], from start: Int, of step: UnsafePointer<FlowRecorder.StepRecord>, node: String?,
        use: UnsafePointer<FlowRecorder.Use>
    ) {
        guard let schema else { return }
        let count = max(0, components.count - start) + (node == nil ? 0 : 1)
        guard count > 0 else { return }
        // The same path into an operation of the same shape was clean before: so is this
        // one. Looked up by a fingerprint of the components, before anything is built.
        var slot: OperationCheck.Memo.PathSlot?
        if let shape = step.pointee.operation?.shape {
            let pathSlot = OperationCheck.Memo.PathSlot(shape: shape, fingerprint: Self.fingerprint(components, from: start, node: node != nil))
            if let known = cleanPaths[pathSlot], Self.path(known, is: components, from: start, node: node != nil) { return }
            slot = pathSlot
        }
        guard let operation = step.pointee.operation, let definition = operation.definition else { return }
        // A step's place is the UTF-8 offset of its component in the expression, or -1 for
        // the implied `node`; locations are computed only for a diagnostic.
        var path: [SelectionPath.Step] = []
        path.reserveCapacity(count)
        if node != nil {
            path.append(.field(name: "node", place: -1))
        }
        for component in components.dropFirst(start) {
            switch component.kind {
            case .member(let name): path.append(.field(name: name, place: component.span.offset))
            case .index: path.append(.index(place: component.span.offset))
            case .dynamic: path.append(.dynamic)
            }
        }
        let sources = sources
        let resolved = SelectionPath(path, operation: definition, document: operation.document, schema: schema) { place in
            place < 0 ? use.pointee.fallback : use.pointee.location(place, in: sources)
        }
        reader.report(contentsOf: resolved.diagnostics)
        if let slot, resolved.diagnostics.isEmpty {
            var keyComponents: [OperationCheck.Memo.PathKey.Component] = []
            keyComponents.reserveCapacity(count)
            if node != nil { keyComponents.append(.field("node")) }
            for component in components.dropFirst(start) {
                switch component.kind {
                case .member(let name): keyComponents.append(.field(name))
                case .index: keyComponents.append(.index)
                case .dynamic: keyComponents.append(.dynamic)
                }
            }
            cleanPaths[slot] = OperationCheck.Memo.PathKey(shape: slot.shape, components: keyComponents)
        }
    }

    /// FNV-1a over the path's components from `start` (after an implied `node`): kind
    /// and name bytes of each, with a separator.
    static func fingerprint(_ components: [ExpressionReference.Component], from start: Int, node: Bool) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        if node { mix(4) }
        for index in components.indices.dropFirst(start) {
            switch components[index].kind {
            case .member(let name):
                mix(1)
                let bytes = name.utf8.span
                for index in bytes.indices { mix(bytes[index]) }
                mix(0xFF)
            case .index: mix(2)
            case .dynamic: mix(3)
            }
        }
        return hash
    }

    /// Whether `key` is the path of `components` from `start` (after an implied `node`).
    static func path(_ key: OperationCheck.Memo.PathKey, is components: [ExpressionReference.Component], from start: Int, node: Bool) -> Bool {
        let offset = node ? 1 : 0
        guard key.components.count == max(0, components.count - start) + offset else { return false }
        if node, key.components.first != .field("node") { return false }
        for (position, index) in components.indices.dropFirst(start).enumerated() {
            let same = switch (components[index].kind, key.components[position + offset]) {
            case (.member(let name), .field(let known)): name == known
            case (.index, .index), (.dynamic, .dynamic): true
            default: false
            }
            if !same { return false }
        }
        return true
    }
}
