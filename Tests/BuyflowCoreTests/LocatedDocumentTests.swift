import BuyflowCore
import Testing
import YAML
import BuyflowTestSupport

/// `LocatedValue`s are nodes of flat `LocatedDocument`s: what a builder puts in must read
/// back exactly, copies across documents must carry everything, and the in-place
/// lookups (`firstIndex(of:)`, `Fields`, `withStringBytes`) must agree with the strings.
@Suite("LocatedDocument: flat storage behind located values")
struct LocatedDocumentTests {
    static let file = "d.yaml"

    static func at(_ line: Int, _ column: Int, _ file: String = file) -> BuyflowCore.SourceLocation {
        BuyflowCore.SourceLocation(file: file, line: line, column: column)
    }

    /// `{name: "Caf\u{E9}", n: 0x2A, list: [1.5, null, true]}` built by hand.
    static func built() -> LocatedValue {
        var builder = LocatedDocumentBuilder()
        let first = builder.pendingCount
        builder.push(builder.key("name", at: at(1, 2)))
        builder.push(builder.scalar(.string, text: "Caf\u{E9}", style: .doubleQuoted, at: at(1, 8), end: at(1, 14)))
        builder.push(builder.key("n", at: at(2, 2)))
        builder.push(builder.scalar(.int(42), text: "0x2A", style: .plain, at: at(2, 5), end: at(2, 9)))
        builder.push(builder.key("list", at: at(3, 2)))
        let items = builder.pendingCount
        builder.push(builder.scalar(.double(1.5), text: "1.5", style: .plain, at: at(3, 9), end: at(3, 12)))
        builder.push(builder.scalar(.null, text: "null", style: .plain, at: at(3, 14), end: at(3, 18)))
        builder.push(builder.scalar(.bool(true), text: nil, style: nil, at: at(3, 20), end: at(3, 24)))
        builder.push(builder.list(from: items, at: at(3, 8), end: at(3, 25)))
        let root = builder.map(from: first, at: at(1, 1), end: at(4, 1))
        return builder.finish(root)
    }

    @Test("a built document reads back every kind, text, style and location")
    func readsBack() throws {
        let value = Self.built()
        #expect(value.dump == """
            d.yaml:1:1-d.yaml:4:1 _ _ {name@d.yaml:1:2 true: d.yaml:1:8-d.yaml:1:14 doubleQuoted "Café" string "Café", \
            n@d.yaml:2:2 true: d.yaml:2:5-d.yaml:2:9 plain "0x2A" int 42, \
            list@d.yaml:3:2 true: d.yaml:3:8-d.yaml:3:25 _ _ [d.yaml:3:9-d.yaml:3:12 plain "1.5" double \(1.5.bitPattern), \
            d.yaml:3:14-d.yaml:3:18 plain "null" null, d.yaml:3:20-d.yaml:3:24 _ _ bool true]}
            """)
        #expect(value.isScalar == false)
        #expect(value["name"]?.string == "Caf\u{E9}")
        #expect(value["n"]?.int == 42)
        #expect(value["n"]?.double == 42)
        #expect(value["list"]?.list?.count == 3)
        #expect(value["list"]?.list?[2].bool == true)
        #expect(value["missing"] == nil)
        #expect(value["name"]?.isString == true)
        #expect(value["n"]?.isString == false)
        #expect(value.json == .object(JSONObject([
            ("name", .string("Caf\u{E9}")), ("n", .int(42)), ("list", .array([.double(1.5), .null, .bool(true)])),
        ])))
    }

    @Test("a string's bytes are lent in place; other values lend nothing")
    func stringBytes() {
        let value = Self.built()
        #expect(value["name"]?.withStringBytes { Array($0) } == Array("Caf\u{E9}".utf8))
        #expect(value["n"]?.withStringBytes { _ in true } == nil)
        #expect(value.withStringBytes { _ in true } == nil)
    }

    @Test("members are found by their bytes: non-ASCII, empty and equal-length keys, first of a repeat")
    func memberLookup() throws {
        let root = try JSONParser(path: Self.file).parseLocated(#"{"caf\#u{E9}": 1, "ab": 2, "ba": 3, "": 4, "ab": 5}"#)
        let members = try #require(root.members)
        #expect(members.firstIndex(of: "caf\u{E9}") == 0)
        #expect(members.firstIndex(of: "cafe") == nil)
        #expect(members.firstIndex(of: "ab") == 1)
        #expect(members.firstIndex(of: "ba") == 2)
        #expect(members.firstIndex(of: "") == 3)
        #expect(members.firstIndex(of: "abc") == nil)
        #expect(root["ab"]?.int == 2)
        #expect(members[4].hasKey("ab"))
        #expect(!members[4].hasKey("a"))
    }

    @Test("Fields after a duplicate key keep the first of each, and look them up among those kept")
    func fieldsAfterDuplicate() throws {
        let root = try JSONParser(path: Self.file).parseLocated(#"{"b": 1, "a": 2, "b": 3, "c": 4}"#)
        let spec = ObjectSpec("t", name: "the test", keys: [KeySpec("a", .integer), KeySpec("b", .integer), KeySpec("c", .integer)])
        var reader = DocumentReader(codePrefix: "test")
        let read = reader.fields(root, spec)
        let fields = try #require(read)
        #expect(reader.diagnostics.map(\.message) == ["duplicate key 'b' in the test"])
        #expect(fields.members.map(\.key) == ["b", "a", "c"])
        #expect(fields["b"]?.int == 1)
        #expect(fields["c"]?.int == 4)
        #expect(fields.has("a"))
        #expect(!fields.has("d"))
        // "dzz" shares "b"'s presence bit (length and first byte): the scan still says no.
        #expect(!fields.has("dzz"))
        #expect(fields["dzz"] == nil)
        #expect(!fields.has(""))
        #expect(fields.member("c")?.keyLocation.column == 26)
    }

    @Test("values made in code are copied whole into documents of their own")
    func madeInCode() {
        let source = Self.built()
        let list = LocatedValue(list: [source["name"]!, source["list"]!], at: Self.at(9, 1))
        #expect(list.dump == "d.yaml:9:1-d.yaml:9:1 _ _ [" + source["name"]!.dump + ", " + source["list"]!.dump + "]")
        let member = LocatedMember(key: "k", at: Self.at(8, 2), value: source)
        let map = LocatedValue(map: [member, LocatedMember(key: "[a]", at: Self.at(8, 9), value: list, keyIsScalar: false)], at: Self.at(8, 1))
        #expect(map.dump == "d.yaml:8:1-d.yaml:8:1 _ _ {k@d.yaml:8:2 true: " + source.dump
            + ", [a]@d.yaml:8:9 false: " + list.dump + "}")
        // A collection given as content is copied the same way.
        #expect(LocatedValue(source.content, at: Self.at(1, 1), end: Self.at(4, 1)).dump == source.dump)
        // A scalar made in code keeps its text only when given one.
        #expect(LocatedValue(.int(7), at: Self.at(1, 1)).text == nil)
        #expect(LocatedValue(.int(7), at: Self.at(1, 1), style: .plain, text: "007").text == "007")
        #expect(LocatedValue(.string("s"), at: Self.at(1, 1)).text == "s")
    }

    @Test("a copied node (a YAML alias) has its own place and shares its items")
    func aliasCopy() throws {
        let root = try YAMLParser.parseLocated("base: &b {x: [1, 2]}\nuse: *b\n", path: Self.file, duplicateKeys: .keep)
        let base = try #require(root["base"])
        let use = try #require(root["use"])
        #expect(use.location == Self.at(2, 6))
        #expect(use["x"]?.list?.map(\.int) == [1, 2])
        #expect(use["x"]?.location == base["x"]?.location)
    }

    @Test("empty views")
    func emptyViews() {
        #expect(LocatedList().isEmpty)
        #expect(LocatedMembers().isEmpty)
        #expect(LocatedMembers().firstIndex(of: "a") == nil)
    }
}
