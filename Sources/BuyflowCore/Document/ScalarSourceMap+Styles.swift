/// The replay of each scalar style, after libyaml's `yaml_parser_scan_flow_scalar`,
/// `yaml_parser_scan_plain_scalar` and `yaml_parser_scan_block_scalar`.
extension ScalarSourceMap.Replay {
    // MARK: - Quoted

    /// A single- or double-quoted scalar (or a JSON string), from just past its opening quote.
    mutating func replayQuoted(single: Bool, json: Bool) {
        let quote = single ? UInt8(ascii: "'") : UInt8(ascii: "\"")
        while isRunning, position < text.count {
            leadingBlanks = false
            while isRunning, position < text.count, !Self.isBlank(text[position]), breakLength(at: position) == 0 {
                let byte = text[position]
                if single, byte == quote, position + 1 < text.count, text[position + 1] == quote {
                    produce(CollectionOfOne(quote), at: position)
                    position += 2
                    contentEnd = position
                } else if byte == quote {
                    break
                } else if !single, byte == UInt8(ascii: "\\"), breakLength(at: position + 1) > 0 {
                    // An escaped line break: it and the next line's indentation vanish.
                    position += 1 + breakLength(at: position + 1)
                    leadingBlanks = true
                    break
                } else if !single, byte == UInt8(ascii: "\\") {
                    escape(json: json)
                } else if byte == 0xC2 || byte == 0xE2 {
                    copyCharacter()
                } else {
                    copyRun(stoppingAt: (quote, single ? quote : UInt8(ascii: "\\")))
                }
            }
            guard isRunning, position < text.count, text[position] != quote else { return }
            scanBlanks()
            join()
        }
    }

    /// The escape at `position` (a backslash): its character maps to the backslash.
    private mutating func escape(json: Bool) {
        let backslash = position
        guard position + 1 < text.count else {
            failed = true
            return
        }
        var digits = 0
        let simple: Unicode.Scalar? = switch text[position + 1] {
        case UInt8(ascii: "0"): "\u{0}"
        case UInt8(ascii: "a"): "\u{7}"
        case UInt8(ascii: "b"): "\u{8}"
        case UInt8(ascii: "t"), UInt8(ascii: "\t"): "\t"
        case UInt8(ascii: "n"): "\n"
        case UInt8(ascii: "v"): "\u{B}"
        case UInt8(ascii: "f"): "\u{C}"
        case UInt8(ascii: "r"): "\r"
        case UInt8(ascii: "e"): "\u{1B}"
        case UInt8(ascii: " "): " "
        case UInt8(ascii: "\""): "\""
        case UInt8(ascii: "/"): "/"
        case UInt8(ascii: "'"): "'"
        case UInt8(ascii: "\\"): "\\"
        case UInt8(ascii: "N"): "\u{85}"
        case UInt8(ascii: "_"): "\u{A0}"
        case UInt8(ascii: "L"): "\u{2028}"
        case UInt8(ascii: "P"): "\u{2029}"
        case UInt8(ascii: "x"): { digits = 2; return nil }()
        case UInt8(ascii: "u"): { digits = 4; return nil }()
        case UInt8(ascii: "U"): { digits = 8; return nil }()
        default: nil
        }
        if let simple {
            position += 2
            produce(simple, at: backslash)
            contentEnd = position
            return
        }
        guard digits > 0, var code = hex(at: position + 2, digits: digits) else {
            failed = true
            return
        }
        position += 2 + digits
        if json, (0xD800...0xDBFF).contains(code) {
            // A JSON surrogate pair: `\uD83D\uDE00` is one character.
            if position + 1 < text.count, text[position] == UInt8(ascii: "\\"), text[position + 1] == UInt8(ascii: "u"),
               let low = hex(at: position + 2, digits: 4), (0xDC00...0xDFFF).contains(low) {
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                position += 6
            }
        }
        guard let scalar = Unicode.Scalar(code) ?? (json ? "\u{FFFD}" : nil) else {
            failed = true
            return
        }
        produce(scalar, at: backslash)
        contentEnd = position
    }

    /// The value of `digits` hex digits at `start`, or `nil`.
    private func hex(at start: Int, digits: Int) -> UInt32? {
        guard start + digits <= text.count else { return nil }
        var value: UInt32 = 0
        for index in start..<start + digits {
            let digit: UInt8
            switch text[index] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = text[index] - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = text[index] - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = text[index] - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    // MARK: - Plain

    /// A plain scalar, from its first character. Where it ends (`: `, ` #`, a flow
    /// indicator, less indentation) needs no checking: the value's length says.
    mutating func replayPlain() {
        leadingBlanks = false
        while isRunning, position < text.count {
            if text[position] == UInt8(ascii: "#") { return }
            while isRunning, position < text.count, !Self.isBlank(text[position]), breakLength(at: position) == 0 {
                if leadingBlanks || whitespaceCount > 0 {
                    join()
                    guard isRunning else { return }
                }
                if text[position] == 0xC2 || text[position] == 0xE2 { copyCharacter() } else { copyRun() }
            }
            guard isRunning, position < text.count else { return }
            scanBlanks()
        }
    }

    // MARK: - Block

    /// A literal or folded block scalar, from its indicator. An explicit indentation
    /// indicator counts from the enclosing block's indentation, which the text alone does
    /// not tell, so each possible indentation is tried until one produces the value.
    func replayBlock(folded: Bool) -> Self {
        var start = self
        guard let increment = start.scanBlockHeader() else { return start }
        if increment == 0 {
            var replay = start
            replay.replayBlockLines(indent: max(start.detectedIndent(), 1), folded: folded)
            return replay
        }
        var best = start
        let highest = min(max(increment, start.detectedIndent()), increment + Self.maxIndentTries)
        for indent in increment...highest {
            var replay = start
            replay.replayBlockLines(indent: indent, folded: folded)
            if !replay.failed { return replay }
            if replay.produced > best.produced { best = replay }
        }
        return best
    }

    /// Indentations tried for a block scalar with an indentation indicator, at most.
    private static var maxIndentTries: Int { 100 }

    /// Steps past the header (`|`, `>-`, `|2+`, a comment) and its line break; returns
    /// the indentation indicator (0 when there is none), or `nil` for a broken header.
    private mutating func scanBlockHeader() -> Int? {
        position += 1
        var increment = 0
        for _ in 0..<2 where position < text.count {
            let byte = text[position]
            if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                position += 1
            } else if byte >= UInt8(ascii: "1"), byte <= UInt8(ascii: "9"), increment == 0 {
                increment = Int(byte - UInt8(ascii: "0"))
                position += 1
            }
        }
        while position < text.count, Self.isBlank(text[position]) { position += 1 }
        if position < text.count, text[position] == UInt8(ascii: "#") {
            while position < text.count, breakLength(at: position) == 0 { position += 1 }
        }
        if position < text.count {
            let length = breakLength(at: position)
            guard length > 0 else {
                failed = true
                return nil
            }
            position += length
        }
        return increment
    }

    /// The indentation libyaml detects: the most spaces before the first non-empty line
    /// or on an empty line before it.
    private func detectedIndent() -> Int {
        var position = self.position
        var most = 0
        while position < text.count {
            var column = 0
            while position < text.count, text[position] == UInt8(ascii: " ") {
                position += 1
                column += 1
            }
            most = max(most, column)
            let length = breakLength(at: position)
            guard length > 0 else { break }
            position += length
        }
        return most
    }

    /// The lines of a block scalar at `indent`, from the line after its header.
    private mutating func replayBlockLines(indent: Int, folded: Bool) {
        var column = 0
        skipBlockBreaks(indent: indent, column: &column)
        var leadingBlank = false
        while isRunning, column == indent, position < text.count {
            let trailingBlank = Self.isBlank(text[position])
            if folded, let leading = leadingBreak, !leading.isRaw, !leadingBlank, !trailingBlank {
                if trailingBreaks.isEmpty { produce(CollectionOfOne(UInt8(ascii: " ")), at: leading.position) }
                leadingBreak = nil
            }
            writeBreaks()
            leadingBlank = trailingBlank
            while isRunning, position < text.count, breakLength(at: position) == 0 {
                if text[position] == 0xC2 || text[position] == 0xE2 { copyCharacter() } else { copyRun(blanks: false) }
            }
            guard isRunning, position < text.count else { break }
            leadingBreak = lineBreak(at: position)
            position += breakLength(at: position)
            column = 0
            skipBlockBreaks(indent: indent, column: &column)
        }
        // Chomping: the value's length says how many of the final breaks it kept.
        writeBreaks()
    }

    /// Writes the pending leading and trailing breaks.
    private mutating func writeBreaks() {
        if let leading = leadingBreak { write(leading) }
        for lineBreak in trailingBreaks { write(lineBreak) }
        leadingBreak = nil
        trailingBreaks.removeAll(keepingCapacity: true)
    }

    /// Eats indentation spaces and empty lines (as trailing breaks), as libyaml's
    /// `yaml_parser_scan_block_scalar_breaks`.
    private mutating func skipBlockBreaks(indent: Int, column: inout Int) {
        while true {
            while column < indent, position < text.count, text[position] == UInt8(ascii: " ") {
                position += 1
                column += 1
            }
            let length = breakLength(at: position)
            guard length > 0 else { return }
            trailingBreaks.append(lineBreak(at: position))
            position += length
            column = 0
        }
    }
}
