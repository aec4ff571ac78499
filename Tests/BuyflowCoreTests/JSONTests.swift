import BuyflowCore
import Foundation
import Testing

@Suite struct JSONTests {
    @Test(arguments: [
        ("null", JSONValue.null),
        ("true", .bool(true)),
        (" false ", .bool(false)),
        ("0", .int(0)),
        ("-12", .int(-12)),
        ("9223372036854775807", .int(Int.max)),
        ("9223372036854775808", .double(9223372036854775808)),
        ("2.0", .double(2)),
        ("-1.5e3", .double(-1500)),
        ("1E-2", .double(0.01)),
        (#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#, .string("a\"b\\c/d\n\té😀")),
        (#""çé""#, .string("çé")),
        ("[]", .array([])),
        ("[1, \"x\", null]", .array([1, "x", nil])),
        (#"{"b": 1, "a": [true]}"#, ["b": 1, "a": [true]] as JSONValue),
    ])
    func parses(text: String, expected: JSONValue) throws {
        #expect(try JSONParser().parse(text) == expected)
    }

    @Test(arguments: [
        ("", "1:1: expected a JSON value, found the end of the input"),
        ("{\"a\" 1}", "1:6: expected ':' after member name, found '1'"),
        ("[1,\n 2", "2:3: unterminated array; expected ',' or ']'"),
        ("01", "1:1: invalid number: leading zero"),
        ("1.", "1:1: invalid number: a digit must follow '.'"),
        ("\"abc", "1:1: unterminated string"),
        ("\"a\u{1}\"", "1:3: control character in string; escape it"),
        (#""\x""#, "1:2: invalid escape '\\x' in string"),
        (#""\ud800""#, "1:2: unpaired surrogate in \\u escape"),
        ("tru", "1:1: invalid literal; expected 'true'"),
        ("{} x", "1:4: unexpected text after the JSON value"),
        ("{\"é\": ?}", "1:7: expected a JSON value, found '?'"),
    ])
    func rejects(text: String, expected: String) {
        do {
            _ = try JSONParser(path: "t.json").parse(text)
            Issue.record("expected an error for \(text)")
        } catch {
            #expect("\(error.location!.line):\(error.location!.column): \(error.message)" == expected)
            #expect(error.location?.file == "t.json")
        }
    }

    @Test func depthIsBounded() {
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: Diagnostic.self) { try JSONParser().parse(deep) }
    }

    @Test func keepsMemberOrderAndRoundTrips() throws {
        let text = #"{"z":1,"a":{"y":[1,2.5,"x"],"b":null},"m":false}"#
        let value = try JSONParser().parse(text)
        #expect(value.objectValue?.keys == ["z", "a", "m"])
        #expect(JSONSerializer().string(value) == text)
    }

    @Test func prettyAndSorted() {
        let value: JSONValue = ["b": [1, 2], "a": [:], "c": []]
        #expect(JSONSerializer(pretty: true, sortedKeys: true).string(value) == """
            {
              "a": {},
              "b": [
                1,
                2
              ],
              "c": []
            }
            """)
    }

    @Test func escapesControlCharacters() {
        #expect(JSONSerializer().string(.string("a\u{1}\"\n")) == #""a\u0001\"\n""#)
        // Longer than a small string (read in place from its storage), with non-ASCII text.
        #expect(JSONSerializer().string(.string("Crème brûlée \"deluxe\"\tédition\\")) == #""Crème brûlée \"deluxe\"\tédition\\""#)
        #expect(JSONSerializer().string(.double(.nan)) == "null")
        #expect(JSONSerializer().string(.double(3)) == "3.0")
    }

    @Test func agreesWithFoundationOnARealDocument() throws {
        let text = #"{"data":{"cart":{"id":"gid://shopify/Cart/1","lines":{"nodes":[{"quantity":2,"cost":{"amount":"178.0"}}]}}},"extensions":{"cost":0.5}}"#
        let ours = try JSONParser().parse(text)
        let theirs = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        #expect(ours["data"]?["cart"]?["lines"]?["nodes"]?[0]?["quantity"] == 2)
        #expect(((theirs?["data"] as? [String: Any])?["cart"] as? [String: Any])?["id"] as? String == ours["data"]?["cart"]?["id"]?.stringValue)
        #expect(ours["extensions"]?["cost"]?.doubleValue == 0.5)
    }

    @Test func objectEditsKeepPlaces() {
        var object = JSONObject()
        object["a"] = 1
        object["b"] = 2
        object["a"] = 3
        #expect(object.keys == ["a", "b"])
        object["a"] = nil
        #expect(object.keys == ["b"])
        #expect(object.count == 1)
    }
}
