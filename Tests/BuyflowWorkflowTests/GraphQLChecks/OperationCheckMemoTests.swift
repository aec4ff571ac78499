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

    @Test("a name of the same length reuses the clean check without a parse, and equals a fresh check, locations and all")
    func sameLengthRename() throws {
        var memo = OperationCheck.Memo()
        let texts = [
            "# first\nquery Product1($h: String!) {\n  product(handle: $h) { title variants(first: 2) { nodes { id } } }\n}\n",
            "# first\nquery Product2($h: String!) {\n  product(handle: $h) { title variants(first: 2) { nodes { id } } }\n}\n",
            "# first\nquery Product9($h: String!) {\n  product(handle: $h) { title variants(first: 2) { nodes { id } } }\n}\n",
        ]
        let first = Self.check(texts[0], .query, memo: &memo)
        #expect(first.diagnostics.isEmpty)
        #expect(memo.renamable.count == 1)
        for text in texts.dropFirst() {
            let shared = Self.check(text, .query, memo: &memo)
            var fresh = OperationCheck.Memo()
            let alone = Self.check(text, .query, memo: &fresh)
            // The document, the operation (its name's location included) are the fresh parse's.
            #expect(shared.document == alone.document)
            #expect(shared.operation == alone.operation)
            #expect(shared.operation?.name?.location == alone.operation?.name?.location)
            #expect(shared.shape == first.shape)
        }
        // Nothing new was stored: every rename was found.
        #expect(memo.renamable.count == 1 && memo.cleanChecks.count == 1)
        // A longer name is parsed (its locations differ) but not validated again.
        let longer = Self.check(texts[0].replacingOccurrences(of: "Product1", with: "Product10"), .query, memo: &memo)
        #expect(longer.diagnostics.isEmpty && longer.shape == first.shape && longer.operation?.name?.value == "Product10")
        #expect(memo.cleanChecks.count == 2)
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

    @Test(arguments: [
        ("query Product1 { shop { name } }", "Product1"),
        ("  mutation\n\tAddLines($id: ID!) { x }", "AddLines"),
        ("\u{FEFF}# a comment, query Fake\n,subscription _s1 { x }", "_s1"),
        ("query{ shop { name } }", nil),
        ("query { shop { name } }", nil),
        ("{ shop { name } }", nil),
        ("\"described\" query A { x }", nil),
        ("fragment F on Shop { name } query A { shop { ...F } }", nil),
        ("queryA { x }", nil),
        ("query 1A { x }", nil),
        ("", nil),
    ] as [(String, String?)])
    func header(_ text: String, name: String?) {
        let header = OperationHeader(text)
        #expect(header.map { OperationCheck.Memo.name(in: text, at: $0.name) } == name)
    }

    @Test("a rename key read in place around the name equals the key kept with the name cut out")
    func renameKeyInPlace() throws {
        let text = "query Product12($h: String!) { product(handle: $h) { id } }"
        let header = try #require(OperationHeader(text))
        let kept = OperationCheck.Memo.RenameKey(
            nameless: OperationCheck.Memo.nameless(text, cutting: header.name), kind: .query, documents: 0, name: header.name
        )
        for (other, same) in [
            ("query Product99($h: String!) { product(handle: $h) { id } }", true),
            ("query Product99($h: String!) { product(handle: $h) { ic } }", false),
            ("query Product999($h: String!) { product(handle: $h) { id } }", false),
        ] {
            var bytes = other
            let otherHeader = try #require(OperationHeader(other))
            bytes.withUTF8 { buffer in
                let probe = OperationCheck.Memo.RenameKey(probing: buffer, kind: .query, documents: 0, name: otherHeader.name)
                #expect((probe == kept) == same, "\(other)")
                if same { #expect(probe.hashValue == kept.hashValue) }
                let otherKind = OperationCheck.Memo.RenameKey(probing: buffer, kind: .mutation, documents: 0, name: otherHeader.name)
                #expect(otherKind != kept)
            }
        }
    }
}
