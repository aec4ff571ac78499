@testable import BuyflowWorkflow
import Testing

/// The memo finds a text parsed before by its bytes in place as well as by a string:
/// both kinds of key must hash and compare alike.
@Suite("ExpressionMemo")
struct ExpressionMemoTests {
    static let texts = ["data.cart.id == vars.id", "", "caf\u{E9} == 'ü'", "${{ vars.qty }} items", "x"]

    @Test(arguments: texts)
    func keysFromBytesAndStrings(text: String) {
        var copy = text
        copy.withUTF8 { bytes in
            let probe = ExpressionMemo.Key(probing: bytes)
            let stored = ExpressionMemo.Key(text)
            #expect(probe == stored)
            #expect(probe.hashValue == stored.hashValue)
            #expect(probe != ExpressionMemo.Key(text + " "))
        }
    }

    @Test("a text parsed once is found by its bytes; another text is not")
    func lookupByBytes() throws {
        var memo = ExpressionMemo()
        let parsed = try memo.expression("data.cart.totalQuantity == 2")
        let template = try memo.template("Bearer ${{ vars.token }}")
        var expression = "data.cart.totalQuantity == 2"
        let found = expression.withUTF8 { memo.expression(bytes: $0) }
        #expect(found?.trimmed == parsed.trimmed)
        #expect(found?.references.count == parsed.references.count)
        var other = "data.cart.totalQuantity == 3"
        #expect(other.withUTF8 { memo.expression(bytes: $0) } == nil)
        var header = "Bearer ${{ vars.token }}"
        #expect(header.withUTF8 { memo.template(bytes: $0) }?.text == template.text)
        // Expressions and templates are kept apart.
        #expect(header.withUTF8 { memo.expression(bytes: $0) } == nil)
    }

    @Test("TextHash tells apart texts that differ in one byte anywhere, or only in length")
    func textHashSpreads() {
        let base = Array("query Product0($handle: String!) { product(handle: $handle) { id title } }".utf8)
        var hashes: [[UInt8]: UInt64] = [:]
        for length in 0...base.count {
            for position in 0..<max(length, 1) {
                for byte: UInt8 in [0x00, 0x41, 0x7A] {
                    var text = Array(base[..<length])
                    if position < length { text[position] = byte }
                    hashes[text] = text.withUnsafeBufferPointer { TextHash.hash($0) }
                }
            }
        }
        #expect(hashes.count > 7_000)
        #expect(Set(hashes.values).count == hashes.count, "every distinct text has a hash of its own")
    }
}
