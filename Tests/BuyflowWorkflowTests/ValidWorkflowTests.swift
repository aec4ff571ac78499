import BuyflowCore
import BuyflowTestSupport
import BuyflowWorkflow
import Foundation
import Testing

/// No false alarms: every workflow under `workflows/` (and the valid fixtures) loads
/// without an error or a warning, but for the true alarms an example is there to show.
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
        let expected = ExampleWarnings.byWorkflow[name] ?? []
        #expect(result.diagnostics.map(\.message) == expected.map(\.message), "\(Fixtures.render(result, cutting: ""))")
        #expect(result.diagnostics.allSatisfy { $0.severity == .warning })
        #expect(result.workflow != nil)
    }
}

/// Deprecated fields are warnings, not errors: the workflow loads, and says so.
@Suite struct DeprecationWarningTests {
    @Test func aDeprecatedFieldIsAWarning() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("deprecated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("w.yaml")
        try """
            version: 1
            name: Deprecated
            steps:
              - name: Cart
                query: |
                  query($id: ID!) {
                    cart(id: $id) { cost { totalTaxAmount { amount } } }
                  }
                variables: {id: "gid://shopify/Cart/1"}
            """.write(to: file, atomically: true, encoding: .utf8)
        let result = WorkflowLoader.load(path: file.path, options: Fixtures.options())
        #expect(!result.hasErrors)
        let workflow = try #require(result.workflow)
        #expect(result.diagnostics.count == 1)
        let warning = try #require(result.diagnostics.first)
        #expect(warning.severity == .warning)
        #expect(warning.location?.line == 7)
        #expect(warning.location?.column == 32)
        #expect(warning.message.contains("totalTaxAmount"))
        #expect(workflow.warnings.count == 1)
    }
}
