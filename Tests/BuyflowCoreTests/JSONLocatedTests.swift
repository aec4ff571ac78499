import BuyflowCore
import Testing

@Suite("JSONParser.parseLocated: every value and member name located")
struct JSONLocatedTests {
    /// Every value as `path line:column`, and every member name as `path@ line:column`.
    static func flatten(_ value: LocatedValue, _ path: String = "$") -> [String] {
        var out = ["\(path) \(value.location.line):\(value.location.column)"]
        switch value.content {
        case .list(let items):
            for (index, item) in items.enumerated() { out += flatten(item, "\(path)[\(index)]") }
        case .map(let members):
            for member in members {
                out.append("\(path).\(member.key)@ \(member.keyLocation.line):\(member.keyLocation.column)")
                out += flatten(member.value, "\(path).\(member.key)")
            }
        default: break
        }
        return out
    }

    @Test(arguments: [
        (#"{"a": 1}"#, ["$ 1:1", "$.a@ 1:2", "$.a 1:7"]),
        ("  [true,null]", ["$ 1:3", "$[0] 1:4", "$[1] 1:9"]),
        // Two-byte scalars before a key count one column each.
        (#"{"é": "ü", "b": 2}"#, ["$ 1:1", "$.é@ 1:2", "$.é 1:7", "$.b@ 1:12", "$.b 1:17"]),
        // A four-byte scalar counts one column.
        (#"["😀", 1]"#, ["$ 1:1", "$[0] 1:2", "$[1] 1:7"]),
        // A surrogate-pair escape is twelve columns as written; the key decodes to one scalar.
        (#"{"\ud83d\ude00": "x", "k": true}"#, ["$ 1:1", "$.😀@ 1:2", "$.😀 1:18", "$.k@ 1:23", "$.k 1:28"]),
        (#"{"a\"b": "\u00e9", "c": 0}"#, ["$ 1:1", "$.a\"b@ 1:2", "$.a\"b 1:10", "$.c@ 1:20", "$.c 1:25"]),
        // CRLF line ends: the CR ends its line, columns restart after the LF.
        ("{\r\n  \"a\": [\r\n    1,\r\n\t2\r\n  ]\r\n}\r\n", ["$ 1:1", "$.a@ 2:3", "$.a 2:8", "$.a[0] 3:5", "$.a[1] 4:2"]),
        ("[\n  {\"名前\": \"値\", \"x\": {}}\n]", ["$ 1:1", "$[0] 2:3", "$[0].名前@ 2:4", "$[0].名前 2:10", "$[0].x@ 2:15", "$[0].x 2:20"]),
    ])
    func locations(text: String, expected: [String]) throws {
        let value = try JSONParser(path: "f.json").parseLocated(text)
        #expect(Self.flatten(value) == expected)
        #expect(value.location.file == "f.json")
    }

    @Test("the tree holds the same values as parse", arguments: [
        "null", "-12", "9223372036854775808", "-1.5e3", #""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#, "[1, \"x\", null, false]",
        #"{"b": 1, "a": [true, {"c": 2.5}]}"#,
    ])
    func sameValues(text: String) throws {
        #expect(try JSONParser().parseLocated(text).json == JSONParser().parse(text))
    }

    @Test func scalarsKeepTheirTextAndStyle() throws {
        let value = try JSONParser().parseLocated(#"{"n": 1.50, "i": -0, "e": 1E+2, "s": "x\ny", "t": true, "z": null}"#)
        #expect(value["n"]?.text == "1.50")
        #expect(value["n"]?.double == 1.5)
        #expect(value["i"]?.text == "-0")
        #expect(value["i"]?.int == 0)
        #expect(value["e"]?.text == "1E+2")
        #expect(value["s"]?.string == "x\ny")
        #expect(value["s"]?.text == "x\ny")
        #expect(value["s"]?.style == .json)
        #expect(value["t"]?.bool == true)
        #expect(value["t"]?.style == .plain)
        #expect(value["z"]?.isNull == true)
        #expect(value["z"]?.kindDescription == "null")
        #expect(value.style == nil && value.text == nil)
    }

    @Test func endLocationsAreJustPastTheValue() throws {
        let value = try JSONParser().parseLocated("{\"a\": \"é\",\n \"b\": [1, 22]}")
        #expect(value["a"]?.endLocation == SourceLocation(file: "<json>", line: 1, column: 10))
        #expect(value["b"]?.list?[1].endLocation == SourceLocation(file: "<json>", line: 2, column: 13))
        #expect(value.endLocation == SourceLocation(file: "<json>", line: 2, column: 15))
    }

    @Test func duplicateMemberNamesAreKeptInOrder() throws {
        let value = try JSONParser().parseLocated(#"{"a": 1, "b": 2, "a": 3}"#)
        let members = try #require(value.members)
        #expect(members.map(\.key) == ["a", "b", "a"])
        #expect(members.map(\.value.int) == [1, 2, 3])
        #expect(members.map(\.keyLocation.column) == [2, 10, 18])
        #expect(value["a"]?.int == 1, "lookup finds the first")
    }

    @Test func bytesAndTextAgree() throws {
        let text = "[\"ça\", {\"k\": 1}]"
        let fromBytes = try JSONParser(path: "b.json").parseLocated(bytes: Array(text.utf8))
        let fromText = try JSONParser(path: "b.json").parseLocated(text)
        #expect(Self.flatten(fromBytes) == Self.flatten(fromText))
    }

    @Test func depthIsBounded() throws {
        #expect(try JSONParser(maxDepth: 3).parseLocated("[{\"a\": [1]}]").json == [["a": [1]]])
        do {
            _ = try JSONParser(path: "d.json", maxDepth: 3).parseLocated("[{\"a\": [[1]]}]")
            Issue.record("expected a depth error")
        } catch {
            #expect(error.description == "d.json:1:9: error: JSON nested deeper than 3 levels")
        }
        #expect(throws: Diagnostic.self) { try JSONParser().parseLocated(String(repeating: "[", count: 100_000)) }
    }

    @Test("errors are the same as parse's", arguments: [
        "", "{\"a\" 1}", "[1,\n 2", "01", "1.", "\"abc", "\"a\u{1}\"", #""\x""#, #""\ud800""#, #""\ud83d\u0041""#, "tru",
        "{} x", "{\"é\": ?}", "{\n  \"ü\": 1,\n  \"k\" 2\n}", "[1 2]", "{\"a\": 1,}", "\u{FEFF}{}",
    ])
    func errors(text: String) {
        func failure(_ body: () throws(Diagnostic) -> Void) -> Diagnostic? {
            do {
                try body()
                return nil
            } catch {
                return error
            }
        }
        let plain = failure { () throws(Diagnostic) in _ = try JSONParser(path: "t.json").parse(text) }
        let located = failure { () throws(Diagnostic) in _ = try JSONParser(path: "t.json").parseLocated(text) }
        #expect(plain != nil)
        #expect(located == plain)
        #expect(located?.code == "json.syntax")
    }

    @Test func invalidUTF8InAStringIsAnError() {
        do {
            _ = try JSONParser(path: "u.json").parseLocated(bytes: [0x5B, 0x22, 0xC3, 0x28, 0x22, 0x5D])
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "u.json:1:3: error: string is not valid UTF-8")
        }
    }
}
