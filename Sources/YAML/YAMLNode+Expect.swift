import BuyflowCore

/// Structural checks for callers reading a tree against their own shape: each returns
/// the typed value or throws a located diagnostic such as
/// `expected a mapping for the workflow file, found a string ("Hello there")`.
extension YAMLNode {
    /// The pairs of a mapping.
    /// - Parameters:
    ///   - context: what the node is, for the message ("the workflow file", "'steps'").
    ///   - hint: what the user can do, shown after the source excerpt.
    public func expectMapping(context: String? = nil, hint: String? = nil) throws(Diagnostic) -> [YAMLPair] {
        if case .mapping(let pairs) = content { return pairs }
        throw typeMismatch(expected: "a mapping", context: context, hint: hint)
    }

    /// The items of a sequence.
    public func expectSequence(context: String? = nil, hint: String? = nil) throws(Diagnostic) -> [YAMLNode] {
        if case .sequence(let items) = content { return items }
        throw typeMismatch(expected: "a sequence", context: context, hint: hint)
    }

    /// The text of a scalar that resolves to a string.
    public func expectString(context: String? = nil, hint: String? = nil) throws(Diagnostic) -> String {
        if let string { return string }
        throw typeMismatch(expected: "a string", context: context, hint: hint)
    }

    /// The value of an integer scalar.
    public func expectInt(context: String? = nil, hint: String? = nil) throws(Diagnostic) -> Int {
        if let int { return int }
        throw typeMismatch(expected: "an integer", context: context, hint: hint)
    }

    /// The value of a boolean scalar.
    public func expectBool(context: String? = nil, hint: String? = nil) throws(Diagnostic) -> Bool {
        if let bool { return bool }
        throw typeMismatch(expected: "a boolean (true or false)", context: context, hint: hint)
    }

    /// The error "expected <expected> for <context>, found <what this node is>" at this
    /// node (code `yaml.type`). An empty value gets a hint of its own unless one is given.
    public func typeMismatch(expected: String, context: String? = nil, hint: String? = nil) -> Diagnostic {
        let subject = context.map { " for \($0)" } ?? ""
        var found = kindDescription
        if let preview { found += " (\(preview))" }
        var hint = hint
        if hint == nil, found == "no value" {
            hint = "the value is empty; write it after the ':' or on the lines below, indented further than its key"
        }
        return .error("expected \(expected)\(subject), found \(found)", at: location, code: "yaml.type", hint: hint)
    }

    /// A short quote of a string scalar, for messages.
    private var preview: String? {
        guard let string, !string.isEmpty else { return nil }
        let firstLine = string.prefix { $0 != "\n" }
        let limit = 30
        let cut = firstLine.count > limit || firstLine.endIndex != string.endIndex
        var quoted = String(firstLine.prefix(limit))
        if cut { quoted += "…" }
        return "\"\(quoted)\""
    }
}
