import BuyflowCore

/// Schema enums, global IDs and timestamps.
extension CatalogReader {
    /// A value of the schema enum `type`.
    mutating func enumValue(_ object: CatalogObject, _ key: String, type: String) -> String? {
        guard let text = string(object, key) else { return nil }
        return checkEnum(text, type: type, at: object.path(key), object.location(key))
    }

    /// A list of values of the schema enum `type`; bad items are errors and left out.
    mutating func enumValues(_ object: CatalogObject, _ key: String, type: String) -> [String] {
        enumItems(object, key, type: type).map(\.value)
    }

    /// `enumValues` with each item's path and location.
    mutating func enumItems(
        _ object: CatalogObject, _ key: String, type: String
    ) -> [(value: String, path: CatalogPath, location: SourceLocation)] {
        var result: [(value: String, path: CatalogPath, location: SourceLocation)] = []
        for (index, item) in list(object, key).enumerated() {
            let itemPath = object.path(key).appending(index)
            guard let text = document.string(item, itemPath.description) else { continue }
            if let checked = checkEnum(text, type: type, at: itemPath, item.location) { result.append((checked, itemPath, item.location)) }
        }
        return result
    }

    /// `text` when it is a value of the schema enum `type` (or the schema has no such enum).
    mutating func checkEnum(_ text: String, type: String, at path: CatalogPath, _ location: SourceLocation) -> String? {
        guard let values = enums[type], !values.contains(text) else { return text }
        error(
            "\(path) must be a \(type), found \"\(text)\"", at: location, code: "enum",
            suggestion: Suggestions.closest(to: text, among: values) ?? Suggestions.closest(to: text.uppercased(), among: values)
        )
        return nil
    }

    /// A global ID `gid://shopify/<type>/<n>`, unique across the catalog; returns `n` too.
    mutating func globalID(_ object: CatalogObject, _ key: String, type: String) -> (id: String, number: Int)? {
        guard let text = string(object, key) else { return nil }
        let path = object.path(key)
        let location = object.location(key)
        let prefix = "gid://shopify/\(type)/"
        let tail = text.dropFirst(prefix.count)
        guard text.hasPrefix(prefix), let number = Int(tail), number > 0, String(number) == tail else {
            error("\(path) must be a global ID \(prefix)<n> with <n> a positive integer, found \"\(text)\"", at: location, code: "id")
            return nil
        }
        if let first = seenIDs[text] {
            error(
                "duplicate ID \(text) at \(path)", at: location, code: "duplicate-id",
                hint: "IDs are unique across the catalog; give this one an unused <n>",
                notes: [Diagnostic.Note("first used at \(first.path)", at: first.location)]
            )
            return nil
        }
        seenIDs[text] = (path, location)
        return (text, number)
    }

    /// An ISO 8601 timestamp with a zone: `2026-01-05T09:00:00Z`, `…+02:00`.
    mutating func timestamp(_ object: CatalogObject, _ key: String) -> String? {
        guard let text = string(object, key) else { return nil }
        guard Self.isTimestamp(text) else {
            error(
                "\(object.path(key)) must be an ISO 8601 timestamp with a zone such as \"2026-01-05T09:00:00Z\", found \"\(text)\"",
                at: object.location(key), code: "timestamp"
            )
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

    /// A value for messages: `string "abc"`, `number 12.5` (as written), `true`, `null`,
    /// `no value` (an empty YAML value), `a list`, `an object`.
    func describe(_ value: LocatedValue) -> String {
        switch value.content {
        case .string(let text): "string \"\(text.count > 40 ? String(text.prefix(40)) + "…" : text)\""
        case .int(let number): "number \(value.text ?? String(number))"
        case .double(let number): "number \(value.text ?? String(number))"
        case .bool(let flag): flag ? "true" : "false"
        case .null: value.kindDescription
        case .list: "a list"
        case .map: "an object"
        }
    }
}
