import BuyflowCore

/// One step of a response path: an object member or a list index.
public enum PathComponent: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    CustomStringConvertible {
    case key(String)
    case index(Int)

    public init(stringLiteral value: String) { self = .key(value) }
    public init(integerLiteral value: Int) { self = .index(value) }

    public var json: JSONValue {
        switch self {
        case .key(let key): .string(key)
        case .index(let index): .int(index)
        }
    }

    public var description: String {
        switch self {
        case .key(let key): key
        case .index(let index): String(index)
        }
    }

    /// `product.variants[0].price`
    public static func render(_ path: [PathComponent]) -> String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
