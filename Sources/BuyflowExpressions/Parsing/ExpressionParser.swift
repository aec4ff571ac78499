/// Parses expression text into an ``Expression``.
///
/// Grammar, loosest first: `||` < `&&` < `== != in contains matches` < `< <= > >=` < `+ -`
/// < prefix `! -` < postfix `.name [index]`; every binary level associates to the left.
/// Primaries: literals, lists, names (paths), calls of ``ExpressionFunction``s, parentheses.
/// Nesting is limited to ``maximumDepth`` levels, so hostile input gives an error, not a crash.
public enum ExpressionParser {
    /// The deepest nesting of the syntax tree accepted (parentheses, operators, calls, lists, subscripts).
    public static let maximumDepth = 200

    /// Parses `text`; error offsets are UTF-8 byte offsets into `text`.
    public static func parse(_ text: String) throws(ExpressionError) -> Expression {
        let tokens = try ExpressionLexer.tokenize(text)
        var parser = ExpressionParserState(tokens: tokens)
        return try parser.parseWhole()
    }
}
