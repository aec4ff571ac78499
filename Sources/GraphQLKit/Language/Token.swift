/// The kinds of lexical tokens of GraphQL (comments, commas and white space are ignored
/// by the lexer and never become tokens).
enum TokenKind: UInt8, Sendable, Hashable {
    case eof
    case bang, dollar, amp, parenL, parenR, spread, colon, equals, at
    case bracketL, bracketR, braceL, pipe, braceR
    case name, int, float, string, blockString

    /// The text of a punctuator, `nil` for the other kinds.
    var punctuator: String? {
        switch self {
        case .bang: "!"
        case .dollar: "$"
        case .amp: "&"
        case .parenL: "("
        case .parenR: ")"
        case .spread: "..."
        case .colon: ":"
        case .equals: "="
        case .at: "@"
        case .bracketL: "["
        case .bracketR: "]"
        case .braceL: "{"
        case .pipe: "|"
        case .braceR: "}"
        case .eof, .name, .int, .float, .string, .blockString: nil
        }
    }

    /// How a token of this kind is named in messages: `'{'`, `Name`, `<EOF>`.
    var displayName: String {
        switch self {
        case .eof: "<EOF>"
        case .name: "Name"
        case .int: "Int"
        case .float: "Float"
        case .string: "String"
        case .blockString: "BlockString"
        default: "'\(punctuator!)'"
        }
    }
}

/// One token: its kind, its UTF-8 byte range and the line and column (in Unicode
/// scalars, 1-based) where it starts.
struct Token: Sendable, Hashable {
    var kind: TokenKind
    /// For a string: it holds at least one escape sequence, so its value must be decoded.
    var hasEscapes: Bool
    var start: Int
    var end: Int
    var line: Int
    var column: Int

    var location: Location { Location(start: start, end: end, line: line, column: column) }
}
