import BuyflowCore
import Testing
import YAML

@Suite struct NodeTests {
    static let workflow = """
    name: checkout
    steps:
      - name: add to cart
        retries: 3
        weight: 1.5
        dry: false
        note: ~
        tags: [smoke, cart]
      - name: "pay"
    """

    @Test func keysKeepTheirOrder() throws {
        let root = try parse("zeta: 1\nalpha: 2\nmid: 3\n")
        #expect(root.mapping?.map { $0.key.text } == ["zeta", "alpha", "mid"])
    }

    @Test func accessors() throws {
        let root = try parse(Self.workflow)
        let step = try #require(root["steps"]?[0])
        #expect(root["name"]?.string == "checkout")
        #expect(step["retries"]?.int == 3)
        #expect(step["retries"]?.double == 3)
        #expect(step["retries"]?.string == nil)
        #expect(step["retries"]?.text == "3")
        #expect(step["weight"]?.double == 1.5)
        #expect(step["dry"]?.bool == false)
        #expect(step["note"]?.isNull == true)
        #expect(step["tags"]?.sequence?.compactMap(\.string) == ["smoke", "cart"])
        #expect(step["missing"] == nil)
        #expect(root["steps"]?[2] == nil)
        #expect(root["steps"]?[1]?["name"]?.string == "pay")
        #expect(root["name"]?["x"] == nil)
        if case .mapping(let pairs) = root.value { #expect(pairs.count == 2) } else { Issue.record("not a mapping") }
        if case .int(let retries) = step["retries"]?.value { #expect(retries == 3) } else { Issue.record("not an int") }
    }

    @Test func locations() throws {
        let root = try parse(Self.workflow)
        #expect(root.location == at(1, 1))
        let steps = try #require(root.pair(forKey: "steps"))
        #expect(steps.key.location == at(2, 1))
        #expect(steps.value.location == at(3, 3))
        let step = try #require(steps.value[0])
        #expect(step.location == at(3, 5))
        #expect(step["retries"]?.location == at(4, 14))
        #expect(step["retries"]?.endLocation == at(4, 15))
        #expect(step["tags"]?.location == at(8, 11))
        #expect(step["tags"]?.endLocation == at(8, 24))
        #expect(step["tags"]?[1]?.location == at(8, 19))
        #expect(steps.value[1]?["name"]?.location == at(9, 11))
    }

    @Test func columnsCountUnicodeScalars() throws {
        let root = try parse("é🛒: \"ü€\"\nnext: 1\n")
        #expect(root["é🛒"]?.location == at(1, 5))
        #expect(root.pair(forKey: "next")?.key.location == at(2, 1))
    }

    @Test func byteOrderMarkCountsAsAColumn() throws {
        let root = try parse("\u{FEFF}a: 1\n")
        // SourceFile sees the BOM as the first scalar of line 1.
        #expect(root.pair(forKey: "a")?.key.location == at(1, 2))
    }

    @Test func lineBreaksLibYAMLCountsAndSourceFileDoesNot() throws {
        // U+2028 inside a quoted string is a line break to libyaml, not to SourceFile.
        let text = "a: \"x\u{2028}y\"\rb: 1\nc: 2\n"
        let root = try parse(text)
        #expect(root.pair(forKey: "c")?.key.location == at(2, 1))
        #expect(root.pair(forKey: "b")?.key.location == at(1, 10))
    }

    @Test func errorsAtTheEndPointPastTheLastCharacter() {
        #expect(diagnostics("a: [1, 2").first?.location == at(1, 9))
        #expect(diagnostics("a: [1, 2\n\n\n").first?.location == at(1, 9))
    }

    @Test func duplicateKeys() throws {
        let found = diagnostics("a: 1\nb: 2\na: 3\n1: x\n0x1: y\n'1': z\nb: 4\n")
        #expect(found.map(\.message) == ["duplicate key 'a'", "duplicate key '0x1'", "duplicate key 'b'"])
        #expect(found[0].location == at(3, 1))
        #expect(found[0].notes == [Diagnostic.Note("first defined here", at: at(1, 1))])
        #expect(found[0].code == "yaml.duplicate-key")
    }

    @Test func duplicateKeysInLargeMappings() {
        let keys = (0..<100).map { "key\($0): \($0)" }
        let text = (keys + ["key42: again", "key99: again"]).joined(separator: "\n")
        let found = diagnostics(text)
        #expect(found.map(\.message) == ["duplicate key 'key42'", "duplicate key 'key99'"])
        #expect(found.first?.notes.first?.location == at(43, 1))
    }

    @Test func complexKeys() throws {
        let root = try parse("? [a, b]\n: 1\n? {c: d}\n: 2\n")
        #expect(root.description == #"{["a", "b"]: 1, {"c": "d"}: 2}"#)
        #expect(diagnostics("? [a]\n: 1\n? [a]\n: 2\n").map(\.message) == [#"duplicate key '["a"]'"#])
    }

    @Test func expectHelpers() throws {
        let root = try parse("name: checkout\nsteps:\ncount: x\n")
        #expect(throws: Never.self) { try root.expectMapping() }
        let steps = try #require(root["steps"])
        let error = #expect(throws: Diagnostic.self) { try steps.expectSequence(context: "'steps'") }
        #expect(error?.message == "expected a sequence for 'steps', found no value")
        #expect(error?.location == at(2, 7))
        #expect(error?.code == "yaml.type")
        #expect(error?.hint != nil)
        let count = #expect(throws: Diagnostic.self) { try root["count"]?.expectInt(context: "'count'") }
        #expect(count?.message == #"expected an integer for 'count', found a string ("x")"#)
        #expect(try root["name"]?.expectString() == "checkout")
        #expect(throws: Diagnostic.self) { try root.expectBool() }
    }

    @Test func documentsInAStream() throws {
        let documents = try YAMLParser.parseDocuments("a: 1\n---\nb: 2\n...\n---\n- c\n", path: "s.yaml")
        #expect(documents.map { $0.description } == [#"{"a": 1}"#, #"{"b": 2}"#, #"["c"]"#])
        #expect(documents[1].location == at(3, 1, file: "s.yaml"))
        #expect(try YAMLParser.parseDocuments("# nothing\n", path: "s.yaml").isEmpty)
        #expect(try YAMLParser.parseDocuments("", path: "s.yaml").isEmpty)
    }

    @Test func singleDocumentRules() throws {
        #expect(diagnostics("").map(\.code) == ["yaml.empty"])
        #expect(diagnostics("---\n").map(\.code) == ["yaml.empty"])
        #expect(diagnostics("a: 1\n---\nb: 2\n").map(\.location) == [at(2, 1)])
        #expect(try parse("--- 42\n").int == 42)
        #expect(try parse("---\na: 1\n...\n").description == #"{"a": 1}"#)
    }

    @Test func limits() {
        var limits = YAMLLimits.default
        limits.maxDepth = 3
        #expect(diagnostics("a: [[1]]\n", limits: limits).isEmpty)
        #expect(diagnostics("a: [[[1]]]\n", limits: limits).map(\.location) == [at(1, 6)])
        limits = .default
        limits.maxScalarLength = 5
        #expect(diagnostics("a: abcde\n", limits: limits).isEmpty)
        #expect(diagnostics("a: abcdef\n", limits: limits).first?.message.contains("maxScalarLength") == true)
        limits = .default
        limits.maxFileSize = 8
        #expect(diagnostics("a: 1234\n", limits: limits).isEmpty)
        #expect(diagnostics("a: 12345\n", limits: limits).first?.message.contains("maxFileSize") == true)
    }

    @Test func encodingChecks() {
        func errors(_ bytes: [UInt8]) -> [Diagnostic] {
            do {
                _ = try YAMLParser.parse(bytes: bytes, path: "b.yaml")
                return []
            } catch {
                return error.diagnostics
            }
        }
        #expect(errors(Array("a: é\n".utf8)).isEmpty)
        #expect(errors([0x61, 0x3A, 0x20, 0xC3]).first?.location == at(1, 4, file: "b.yaml"))
        #expect(errors([0x61, 0x0A, 0xED, 0xA0, 0x80]).first?.location == at(2, 1, file: "b.yaml"))
        #expect(errors([0xFF, 0xFE, 0x61, 0x00]).first?.message.contains("UTF-16") == true)
        #expect(errors(Array("a: 1\u{0}\n".utf8)).first?.code == "yaml.nul")
    }

    /// The input scan reads eight bytes at a time; a NUL is found wherever it falls.
    @Test(arguments: 0..<20)
    func nulAnywhereInAWord(_ offset: Int) {
        let text = "k: " + String(repeating: "a", count: offset) + "\u{0}" + String(repeating: "b", count: 20) + "\n"
        #expect(diagnostics(text).map(\.location) == [at(1, 4 + offset)])
    }

    /// A lone CR (a line break to libyaml, not to SourceFile) is noticed wherever it falls.
    @Test(arguments: 0..<12)
    func loneCarriageReturnAnywhereInAWord(_ offset: Int) throws {
        let text = "k: \"" + String(repeating: "a", count: offset) + "\r" + String(repeating: "b", count: 12) + "\"\nz: 1\n"
        #expect(try parse(text).pair(forKey: "z")?.key.location == at(2, 1))
    }

    @Test func descriptionQuotesStrings() throws {
        #expect(try parse("a: \"x\\\"y\\n\\t\\\\\"\n").description == #"{"a": "x\"y\n\t\\"}"#)
    }
}
