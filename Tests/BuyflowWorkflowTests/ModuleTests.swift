import Testing
@testable import BuyflowWorkflow

@Test func moduleLinks() {
    #expect(String(describing: BuyflowWorkflow.self) == "BuyflowWorkflow")
}
