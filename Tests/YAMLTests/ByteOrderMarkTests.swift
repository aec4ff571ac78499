import BuyflowCore
import Testing
import YAML

/// A UTF-8 byte-order mark (editors on Windows write one) means what it means to libyaml:
/// the text reads as without it, and locations count it as line 1's first column, as
/// `SourceFile` does.
@Suite("Byte-order mark")
struct ByteOrderMarkTests {
    /// Texts whose value must not change with a leading mark; the first line is content in most.
    @Test(arguments: [
        "name: x\nsteps: 2\n",
        "--- |1-\n  x\n",
        "---\na: 1\n",
        "- a\n- b\n",
        "[1, 2]\n",
        "\"quoted\": 'v'\n",
        "%YAML 1.1\n---\nk: v\n",
        "# comment\nk: v\n",
        "k: v\r\nl: w\r\n",
    ])
    func sameValueAsWithout(_ text: String) throws {
        let plain = try parse(text)
        let marked = try parse("\u{FEFF}" + text)
        #expect(marked.description == plain.description, "\(text.debugDescription)")
    }

    @Test func locationsCountTheMark() throws {
        let root = try parse("\u{FEFF}name: x\nsteps: 2\n")
        #expect(root.pair(forKey: "name")?.key.location == at(1, 2))
        #expect(root.pair(forKey: "name")?.value.location == at(1, 8))
        #expect(root.pair(forKey: "steps")?.key.location == at(2, 1))
        #expect(try parse("\u{FEFF}--- |1-\n  x\n").string == " x")
    }

    @Test func errorsCountTheMark() {
        // libyaml reports '@' at 0-based column 7 of the text after the mark.
        #expect(diagnostics("\u{FEFF}a: [1, @]\n").first?.location == at(1, 9))
        #expect(diagnostics("a: b: c\n").first?.location == at(1, 5))
        #expect(diagnostics("\u{FEFF}a: b: c\n").first?.location == at(1, 6))
        #expect(diagnostics("\u{FEFF}a: 1\nb: [\n").first?.location?.line == 2)
    }
}

/// A long file reads as a short one: a `%TAG` directive applies to the document's last node.
@Suite("Long documents")
struct LongDocumentTests {
    @Test func aTagDirectiveReachesTheEnd() throws {
        var text = "%TAG ! tag:yaml.org,2002:\n---\nsteps:\n"
        while text.utf8.count < 200 << 10 { text += "  - name: step \(text.utf8.count)\n    query: '{ shop { name } }'\n" }
        text += "  - name: last\n    value: !int 42\n"
        let root = try parse(text)
        let steps = try #require(root["steps"]?.sequence)
        #expect(steps.last?["value"]?.int == 42)
        #expect(steps.first?["name"]?.string?.hasPrefix("step") == true)
    }
}
