extension SourceLocation {
    /// `{"file": …, "line": …, "column": …}`
    public var jsonValue: JSONValue {
        ["file": .string(file), "line": .int(line), "column": .int(column)]
    }
}

extension Diagnostic {
    /// The machine-readable form used by `--format json` outputs and reports:
    /// `severity`, `code`, `message`, `location`, then `suggestion`, `hint` and `notes`
    /// when present.
    public var jsonValue: JSONValue {
        var object = JSONObject()
        object["severity"] = .string(severity.rawValue)
        object["code"] = code.map(JSONValue.string) ?? .null
        object["message"] = .string(message)
        object["location"] = location?.jsonValue ?? .null
        if let suggestion { object["suggestion"] = .string(suggestion) }
        if let hint { object["hint"] = .string(hint) }
        if !notes.isEmpty {
            object["notes"] = .array(notes.map { note in
                ["message": .string(note.message), "location": note.location?.jsonValue ?? .null]
            })
        }
        return .object(object)
    }
}
