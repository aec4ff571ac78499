import XCTest

extension XCTestCase {
    /// Runs a workflow and records each failed step as a test failure at its YAML file
    /// and line, with the text `buyflow run` prints.
    ///
    ///     func testCheckout() async {
    ///         await assertWorkflow(WorkflowTest("workflows/checkout.yaml"))
    ///     }
    @discardableResult
    public func assertWorkflow(_ test: WorkflowTest) async -> WorkflowTestResult {
        let result = await test.run()
        for failure in result.failures {
            if let location = failure.location {
                recordFailure(withDescription: failure.message, inFile: location.file, atLine: max(1, location.line), expected: true)
            } else {
                recordFailure(withDescription: failure.message, inFile: test.path, atLine: 1, expected: true)
            }
        }
        return result
    }
}
