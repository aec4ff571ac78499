import BuyflowCore
import Testing

extension WorkflowTestResult {
    /// Records each failure as a Swift Testing issue at its place in the YAML file.
    public func recordIssues() {
        for failure in failures {
            if let location = failure.location {
                Issue.record(
                    Comment(rawValue: failure.message),
                    sourceLocation: Testing.SourceLocation(
                        fileID: "workflows/\(location.file.split(separator: "/").last ?? "")", filePath: location.file,
                        line: max(1, location.line), column: max(1, location.column)))
            } else {
                Issue.record(Comment(rawValue: failure.message))
            }
        }
    }
}
