import BuyflowCore

/// What a running command may use besides its arguments.
public struct CommandContext: Sendable {
    public var console: Console
    public var environment: [String: String]
    /// Colour for diagnostics and summaries: the console allows it and `--no-color` is absent.
    public var color: Bool

    public init(console: Console, environment: [String: String], color: Bool) {
        self.console = console
        self.environment = environment
        self.color = color
    }

    /// Renders diagnostics compiler-style to stderr, quoting the given sources.
    public func report(_ diagnostics: [Diagnostic], sources: [SourceFile] = []) {
        let renderer = DiagnosticRenderer(color: color, sources: sources)
        console.write(renderer.render(diagnostics), to: .error)
    }
}
