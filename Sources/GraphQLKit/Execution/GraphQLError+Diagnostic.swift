import BuyflowCore

extension GraphQLError {
    /// A request error from a syntax or validation diagnostic: its full message (with the
    /// "did you mean" suggestion), its line and column, and `extensions.code` set to the
    /// diagnostic's code (e.g. `graphql.syntax`) unless `extensions` has one.
    public init(_ diagnostic: Diagnostic, extensions: JSONObject = JSONObject()) {
        var extensions = extensions
        if extensions["code"] == nil, let code = diagnostic.code { extensions["code"] = .string(code) }
        self.init(
            diagnostic.fullMessage,
            locations: diagnostic.location.map { [Location(line: $0.line, column: $0.column)] } ?? [],
            extensions: extensions
        )
    }

    /// This error as a project diagnostic located in `file` (the first location), with
    /// `extensions.code` as its code and the path as a note.
    public func diagnostic(file: String = "<request>") -> Diagnostic {
        Diagnostic.error(
            message,
            at: locations.first.map { SourceLocation(file: file, line: $0.line, column: $0.column) },
            code: extensions["code"]?.stringValue,
            notes: path.isEmpty ? [] : [Diagnostic.Note("at response path '\(PathComponent.render(path))'")]
        )
    }
}

extension ExecutionResult {
    /// A response to a request that failed before execution (syntax, validation):
    /// the diagnostics' errors and no `data`. Warnings are left out.
    public init(diagnostics: [Diagnostic]) {
        self.init(data: nil, errors: diagnostics.filter { $0.severity == .error }.map { GraphQLError($0) })
    }
}
