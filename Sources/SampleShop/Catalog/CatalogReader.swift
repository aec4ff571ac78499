import BuyflowCore

/// Typed, checked access to the members of a catalog document, collecting located
/// diagnostics instead of stopping at the first problem.
struct CatalogReader {
    let file: String
    let locator: CatalogLocations?
    /// The values of the schema's enums, by enum name, for `CountryCode` and the like.
    let enums: [String: [String]]
    var diagnostics: [Diagnostic] = []
    /// Every global ID seen, with where.
    private var seenIDs: [String: CatalogPath] = [:]

    init(file: String, locator: CatalogLocations?, enums: [String: [String]]) {
        self.file = file
        self.locator = locator
        self.enums = enums
    }

    func location(_ path: CatalogPath, key: Bool = false) -> SourceLocation? {
        guard let locator else { return nil }
        return key ? locator.keyLocation(of: path) : locator.location(of: path)
    }

    mutating func error(
        _ message: String, at path: CatalogPath, code: String, key: Bool = false, suggestion: String? = nil,
        hint: String? = nil, notes: [Diagnostic.Note] = []
    ) {
        diagnostics.append(.error(
            message, at: location(path, key: key), code: "catalog." + code, notes: notes, suggestion: suggestion, hint: hint
        ))
    }

    // MARK: - Objects and arrays

    /// The object at `path`, its keys checked: unknown keys (those not starting with `$`)
    /// and missing required keys are errors. Nil (with an error) when it is not an object.
    mutating func object(_ value: JSONValue?, at path: CatalogPath, required: [String], optional: [String]) -> JSONObject? {
        guard let value else { return nil }
        guard case .object(let object) = value else {
            typeError(value, at: path, expected: "an object")
            return nil
        }
        let known = required + optional
        for key in object.keys where !key.hasPrefix("$") && !known.contains(key) {
            error(
                "unknown key '\(key)' in \(path)", at: path.appending(key), code: "unknown-key", key: true,
                suggestion: Suggestions.closest(to: key, among: known),
                hint: "keys of \(path): \(known.joined(separator: ", ")) (keys starting with '$' are free for comments)"
            )
        }
        for key in required where object[key] == nil || object[key] == .null {
            error(
                object[key] == nil ? "missing required key '\(key)' in \(path)" : "\(path.appending(key)) must not be null",
                at: object[key] == nil ? path : path.appending(key), code: "missing-key"
            )
        }
        return object
    }

    /// The array member `key`, or an empty array when absent or null.
    mutating func array(_ object: JSONObject, _ key: String, at path: CatalogPath) -> [JSONValue] {
        guard let value = object[key], value != .null else { return [] }
        guard case .array(let items) = value else {
            typeError(value, at: path.appending(key), expected: "a list")
            return []
        }
        return items
    }

    // MARK: - Scalars

    mutating func string(_ object: JSONObject, _ key: String, at path: CatalogPath) -> String? {
        guard let value = object[key], value != .null else { return nil }
        guard case .string(let text) = value else {
            typeError(value, at: path.appending(key), expected: "a string")
            return nil
        }
        return text
    }

    mutating func int(_ object: JSONObject, _ key: String, at path: CatalogPath, minimum: Int? = nil) -> Int? {
        guard let value = object[key], value != .null else { return nil }
        guard case .int(let number) = value else {
            typeError(value, at: path.appending(key), expected: "an integer")
            return nil
        }
        if let minimum, number < minimum {
            error("\(path.appending(key)) must be at least \(minimum), found \(number)", at: path.appending(key), code: "range")
            return nil
        }
        return number
    }

    mutating func double(_ object: JSONObject, _ key: String, at path: CatalogPath) -> Double? {
        guard let value = object[key], value != .null else { return nil }
        guard let number = value.doubleValue else {
            typeError(value, at: path.appending(key), expected: "a number")
            return nil
        }
        return number
    }

    mutating func bool(_ object: JSONObject, _ key: String, at path: CatalogPath) -> Bool? {
        guard let value = object[key], value != .null else { return nil }
        guard case .bool(let flag) = value else {
            typeError(value, at: path.appending(key), expected: "true or false")
            return nil
        }
        return flag
    }

    mutating func strings(_ object: JSONObject, _ key: String, at path: CatalogPath) -> [String] {
        var result: [String] = []
        for (index, item) in array(object, key, at: path).enumerated() {
            guard case .string(let text) = item else {
                typeError(item, at: path.appending(key).appending(index), expected: "a string")
                continue
            }
            result.append(text)
        }
        return result
    }

    /// A money amount: a decimal string with at most two decimals, in cents.
    mutating func money(_ object: JSONObject, _ key: String, at path: CatalogPath) -> Int? {
        let memberPath = path.appending(key)
        guard let value = object[key], value != .null else { return nil }
        guard case .string(let text) = value else {
            error(
                "\(memberPath) must be a decimal string such as \"89.00\", found \(describe(value))", at: memberPath, code: "type",
                hint: "catalog amounts are strings so they keep their exact decimals: \"\(value.doubleValue.map { Money.format(Int(($0 * 100).rounded())) } ?? "89.00")\""
            )
            return nil
        }
        guard let cents = Money.cents(text) else {
            error("\(memberPath) must be a decimal amount with at most two decimals such as \"89.00\", found \"\(text)\"", at: memberPath, code: "money")
            return nil
        }
        return cents
    }

    /// A decimal string (`"1.35"`, `"10"`), positive.
    mutating func decimal(_ object: JSONObject, _ key: String, at path: CatalogPath) -> DecimalNumber? {
        let memberPath = path.appending(key)
        guard let value = object[key], value != .null else { return nil }
        guard case .string(let text) = value, let number = DecimalNumber(text), number.units > 0 else {
            error("\(memberPath) must be a positive decimal string such as \"1.35\", found \(describe(value))", at: memberPath, code: "type")
            return nil
        }
        return number
    }

    /// A value of the schema enum `type`.
    mutating func enumValue(_ object: JSONObject, _ key: String, type: String, at path: CatalogPath) -> String? {
        guard let text = string(object, key, at: path) else { return nil }
        return checkEnum(text, type: type, at: path.appending(key))
    }

    /// A list of values of the schema enum `type`.
    mutating func enumValues(_ object: JSONObject, _ key: String, type: String, at path: CatalogPath) -> [String] {
        var result: [String] = []
        for (index, item) in array(object, key, at: path).enumerated() {
            let itemPath = path.appending(key).appending(index)
            guard case .string(let text) = item else {
                typeError(item, at: itemPath, expected: "a \(type) name")
                continue
            }
            if let checked = checkEnum(text, type: type, at: itemPath) { result.append(checked) }
        }
        return result
    }

    mutating func checkEnum(_ text: String, type: String, at path: CatalogPath) -> String? {
        guard let values = enums[type], !values.contains(text) else { return text }
        error(
            "\(path) must be a \(type), found \"\(text)\"", at: path, code: "enum",
            suggestion: Suggestions.closest(to: text, among: values) ?? Suggestions.closest(to: text.uppercased(), among: values)
        )
        return nil
    }

    /// A global ID `gid://shopify/<type>/<n>`, unique across the catalog; returns `n`.
    mutating func globalID(_ object: JSONObject, _ key: String, type: String, at path: CatalogPath) -> (id: String, number: Int)? {
        guard let text = string(object, key, at: path) else { return nil }
        let memberPath = path.appending(key)
        let prefix = "gid://shopify/\(type)/"
        guard text.hasPrefix(prefix), let number = Int(text.dropFirst(prefix.count)), number > 0,
              String(number) == text.dropFirst(prefix.count) else {
            error("\(memberPath) must be a global ID \(prefix)<n> with <n> a positive integer, found \"\(text)\"", at: memberPath, code: "id")
            return nil
        }
        if let first = seenIDs[text] {
            error(
                "duplicate ID \(text) at \(memberPath)", at: memberPath, code: "duplicate-id",
                notes: [Diagnostic.Note("first used at \(first)", at: location(first))]
            )
            return nil
        }
        seenIDs[text] = memberPath
        return (text, number)
    }

    /// An ISO 8601 timestamp with a zone: `2026-01-05T09:00:00Z`, `…+02:00`.
    mutating func timestamp(_ object: JSONObject, _ key: String, at path: CatalogPath) -> String? {
        guard let text = string(object, key, at: path) else { return nil }
        guard Self.isTimestamp(text) else {
            error("\(path.appending(key)) must be an ISO 8601 timestamp with a zone such as \"2026-01-05T09:00:00Z\", found \"\(text)\"", at: path.appending(key), code: "timestamp")
            return nil
        }
        return text
    }

    static func isTimestamp(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= bytes.count && range.allSatisfy { bytes[$0] >= 0x30 && bytes[$0] <= 0x39 }
        }
        func byte(_ index: Int, _ character: Character) -> Bool {
            index < bytes.count && bytes[index] == character.asciiValue!
        }
        guard digits(0..<4), byte(4, "-"), digits(5..<7), byte(7, "-"), digits(8..<10), byte(10, "T"),
              digits(11..<13), byte(13, ":"), digits(14..<16), byte(16, ":"), digits(17..<19) else { return false }
        var index = 19
        if byte(index, ".") {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            if index == start { return false }
        }
        if byte(index, "Z") { return index + 1 == bytes.count }
        guard byte(index, "+") || byte(index, "-") else { return false }
        return digits((index + 1)..<(index + 3)) && byte(index + 3, ":") && digits((index + 4)..<(index + 6)) && index + 6 == bytes.count
    }

    // MARK: - Messages

    mutating func typeError(_ value: JSONValue, at path: CatalogPath, expected: String) {
        error("\(path) must be \(expected), found \(describe(value))", at: path, code: "type")
    }

    func describe(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): "string \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case .int(let number): "number \(number)"
        case .double(let number): "number \(number)"
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array: "a list"
        case .object: "an object"
        }
    }
}
