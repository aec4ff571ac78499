/// Shopify's search syntax for `products(query:)` and `collections(query:)`, the part a
/// sample shop needs: words (all must match), `field:value` terms, `"quoted phrases"`,
/// `-` to negate, `OR` between alternatives, `*` at the end of a value for a prefix.
///
///     title:sneaker            title contains "sneaker" (case-insensitive)
///     tag:summer -tag:sale     tagged summer, not tagged sale
///     vendor:Northwool OR product_type:Boots
struct SearchQuery: Sendable {
    struct Term: Sendable {
        var field: String?
        var value: String
        var negated: Bool
    }

    /// Alternatives (OR) of conjunctions (AND).
    let groups: [[Term]]

    init(_ text: String) {
        var groups: [[Term]] = [[]]
        for token in Self.tokens(text) {
            if token == "OR" {
                groups.append([])
                continue
            }
            if token == "AND" { continue }
            var body = Substring(token)
            var negated = false
            if body.hasPrefix("-") || body.hasPrefix("NOT ") {
                negated = true
                body = body.hasPrefix("-") ? body.dropFirst() : body.dropFirst(4)
            }
            var field: String?
            if let colon = body.firstIndex(of: ":"), !body[..<colon].contains("\"") {
                field = body[..<colon].lowercased()
                body = body[body.index(after: colon)...]
            }
            let value = body.hasPrefix("\"") && body.hasSuffix("\"") && body.count >= 2 ? body.dropFirst().dropLast() : body
            guard !value.isEmpty else { continue }
            groups[groups.count - 1].append(Term(field: field, value: String(value), negated: negated))
        }
        self.groups = groups.filter { !$0.isEmpty }
    }

    var isEmpty: Bool { groups.isEmpty }

    /// Whether an item matches; `test(field, value)` answers one positive term.
    func matches(_ test: (String?, String) -> Bool) -> Bool {
        guard !groups.isEmpty else { return true }
        return groups.contains { terms in
            terms.allSatisfy { term in test(term.field, term.value) != term.negated }
        }
    }

    /// Case-insensitive: `value` ends with `*` → some word starts with it; else `text`
    /// contains it.
    static func textMatches(_ text: String, _ value: String) -> Bool {
        let text = text.lowercased()
        if value.hasSuffix("*") {
            let prefix = value.dropLast().lowercased()
            return text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).contains { $0.hasPrefix(prefix) } || text.hasPrefix(prefix)
        }
        return text.contains(value.lowercased())
    }

    /// Case-insensitive equality, or a prefix with `*`.
    static func valueEquals(_ text: String, _ value: String) -> Bool {
        if value.hasSuffix("*") { return text.lowercased().hasPrefix(value.dropLast().lowercased()) }
        return text.lowercased() == value.lowercased()
    }

    /// Words and quoted phrases; a quote may follow `field:`.
    private static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" {
                quoted.toggle()
                current.append(character)
            } else if character.isWhitespace, !quoted {
                if !current.isEmpty { tokens.append(current) }
                current = ""
            } else if character == "'", !quoted, current.hasSuffix(":") || current.isEmpty {
                quoted = true
                current.append("\"")
            } else if character == "'", quoted, current.contains("\"") {
                quoted = false
                current.append("\"")
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        return tokens
    }
}
