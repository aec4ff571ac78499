import BuyflowCore
import BuyflowTestSupport
import Foundation
import Testing
@testable import YAML

/// A long document parsed in two parts at once (`SplitPoint`, `StreamReader.readSplit`)
/// must give exactly the value of the whole parse, locations included — or refuse, and
/// let the whole parse run. Every document here is split at every line the split could
/// choose, not only past its middle.
struct SplitParseTests {
    /// A workflow-like document: a few keys, a list of `count` steps, keys after it.
    static func workflow(count: Int, indent: Int = 2, lineBreak: String = "\n", after: String = "finally:\n  - name: end\n") -> String {
        let pad = String(repeating: " ", count: indent)
        var text = "# a comment\nversion: 1\nname: caf\u{E9} \u{1F600}\nvars: {a: 1, b: [x, y]}\nsteps:\n"
        for index in 0..<count {
            text += pad + "- name: Step \(index)\n"
            text += pad + "  query: |\n" + pad + "    query Q\(index) { shop { name } }\n"
            switch index % 6 {
            case 0: text += pad + "  assert:\n" + pad + "  - data.shop.name == \"x\"\n" + pad + "  - 'a: b'\n"
            case 1: text += pad + "  note: >+\n" + pad + "    kept\n\n\n"
            case 2: text += pad + "  note: |-\n" + pad + "    stripped\n\n" + "# a comment at column 0\n\n"
            case 3: text += pad + "  vars: {n: \(index), f: 1.5, t: true, z: ~}   # trailing\n"
            case 4: text += pad + "  text: \"two\n" + pad + "    lines\"\n" + pad + "  plain: more\n" + pad + "    words\n"
            default: text += pad + "  -list: [1, 2]\n" + pad + "  deep:\n" + pad + "    - - 1\n" + pad + "      - 2\n"
            }
        }
        text += after
        return lineBreak == "\n" ? text : text.replacingOccurrences(of: "\n", with: lineBreak)
    }

    static let splittable: [(String, String)] = [
        ("steps indented by 2", workflow(count: 24)),
        ("items at column 0", workflow(count: 24, indent: 0)),
        ("items indented by 4", workflow(count: 24, indent: 4)),
        ("CR LF line breaks", workflow(count: 24, lineBreak: "\r\n")),
        ("nothing after the list", workflow(count: 24, after: "")),
        ("the list's key again after it (kept twice)", workflow(count: 24, after: "steps: again\nname: twice\n")),
        ("a comment and blank lines at the end", workflow(count: 24, after: "\n# done\n\n")),
        ("an anchor and alias within the second part", workflow(count: 24, after: "x: &x [1, {a: b}]\ny: *x\n")),
        ("an anchor before the list, used before it", "base: &b {k: v}\nuse: *b\n" + workflow(count: 24)),
        ("no line break at the end", workflow(count: 24, after: "end: true")),
    ]

    @Test(arguments: splittable)
    func everySplitGivesTheWholeValue(_ label: String, _ text: String) throws {
        let whole = Self.whole(text)
        #expect(!whole.hasPrefix("error"), "\(label)")
        var splits = 0
        for (offset, split) in Self.splits(of: text) {
            let parts = Self.parts(text, at: split, helperRuns: offset % 2 == 0)
            if let parts {
                #expect(parts == whole, "\(label): split at line \(split.line): \(Self.difference(parts, whole))")
                splits += 1
            }
        }
        // Every item of the list after its first can be a split; each must take.
        #expect(splits >= 23, "\(label): \(splits) splits")
        // Through the public entry point, with a helper thread.
        #expect(Self.withHelper(text) == whole, "\(label)")
    }

    static let refused: [(String, String)] = [
        ("an alias in the second part to an anchor in the first",
         "steps:\n  - &a {name: a}\n" + String(repeating: "  - {name: b}\n", count: 20) + "  - *a\n"),
        ("a quoted scalar over the split",
         "steps:\n  - name: a\n    note: \"starts\n" + String(repeating: "  - not an item\n", count: 20) + "    ends\"\n  - name: b\n"),
        ("a flow list over the split",
         "steps:\n  - [a,\n" + String(repeating: "  - b,\n", count: 20) + "  c]\n  - d\n"),
        ("a block scalar at the top level",
         "notes: |\n" + String(repeating: "  - not an item\n", count: 30) + "steps:\n  - a\n"),
        ("a second document", workflow(count: 20, after: "---\nb: 2\n")),
        ("a syntax error in the second part", workflow(count: 20, after: "bad: [unclosed\n")),
        ("a syntax error in the first part", "a: [unclosed\n" + workflow(count: 20)),
        ("a merge key", workflow(count: 20, after: "m:\n  <<: {a: 1}\n")),
    ]

    @Test(arguments: refused)
    func refusedWhereTheWholeParseIsNeeded(_ label: String, _ text: String) {
        let whole = Self.whole(text)
        for (offset, split) in Self.splits(of: text) {
            if let parts = Self.parts(text, at: split, helperRuns: offset % 2 == 0) {
                // A split that takes must still agree (one before the problem may).
                #expect(parts == whole, "\(label): split at line \(split.line)")
            }
        }
        #expect(Self.withHelper(text) == whole, "\(label)")
    }

    @Test func refusesTheSplitsThatWouldChangeTheValue() {
        // The alias comes after every split: none may take.
        let aliasAcross = Self.refused[0].1
        #expect(Self.splits(of: aliasAcross).count >= 20)
        #expect(Self.splits(of: aliasAcross).allSatisfy { Self.parts(aliasAcross, at: $0.1, helperRuns: false) == nil })
        let quoted = Self.refused[1].1
        // The lines inside the quoted scalar look like items; none may split.
        for (_, split) in Self.splits(of: quoted) where split.line > 3 && split.line < 24 {
            #expect(Self.parts(quoted, at: split, helperRuns: false) == nil, "line \(split.line)")
        }
        let blockScalar = Self.refused[3].1
        #expect(Self.splits(of: blockScalar).allSatisfy { $0.1.line > 31 })
    }

    @Test(arguments: [
        ("steps:\n  - a\n  - b\n  - c\n  - d\n", SplitPoint(offset: 19, line: 4, indent: 2)),
        ("steps:\n- a\n- b\n- c\n- d\n", SplitPoint(offset: 11, line: 3, indent: 0)),
        ("steps:   # comment\n\n  - a\n  - b\n  - c\n  - d\n", SplitPoint(offset: 26, line: 4, indent: 2)),
        ("x: |\n  - a\n  - b\n  - c\n", nil),
        ("steps: []\n  - a\n  - b\n", nil),
        ("steps:\n  a: 1\n  b: 2\n  c: 3\n", nil),
        ("steps:\n  - a\nnext: 1\n  - b\n  - c\n", nil),
        ("\"steps\":\n  - a\n  - b\n  - c\n", nil),
        ("steps:\n\t- a\n\t- b\n\t- c\n", nil),
        ("steps:\n  - a\n  -b\n  -c\n  - d\n", SplitPoint(offset: 23, line: 5, indent: 2)),
        ("steps:\n  - a\n  - b\n---\n  - c\n", nil),
    ] as [(String, SplitPoint?)])
    func findsTheSplit(_ text: String, _ expected: SplitPoint?) {
        var text = text
        #expect(text.withUTF8 { SplitPoint($0) } == expected)
    }

    @Test("a large file with the helper thread late, busy or never running: the whole value")
    func helperTiming() {
        let text = Self.workflow(count: 400)
        let whole = Self.whole(text)
        let late = YAMLParser.Helper(minimumSize: 0) { job in
            Thread.detachNewThread {
                Thread.sleep(forTimeInterval: 0.02)
                job()
            }
        }
        let never = YAMLParser.Helper(minimumSize: 0) { _ in }
        for helper in [late, never, Self.helper] {
            #expect((try? YAMLParser.parseLocated(text, path: "t.yaml", duplicateKeys: .keep, helper: helper).dump) == whole)
        }
        // Under the size given, the text is parsed whole.
        let small = YAMLParser.Helper(minimumSize: text.utf8.count + 1) { _ in Issue.record("a short text was split") }
        #expect((try? YAMLParser.parseLocated(text, path: "t.yaml", duplicateKeys: .keep, helper: small).dump) == whole)
    }

    // MARK: - Helpers

    /// Where two dumps first differ, with some text of each around it.
    static func difference(_ a: String, _ b: String) -> String {
        let a = Array(a.utf8), b = Array(b.utf8)
        guard let index = (0..<min(a.count, b.count)).first(where: { a[$0] != b[$0] }) ?? (a.count == b.count ? nil : min(a.count, b.count)) else { return "same" }
        func around(_ bytes: [UInt8]) -> String {
            String(decoding: bytes[max(0, index - 80)..<min(bytes.count, index + 40)], as: UTF8.self)
        }
        return "split: …\(around(a))… whole: …\(around(b))…"
    }

    static let helper = YAMLParser.Helper(minimumSize: 0) { job in Thread.detachNewThread { job() } }

    /// Every split of `text`: the one found from each line start on, once each.
    static func splits(of text: String) -> [(Int, SplitPoint)] {
        var text = text
        return text.withUTF8 { bytes in
            var found: [(Int, SplitPoint)] = []
            var offset = 0
            while offset < bytes.count {
                if offset == 0 || bytes[offset - 1] == UInt8(ascii: "\n"), let split = SplitPoint(bytes, from: offset),
                   found.last?.1 != split {
                    found.append((offset, split))
                }
                offset += 1
            }
            return found
        }
    }

    /// The value parsed in two parts at `split`, the second on another thread or not;
    /// `nil` when the split is refused.
    static func parts(_ text: String, at split: SplitPoint, helperRuns: Bool) -> String? {
        var text = text
        let helper = helperRuns ? Self.helper : YAMLParser.Helper(minimumSize: 0) { _ in }
        return text.withUTF8 { bytes in
            StreamReader.readSplit(bytes, at: split, path: "t.yaml", limits: .default, helper: helper)?.dump
        }
    }

    static func whole(_ text: String) -> String {
        render { () throws(DiagnosticList) in try YAMLParser.parseLocated(text, path: "t.yaml", duplicateKeys: .keep) }
    }

    static func withHelper(_ text: String) -> String {
        render { () throws(DiagnosticList) in try YAMLParser.parseLocated(text, path: "t.yaml", duplicateKeys: .keep, helper: helper) }
    }

    private static func render(_ parse: () throws(DiagnosticList) -> LocatedValue) -> String {
        do {
            return try parse().dump
        } catch {
            return "error " + error.diagnostics.map { "\($0.location.map(String.init(describing:)) ?? "-") \($0.message)" }.joined(separator: "\n")
        }
    }
}
