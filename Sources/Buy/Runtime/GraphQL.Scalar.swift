import Foundation
import BuyflowCore

extension GraphQL {
    /// A scalar that generated response models decode from JSON and queries write as
    /// literals. Built in: `String`, `Int`, `Int32`, `Double`, `Bool`, `GraphQL.ID`,
    /// `URL` (URL), `Date` (DateTime, ISO 8601), `Decimal` (Decimal, sent as a string).
    /// A custom scalar conforms to this protocol to be used the same way.
    public protocol Scalar: InputValue, Sendable {
        /// The scalar from its JSON form, or `nil` when the value is not one.
        init?(jsonValue: JSONValue)
        /// The JSON form, also written into queries as the literal.
        var jsonValue: JSONValue { get }
    }
}

extension GraphQL.Scalar {
    public var graphQLValue: GraphQL.Value { GraphQL.Value(json: jsonValue) }
}

extension GraphQL.Value {
    /// The literal for a JSON value (objects become input objects).
    public init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case .bool(let flag): self = .boolean(flag)
        case .int(let number): self = .int(number)
        case .double(let number): self = .float(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .list(items.map(GraphQL.Value.init(json:)))
        case .object(let object): self = .object(object.members.map { ObjectField($0.key, GraphQL.Value(json: $0.value)) })
        }
    }
}

extension String: GraphQL.Scalar {
    public init?(jsonValue: JSONValue) {
        guard let text = jsonValue.stringValue else { return nil }
        self = text
    }
    public var jsonValue: JSONValue { .string(self) }
}

extension Int: GraphQL.Scalar {
    public init?(jsonValue: JSONValue) {
        guard case .int(let number) = jsonValue else { return nil }
        self = number
    }
    public var jsonValue: JSONValue { .int(self) }
}

extension Int32: GraphQL.Scalar {
    public init?(jsonValue: JSONValue) {
        guard case .int(let number) = jsonValue, let value = Int32(exactly: number) else { return nil }
        self = value
    }
    public var jsonValue: JSONValue { .int(Int(self)) }
}

extension Double: GraphQL.Scalar {
    public init?(jsonValue: JSONValue) {
        guard let number = jsonValue.doubleValue else { return nil }
        self = number
    }
    public var jsonValue: JSONValue { .double(self) }
}

extension Bool: GraphQL.Scalar {
    public init?(jsonValue: JSONValue) {
        guard let flag = jsonValue.boolValue else { return nil }
        self = flag
    }
    public var jsonValue: JSONValue { .bool(self) }
}

extension GraphQL.ID: GraphQL.Scalar {
    /// IDs arrive as strings; an integer ID is accepted too, as GraphQL allows.
    public init?(jsonValue: JSONValue) {
        switch jsonValue {
        case .string(let text): self.init(rawValue: text)
        case .int(let number): self.init(rawValue: String(number))
        default: return nil
        }
    }
    public var jsonValue: JSONValue { .string(rawValue) }
}

extension URL: GraphQL.Scalar {
    public init?(jsonValue: JSONValue) {
        guard let text = jsonValue.stringValue, let url = URL(string: text) else { return nil }
        self = url
    }
    public var jsonValue: JSONValue { .string(absoluteString) }
}

extension Date: GraphQL.Scalar {
    /// ISO 8601 (`2026-04-01T12:00:00Z`, with or without fractional seconds).
    public init?(jsonValue: JSONValue) {
        guard let text = jsonValue.stringValue else { return nil }
        if let date = try? Date(text, strategy: .iso8601) {
            self = date
        } else if let date = try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true)) {
            self = date
        } else {
            return nil
        }
    }
    public var jsonValue: JSONValue { .string(formatted(.iso8601)) }
}

extension Decimal: GraphQL.Scalar {
    /// Money amounts arrive as strings (`"89.0"`) to keep their precision; numbers are
    /// accepted too.
    public init?(jsonValue: JSONValue) {
        switch jsonValue {
        case .string(let text):
            // `Decimal(string:)` reads a numeric prefix ("12abc" → 12, "eighty" → 0):
            // accept only a whole decimal number.
            guard Self.isDecimalNumber(text),
                  let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
            self = value
        case .int(let number): self = Decimal(number)
        case .double(let number): self = Decimal(number)
        default: return nil
        }
    }
    public var jsonValue: JSONValue { .string(description) }

    /// `-12.50`, `3`, `1e-3`: an optional sign, digits, an optional fraction and exponent.
    static func isDecimalNumber(_ text: String) -> Bool {
        var scalars = Substring(text).utf8[...]
        func digits() -> Bool {
            let count = scalars.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
            scalars = scalars.dropFirst(count)
            return count > 0
        }
        if scalars.first == UInt8(ascii: "-") || scalars.first == UInt8(ascii: "+") { scalars = scalars.dropFirst() }
        guard digits() else { return false }
        if scalars.first == UInt8(ascii: ".") {
            scalars = scalars.dropFirst()
            guard digits() else { return false }
        }
        if scalars.first == UInt8(ascii: "e") || scalars.first == UInt8(ascii: "E") {
            scalars = scalars.dropFirst()
            if scalars.first == UInt8(ascii: "-") || scalars.first == UInt8(ascii: "+") { scalars = scalars.dropFirst() }
            guard digits() else { return false }
        }
        return scalars.isEmpty
    }
}

extension JSONValue: GraphQL.Scalar {
    /// Any JSON: map a free-form scalar to it with `buyflow gen --scalar JSON=GraphQL.JSONValue`.
    public init?(jsonValue: JSONValue) { self = jsonValue }
    public var jsonValue: JSONValue { self }
}
