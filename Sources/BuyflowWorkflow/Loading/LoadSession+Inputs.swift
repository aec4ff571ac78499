import BuyflowCore
import YAML

/// `vars` (with `--var-file` and `--var`), `--env-file`, and `data` rows.
extension LoadSession {
    /// Flags win over files, files over the workflow.
    mutating func loadVars(_ value: LocatedValue?, file: String) -> [(name: String, value: ValueTemplate)] {
        var record = flow.defaultsRecord()
        defer { flow.endDefaults(record) }
        var vars: [(name: String, value: ValueTemplate)] = []
        // Where each name is in `vars`: a later source replaces an earlier one in place.
        var index: [String: Int] = [:]
        func set(_ name: String, _ template: ValueTemplate) {
            if let at = index[name] {
                vars[at].value = template
            } else {
                index[name] = vars.count
                vars.append((name, template))
            }
        }
        if let value, let fields = reader.fields(value, ObjectSpec("vars", name: "'vars'", keys: [], otherKeys: .any)) {
            for member in fields.members {
                checkVarName(member)
                set(member.key, valueTemplate(member.value, record: &record, phase: .request, context: UseContext("'vars.", member.key, "'")))
            }
        }
        for path in options.varFiles {
            guard let root = readYAML(path, at: nil, what: "--var-file"),
                  let fields = reader.fields(root, ObjectSpec("varFile", name: "a --var-file", keys: [], otherKeys: .any)) else { continue }
            for member in fields.members {
                checkVarName(member)
                set(member.key, valueTemplate(member.value, record: &record, phase: .request, context: UseContext("'vars.", member.key, "'")))
            }
        }
        let commandLine = SourceLocation(file: "<command line>", line: 1, column: 1)
        for (name, text) in options.vars {
            set(name, .literal(YAMLScalar.plain(text).jsonValue, at: commandLine))
        }
        return vars
    }

    mutating func checkVarName(_ member: LocatedMember) {
        if !Self.isCaptureName(member.key) {
            error("var name '\(member.key)' must start with a letter or '_' and hold only letters, digits and '_'",
                  at: member.keyLocation, code: "var-name", hint: "expressions read it as vars.<name>")
        }
    }

    /// The names `--env-file` files add to the environment (later files win).
    mutating func loadEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        for path in options.envFiles {
            guard let text = readText(path, at: nil, what: "--env-file") else { continue }
            let parsed = DotEnv.parse(text, path: path)
            reader.report(contentsOf: parsed.diagnostics)
            for (name, value) in parsed.values { result[name] = value }
        }
        return result
    }

    /// `data:` (or `--data`): a path to a .csv, .json or .yaml file, or an inline list.
    mutating func loadRows(_ value: LocatedValue?, file: String) -> [DataRow] {
        if let path = options.dataPath { return rows(fromFile: path, at: nil) }
        guard let value else { return [] }
        if let path = value.string {
            return rows(fromFile: RelativePath.resolve(path, against: file), at: value.location)
        }
        guard let items = reader.list(value, "'data'", hint: "give a .csv, .json or .yaml path, or a list of mappings") else { return [] }
        return rows(from: items, context: "a row of 'data'")
    }

    mutating func rows(from items: LocatedList, context: String) -> [DataRow] {
        var result: [DataRow] = []
        for (index, item) in items.enumerated() {
            guard let fields = reader.fields(item, ObjectSpec("row", name: context, keys: [], otherKeys: .any)) else { continue }
            result.append(DataRow(index: index + 1, values: JSONObject(fields.members.map { ($0.key, $0.value.json) }), location: item.location))
        }
        if items.isEmpty { error("\(context == "a row of 'data'" ? "'data'" : "the data file") has no rows", at: nil, code: "data") }
        return result
    }

    mutating func rows(fromFile path: String, at location: SourceLocation?) -> [DataRow] {
        let lower = path.lowercased()
        if lower.hasSuffix(".csv") {
            guard let text = readText(path, at: location, what: "data file") else { return [] }
            let table = CSVTable.parse(text, path: path)
            reader.report(contentsOf: table.diagnostics)
            if table.rows.isEmpty, table.diagnostics.isEmpty {
                error("data file '\(path)' has a header but no rows", at: SourceLocation(file: path, line: 1, column: 1), code: "data")
            }
            return table.rows.enumerated().map { index, row in
                DataRow(index: index + 1, values: JSONObject(row.cells.map { ($0.name, YAMLScalar.plain($0.text).jsonValue) }), location: row.location)
            }
        }
        let root: LocatedValue?
        if lower.hasSuffix(".json") {
            guard let text = readText(path, at: location, what: "data file") else { return [] }
            do {
                root = try JSONParser(path: path).parseLocated(text)
            } catch {
                reader.report(error)
                return []
            }
        } else if lower.hasSuffix(".yaml") || lower.hasSuffix(".yml") {
            root = readYAML(path, at: location, what: "data file")
        } else {
            error("data file '\(path)' must end in .csv, .json, .yaml or .yml", at: location, code: "data")
            return []
        }
        guard let root else { return [] }
        guard let items = reader.list(root, "the data file", hint: "a data file holds a list of rows, each a mapping of column names to values") else {
            return []
        }
        let result = rows(from: items, context: "a row of the data file")
        if items.isEmpty { error("data file '\(path)' has no rows", at: root.location, code: "data") }
        return result
    }
}
