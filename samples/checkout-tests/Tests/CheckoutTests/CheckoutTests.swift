import BuyflowTesting
import Foundation
import Testing
import XCTest

/// The repository's checkout workflow, as an app's test suite would run its own.
let checkout = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("workflows/checkout.yaml").path

@Test func checkoutWithSwiftTesting() async {
    // Each failed step becomes an issue at its line in checkout.yaml.
    await WorkflowTest(checkout).run().recordIssues()
}

final class CheckoutXCTests: XCTestCase {
    func testCheckout() async {
        await assertWorkflow(WorkflowTest(checkout, vars: ["quantity": "2"]))
    }
}
