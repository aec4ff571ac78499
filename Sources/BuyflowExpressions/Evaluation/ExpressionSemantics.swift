import BuyflowCore

/// The value rules shared by the operators and the assertion operators: typed deep
/// equality, ordering, membership. Numbers compare by value (`2 == 2.0`); a decimal
/// compares by value with numbers and with strings holding a decimal (`"160.20"`).
enum ExpressionSemantics {
    // MARK: Equality

    /// Deep, typed equality: `"2" != 2`, `2 == 2.0`, objects ignore member order, lists go element-wise.
    /// `leftText`/`rightText` are the written text of number literals, used when meeting a decimal.
    static func equal(
        _ left: EvaluatedValue, _ right: EvaluatedValue, leftText: String? = nil, rightText: String? = nil
    ) -> Bool {
        switch (left, right) {
        case (.json(let a), .json(let b)):
            return jsonEqual(a, b)
        case (.decimal(let a), .decimal(let b)):
            return a.compared(to: b) == 0
        case (.decimal(let a), .json(let b)):
            guard let other = decimal(from: b, text: rightText) else { return false }
            return a.compared(to: other) == 0
        case (.json(let a), .decimal(let b)):
            guard let other = decimal(from: a, text: leftText) else { return false }
            return b.compared(to: other) == 0
        }
    }

    static func jsonEqual(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.int, _), (.double, _):
            guard let order = compareNumbers(a, b) else { return false }
            return order == 0
        case (.array(let x), .array(let y)):
            guard x.count == y.count else { return false }
            for index in x.indices where !jsonEqual(x[index], y[index]) { return false }
            return true
        case (.object(let x), .object(let y)):
            guard x.count == y.count else { return false }
            for (key, value) in x {
                guard let other = y[key], jsonEqual(value, other) else { return false }
            }
            return true
        default:
            return false
        }
    }

    // MARK: Ordering

    /// -1, 0 or 1 for two numbers (exact for `Int`s and for an `Int` against a `Double`); nil otherwise.
    static func compareNumbers(_ a: JSONValue, _ b: JSONValue) -> Int? {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            return x < y ? -1 : (x == y ? 0 : 1)
        case (.double(let x), .double(let y)):
            guard !x.isNaN, !y.isNaN else { return nil }
            return x < y ? -1 : (x == y ? 0 : 1)
        case (.int(let x), .double(let y)):
            return compare(x, y)
        case (.double(let x), .int(let y)):
            return compare(y, x).map { -$0 }
        default:
            return nil
        }
    }

    /// An `Int` against a `Double`, exactly (no rounding of large integers).
    private static func compare(_ integer: Int, _ double: Double) -> Int? {
        guard !double.isNaN else { return nil }
        if double >= 0x1p63 { return -1 }
        if double < -0x1p63 { return 1 }
        let whole = Int(double.rounded(.down))
        if integer != whole { return integer < whole ? -1 : 1 }
        return Double(whole) == double ? 0 : -1
    }

    /// The order of two values for `< <= > >=`: numbers and decimals by value, strings
    /// lexicographically; nil when they cannot be compared.
    static func compare(
        _ left: EvaluatedValue, _ right: EvaluatedValue, leftText: String? = nil, rightText: String? = nil
    ) -> Int? {
        switch (left, right) {
        case (.json(.string(let a)), .json(.string(let b))):
            return a < b ? -1 : (a == b ? 0 : 1)
        case (.json(let a), .json(let b)):
            return compareNumbers(a, b)
        case (.decimal(let a), .decimal(let b)):
            return a.compared(to: b)
        case (.decimal(let a), .json(let b)):
            return decimal(from: b, text: rightText).map { a.compared(to: $0) }
        case (.json(let a), .decimal(let b)):
            return decimal(from: a, text: leftText).map { -b.compared(to: $0) }
        }
    }

    /// A number (through its written text when known) or a decimal string as a decimal.
    static func decimal(from value: JSONValue, text: String? = nil) -> DecimalNumber? {
        switch value {
        case .int, .double:
            if let text, let exact = DecimalNumber.exact(text) { return exact }
            return DecimalNumber.exact(value)
        case .string(let string):
            return DecimalNumber.exact(string)
        default:
            return nil
        }
    }

    // MARK: Membership

    /// `element in container`: an element of a list, a substring of a string, a key of an object;
    /// nil when the container is none of these (or a string is searched for a non-string).
    static func contains(_ container: EvaluatedValue, _ element: EvaluatedValue, elementText: String? = nil) -> Bool? {
        switch container {
        case .json(.array(let items)):
            return items.contains { equal(.json($0), element, rightText: elementText) }
        case .json(.string(let string)):
            guard case .json(.string(let part)) = element else { return nil }
            return part.isEmpty || string.contains(part)
        case .json(.object(let object)):
            guard case .json(.string(let key)) = element else { return nil }
            return object[key] != nil
        default:
            return nil
        }
    }
}
