extension GraphQL {
    /// A value written into a query as a GraphQL literal: an argument, a directive's
    /// argument or a field of an input object.
    public indirect enum Value: Sendable, Hashable, CustomStringConvertible {
        case null
        case boolean(Bool)
        case int(Int)
        case float(Double)
        case string(String)
        /// An enum value, written bare (`PRICE`).
        case enumValue(String)
        /// `$name` (the name without `$`).
        case variable(String)
        case list([Value])
        /// An input object; fields keep their order.
        case object([ObjectField])

        /// One `name: value` of an input object.
        public struct ObjectField: Sendable, Hashable {
            public var name: String
            public var value: Value

            public init(_ name: String, _ value: Value) {
                self.name = name
                self.value = value
            }
        }

        /// The literal as GraphQL syntax: `"a\"b"`, `[1,2]`, `{quantity:2,merchandiseId:"…"}`.
        /// A non-finite float has no literal and is written as `null`.
        public var literal: String {
            var out = ""
            write(into: &out)
            return out
        }

        public var description: String { literal }

        func write(into out: inout String) {
            switch self {
            case .null: out += "null"
            case .boolean(let flag): out += flag ? "true" : "false"
            case .int(let number): out += String(number)
            case .float(let number):
                guard number.isFinite else {
                    out += "null"
                    return
                }
                if number == number.rounded(), abs(number) < 1e15 {
                    out += String(Int(number)) + ".0"
                } else {
                    out += number.description
                }
            case .string(let text): out += GraphQL.quoteString(input: text)
            case .enumValue(let name): out += name
            case .variable(let name): out += "$" + name
            case .list(let items):
                out += "["
                for (position, item) in items.enumerated() {
                    if position > 0 { out += "," }
                    item.write(into: &out)
                }
                out += "]"
            case .object(let fields):
                out += "{"
                for (position, field) in fields.enumerated() {
                    if position > 0 { out += "," }
                    out += field.name + ":"
                    field.value.write(into: &out)
                }
                out += "}"
            }
        }
    }
}
