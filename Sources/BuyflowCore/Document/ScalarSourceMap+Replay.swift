extension ScalarSourceMap {
    /// What a replay found: the value's runs, how many value bytes they cover, and the
    /// file offset just past the last content character.
    struct Replayed {
        var segments: [Segment]
        var produced: Int
        var contentEnd: Int
    }

    /// A line break in the file, waiting to be folded or written to the value.
    struct Break {
        var position: Int
        /// LS and PS stay as they are; every other break (LF, CR, CRLF, NEL) becomes `\n`.
        var isRaw: Bool
    }

    /// Replays libyaml's scanner over a scalar's text — unquoting, unescaping, folding,
    /// block indentation and chomping — comparing what it produces with the value byte
    /// by byte. It stops when the value is complete (so the scalar's own end, which may
    /// depend on context such as the enclosing indentation, never has to be found), at
    /// the first byte that differs, or at the end of the file. Every loop advances
    /// through the file or stops.
    struct Replay {
        let text: UnsafeBufferPointer<UInt8>
        let expected: UnsafeBufferPointer<UInt8>
        var position: Int
        var produced = 0
        var failed = false
        var segments: [Segment] = []
        var contentEnd: Int
        // Folding state, as in libyaml's scanner.
        var leadingBlanks = false
        var whitespaceStart = 0
        var whitespaceCount = 0
        var leadingBreak: Break?
        var trailingBreaks: [Break] = []

        init(text: UnsafeBufferPointer<UInt8>, expected: UnsafeBufferPointer<UInt8>, position: Int) {
            self.text = text
            self.expected = expected
            self.position = position
            self.contentEnd = position
        }

        /// Replays a scalar of `style` whose node starts at file offset `start` (at its
        /// anchor or tag if it has one); `nil` when no scalar of that style starts there.
        static func run(
            _ style: ScalarStyle, at start: Int, in text: UnsafeBufferPointer<UInt8>, expecting expected: UnsafeBufferPointer<UInt8>
        ) -> Replayed? {
            guard let content = contentStart(style, from: start, in: text) else { return nil }
            var replay = Replay(text: text, expected: expected, position: content)
            switch style {
            case .doubleQuoted, .json:
                replay.position += 1
                replay.contentEnd = replay.position
                replay.replayQuoted(single: false, json: style == .json)
            case .singleQuoted:
                replay.position += 1
                replay.contentEnd = replay.position
                replay.replayQuoted(single: true, json: false)
            case .plain:
                replay.replayPlain()
            case .literal, .folded:
                replay = replay.replayBlock(folded: style == .folded)
            }
            return Replayed(segments: replay.segments, produced: replay.produced, contentEnd: replay.contentEnd)
        }

        /// Where the scalar's first character or indicator is: past any anchor (`&a`), tag
        /// (`!!str`, `!<…>`) and the blanks, line breaks and comments after them.
        private static func contentStart(_ style: ScalarStyle, from start: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
            var position = start
            if style != .json {
                while position < text.count, text[position] == UInt8(ascii: "&") || text[position] == UInt8(ascii: "!") {
                    if text[position] == UInt8(ascii: "!"), position + 1 < text.count, text[position + 1] == UInt8(ascii: "<") {
                        while position < text.count, text[position] != UInt8(ascii: ">") { position += 1 }
                    }
                    while position < text.count, !isBlank(text[position]), breakLength(at: position, in: text) == 0 { position += 1 }
                    while position < text.count {
                        if isBlank(text[position]) {
                            position += 1
                        } else if text[position] == UInt8(ascii: "#") {
                            while position < text.count, breakLength(at: position, in: text) == 0 { position += 1 }
                        } else {
                            let length = breakLength(at: position, in: text)
                            guard length > 0 else { break }
                            position += length
                        }
                    }
                }
            }
            guard position < text.count else { return nil }
            let first = text[position]
            switch style {
            case .doubleQuoted: return first == UInt8(ascii: "\"") ? position : nil
            case .singleQuoted: return first == UInt8(ascii: "'") ? position : nil
            case .literal: return first == UInt8(ascii: "|") ? position : nil
            case .folded: return first == UInt8(ascii: ">") ? position : nil
            case .json:
                if first == UInt8(ascii: "\"") { return position }
                // A location at the first character inside the quotes.
                return position > 0 && text[position - 1] == UInt8(ascii: "\"") ? position - 1 : nil
            case .plain:
                // Characters that cannot start a plain scalar (an alias's `*` among them).
                let indicators = "*&!\"'|>[]{},#%@`"
                return isBlank(first) || breakLength(at: position, in: text) > 0 || indicators.utf8.contains(first) ? nil : position
            }
        }

        var isRunning: Bool { !failed && produced < expected.count }

        // MARK: - Output

        /// Copies `count` bytes of the file from `from` to the value, or as many as the
        /// value still lacks.
        mutating func copy(from: Int, count: Int) {
            guard isRunning, count > 0 else { return }
            let count = min(count, expected.count - produced)
            guard from + count <= text.count else {
                failed = true
                return
            }
            var matching = 0
            while matching < count, text[from + matching] == expected[produced + matching] { matching += 1 }
            if matching > 0 {
                if let last = segments.last, last.isCopy, last.source + (produced - last.value) == from {
                    // Continues the last run.
                } else {
                    segments.append(Segment(value: produced, source: from, isCopy: true))
                }
                produced += matching
                contentEnd = from + matching
            }
            // What matched before a difference stays mapped.
            if matching < count { failed = true }
        }

        /// Copies the character at `position` and steps past it.
        mutating func copyCharacter() {
            let count = min(Self.scalarLength(text[position]), text.count - position)
            copy(from: position, count: count)
            position += count
        }

        /// Copies the bytes from `position` up to the first line break (or possible start
        /// of one: a NEL, LS or PS lead byte), blank (with `blanks`) or `stops` byte, and
        /// steps past them; at least one character.
        mutating func copyRun(stoppingAt stops: (UInt8, UInt8)? = nil, blanks: Bool = true) {
            var end = position
            while end < text.count {
                let byte = text[end]
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") || byte == 0xC2 || byte == 0xE2 { break }
                if blanks, Self.isBlank(byte) { break }
                if let stops, byte == stops.0 || byte == stops.1 { break }
                end += 1
            }
            guard end > position else { return copyCharacter() }
            copy(from: position, count: end - position)
            position = end
        }

        /// Writes bytes that the file character at `source` produced.
        mutating func produce(_ bytes: some Collection<UInt8>, at source: Int) {
            guard isRunning, !bytes.isEmpty else { return }
            guard produced + bytes.count <= expected.count else {
                failed = true
                return
            }
            for (index, byte) in bytes.enumerated() where expected[produced + index] != byte {
                failed = true
                return
            }
            if let last = segments.last, !last.isCopy, last.source == source {
                // Same origin as the last run.
            } else {
                segments.append(Segment(value: produced, source: source, isCopy: false))
            }
            produced += bytes.count
        }

        mutating func produce(_ scalar: Unicode.Scalar, at source: Int) {
            produce(Array(String(scalar).utf8), at: source)
        }

        mutating func write(_ lineBreak: Break) {
            if lineBreak.isRaw {
                produce(text[lineBreak.position..<min(lineBreak.position + 3, text.count)], at: lineBreak.position)
            } else {
                produce(CollectionOfOne(UInt8(ascii: "\n")), at: lineBreak.position)
            }
        }

        /// The break at `position` (which must be one).
        func lineBreak(at position: Int) -> Break {
            Break(position: position, isRaw: text[position] == 0xE2)
        }

        // MARK: - Flow folding

        /// Reads blanks and line breaks as libyaml does between the words of a flow or
        /// plain scalar: blanks before the first break are kept, the first break is the
        /// leading one, later ones are trailing.
        mutating func scanBlanks() {
            if !leadingBlanks {
                whitespaceStart = position
                whitespaceCount = 0
            }
            while position < text.count {
                if Self.isBlank(text[position]) {
                    if !leadingBlanks { whitespaceCount += 1 }
                    position += 1
                    continue
                }
                let length = Self.breakLength(at: position, in: text)
                guard length > 0 else { return }
                if !leadingBlanks {
                    whitespaceCount = 0
                    leadingBreak = lineBreak(at: position)
                    leadingBlanks = true
                } else {
                    trailingBreaks.append(lineBreak(at: position))
                }
                position += length
            }
        }

        /// Writes what `scanBlanks` read before the next word: a line break alone folds to
        /// a space, more breaks stay breaks (the first one dropped), blanks stay.
        mutating func join() {
            if leadingBlanks {
                if let leading = leadingBreak, !leading.isRaw {
                    if trailingBreaks.isEmpty {
                        produce(CollectionOfOne(UInt8(ascii: " ")), at: leading.position)
                    } else {
                        for lineBreak in trailingBreaks { write(lineBreak) }
                    }
                } else {
                    if let leading = leadingBreak { write(leading) }
                    for lineBreak in trailingBreaks { write(lineBreak) }
                }
            } else {
                copy(from: whitespaceStart, count: whitespaceCount)
            }
            leadingBlanks = false
            whitespaceCount = 0
            leadingBreak = nil
            trailingBreaks.removeAll(keepingCapacity: true)
        }

        // MARK: - Characters

        static func isBlank(_ byte: UInt8) -> Bool {
            byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
        }

        /// The length of the line break at `position` (CRLF, CR, LF, NEL, LS, PS), or 0.
        static func breakLength(at position: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
            guard position < text.count else { return 0 }
            switch text[position] {
            case UInt8(ascii: "\n"):
                return 1
            case UInt8(ascii: "\r"):
                return position + 1 < text.count && text[position + 1] == UInt8(ascii: "\n") ? 2 : 1
            case 0xC2:
                return position + 1 < text.count && text[position + 1] == 0x85 ? 2 : 0
            case 0xE2:
                guard position + 2 < text.count, text[position + 1] == 0x80 else { return 0 }
                return text[position + 2] == 0xA8 || text[position + 2] == 0xA9 ? 3 : 0
            default:
                return 0
            }
        }

        func breakLength(at position: Int) -> Int { Self.breakLength(at: position, in: text) }

        /// The length of the UTF-8 sequence a lead byte starts (1 for a stray byte).
        static func scalarLength(_ lead: UInt8) -> Int {
            switch lead {
            case 0xC0...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF7: 4
            default: 1
            }
        }
    }
}
