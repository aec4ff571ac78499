import BuyflowCore
import BuyflowTestSupport
import BuyflowTesting
import Foundation
import Testing

/// Workflows run from Swift tests: a passing one records nothing; a failing one gives a
/// failure per step at its YAML place, with the console's text.
@Suite struct WorkflowTestTests {
    static let root = RepositoryPaths.root

    @Test func theCheckoutPasses() async {
        let result = await WorkflowTest(Self.root.appendingPathComponent("workflows/checkout.yaml").path).run()
        #expect(result.passed)
        #expect(result.failures.isEmpty)
        #expect(result.reports.first?.steps.count == 5)
        result.recordIssues()
    }

    @Test func aFailedAssertionIsAFailureAtItsYAMLLine() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("w.yaml")
        try """
            version: 1
            name: Wrong total
            steps:
              - name: Shop
                query: "{ shop { name } }"
                assert:
                  - data.shop.name == "Other Shoes"
            """.write(to: file, atomically: true, encoding: .utf8)
        let result = await WorkflowTest(file.path).run()
        #expect(!result.passed)
        let failure = try #require(result.failures.first)
        #expect(result.failures.count == 1)
        #expect(failure.location?.description == "\(file.path):7:9")
        #expect(failure.message.contains("✗ data.shop.name == \"Other Shoes\""))
        #expect(failure.message.contains("expected  \"Other Shoes\""))
        #expect(failure.message.contains("actual    \"Sample Shoes\""))
        withKnownIssue("the failure is recorded as an issue of this test") {
            result.recordIssues()
        }
    }

    @Test func anInvalidWorkflowGivesItsDiagnostics() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("testing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("w.yaml")
        try "version: 1\nname: Bad\nsteps:\n  - name: Shop\n    query: \"{ shop { nam } }\"\n".write(to: file, atomically: true, encoding: .utf8)
        let result = await WorkflowTest(file.path).run()
        #expect(!result.passed)
        #expect(result.reports.isEmpty)
        let failure = try #require(result.failures.first)
        #expect(failure.location?.line == 5)
        #expect(failure.message.contains("cannot query field 'nam' on type 'Shop'; did you mean 'name'?"))
    }
}
