import BuyflowCore

/// How messages name things: `type 'Cart'`, `'[CartLineInput!]!'`, `'A', 'B' or 'C'`.
extension ValidationRun {
    /// The kind and name of a type: `type 'Cart'`, `interface 'Node'`, `input 'CartInput'`.
    static func kindAndName(_ type: NamedType) -> String { "\(type.kind.keyword) '\(type.name)'" }

    /// A value as written, shortened past 60 characters.
    static func printed(_ value: Value) -> String {
        let text = Printer.print(value)
        guard text.count > 60 else { return text }
        return String(text.prefix(57)) + "…"
    }

    /// `'a'`, `'a' or 'b'`, `'a', 'b' or 'c'` (at most `limit` names: five by default,
    /// like graphql-js's suggestions).
    static func quotedList(_ names: [String], conjunction: String = "or", limit: Int = 5) -> String {
        let quoted = names.prefix(limit).map { "'\($0)'" }
        switch quoted.count {
        case 0: return ""
        case 1: return quoted[0]
        default: return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + quoted.last!
        }
    }

    /// `a`, `a and b`, `a, b and c`.
    static func plainList(_ items: [String]) -> String {
        switch items.count {
        case 0: return ""
        case 1: return items[0]
        default: return items.dropLast().joined(separator: ", ") + " and " + items.last!
        }
    }

    /// A directive location as a thing: "a field", "an inline fragment".
    static func singular(_ location: DirectiveLocation) -> String {
        switch location {
        case .query: "a query"
        case .mutation: "a mutation"
        case .subscription: "a subscription"
        case .field: "a field"
        case .fragmentDefinition: "a fragment definition"
        case .fragmentSpread: "a fragment spread"
        case .inlineFragment: "an inline fragment"
        case .variableDefinition: "a variable definition"
        case .schema: "a schema definition"
        case .scalar: "a scalar definition"
        case .object: "an object type definition"
        case .fieldDefinition: "a field definition"
        case .argumentDefinition: "an argument definition"
        case .interface: "an interface definition"
        case .union: "a union definition"
        case .enum: "an enum definition"
        case .enumValue: "an enum value definition"
        case .inputObject: "an input object definition"
        case .inputFieldDefinition: "an input field definition"
        }
    }

    /// Directive locations as things: "fields", "inline fragments".
    static func plural(_ location: DirectiveLocation) -> String {
        switch location {
        case .query: "queries"
        case .mutation: "mutations"
        case .subscription: "subscriptions"
        case .field: "fields"
        case .fragmentDefinition: "fragment definitions"
        case .fragmentSpread: "fragment spreads"
        case .inlineFragment: "inline fragments"
        case .variableDefinition: "variable definitions"
        case .schema: "schema definitions"
        case .scalar: "scalar definitions"
        case .object: "object type definitions"
        case .fieldDefinition: "field definitions"
        case .argumentDefinition: "argument definitions"
        case .interface: "interface definitions"
        case .union: "union definitions"
        case .enum: "enum definitions"
        case .enumValue: "enum value definitions"
        case .inputObject: "input object definitions"
        case .inputFieldDefinition: "input field definitions"
        }
    }

    /// The closest of `candidates` to a misspelt `name` (`Suggestions.closest`).
    ///
    /// Candidates that cannot be close enough are dropped first, without computing their
    /// edit distance: GraphQL names are ASCII, and for ASCII names both the difference in
    /// length and the bag distance (letters one has and the other lacks, ignoring case)
    /// are lower bounds of the edit distance `Suggestions` computes. A schema has
    /// hundreds of type names: this makes a suggestion cheap.
    static func suggest(_ name: String, among candidates: some Sequence<String>) -> String? {
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return Suggestions.closest(to: name, among: candidates) }
        let length = name.utf8.count, threshold = length / 3 + 1
        var counts = [Int](repeating: 0, count: 128)
        for byte in name.utf8 { counts[Int(lowered(byte))] += 1 }
        var possible: [String] = []
        for candidate in candidates {
            let bytes = candidate.utf8
            guard bytes.allSatisfy({ $0 < 0x80 }) else {
                possible.append(candidate)
                continue
            }
            guard abs(bytes.count - length) <= threshold else { continue }
            // Letters of the candidate that the name lacks, counted while `counts` is
            // borrowed, then given back.
            var extra = 0
            for byte in bytes {
                let index = Int(lowered(byte))
                if counts[index] <= 0 { extra += 1 }
                counts[index] -= 1
            }
            for byte in bytes { counts[Int(lowered(byte))] += 1 }
            let missing = length - (bytes.count - extra)
            if max(extra, missing) <= threshold { possible.append(candidate) }
        }
        return Suggestions.closest(to: name, among: possible)
    }

    private static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
    }
}
