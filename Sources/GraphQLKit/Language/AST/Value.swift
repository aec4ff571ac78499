/// A value literal in a document: in arguments, default values and directives.
/// Numbers keep their source text so no precision is lost before coercion.
public struct Value: Sendable, Hashable {
    public indirect enum Kind: Sendable, Hashable {
        /// `$name` (the name without `$`).
        case variable(String)
        case int(String)
        case float(String)
        /// The string's value (escapes and block-string indentation already processed).
        case string(String, isBlock: Bool)
        case boolean(Bool)
        case null
        case enumValue(String)
        case list([Value])
        case object([ObjectField])
    }

    public var kind: Kind
    public var location: Location

    public init(_ kind: Kind, location: Location = .synthesized) {
        self.kind = kind
        self.location = location
    }

    /// True when the value contains no variable, at any depth.
    public var isConstant: Bool {
        switch kind {
        case .variable: false
        case .list(let values): values.allSatisfy(\.isConstant)
        case .object(let fields): fields.allSatisfy(\.value.isConstant)
        default: true
        }
    }
}

/// `name: value` inside an input object literal.
public struct ObjectField: Sendable, Hashable {
    public var name: Name
    public var value: Value
    public var location: Location

    public init(name: Name, value: Value, location: Location = .synthesized) {
        self.name = name
        self.value = value
        self.location = location
    }
}

/// A string literal where the AST keeps one as such: descriptions.
public struct StringValue: Sendable, Hashable {
    public var value: String
    public var isBlock: Bool
    public var location: Location

    public init(_ value: String, isBlock: Bool = false, location: Location = .synthesized) {
        self.value = value
        self.isBlock = isBlock
        self.location = location
    }
}
