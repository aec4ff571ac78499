/// The one diagnostic type of the project: YAML problems, GraphQL syntax and validation
/// errors, workflow checks and usage errors are all reported as `Diagnostic`s and
/// rendered like a compiler's (see `DiagnosticRenderer`).
public struct Diagnostic: Error, Sendable, Hashable, Codable, CustomStringConvertible {
    /// A secondary message, optionally pointing at another place ("first defined here").
    public struct Note: Sendable, Hashable, Codable {
        public var message: String
        public var location: SourceLocation?

        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation?
    /// A stable identifier of the check that produced this diagnostic, for tools and
    /// tests (e.g. `yaml.duplicate-key`, `graphql.FieldsOnCorrectType`).
    public var code: String?
    public var notes: [Note]
    /// The closest valid name, rendered as "; did you mean '<suggestion>'?".
    public var suggestion: String?
    /// What the user can do about it, rendered on its own line after the source excerpt.
    public var hint: String?

    public init(
        _ severity: Severity,
        _ message: String,
        at location: SourceLocation? = nil,
        code: String? = nil,
        notes: [Note] = [],
        suggestion: String? = nil,
        hint: String? = nil
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.code = code
        self.notes = notes
        self.suggestion = suggestion
        self.hint = hint
    }

    public static func error(
        _ message: String, at location: SourceLocation? = nil, code: String? = nil,
        notes: [Note] = [], suggestion: String? = nil, hint: String? = nil
    ) -> Diagnostic {
        Diagnostic(.error, message, at: location, code: code, notes: notes, suggestion: suggestion, hint: hint)
    }

    public static func warning(
        _ message: String, at location: SourceLocation? = nil, code: String? = nil,
        notes: [Note] = [], suggestion: String? = nil, hint: String? = nil
    ) -> Diagnostic {
        Diagnostic(.warning, message, at: location, code: code, notes: notes, suggestion: suggestion, hint: hint)
    }

    /// The message with its suggestion, as shown after `error:`.
    public var fullMessage: String {
        guard let suggestion else { return message }
        return "\(message); did you mean '\(suggestion)'?"
    }

    /// The one-line form: `path:line:column: error: message; did you mean 'x'?`.
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity.rawValue): \(fullMessage)"
    }
}

/// Several diagnostics thrown together (for example every validation error of a file).
public struct DiagnosticList: Error, Sendable, Hashable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
