import BuyflowCore
import Testing
@testable import YAML

/// libyaml handed its input already decoded (`buyflow_yaml_parser_set_decoded_input`)
/// gives the events and errors its own reader gives, mark for mark; and the input scan
/// refuses exactly the characters libyaml's reader refuses, so those texts still go
/// through that reader and get its error.
@Suite("libyaml's input handed over decoded")
struct LibYAMLDecodedInputTests {
    @Test func theProbeFindsDecodedInputEqual() {
        #expect(LibYAMLEventReader.decodedInput)
    }

    /// Every event (kind, marks, text, style, tag, anchor) or the error, as text.
    static func events(_ bytes: UnsafeBufferPointer<UInt8>, decoded: Bool) throws -> (events: [String], decoded: Bool) {
        let scan = try InputScan(bytes, path: "t.yaml")
        var reader = try LibYAMLEventReader(bytes, scan: decoded ? scan : nil)
        var events: [String] = []
        while true {
            do throws(LibYAMLProblem) {
                let event = try reader.next()
                events.append(String(describing: event))
                if case .streamEnd = event { break }
            } catch {
                events.append("error: " + String(describing: error))
                break
            }
        }
        return (events, reader.isDecodedInput)
    }

    static let long = String(repeating: "k: value with words\n", count: 2_500)

    static let texts: [(String, String)] = [
        ("empty", ""),
        ("a comment", "# nothing here"),
        ("a plain scalar without a line break", "plain"),
        ("a byte-order mark", "\u{FEFF}key: value\n"),
        ("characters of two, three and four bytes", "clé: välue — 𝄞 ünïcode\nliste: [ä, 'ö', \"ü\"]\n"),
        ("CR LF line ends", "a: 1\r\nb:\r\n  - x\r\n  - y\r\n"),
        ("a lone CR, NEL, LS and PS", "a: 1\rb: 2\u{85}c: 3\u{2028}d: 4\u{2029}e: 5\n"),
        ("tabs in values and comments", "a: one\ttwo # a\ttab\nb: \"\\t\"\n"),
        ("block scalars", "a: |\n  line one\n  line two\nb: >-\n  folded\n  text\n\nc: |+\n  kept\n\n"),
        ("anchors, aliases, tags", "%TAG !s! tag:s,2026:\n--- !s!order\na: &x {b: !!str 1}\nc: *x\n"),
        ("documents ending at the end of the text", "a: 1\n---\nb: 2\n..."),
        ("a text ending in '--'", "a: 1\n--"),
        ("a text ending in '- '", "list:\n- "),
        ("a text ending in ':'", "key:"),
        ("an unclosed double quote at the end", "a: \"open"),
        ("an unclosed flow list", "a: [1, 2"),
        ("bad indentation", "a:\n  b: 1\n c: 2\n"),
        ("a tab as indentation", "a:\n\tb: 1\n"),
        ("a long text past libyaml's buffers", long),
        ("a long text with an error at its end", long + "x: [\n"),
        ("just under libyaml's working buffer", String(repeating: "x", count: 49_151 - 6) + ": 1\n"),
        ("just over libyaml's working buffer", String(repeating: "x", count: 49_153 - 6) + ": 1\n"),
        ("a refused control character", "a: x\u{7}y\n"),
        ("a refused C1 control", "a: x\u{90}y\n"),
    ]

    @Test(arguments: texts)
    func eventsAndErrorsAreThoseOfLibYAMLsReader(_ name: String, _ text: String) throws {
        var bytes = Array(text.utf8)
        try bytes.withUnsafeMutableBufferPointer { buffer in
            let input = UnsafeBufferPointer(buffer)
            let scan = try InputScan(input, path: "t.yaml")
            let read = try Self.events(input, decoded: false)
            let decoded = try Self.events(input, decoded: true)
            #expect(!read.decoded)
            #expect(decoded.decoded == !scan.hasRefusedCharacters, "\(name)")
            #expect(decoded.events == read.events, "\(name)")
            // A refused character stops libyaml's reader before the first event.
            #expect((read.events.last?.contains("control characters are not allowed") ?? false) == scan.hasRefusedCharacters)
            #expect(read.events.count > 1 || scan.hasRefusedCharacters)
        }
    }

    /// Each character libyaml could refuse, at every offset in an eight-byte word (the
    /// scan checks ASCII eight bytes at a time): the scan flags it exactly when libyaml's
    /// own reader stops at it.
    @Test(arguments: [0x01, 0x08, 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x0E, 0x1B, 0x1F, 0x20, 0x7E, 0x7F,
                      0x80, 0x84, 0x85, 0x86, 0x9F, 0xA0, 0xD7FF, 0xE000, 0xFEFF, 0xFFFD, 0xFFFE, 0xFFFF, 0x10000, 0x10FFFF])
    func theScanRefusesWhatLibYAMLRefuses(_ value: Int) throws {
        let character = String(Character(try #require(Unicode.Scalar(UInt32(value)))))
        for offset in 0..<9 {
            let text = "a: " + String(repeating: "x", count: offset) + character + "y\nb: 2\n"
            var bytes = Array(text.utf8)
            try bytes.withUnsafeMutableBufferPointer { buffer in
                let input = UnsafeBufferPointer(buffer)
                let scan = try InputScan(input, path: "t.yaml")
                let read = try Self.events(input, decoded: false)
                let refused = read.events.last?.contains("control characters are not allowed") ?? false
                #expect(scan.hasRefusedCharacters == refused, "U+\(String(value, radix: 16)) after \(offset) bytes")
            }
        }
    }
}
