import BuyflowTestSupport
import BuyflowTesting
import Foundation
import XCTest

/// The XCTest form: `assertWorkflow` records no failure for a passing workflow.
final class XCTestWorkflowTests: XCTestCase {
    func testCheckoutPasses() async {
        let result = await assertWorkflow(WorkflowTest(RepositoryPaths.file("workflows/checkout.yaml").path))
        XCTAssertTrue(result.passed)
    }
}
