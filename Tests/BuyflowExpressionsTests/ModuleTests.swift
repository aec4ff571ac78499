import Testing
@testable import BuyflowExpressions

@Test func moduleLinks() {
    #expect(String(describing: BuyflowExpressions.self) == "BuyflowExpressions")
}
