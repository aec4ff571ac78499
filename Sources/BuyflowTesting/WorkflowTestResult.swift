import BuyflowCore
import BuyflowReport

/// What a `WorkflowTest` gave: the run reports (one per data row), the diagnostics of
/// loading (warnings, or the errors that kept it from running), and the failures as a
/// test reports them.
public struct WorkflowTestResult: Sendable {
    /// One failed step (or an invalid workflow): the message `buyflow run` prints and
    /// where in the YAML it points.
    public struct Failure: Sendable, CustomStringConvertible {
        public var message: String
        public var location: SourceLocation?
        public var description: String { location.map { "\($0): \(message)" } ?? message }
    }

    public var reports: [RunReport]
    public var diagnostics: [Diagnostic]
    let sources: [SourceFile]

    /// Every run passed and the workflow had no error.
    public var passed: Bool {
        !diagnostics.contains { $0.severity == .error } && !reports.isEmpty
            && reports.allSatisfy { $0.status == .passed || $0.status == .skipped }
    }

    /// The problems, each where it is written.
    public var failures: [Failure] {
        let errors = diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            let renderer = DiagnosticRenderer(color: false, sources: sources)
            return errors.map { Failure(message: renderer.render($0), location: $0.location) }
        }
        let renderer = RunTextRenderer(color: false, sources: sources)
        var found: [Failure] = []
        for run in reports {
            for step in run.steps where step.status == .failed || step.status == .error {
                let location = step.failure?.assertions.first { !$0.passed }?.location ?? step.failure?.location ?? step.location
                found.append(Failure(message: "\(run.workflow.name): " + renderer.stepBlock(step), location: location))
            }
        }
        if found.isEmpty, reports.isEmpty { found.append(Failure(message: "the workflow did not run", location: nil)) }
        return found
    }
}
