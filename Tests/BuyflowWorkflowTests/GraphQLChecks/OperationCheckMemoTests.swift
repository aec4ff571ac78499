import BuyflowCore
import GraphQLKit
import Testing
@testable import BuyflowWorkflow

/// A load checks repeated operations once: clean results are shared by text; results
/// with diagnostics never are.
@Suite("OperationCheck.Memo")
struct OperationCheckMemoTests {
    typealias Fixture = GraphQLChecksFixture

    static func check(_ text: String, _ kind: OperationType?, memo: inout OperationCheck.Memo) -> OperationCheck {
        OperationCheck.check(text, expecting: kind, schema: Fixture.storefront, documents: [], memo: &memo,
                             mapLocation: Fixture.offsetMapper)
    }

    @Test("the same text shares one check and shape; another text, even renamed, has its own")
    func sameText() throws {
        var memo = OperationCheck.Memo()
        let text = "query A($h: String!) { product(handle: $h) { title } }"
        let first = Self.check(text, .query, memo: &memo)
        let again = Self.check(text, .query, memo: &memo)
        #expect(first.diagnostics.isEmpty && again.diagnostics.isEmpty)
        #expect(first.shape != nil && first.shape == again.shape)
        #expect(again.document == first.document)
        let renamed = Self.check("query Bee($h: String!) { product(handle: $h) { title } }", .query, memo: &memo)
        #expect(renamed.diagnostics.isEmpty && renamed.operation?.name?.value == "Bee")
        #expect(renamed.shape != nil && renamed.shape != first.shape)
        #expect(memo.checks.count == 2)
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

    @Test("a renamed text with a problem is reported at its own place")
    func renamedProblem() {
        var memo = OperationCheck.Memo()
        #expect(Self.check("query A { shop { name } }", .query, memo: &memo).diagnostics.isEmpty)
        let broken = Self.check("query B { shop { nme } }", .query, memo: &memo)
        var fresh = OperationCheck.Memo()
        #expect(broken.diagnostics.count == 1)
        #expect(broken.diagnostics == Self.check("query B { shop { nme } }", .query, memo: &fresh).diagnostics)
    }
}
