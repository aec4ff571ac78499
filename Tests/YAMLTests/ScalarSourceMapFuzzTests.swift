import BuyflowCore
import Testing
import YAML

/// Generated scalars of every style, parsed by libyaml: the map's replay must produce
/// exactly the value libyaml produced (`isExact`), and each value character must map to
/// a character of the file that can have produced it.
@Suite struct ScalarSourceMapFuzzTests {
    /// Where the scalar sits: the key `q`'s column and the text before and after it.
    struct Context {
        var indent: Int
        var before: String
        var after: String
        var isFlow: Bool
    }

    static let contexts = [
        Context(indent: 0, before: "q: ", after: "\nz: end\n", isFlow: false),
        Context(indent: 4, before: "a:\n  - b: 1\n    q: ", after: "\n    z: end\n", isFlow: false),
        Context(indent: 2, before: "r:\n  q: ", after: "", isFlow: false),
        Context(indent: 0, before: "r: {z: 1, q: ", after: ", y: 2}\n", isFlow: true),
    ]

    @Test(arguments: [ScalarStyle.plain, .singleQuoted, .doubleQuoted, .literal, .folded])
    func replayAgreesWithLibYAML(_ style: ScalarStyle) throws {
        var random = Generator(seed: UInt64(style.rawValue.utf8.count) &* 7919)
        var checked = 0
        for round in 0..<400 {
            let contexts = style == .literal || style == .folded ? Self.contexts.filter { !$0.isFlow } : Self.contexts
            let context = contexts[round % contexts.count]
            let scalar = Self.scalar(style, in: context, &random)
            var text = context.before + scalar + context.after
            if round % 3 == 0 { text = text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\r\n") }
            guard let root = try? YAMLParser.parse(text, path: "g.yaml"),
                  let value = ScalarSourceMapTests.scalar(under: "q", in: root.located), value.string != nil
            else { continue }
            checked += 1
            let file = SourceFile(path: "g.yaml", text: text)
            let map = try #require(ScalarSourceMap(scalar: value, in: file), "\(text.debugDescription)")
            #expect(map.isExact, "\(text.debugDescription) → \(value.string!.debugDescription)")
            guard map.isExact else { continue }
            Self.checkOrigins(of: value.string!, map, file, text)
        }
        #expect(checked >= 300)
    }

    /// Each value character maps to itself, or to what can produce it: a backslash (an
    /// escape), a quote (`''`), a line break (a kept or folded break).
    static func checkOrigins(of value: String, _ map: ScalarSourceMap, _ file: SourceFile, _ text: String) {
        var offset = 0
        var previous = map.location(ofUTF8Offset: 0)
        for scalar in value.unicodeScalars {
            let location = map.location(ofUTF8Offset: offset)
            let origin = character(at: location, in: file)
            let allowed: Bool = switch scalar {
            case "\n": origin == "\n" || origin == "\r" || origin == "\\" || origin == "\u{85}"
            case " ": origin == " " || origin == "\n" || origin == "\r" || origin == "\\"
            case "'": origin == "'" || origin == "\\"
            default: origin == scalar || origin == "\\"
            }
            #expect(allowed, "\(scalar.escaped(asASCII: true)) at value offset \(offset) maps to \(location) '\(origin?.escaped(asASCII: true) ?? "end")' in \(text.debugDescription)")
            #expect(location >= previous)
            previous = location
            offset += scalar.utf8.count
        }
    }

    static func character(at location: BuyflowCore.SourceLocation, in file: SourceFile) -> Unicode.Scalar? {
        guard let offset = file.utf8Offset(line: location.line, column: location.column) else { return nil }
        let utf8 = file.text.utf8
        let index = utf8.index(utf8.startIndex, offsetBy: offset)
        guard index < utf8.endIndex else { return nil }
        return file.text.unicodeScalars[index]
    }

    // MARK: - Generating scalars

    static let words = ["a", "bc", "query", "{", "}", "(id", "$x)", "é", "😀", "x.y", "-z", "1", "'q'", "\"d\""]

    static func scalar(_ style: ScalarStyle, in context: Context, _ random: inout Generator) -> String {
        let continuation = String(repeating: " ", count: context.indent + 1 + random.next(3))
        switch style {
        case .plain:
            var text = "w" + random.pick(["", "ord", "é"])
            for _ in 0..<random.next(8) {
                switch random.next(6) {
                case 0: text += "\n" + continuation
                case 1: text += "\n\n" + continuation
                case 2: text += "\t"
                default: text += " "
                }
                text += random.pick(context.isFlow ? words.filter { !"{},".contains($0.first!) && !$0.contains("}") } : words)
            }
            return text
        case .singleQuoted, .doubleQuoted:
            let double = style == .doubleQuoted
            var text = double ? "\"" : "'"
            for _ in 0..<random.next(12) {
                switch random.next(double ? 9 : 6) {
                case 0: text += "\n" + continuation
                case 1: text += random.pick(["  \n", "\n\n", "\n \n"]) + continuation
                case 2: text += random.pick([" ", "\t", "  "])
                case 3: text += double ? random.pick(["\\n", "\\t", "\\\"", "\\\\", "\\/", "\\ ", "\\_"]) : "''"
                case 4 where double: text += random.pick(["\\u00e9", "\\x41", "\\U0001F600", "\\N", "\\L", "\\0", "\\e"])
                case 5 where double: text += "\\\n" + continuation
                default: text += random.pick(words).filter { $0 != (double ? "\"" : "'") }
                }
            }
            return text + (double ? "\"" : "'")
        default:
            let increment = random.next(3) == 0 ? 1 + random.next(3) : 0
            let indent = context.indent + (increment > 0 ? increment : 1 + random.next(3))
            var header = style == .literal ? "|" : ">"
            let chomp = random.pick(["", "-", "+"])
            if increment > 0 { header += random.next(2) == 0 ? "\(increment)\(chomp)" : "\(chomp)\(increment)" } else { header += chomp }
            if random.next(4) == 0 { header += " # comment" }
            var lines: [String] = []
            if random.next(4) == 0 { lines.append("") }
            for index in 0..<1 + random.next(6) {
                if index > 0, random.next(5) == 0 { lines.append(random.pick(["", " "])) }
                let extra = increment > 0 || index > 0 ? random.pick(["", "", "", " ", "  ", "\t"]) : ""
                var line = String(repeating: " ", count: indent) + extra + random.pick(words)
                for _ in 0..<random.next(4) { line += random.pick([" ", "  ", "\t"]) + random.pick(words) }
                lines.append(line)
            }
            for _ in 0..<random.next(3) { lines.append("") }
            return header + "\n" + lines.joined(separator: "\n")
        }
    }

    /// A small deterministic generator (SplitMix64).
    struct Generator {
        var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return bound <= 0 ? 0 : Int(z % UInt64(bound))
        }

        mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }
    }
}
