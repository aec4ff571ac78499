@testable import BuyflowWorkflow
import BuyflowExpressions
import Testing

/// The memo parses each distinct text once and keeps expressions and templates apart.
@Suite("ExpressionMemo")
struct ExpressionMemoTests {
    @Test("a text parsed once gives the same parse again; another text its own")
    func sameTextSameParse() throws {
        var memo = ExpressionMemo()
        let parsed = try memo.expression("data.cart.totalQuantity == 2")
        let again = try memo.expression("data.cart.totalQuantity == 2")
        #expect(again.trimmed == parsed.trimmed && again.references.count == parsed.references.count)
        #expect(try memo.expression("data.cart.totalQuantity == 3").trimmed == "data.cart.totalQuantity == 3")
        let template = try memo.template("Bearer ${{ vars.token }}")
        #expect(try memo.template("Bearer ${{ vars.token }}").text == template.text)
    }

    @Test("a text that fails is not kept: it fails again where it is written")
    func failuresAreNotKept() {
        var memo = ExpressionMemo()
        #expect(throws: ExpressionError.self) { try memo.expression("data.cart ==") }
        #expect(throws: ExpressionError.self) { try memo.expression("data.cart ==") }
    }
}
