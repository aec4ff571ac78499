import BuyflowCore
import BuyflowWorkflow
import Foundation
import Testing

/// No false alarms: every workflow under `workflows/` (and the valid fixtures) loads
/// without an error or a warning.
@Suite struct ValidWorkflowTests {
    static var repositoryWorkflows: [String] {
        let folder = Fixtures.repositoryRoot.appendingPathComponent("workflows")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") || $0.hasSuffix(".yml") }.sorted()
    }

    @Test(arguments: repositoryWorkflows)
    func repositoryWorkflowIsClean(_ name: String) {
        let path = Fixtures.repositoryRoot.appendingPathComponent("workflows/\(name)").path
        let result = WorkflowLoader.load(path: path, options: Fixtures.options())
        #expect(result.diagnostics.isEmpty, "\(Fixtures.render(result, cutting: ""))")
        #expect(result.workflow != nil)
    }
}
