import BuyflowCore
import Testing
import YAML

/// Parses one document, failing the test with the rendered diagnostics on error.
func parse(_ text: String, path: String = "test.yaml", sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> YAMLNode {
    do {
        return try YAMLParser.parse(text, path: path)
    } catch {
        let renderer = DiagnosticRenderer(sources: [SourceFile(path: path, text: text)])
        Issue.record("unexpected error:\n\(renderer.render(error.diagnostics))", sourceLocation: sourceLocation)
        throw error
    }
}

/// The diagnostics parsing `text` produces (empty when it parses).
func diagnostics(_ text: String, limits: YAMLLimits = .default) -> [Diagnostic] {
    do {
        _ = try YAMLParser.parse(text, path: "test.yaml", limits: limits)
        return []
    } catch {
        return error.diagnostics
    }
}

func at(_ line: Int, _ column: Int, file: String = "test.yaml") -> BuyflowCore.SourceLocation {
    BuyflowCore.SourceLocation(file: file, line: line, column: column)
}
