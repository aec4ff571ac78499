import BuyflowCore
import BuyflowTestSupport
import BuyflowWorkflow
import Foundation
import Testing

/// Each folder under `Fixtures/invalid` holds a `workflow.yaml` (and the steps, data and
/// documents files it names) with one or more mistakes, and `expected.txt`: every
/// diagnostic, rendered as `buyflow validate` prints them. Re-record with BUYFLOW_RECORD=1.
@Suite struct InvalidWorkflowTests {
    @Test(arguments: Fixtures.cases("invalid"))
    func reportsEveryProblem(_ name: String) throws {
        let folder = Fixtures.sourceRoot.appendingPathComponent("invalid/\(name)")
        let result = WorkflowLoader.load(path: folder.appendingPathComponent("workflow.yaml").path, options: Fixtures.options())
        #expect(result.hasErrors, "\(name) loaded without errors")
        #expect(result.workflow == nil)
        try Fixtures.golden.expect(Fixtures.render(result, cutting: folder.path + "/"), at: "invalid/\(name)/expected.txt")
    }
}
