import BuyflowCore

/// Reads the members of one JSON object of a report, with errors that name the member
/// (`$.steps[0].attempts[1].httpStatus: expected a number, found a string`).
///
/// "Optional" readers take an absent member and `null` alike as `nil`; "required" ones
/// refuse both.
struct JSONFieldReader {
    let object: JSONObject
    let path: String

    init(_ value: JSONValue, at path: String) throws(Diagnostic) {
        guard case .object(let object) = value else {
            throw Self.invalid(path, "expected an object, found \(Self.describe(value))")
        }
        self.object = object
        self.path = path
    }

    static func invalid(_ path: String, _ message: String) -> Diagnostic {
        .error("invalid report: \(path): \(message)", code: "report.invalid")
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string(let text): "the string '\(text.count > 40 ? String(text.prefix(40)) + "…" : text)'"
        case .array: "an array"
        case .object: "an object"
        }
    }

    func path(_ key: String) -> String { "\(path).\(key)" }

    /// The member, `nil` when absent or `null`.
    func optional(_ key: String) -> JSONValue? {
        guard let value = object[key], !value.isNull else { return nil }
        return value
    }

    /// The member as written: `nil` when absent, `.null` when `null`.
    func raw(_ key: String) -> JSONValue? { object[key] }

    func required(_ key: String) throws(Diagnostic) -> JSONValue {
        guard let value = object[key] else { throw Self.invalid(path, "missing member '\(key)'") }
        return value
    }

    func string(_ key: String) throws(Diagnostic) -> String {
        try Self.string(try required(key), at: path(key))
    }

    func optionalString(_ key: String) throws(Diagnostic) -> String? {
        guard let value = optional(key) else { return nil }
        return try Self.string(value, at: path(key))
    }

    static func string(_ value: JSONValue, at path: String) throws(Diagnostic) -> String {
        guard case .string(let text) = value else { throw invalid(path, "expected a string, found \(describe(value))") }
        return text
    }

    func bool(_ key: String) throws(Diagnostic) -> Bool {
        let value = try required(key)
        guard case .bool(let flag) = value else {
            throw Self.invalid(path(key), "expected a boolean, found \(Self.describe(value))")
        }
        return flag
    }

    func optionalBool(_ key: String) throws(Diagnostic) -> Bool? {
        guard optional(key) != nil else { return nil }
        return try bool(key)
    }

    func int(_ key: String) throws(Diagnostic) -> Int {
        try Self.int(try required(key), at: path(key))
    }

    func optionalInt(_ key: String) throws(Diagnostic) -> Int? {
        guard let value = optional(key) else { return nil }
        return try Self.int(value, at: path(key))
    }

    static func int(_ value: JSONValue, at path: String) throws(Diagnostic) -> Int {
        guard let number = value.intValue else { throw invalid(path, "expected an integer, found \(describe(value))") }
        return number
    }

    func double(_ key: String) throws(Diagnostic) -> Double {
        let value = try required(key)
        guard let number = value.doubleValue else {
            throw Self.invalid(path(key), "expected a number, found \(Self.describe(value))")
        }
        return number
    }

    func optionalDouble(_ key: String) throws(Diagnostic) -> Double? {
        guard let value = optional(key) else { return nil }
        guard let number = value.doubleValue else {
            throw Self.invalid(path(key), "expected a number, found \(Self.describe(value))")
        }
        return number
    }

    /// A duration written as milliseconds.
    func duration(_ key: String) throws(Diagnostic) -> Duration {
        ReportNumbers.duration(milliseconds: try double(key))
    }

    func optionalDuration(_ key: String) throws(Diagnostic) -> Duration? {
        try optionalDouble(key).map(ReportNumbers.duration(milliseconds:))
    }

    func enumeration<E: RawRepresentable & CaseIterable>(_ key: String, as type: E.Type = E.self) throws(Diagnostic) -> E
    where E.RawValue == String {
        try Self.enumeration(try required(key), at: path(key))
    }

    func optionalEnumeration<E: RawRepresentable & CaseIterable>(_ key: String, as type: E.Type = E.self) throws(Diagnostic) -> E?
    where E.RawValue == String {
        guard let value = optional(key) else { return nil }
        return try Self.enumeration(value, at: path(key))
    }

    static func enumeration<E: RawRepresentable & CaseIterable>(_ value: JSONValue, at path: String) throws(Diagnostic) -> E
    where E.RawValue == String {
        let names = E.allCases.map(\.rawValue)
        guard case .string(let text) = value, let result = E(rawValue: text) else {
            throw invalid(path, "expected one of \(names.joined(separator: ", ")), found \(describe(value))")
        }
        return result
    }

    func nested<T: JSONConvertible>(_ key: String, as type: T.Type = T.self) throws(Diagnostic) -> T {
        try T(json: try required(key), at: path(key))
    }

    func optionalNested<T: JSONConvertible>(_ key: String, as type: T.Type = T.self) throws(Diagnostic) -> T? {
        guard let value = optional(key) else { return nil }
        return try T(json: value, at: path(key))
    }

    /// An array of values; an absent member or `null` reads as `defaultValue` when given.
    func array<T: JSONConvertible>(_ key: String, of type: T.Type = T.self, default defaultValue: [T]? = nil) throws(Diagnostic) -> [T] {
        try elements(key, default: defaultValue) { value, path throws(Diagnostic) in try T(json: value, at: path) }
    }

    func elements<T>(
        _ key: String, default defaultValue: [T]? = nil,
        _ read: (JSONValue, String) throws(Diagnostic) -> T
    ) throws(Diagnostic) -> [T] {
        guard let value = optional(key) else {
            if let defaultValue { return defaultValue }
            throw Self.invalid(path, "missing member '\(key)'")
        }
        guard case .array(let items) = value else {
            throw Self.invalid(path(key), "expected an array, found \(Self.describe(value))")
        }
        var result: [T] = []
        result.reserveCapacity(items.count)
        for (index, item) in items.enumerated() { result.append(try read(item, "\(path(key))[\(index)]")) }
        return result
    }

    /// A `file:line:column` location.
    func optionalLocation(_ key: String) throws(Diagnostic) -> SourceLocation? {
        guard let text = try optionalString(key) else { return nil }
        guard let location = SourceLocation(reportText: text) else {
            throw Self.invalid(path(key), "expected a location 'file:line:column', found '\(text)'")
        }
        return location
    }

    /// Checks the `format` member of a report.
    func expectFormat(_ format: ReportFormat) throws(Diagnostic) {
        guard let value = object["format"] else {
            throw Diagnostic.error(
                "not a buyflow \(format.noun): it has no 'format' member; expected '\(format.rawValue)'",
                code: "report.format"
            )
        }
        guard case .string(let text) = value, text == format.rawValue else {
            let found = value.stringValue.map { "'\($0)'" } ?? Self.describe(value)
            let known = value.stringValue.flatMap(ReportFormat.init(rawValue:)).map { " (a \($0.noun))" } ?? ""
            throw Diagnostic.error(
                "not a buyflow \(format.noun): its format is \(found)\(known); expected '\(format.rawValue)'",
                code: "report.format"
            )
        }
    }
}
