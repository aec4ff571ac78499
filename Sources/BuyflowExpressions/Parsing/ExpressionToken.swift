/// A token of the expression language, located in UTF-8 bytes.
struct ExpressionToken: Sendable {
    enum Kind: Sendable, Equatable {
        case identifier(String)
        /// The number's text, converted by the parser (`12`, `1.5`, `2e3`).
        case number(String)
        case string(String)
        case symbol(ExpressionSymbol)
        case end
    }

    var kind: Kind
    var span: ExpressionSpan

    /// How the token is named in messages.
    var quoted: String {
        switch kind {
        case .identifier(let name): "'\(name)'"
        case .number(let text): "number \(text)"
        case .string: "a string"
        case .symbol(let symbol): "'\(symbol.rawValue)'"
        case .end: "the end of the expression"
        }
    }
}
