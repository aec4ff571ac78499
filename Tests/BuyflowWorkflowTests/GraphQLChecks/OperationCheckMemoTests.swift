import BuyflowCore
import GraphQLKit
import Testing
@testable import BuyflowWorkflow

/// A load checks repeated operations once: clean results are shared (by text, and by
/// text under another operation name); results with diagnostics never are.
@Suite("OperationCheck.Memo")
struct OperationCheckMemoTests {
    typealias Fixture = GraphQLChecksFixture

    static func check(_ text: String, _ kind: OperationType?, memo: inout OperationCheck.Memo) -> OperationCheck {
        OperationCheck.check(text, expecting: kind, schema: Fixture.storefront, documents: [], memo: &memo,
                             mapLocation: Fixture.offsetMapper)
    }

    @Test("an operation renamed shares the first one's shape and keeps its own name")
    func renamed() throws {
        var memo = OperationCheck.Memo()
        let first = Self.check("query A($h: String!) { product(handle: $h) { title } }", .query, memo: &memo)
        let second = Self.check("query Bee($h: String!) { product(handle: $h) { title } }", .query, memo: &memo)
        #expect(first.diagnostics.isEmpty && second.diagnostics.isEmpty)
        #expect(first.shape != nil && first.shape == second.shape)
        #expect(second.operation?.name?.value == "Bee")
        let other = Self.check("query A($h: String!) { product(handle: $h) { id } }", .query, memo: &memo)
        #expect(other.shape != nil && other.shape != first.shape)
        let anonymous = Self.check("query ($h: String!) { product(handle: $h) { title } }", .query, memo: &memo)
        #expect(anonymous.shape != first.shape)
    }

    @Test("a text with a problem is checked again each time, located by each caller's mapper")
    func problemsAreNotShared() {
        var memo = OperationCheck.Memo()
        let text = "query A { shop { nme } }"
        let first = Self.check(text, .query, memo: &memo)
        let second = OperationCheck.check(text, expecting: .query, schema: Fixture.storefront, documents: [], memo: &memo) { line, column in
            SourceLocation(file: "other.yaml", line: line, column: column)
        }
        #expect(first.diagnostics.count == 1 && second.diagnostics.count == 1)
        #expect(first.shape == nil && second.shape == nil)
        #expect(first.diagnostics.first?.location?.file == Fixture.workflowPath)
        #expect(second.diagnostics.first?.location?.file == "other.yaml")
    }

    @Test("the same clean text under a key of another kind still reports the kind")
    func kindStillChecked() {
        var memo = OperationCheck.Memo()
        let text = "query A { shop { name } }"
        #expect(Self.check(text, .query, memo: &memo).diagnostics.isEmpty)
        let asMutation = Self.check(text, .mutation, memo: &memo)
        #expect(asMutation.diagnostics.contains { $0.code == OperationCheck.code })
    }
}
