import BuyflowCore
import BuyflowTestSupport
import Foundation
import Testing
@testable import YAML

/// `YAMLParser.parseLocated` builds the common document straight from events; whatever
/// path it takes, it must give exactly `parse(…).located`, or exactly its diagnostics.
struct LocatedBuilderTests {
    static let documents: [String] = [
        "name: checkout\nsteps:\n  - id: a\n    query: |\n      { shop { name } }\n",
        "a: 1\nb: 0x1F\nc: 1.5e3\nd: .inf\ne: -.nan\nf: ~\ng: TRUE\nh: 'x'\ni: \"y\\n\"\nj: >\n  folded\n  text\n",
        "tagged: !!str 12\nint: !!int \"7\"\nnull: !!null ''\nfloat: !!float 1\nlocal: !thing x\nbang: ! 12\n",
        "base: &b {x: 1, y: [1, 2]}\nuse: *b\nagain: *b\nscalar: &s hello\nrepeat: *s\n",
        "same: 1\nsame: 2\nother: 3\nsame: 4\n",
        "<<: {a: 1}\nb: 2\n",
        "base: &b {a: 1}\nm:\n  <<: *b\n  c: 2\n",
        "m: {<<: [{a: 1}, !!null '']}\n",
        "!!str <<: 1\n'<<': 2\n",
        "? [a, b]\n: 1\n? {1: \"a\"}\n: 2\n",
        "*unknown: 1\n",
        "a: *unknown\n",
        "a: &r [1, *r]\n",
        "a: 99999999999999999999\n",
        "a: !!int abc\n",
        "seq: !!seq [1]\nmap: !!map {a: 1}\nbad: !!map [1]\n",
        "just a scalar\n",
        "",
        "# only a comment\n",
        "!!str\n",
        "a: 1\n---\nb: 2\n",
        "a: [1, 2\n",
        "- 1\n- [2, {3: 4}]\n- {a: b}: c\n",
        "a:\tb\n",
        "a: \"caf\u{E9} \u{1F600}\"\nb: x\u{2028}y\nc:\r\n  - d\r",
        "k: &a v\n*a : w\n",
        "outer:\n  inner:\n    deep: [[[[1]]]]\n",
    ]

    @Test(arguments: documents)
    func sameAsTheTree(_ text: String) {
        #expect(Self.direct(text) == Self.tree(text))
    }

    @Test func sameOnEveryYAMLFileOfTheRepository() throws {
        let root = RepositoryPaths.root
        var count = 0
        for folder in ["Fuzz/Corpus", "Tests", "workflows", "Benchmarks"] {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                guard url.pathExtension == "yaml" || url.pathExtension == "yml",
                      let data = FileManager.default.contents(atPath: url.path) else { continue }
                let text = String(decoding: data, as: UTF8.self)
                #expect(Self.direct(text) == Self.tree(text), "\(url.path)")
                if folder == "workflows" {
                    #expect(StreamReader.readLocated(text, path: "t.yaml", limits: .default) != nil, "\(url.path)")
                }
                count += 1
            }
        }
        #expect(count > 100)
    }

    @Test(arguments: [
        ("a: 1\nb: [x, {c: d}]\n", true),
        ("base: &b {x: 1}\nuse: *b\n", true),
        ("same: 1\nsame: 2\n", true),
        ("t: !!str 12\n", true),
        ("<<: {a: 1}\n", false),
        ("? [a]\n: 1\n", false),
        ("m: !!map {a: 1}\n", false),
        ("a: *unknown\n", false),
        ("a: 99999999999999999999\n", false),
        ("scalar\n", false),
        ("a: 1\n---\nb: 2\n", false),
        ("a: [1\n", false),
    ])
    func takesTheDirectPathForTheCommonDocument(_ text: String, direct: Bool) {
        #expect((StreamReader.readLocated(text, path: "t.yaml", limits: .default) != nil) == direct)
    }

    @Test("a large file, read in many batches of events, gives the tree's value; a problem at its end still falls back")
    func largeFile() {
        var text = "name: big\nsteps:\n"
        for index in 0..<1_000 {
            text += "  - name: step \(index)\n    query: |\n      { shop { name } }\n    assert: [\"data.shop.name == 'x'\", 'caf\u{E9}']\n"
        }
        #expect(StreamReader.readLocated(text, path: "t.yaml", limits: .default) != nil)
        #expect(Self.direct(text) == Self.tree(text))
        // A syntax error after many batches: the builder gives up, and the tree reports it.
        let broken = text + "  - [unclosed\n"
        #expect(StreamReader.readLocated(broken, path: "t.yaml", limits: .default) == nil)
        #expect(Self.direct(broken).hasPrefix("error"))
        #expect(Self.direct(broken) == Self.tree(broken))
    }

    @Test func limitsGoThroughTheTree() {
        let limits = YAMLLimits(maxDepth: 2, maxAliasExpansion: 3, maxFileSize: 1_000, maxScalarLength: 5)
        for text in ["a: [[1]]\n", "a: &x [1, 2]\nb: *x\nc: *x\n", "a: toolong\n", String(repeating: "a: b\n", count: 300)] {
            #expect(Self.direct(text, limits: limits) == Self.tree(text, limits: limits))
            #expect(Self.direct(text, limits: limits).hasPrefix("error"))
        }
    }

    private static func direct(_ text: String, limits: YAMLLimits = .default) -> String {
        do {
            return try YAMLParser.parseLocated(text, path: "t.yaml", limits: limits, duplicateKeys: .keep).dump
        } catch {
            return "error " + error.diagnostics.map { "\($0.location.map(String.init(describing:)) ?? "-") \($0.message)" }.joined(separator: "\n")
        }
    }

    private static func tree(_ text: String, limits: YAMLLimits = .default) -> String {
        do {
            return try YAMLParser.parse(text, path: "t.yaml", limits: limits, duplicateKeys: .keep).located.dump
        } catch {
            return "error " + error.diagnostics.map { "\($0.location.map(String.init(describing:)) ?? "-") \($0.message)" }.joined(separator: "\n")
        }
    }
}
