import BuyflowCore
import Testing
import YAML

@Suite struct AnchorAndMergeTests {
    @Test func aliasesYieldTheAnchoredNode() throws {
        let root = try parse("""
        base: &base {country: CA, currency: CAD}
        copy: *base
        list: [&x 1, *x, *x]
        nested:
          inner: &inner
            deep: [a, b]
          again: *inner
        """)
        #expect(root["copy"]?.description == #"{"country": "CA", "currency": "CAD"}"#)
        #expect(root["list"]?.description == "[1, 1, 1]")
        #expect(root["nested"]?["again"]?.description == #"{"deep": ["a", "b"]}"#)
        // The alias's own node is located at the alias; what is inside, where it was written.
        #expect(root["copy"]?.location == at(2, 7))
        #expect(root["copy"]?.pair(forKey: "country")?.key.location == at(1, 14))
    }

    @Test func anchorsCanBeRedefined() throws {
        let root = try parse("a: &x 1\nb: *x\nc: &x 2\nd: *x\n")
        #expect(root.description == #"{"a": 1, "b": 1, "c": 2, "d": 2}"#)
    }

    @Test func unknownAliasIsAnErrorAtTheAlias() {
        let found = diagnostics("base: &base 1\nuse: *bsae\n")
        #expect(found.count == 1)
        #expect(found.first?.message == "unknown alias '*bsae': no anchor '&bsae' is defined before it")
        #expect(found.first?.suggestion == "*base")
        #expect(found.first?.location == at(2, 6))
        #expect(found.first?.code == "yaml.unknown-alias")
    }

    @Test func anchorsAreScopedToTheirDocument() {
        #expect(throws: DiagnosticList.self) {
            try YAMLParser.parseDocuments("a: &x 1\n---\nb: *x\n", path: "s.yaml")
        }
    }

    @Test func mergeKeyWithOneMapping() throws {
        let root = try parse("""
        defaults: &defaults
          country: CA
          quantity: 1
        step:
          name: add
          <<: *defaults
          quantity: 3
        """)
        #expect(root["step"]?.description == #"{"name": "add", "country": "CA", "quantity": 3}"#)
    }

    @Test func mergeKeyWithAListOfMappings() throws {
        let root = try parse("""
        defaults: &defaults {country: CA, currency: CAD, quantity: 1}
        extra: &extra {quantity: 5, coupon: SAVE, country: US}
        explicitWins:
          name: add
          <<: [*defaults, *extra]
          quantity: 3
        earlierWins:
          <<: [*defaults, *extra]
        inline:
          <<: {a: 1}
          b: 2
        """)
        #expect(root["explicitWins"]?.description
            == #"{"name": "add", "country": "CA", "currency": "CAD", "coupon": "SAVE", "quantity": 3}"#)
        #expect(root["earlierWins"]?.description
            == #"{"country": "CA", "currency": "CAD", "quantity": 1, "coupon": "SAVE"}"#)
        #expect(root["inline"]?.description == #"{"a": 1, "b": 2}"#)
    }

    @Test func mergesChain() throws {
        let root = try parse("""
        a: &a {x: 1}
        b: &b {<<: *a, y: 2}
        c: {<<: *b, z: 3}
        """)
        #expect(root["c"]?.description == #"{"x": 1, "y": 2, "z": 3}"#)
    }

    @Test func quotedOrTaggedLessThanLessThanIsAnOrdinaryKey() throws {
        let root = try parse("'<<': 1\nb: 2\n")
        #expect(root.description == #"{"<<": 1, "b": 2}"#)
    }

    @Test func badMergeValues() {
        #expect(diagnostics("a: {<<: 1}\n").map(\.message)
            == ["the merge key '<<' takes a mapping or a list of mappings, found an integer"])
        #expect(diagnostics("a: {<<: [{x: 1}, two]}\n").map(\.message)
            == ["each item merged with '<<' must be a mapping, found a string"])
        let twice = diagnostics("m: &m {a: 1}\nn:\n  <<: *m\n  <<: *m\n")
        #expect(twice.map(\.message) == ["duplicate key '<<'"])
        #expect(twice.first?.location == at(4, 3))
    }

    @Test func largeMergesKeepTheRules() throws {
        // Over 32 keys in all, merges go through a hash set; the rules are the same.
        let base = (0..<40).map { "k\($0): \($0)" }.joined(separator: ", ")
        let other = (30..<50).map { "k\($0): other" }.joined(separator: ", ")
        let root = try parse("""
        base: &base {\(base)}
        other: &other {\(other)}
        merged:
          k5: explicit
          <<: [*base, *other]
        """)
        let merged = try #require(root["merged"]?.mapping)
        #expect(merged.count == 50)
        #expect(merged.first?.value.string == "explicit")
        #expect(root["merged"]?["k35"]?.int == 35)
        #expect(root["merged"]?["k45"]?.string == "other")
        #expect(merged.map { $0.key.text ?? "" }.prefix(3) == ["k5", "k0", "k1"])
    }

    @Test func hugeMergeIsNotQuadratic() throws {
        var limits = YAMLLimits.default
        limits.maxAliasExpansion = 1_000_000
        let keys = (0..<20_000).map { "k\($0): \($0)" }.joined(separator: "\n  ")
        let text = "base: &base\n  \(keys)\nmerged:\n  <<: *base\n"
        let clock = ContinuousClock()
        var count = 0
        let elapsed = try clock.measure {
            count = try YAMLParser.parse(text, path: "big.yaml", limits: limits)["merged"]?.mapping?.count ?? 0
        }
        #expect(count == 20_000)
        #expect(elapsed < .seconds(5), "took \(elapsed)")
    }

    @Test func errorsStopAfterFifty() {
        let text = (0..<200).map { "a\($0): *missing\($0)" }.joined(separator: "\n")
        let found = diagnostics(text)
        #expect(found.count == 51)
        #expect(found.last?.code == "yaml.too-many-errors")
    }

    @Test func aliasExpansionIsCountedNotMaterialised() {
        var limits = YAMLLimits.default
        limits.maxAliasExpansion = 10
        // Ten aliases of a scalar: exactly the limit.
        let ten = "a: &a 1\nb: [" + Array(repeating: "*a", count: 10).joined(separator: ", ") + "]\n"
        #expect(diagnostics(ten, limits: limits).isEmpty)
        // A three-node sequence aliased four times: 12 nodes.
        let found = diagnostics("a: &a [1, 2]\nb: [*a, *a, *a, *a]\n", limits: limits)
        #expect(found.first?.code == "yaml.limit")
        #expect(found.first?.location == at(2, 17))
    }
}
