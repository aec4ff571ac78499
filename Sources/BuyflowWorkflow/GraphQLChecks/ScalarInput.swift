import BuyflowCore
import GraphQLKit

/// Which workflow values a scalar accepts as a variable, as the server's input coercion
/// would: the spec's five scalars, the Storefront API's string-encoded custom scalars, and
/// anything for `JSON` and scalars not known here.
enum ScalarInput {
    /// Custom scalars sent as strings.
    static let stringScalars: Set<String> = ["Decimal", "URL", "DateTime", "HTML", "Color", "UnsignedInt64"]

    /// Why `value` is not a valid `scalar`, as "found …" text; `nil` when it is valid.
    static func problem(_ value: LocatedValue, for scalar: NamedType) -> Problem? {
        switch scalar.name {
        case "Int":
            let number: Double
            switch value.content {
            case .int(let integer): number = Double(integer)
            case .double(let double) where double.rounded() == double: number = double
            default: return .wrongKind
            }
            return Double(Int32.min)...Double(Int32.max) ~= number ? nil : .outOfRange
        case "Float": return value.double == nil ? .wrongKind : nil
        case "String": return value.string == nil ? .wrongKind : nil
        case "Boolean": return value.bool == nil ? .wrongKind : nil
        case "ID": return value.string == nil && value.int == nil ? .wrongKind : nil
        case let name where stringScalars.contains(name): return value.string == nil ? .wrongKind : nil
        default: return nil
        }
    }

    /// How a value fails a scalar.
    enum Problem {
        case wrongKind
        /// An integer outside the 32-bit signed range of `Int`.
        case outOfRange
    }

    /// What a scalar takes, for messages: "Int (a 32-bit integer)", "Decimal (a string)".
    static func expectation(_ scalar: NamedType) -> String {
        switch scalar.name {
        case "Int": "Int (a 32-bit integer)"
        case "Float": "Float (a number)"
        case "String": "String"
        case "Boolean": "Boolean (true or false)"
        case "ID": "ID (a string or an integer)"
        default: "\(scalar.name) (a string)"
        }
    }
}
