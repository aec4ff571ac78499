import BuyflowCore

/// libyaml's problems reworded for people. The location is libyaml's problem mark; a
/// note points at the context mark ("the mapping starts here") when it is elsewhere;
/// another note keeps libyaml's own words.
extension LibYAMLProblem {
    /// - Parameter text: the input, to see which character the problem is at.
    func diagnostic(mapper: LocationMapper, text: UnsafeBufferPointer<UInt8>) -> Diagnostic {
        let location: SourceLocation
        let character: Unicode.Scalar?
        if kind == .reader {
            let file = SourceFile(path: mapper.path, text: String(decoding: text, as: UTF8.self))
            location = file.location(ofUTF8Offset: offset)
            character = value >= 0 ? Unicode.Scalar(UInt32(value)) : nil
        } else {
            location = mapper.location(problemMark)
            character = Self.character(at: problemMark.index, in: text)
        }
        let contextLocation = contextMark.map { mapper.location($0) }
        // An unknown escape is reported at its backslash; the message names what follows.
        let escaped = problem == "found unknown escape character" ? Self.character(at: problemMark.index + 1, in: text) : nil
        let trailing = kind == .parser && !Self.startsItsLine(problemMark.index, in: text)
        let wording = reword(character: character, escaped: escaped, trailing: trailing, contextAt: contextLocation.map(Self.short))
        var notes: [Diagnostic.Note] = []
        if let contextLocation, contextLocation != location, let context {
            notes.append(Diagnostic.Note(Self.contextNote(context), at: contextLocation))
        }
        notes.append(Diagnostic.Note("libyaml: \(rawDescription)"))
        return .error(wording.message, at: location, code: wording.code, notes: notes, hint: wording.hint)
    }

    private struct Wording {
        var message: String
        var hint: String?
        var code = "yaml.syntax"
    }

    /// - Parameter trailing: the problem is after other text on its line, so not a matter
    ///   of indentation.
    private func reword(character: Unicode.Scalar?, escaped: Unicode.Scalar?, trailing: Bool, contextAt start: String?) -> Wording {
        let since = start.map { " started at \($0)" } ?? ""
        let found = character.map { Self.describe($0) } ?? "the end of the file"
        switch problem {
        case "found character that cannot start any token":
            switch character {
            case "\t":
                return Wording(
                    message: "found a tab character where indentation is expected; YAML indents with spaces",
                    hint: "replace the tab with spaces (two per level is usual) and set your editor to indent YAML with spaces",
                    code: "yaml.tab"
                )
            case "@", "`":
                return Wording(
                    message: "\(found) cannot start a plain value; it is reserved in YAML",
                    hint: "put the value in quotes"
                )
            default:
                return Wording(message: "found \(found), which cannot start a key or a value", hint: "put the value in quotes")
            }
        case "found a tab character that violates indentation":
            return Wording(
                message: "found a tab character in the indentation of a continued value; YAML indents with spaces",
                hint: "replace the tab with spaces", code: "yaml.tab"
            )
        case "found a tab character where an indentation space is expected":
            return Wording(
                message: "found a tab character in the indentation of a block scalar ('|' or '>'); YAML indents with spaces",
                hint: "replace the tab with spaces", code: "yaml.tab"
            )
        case "mapping values are not allowed in this context":
            return Wording(
                message: "unexpected ':' (a value on the same line as a key needs quoting, or the indentation is off)",
                hint: "quote a value that contains ': ', as in title: \"Note: read this\"; a nested mapping starts on the next line, indented under its key"
            )
        case "block sequence entries are not allowed in this context":
            return Wording(
                message: "unexpected '-' list item (a list starts on the line after its key, or the indentation is off)",
                hint: "put each '- ' item on its own line, indented under the key"
            )
        case "mapping keys are not allowed in this context":
            return Wording(message: "unexpected '?' (an explicit key is not allowed here)")
        case "did not find expected key" where trailing && character != nil,
             "did not find expected <document start>" where trailing && character != nil:
            return Wording(
                message: "unexpected \(found) after a complete value",
                hint: "quote the whole value if it is text, and check that quotes and brackets are closed where they should be; inside '…' write '' for a quote character"
            )
        case "did not find expected key":
            let hint = "keys of one mapping start in the same column; a nested value is indented further than its key"
            if character == "-" {
                return Wording(message: "bad indentation: found a '-' list item where the mapping\(since) expects a key", hint: hint)
            }
            if character == nil || context == nil || !context!.contains("block") {
                return Wording(message: "expected a key of the mapping\(since), found \(found)", hint: hint)
            }
            return Wording(message: "bad indentation: this line does not line up with the keys of the mapping\(since)", hint: hint)
        case "did not find expected '-' indicator":
            return Wording(
                message: "bad indentation: this line does not line up with the items of the list\(since)",
                hint: "items of one list start with '- ' in the same column"
            )
        case "did not find expected ',' or ']'":
            return flowWording(kind: "sequence", open: "[", close: "]", since: since, character: character)
        case "did not find expected ',' or '}'":
            return flowWording(kind: "mapping", open: "{", close: "}", since: since, character: character)
        case "found unexpected end of stream" where context?.contains("quoted scalar") == true:
            return Wording(
                message: "unclosed quoted string (\(start.map { "started at \($0)" } ?? "quote not closed"))",
                hint: "add the closing quote; inside \"…\" write \\\" for a quote character, inside '…' write ''"
            )
        case "found unexpected document indicator" where context?.contains("quoted scalar") == true:
            return Wording(
                message: "unclosed quoted string (\(start.map { "started at \($0)" } ?? "quote not closed")) runs into a document marker",
                hint: "add the closing quote before the '---' or '...' line"
            )
        case "found unknown escape character":
            return Wording(
                message: "unknown escape sequence '\\\(escaped.map { String($0) } ?? "")' in a double-quoted string",
                hint: "for a backslash write \\\\, or use single quotes, where backslashes are plain characters"
            )
        case "found invalid Unicode character escape code", "did not find expected hexdecimal number":
            return Wording(message: "invalid Unicode escape in a double-quoted string",
                           hint: "write \\xXX, \\uXXXX or \\UXXXXXXXX with hexadecimal digits; for a backslash write \\\\, or use single quotes")
        case "could not find expected ':'":
            return Wording(
                message: "expected ':' on the same line as the key\(since)",
                hint: "a line of plain text in a mapping is a key, followed by ':' on the same line, or continues the value above it, indented further than that value's key"
            )
        case "did not find expected node content":
            return Wording(message: "expected a value, found \(found)",
                           hint: context?.contains("flow") == true ? "in '[…]' and '{…}', items are separated by ','; quote values that contain ',', ':' or brackets" : nil)
        case "did not find expected alphabetic or numeric character":
            let what = context?.contains("alias") == true ? "an alias ('*')" : "an anchor ('&')"
            return Wording(message: "\(what) needs a name of letters, digits, '-' or '_'")
        case "found undefined tag handle":
            return Wording(message: "undefined tag handle", hint: "declare it with a %TAG directive, or use a standard tag such as !!str")
        case "found unexpected ':'":
            return Wording(message: "unexpected ':' in a plain value", hint: "quote the value")
        case "did not find expected <document start>":
            return Wording(message: "expected the start of a document ('---'), found \(found)")
        case "did not find expected comment or line break" where context?.contains("block scalar") == true:
            return Wording(message: "unexpected text after a block scalar indicator ('|' or '>')",
                           hint: "only '-', '+', an indentation digit and a comment may follow '|' or '>'; the text goes on the next lines")
        case "found an indentation indicator equal to 0":
            return Wording(message: "the indentation indicator of a block scalar must be 1 to 9")
        case "control characters are not allowed":
            let code = character.map { "U+" + Self.hex($0.value) } ?? "a control character"
            return Wording(message: "found control character \(code); YAML text cannot contain control characters",
                           hint: "this looks like a binary file; YAML files are UTF-8 text", code: "yaml.encoding")
        default:
            switch kind {
            case .memory:
                return Wording(message: "out of memory while reading YAML", code: "yaml.memory")
            case .reader:
                return Wording(message: "cannot read the text: \(problem)", code: "yaml.encoding")
            case .scanner, .parser:
                return Wording(message: "invalid YAML: \(problem)")
            }
        }
    }

    private func flowWording(kind: String, open: String, close: String, since: String, character: Unicode.Scalar?) -> Wording {
        guard character != nil else {
            return Wording(message: "unclosed flow \(kind) '\(open)'\(since)", hint: "close it with '\(close)'")
        }
        return Wording(
            message: "unclosed flow \(kind) '\(open)'\(since): expected ',' or '\(close)' here",
            hint: "separate items with ',' and close with '\(close)'; quote values that contain ',', ':' or brackets"
        )
    }

    // MARK: - Helpers

    private static func contextNote(_ context: String) -> String {
        switch context {
        case "while parsing a block mapping", "while parsing a flow mapping": "the mapping starts here"
        case "while parsing a block collection", "while parsing a flow sequence": "the list starts here"
        case "while scanning a quoted scalar", "while parsing a quoted scalar": "the quoted string starts here"
        case "while scanning a simple key": "the key starts here"
        case "while scanning a plain scalar": "the value starts here"
        case "while scanning a block scalar": "the block scalar starts here"
        default:
            "the " + context
                .replacingPrefix("while scanning ", with: "")
                .replacingPrefix("while parsing ", with: "")
                .replacingPrefix("a ", with: "")
                .replacingPrefix("an ", with: "") + " starts here"
        }
    }

    private static func short(_ location: SourceLocation) -> String { "\(location.line):\(location.column)" }

    private static func describe(_ scalar: Unicode.Scalar) -> String {
        switch scalar {
        case "\t": "a tab character"
        case " ": "a space"
        case "\n", "\r": "the end of the line"
        default:
            scalar.value < 0x20 || scalar.value == 0x7F ? "control character U+\(hex(scalar.value))" : "'\(scalar)'"
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// Whether only spaces come before the character at `index` on its line.
    private static func startsItsLine(_ index: Int, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        var scalars = String(decoding: text, as: UTF8.self).unicodeScalars.makeIterator()
        var onlySpaces = true
        var position = 0
        while position < index, let scalar = scalars.next() {
            switch scalar {
            case "\n", "\r", "\u{85}", "\u{2028}", "\u{2029}": onlySpaces = true
            case " ", "\u{FEFF}": break
            default: onlySpaces = false
            }
            position += 1
        }
        return onlySpaces
    }

    /// The character at a 0-based character index, or `nil` at the end of the text.
    private static func character(at index: Int, in text: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        var scalars = String(decoding: text, as: UTF8.self).unicodeScalars.makeIterator()
        var remaining = index
        while let scalar = scalars.next() {
            if remaining == 0 { return scalar }
            remaining -= 1
        }
        return nil
    }
}

extension String {
    fileprivate func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
