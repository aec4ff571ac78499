import BuyflowCore

/// `use:` steps and the steps files they name.
extension LoadSession {
    mutating func useCall(_ fields: Fields, path value: LocatedValue, scope: ScopeContext, record: inout FlowRecorder.StepRecord) -> UseCall? {
        // The path as written: many `use` steps name the same file. A path not seen before
        // in this file is read, resolved and remembered with its steps file once loaded.
        let found: UseTarget? = if case .string(let written) = value.content { useTargets[written] } else { nil }
        let known = found.flatMap { $0.file == scope.file ? $0 : nil }
        let path: String
        var relative: String?
        if let known {
            path = known.path
        } else {
            guard let text = reader.string(value, "'use'", hint: "write the path of a steps file, relative to this file") else { return nil }
            path = RelativePath.resolve(text, against: scope.file)
            relative = text
        }
        if let start = useStack.firstIndex(of: path) {
            useCycle(from: start, to: path, at: value.location)
            return nil
        }
        guard useStack.count < Self.maxUseDepth else {
            error(
                "'use' nests steps files more than \(Self.maxUseDepth) deep: \(path)", at: value.location, code: "use-depth",
                hint: "flatten the chain: a steps file may use others, but not \(Self.maxUseDepth) levels down"
            )
            return nil
        }
        let stepsFile: StepsFile
        if let known {
            stepsFile = known.stepsFile
        } else if let cached = stepsFiles[path] {
            stepsFile = cached
        } else {
            guard let loaded = loadStepsFile(path, at: value.location, parent: scope) else { return nil }
            stepsFiles[path] = loaded
            stepsFile = loaded
        }
        if let relative {
            useTargets[relative] = UseTarget(file: scope.file, path: path, stepsFile: stepsFile)
        }
        var arguments: [(name: String, value: ValueTemplate)] = []
        // The arguments as written: few, so a scan finds a parameter among them; the
        // parameters given are marked by index (a bit each) for the check of required ones.
        let params = stepsFile.params
        var given = ParameterMarks()
        if let with = fields["with"], let members = reader.fields(with, Self.withSpec) {
            arguments.reserveCapacity(members.members.count)
            for member in members.members {
                let name = member.key
                if let index = params.firstIndex(where: { $0.name == name }) {
                    given.mark(index)
                } else {
                    notAParameter(name, of: path, params: params, at: member.keyLocation)
                }
                arguments.append((name, valueTemplate(member.value, record: &record, phase: .request, context: UseContext("'with.", name, "'"))))
            }
        }
        for index in params.indices where params[index].isRequired && !given.contains(index) {
            missingParameter(params[index], of: path, at: fields.member("with")?.keyLocation ?? value.location)
        }
        return UseCall(path: path, arguments: arguments, stepsFile: stepsFile)
    }

    static let withSpec = ObjectSpec("with", name: "'with'", keys: [], otherKeys: .any)

    /// How deep `use` may nest steps files: far beyond what a flow needs, and the bound that
    /// keeps loading and running a chain (each level recursing) within a thread's stack.
    static let maxUseDepth = 32

    @inline(never)
    private mutating func useCycle(from start: Int, to path: String, at location: SourceLocation) {
        let cycle = (useStack[start...] + [path]).joined(separator: " → ")
        error("'use' cycle: \(cycle)", at: location, code: "use-cycle",
              hint: "a steps file may not use itself, directly or through other steps files")
    }

    @inline(never)
    private mutating func notAParameter(_ name: String, of path: String, params: [StepsFile.Parameter], at location: SourceLocation) {
        let declared = params.map(\.name)
        error(
            "'\(name)' is not a parameter of \(path)", at: location, code: "use-params",
            suggestion: Suggestions.closest(to: name, among: declared),
            hint: declared.isEmpty ? "\(path) declares no params" : "its params: \(declared.joined(separator: ", "))"
        )
    }

    @inline(never)
    private mutating func missingParameter(_ parameter: StepsFile.Parameter, of path: String, at location: SourceLocation) {
        error(
            "missing required parameter '\(parameter.name)' of \(path)", at: location,
            code: "use-params", hint: "add it under 'with:'",
            notes: [Diagnostic.Note("declared here", at: parameter.location)]
        )
    }

    /// The parameters a `with:` gives, by index: a bit each for the first 64 (no
    /// allocation), a list beyond.
    struct ParameterMarks {
        private var bits: UInt64 = 0
        private var beyond: [Int] = []

        mutating func mark(_ index: Int) {
            if index < 64 { bits |= 1 << UInt64(index) } else { beyond.append(index) }
        }

        func contains(_ index: Int) -> Bool {
            index < 64 ? bits & (1 << UInt64(index)) != 0 : beyond.contains(index)
        }
    }

    /// What a `use:` path written in `file` names: the path resolved against it, and its
    /// steps file. A class: a lookup copies one reference, not three.
    final class UseTarget: Sendable {
        let file: String
        let path: String
        let stepsFile: StepsFile

        init(file: String, path: String, stepsFile: StepsFile) {
            self.file = file
            self.path = path
            self.stepsFile = stepsFile
        }
    }

    mutating func loadStepsFile(_ path: String, at location: SourceLocation, parent: ScopeContext) -> StepsFile? {
        guard let root = readYAML(path, at: location, what: "steps file") else { return nil }
        if root.members != nil, root["steps"] != nil, root["params"] == nil, root["outputs"] == nil,
           root["shop"] != nil || root["defaults"] != nil || root["vars"] != nil || root["finally"] != nil {
            error("'\(path)' is a workflow, not a steps file", at: root.location, code: "use",
                  hint: "a steps file has version, name, params, steps and outputs; a workflow cannot be used as one")
            return nil
        }
        guard let fields = reader.fields(root, WorkflowSpecs.stepsFile) else { return nil }
        checkVersion(fields)
        let name = fields["name"].flatMap { reader.string($0, "'name'") } ?? path
        var params: [StepsFile.Parameter] = []
        if let value = fields["params"], let members = reader.fields(value, Self.paramsSpec) {
            var record = flow.defaultsRecord()
            for member in members.members {
                var isRequired = false
                var defaultValue: ValueTemplate?
                if member.value.isNull {
                    isRequired = false
                } else if let spec = reader.fields(member.value, WorkflowSpecs.parameter, context: "parameter '\(member.key)'") {
                    isRequired = spec["required"].flatMap { reader.bool($0, "'required'") } ?? false
                    defaultValue = spec["default"].map { valueTemplate($0, record: &record, phase: .request, context: UseContext("the default of '", member.key, "'")) }
                    if isRequired, let given = spec.member("default") {
                        warning("parameter '\(member.key)' is required, so its default is never used", at: given.keyLocation, code: "use-params")
                    }
                }
                params.append(StepsFile.Parameter(name: member.key, isRequired: isRequired, defaultValue: defaultValue, location: member.keyLocation))
            }
            flow.endDefaults(record)
        }
        var scope = ScopeContext(file: path, kind: .stepsFile(params: Set(params.map(\.name))))
        scope.vars = parent.vars
        scope.rowColumns = parent.rowColumns
        scope.hasRows = parent.hasRows
        scope.defaults = parent.defaults
        scope.flowScope = flow.beginScope(file: path, kind: scope.kind)
        useStack.append(path)
        let steps = stepList(fields["steps"], context: "'steps'", scope: &scope)
        useStack.removeLast()
        checkUniqueNames(steps)
        var outputs: [Capture] = []
        if let value = fields["outputs"], let members = reader.fields(value, Self.outputsSpec) {
            var record = flow.beginStep(id: "", name: "outputs", location: value.location, scope: scope.flowScope, isOutputs: true)
            for member in members.members {
                if let output = capture(member, context: "output", record: &record) { outputs.append(output) }
            }
            flow.endStep(record)
        }
        return StepsFile(file: path, name: name, params: params, steps: steps, outputs: outputs)
    }
}
