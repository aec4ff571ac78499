import BuyflowCore
import GraphQLKit

/// The top level of a workflow file.
extension LoadSession {
    mutating func loadWorkflow(path: String) -> Workflow? {
        guard let root = readYAML(path, at: nil, what: "workflow file") else { return nil }
        return loadWorkflow(path: path, root: root)
    }

    private mutating func loadWorkflow(path: String, root: LocatedValue) -> Workflow? {
        guard let top = reader.fields(root, WorkflowSpecs.workflow) else { return nil }
        checkVersion(top)
        let name = top["name"].flatMap { reader.string($0, "'name'") } ?? ""
        let description = top["description"].flatMap { reader.string($0, "'description'") }

        let shop = top["shop"].flatMap { shopSettings($0) }
        resolveSchema(top["schema"], file: path, shop: shop)
        let documents = loadDocuments(top["documents"], file: path)

        var scope = ScopeContext(file: path, kind: .workflow)
        let environment = loadEnvironment()
        let vars = loadVars(top["vars"], file: path)
        scope.vars = Set(vars.map(\.name))
        let rows = loadRows(top["data"], file: path)
        if !rows.isEmpty {
            // A column counts when every row has it.
            var columns = Set(rows[0].values.keys)
            for row in rows.dropFirst() { columns.formIntersection(row.values.keys) }
            scope.rowColumns = columns
        }
        if top["data"] != nil || options.dataPath != nil { scope.hasRows = true }
        flow.vars = scope.vars
        flow.rowColumns = scope.rowColumns
        flow.hasRows = scope.hasRows

        let defaults = top["defaults"].flatMap { stepDefaults($0) } ?? StepDefaults()
        scope.defaults = defaults
        let steps = stepList(top["steps"], context: "'steps'", scope: &scope)
        scope.phase = .finally
        let finallySteps = top["finally"].map { stepList($0, context: "'finally'", scope: &scope) } ?? []
        checkUniqueNames(steps, finallySteps)
        let load = top["load"].flatMap { loadProfile($0, steps: steps + finallySteps) }

        checkFlow()
        return Workflow(
            file: path, name: name, description: description, schemaPath: top["schema"]?.string.map { RelativePath.resolve($0, against: path) },
            documents: documents, shop: shop, defaults: defaults, vars: vars, steps: steps, finallySteps: finallySteps,
            load: load, rows: rows, environment: environment, sources: sourceList,
            warnings: ordered(reader.diagnostics).filter { $0.severity == .warning }
        )
    }

    mutating func checkVersion(_ top: Fields) {
        guard let value = top["version"] else { return }
        if value.string != nil {
            error("'version' must be the integer 1, found a string (\"\(value.string!)\")", at: value.location, code: "version",
                  hint: "write 'version: 1' without quotes")
        } else if value.int != 1 {
            error(
                "unsupported workflow version \(value.text ?? value.kindDescription); this buyflow reads version 1",
                at: value.location, code: "version", hint: "write 'version: 1' (an integer)"
            )
        }
    }

    /// Step names and ids must be unique within the workflow (finally steps included).
    mutating func checkUniqueNames(_ lists: [Step]...) {
        let count = lists.reduce(0) { $0 + $1.count }
        var names: [String: SourceLocation] = [:]
        var ids: [String: SourceLocation] = [:]
        names.reserveCapacity(count)
        ids.reserveCapacity(count)
        // By index: only the name, id and location of each step are read. One lookup
        // a table in the usual case: a first sighting is stored by the lookup itself.
        for steps in lists {
            for index in steps.indices {
                let name = steps[index].name, id = steps[index].id, location = steps[index].location
                if let first = names.updateValue(location, forKey: name) {
                    names[name] = first
                    error("duplicate step name '\(name)'", at: location, code: "duplicate-step",
                          hint: "step names are unique within a workflow; reports and thresholds name steps by them",
                          notes: [Diagnostic.Note("first used here", at: first)])
                    if ids[id] == nil { ids[id] = location }
                } else if let first = ids.updateValue(location, forKey: id) {
                    ids[id] = first
                    error("duplicate step id '\(id)'", at: location, code: "duplicate-step",
                          hint: "give one of the steps an 'id' of its own",
                          notes: [Diagnostic.Note("the step with the same id is here", at: first)])
                }
            }
        }
    }
}
