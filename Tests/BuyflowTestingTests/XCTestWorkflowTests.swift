import BuyflowTesting
import Foundation
import XCTest

/// The XCTest form: `assertWorkflow` records no failure for a passing workflow.
final class XCTestWorkflowTests: XCTestCase {
    func testCheckoutPasses() async {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let result = await assertWorkflow(WorkflowTest(root.appendingPathComponent("workflows/checkout.yaml").path))
        XCTAssertTrue(result.passed)
    }
}
