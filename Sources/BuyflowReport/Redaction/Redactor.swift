/// Replaces each secret with `[redacted]` in every form text can hold it: raw, JSON-escaped
/// (`\"`, `\n`, `\u00e9`, mixed and partial `\u` escapes), shell-quoted (`'\''`),
/// percent-encoded, and once more nested (a JSON body inside a JSON string). One
/// Aho–Corasick pass per form, so the work is linear in the text whatever the secrets.
///
/// A secret of at least `minimumLength` UTF-8 bytes is redacted wherever it occurs; a
/// shorter one only where it stands alone — a whole value or a token bounded by characters
/// that are not letters, digits, `_`, `.` or `-` — so a capture of `3` does not eat the
/// digits of a port. A text cut short (it ends in `…`, `… (N bytes)`, or is said to be cut)
/// also loses a tail that is the head (`minimumTailLength` bytes or more) of a secret.
public struct Redactor: Sendable {
    public static let replacement = "[redacted]"
    /// Secrets shorter than this are redacted only where they stand alone.
    public static let minimumLength = 6
    /// The shortest head of a secret a cut text is redacted for.
    public static let minimumTailLength = 4

    private let patterns: [[UInt8]]
    private let standsAlone: [Bool]
    private let automaton: PatternAutomaton

    public init(secrets: some Sequence<String>) {
        patterns = Set(secrets.filter { !$0.isEmpty }).map { Array($0.utf8) }.sorted { $0.count > $1.count }
        standsAlone = patterns.map { $0.count < Self.minimumLength }
        automaton = PatternAutomaton(patterns, tails: standsAlone.map { !$0 })
    }

    public var isEmpty: Bool { patterns.isEmpty }

    public func callAsFunction(_ text: String) -> String {
        redact(text, cutAt: nil)
    }

    /// `text`, which was cut short when `cut`, redacted.
    public func callAsFunction(_ text: String, cut: Bool) -> String {
        redact(text, cutAt: cut ? text.utf8.count : nil)
    }

    private func redact(_ text: String, cutAt explicitCut: Int?) -> String {
        guard !patterns.isEmpty else { return text }
        let source = Array(text.utf8)
        let cut = explicitCut ?? Self.cutMarker(in: source)
        var found: [Range<Int>] = []
        collect(in: source, cutAt: cut, into: &found) { $0 }
        if let decoded = DecodedView(source) {
            for view in [decoded] + [decoded.decodedAgain()].compactMap({ $0 }) {
                collect(in: view.bytes, cutAt: cut.map(view.decodedIndex(atSource:)), into: &found, map: view.sourceRange)
            }
        }
        guard !found.isEmpty else { return text }
        return String(decoding: Self.replacing(found, in: source), as: UTF8.self)
    }

    /// The source ranges of every secret in `bytes` (one form of the text), and of a cut tail.
    private func collect(
        in bytes: [UInt8], cutAt cut: Int?, into found: inout [Range<Int>], map: (Range<Int>) -> Range<Int>
    ) {
        let state = automaton.scan(bytes, stateAt: cut) { end, pattern in
            let start = end - patterns[pattern].count
            if standsAlone[pattern], Self.isWord(bytes, start - 1) || Self.isWord(bytes, end) { return }
            found.append(map(start..<end))
        }
        if let cut {
            let tail = automaton.tailLength(state)
            if tail >= Self.minimumTailLength { found.append(map(cut - tail..<cut)) }
        }
    }

    /// Letters, digits, `_`, `.`, `-` and non-ASCII bytes: what a short secret may not touch.
    private static func isWord(_ bytes: [UInt8], _ index: Int) -> Bool {
        guard bytes.indices.contains(index) else { return false }
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "-"):
            return true
        default:
            return byte >= 0x80
        }
    }

    /// Where a truncation mark (`…` or `… (N bytes)`) ending the text begins, if one does.
    static func cutMarker(in bytes: [UInt8]) -> Int? {
        let ellipsis: [UInt8] = [0xE2, 0x80, 0xA6]
        if bytes.count >= 3, Array(bytes.suffix(3)) == ellipsis { return bytes.count - 3 }
        let suffix = Array(" bytes)".utf8)
        guard bytes.count > suffix.count + 5, Array(bytes.suffix(suffix.count)) == suffix else { return nil }
        var index = bytes.count - suffix.count - 1
        let lastDigit = index
        while index >= 0, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index -= 1 }
        let mark = ellipsis + Array(" (".utf8)
        let start = index + 1 - mark.count
        guard index < lastDigit, start >= 0, Array(bytes[start...index]) == mark else { return nil }
        return start
    }

    /// `source` with each range (overlapping ones merged) replaced by `[redacted]`.
    private static func replacing(_ ranges: [Range<Int>], in source: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var position = 0
        var current: Range<Int>?
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let open = current, range.lowerBound < open.upperBound {
                current = open.lowerBound..<max(open.upperBound, range.upperBound)
                continue
            }
            if let open = current {
                out.append(contentsOf: source[position..<open.lowerBound])
                out.append(contentsOf: replacement.utf8)
                position = open.upperBound
            }
            current = range
        }
        if let open = current {
            out.append(contentsOf: source[position..<open.lowerBound])
            out.append(contentsOf: replacement.utf8)
            position = open.upperBound
        }
        out.append(contentsOf: source[position...])
        return out
    }
}
