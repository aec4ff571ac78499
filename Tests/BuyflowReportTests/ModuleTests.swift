import Testing
@testable import BuyflowReport

@Test func moduleLinks() {
    #expect(String(describing: BuyflowReport.self) == "BuyflowReport")
}
