import BuyflowCore
import Testing
import YAML

/// `duplicateKeys: .keep`: a key written twice is kept for a reader to report.
@Suite struct DuplicateKeyTests {
    static func keep(_ text: String) throws -> YAMLNode {
        try YAMLParser.parse(text, path: "test.yaml", duplicateKeys: .keep)
    }

    @Test func theDefaultStillRejectsThem() {
        #expect(diagnostics("a: 1\na: 2\n").map(\.code) == ["yaml.duplicate-key"])
        #expect(throws: DiagnosticList.self) {
            try YAMLParser.parse("a: 1\na: 2\n", path: "test.yaml", duplicateKeys: .error)
        }
    }

    @Test func keptInTheOrderWritten() throws {
        let root = try Self.keep("a: 1\nb: 2\na: 3\n1: x\n0x1: y\nb: 4\n")
        #expect(root.mapping?.map { $0.key.text ?? "" } == ["a", "b", "a", "1", "0x1", "b"])
        #expect(root.mapping?.map { $0.key.location.line } == [1, 2, 3, 4, 5, 6])
        // Lookups find the first.
        #expect(root["a"]?.int == 1)
    }

    @Test func keptInLargeMappingsAndNestedOnes() throws {
        let keys = (0..<40).map { "k\($0): \($0)" }
        let root = try Self.keep((keys + ["k7: again", "inner: {x: 1, x: 2}"]).joined(separator: "\n"))
        #expect(root.mapping?.count == 42)
        #expect(root.mapping?[40].key.text == "k7")
        #expect(root["inner"]?.mapping?.map { $0.value.int } == [1, 2])
    }

    @Test func otherErrorsAreStillReported() {
        do {
            _ = try YAMLParser.parse("a: 1\na: *nope\n", path: "test.yaml", duplicateKeys: .keep)
            Issue.record("expected an error")
        } catch {
            #expect(error.diagnostics.map(\.code) == ["yaml.unknown-alias"])
        }
    }

    @Test func explicitKeysStillOverrideMergedOnes() throws {
        let root = try Self.keep("""
        defaults: &defaults {country: CA, quantity: 1}
        step:
          quantity: 3
          <<: *defaults
          name: add
          name: again
        """)
        #expect(root["step"]?.description == #"{"quantity": 3, "country": "CA", "name": "add", "name": "again"}"#)
    }

    @Test func aSecondMergeKeyMergesToo() throws {
        let root = try Self.keep("""
        a: &a {x: 1, y: 1}
        b: &b {y: 2, z: 2}
        m:
          <<: *a
          <<: *b
          w: 0
        """)
        // The earlier merge wins a key both give, as in '<<: [*a, *b]'.
        #expect(root["m"]?.description == #"{"x": 1, "y": 1, "z": 2, "w": 0}"#)
    }

    @Test func aMergedMappingsOwnDuplicatesMergeOnce() throws {
        let root = try Self.keep("a: &a {x: 1, x: 2}\nm:\n  <<: *a\n")
        #expect(root["m"]?.description == #"{"x": 1}"#)
    }

    @Test func locatedKeepsBothMembersForTheReader() throws {
        let root = try Self.keep("name: one\nsteps: []\nname: two\n").located
        let members = try #require(root.members)
        #expect(members.map(\.key) == ["name", "steps", "name"])
        #expect(members.map(\.keyLocation) == [at(1, 1), at(2, 1), at(3, 1)])
        #expect(members.map { $0.value.string } == ["one", nil, "two"])

        var reader = DocumentReader(codePrefix: "workflow")
        let spec = ObjectSpec("workflow", name: "the workflow", keys: [KeySpec("name", .string), KeySpec("steps", .list(.any))])
        _ = reader.fields(root, spec)
        #expect(reader.diagnostics.map(\.code) == ["workflow.duplicate-key"])
        #expect(reader.diagnostics.first?.location == at(3, 1))
    }
}
