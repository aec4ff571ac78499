/// A value read from a user's file — YAML or JSON — with the place each part is written,
/// so a model can be built from it and every problem pointed at. YAML trees convert to it
/// (`YAMLNode.located`), JSON parses to it (`JSONParser.parseLocated`); `DocumentReader`
/// walks it into typed values and collects every problem at once.
public struct LocatedValue: Sendable {
    public enum Content: Sendable {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
        /// Items in the order written.
        case list([LocatedValue])
        /// Members in the order written; a key written twice is kept twice, so the
        /// reader can report it (`DocumentReader.fields`).
        case map([LocatedMember])
    }

    public var content: Content
    /// Where the value starts.
    public var location: SourceLocation
    /// Just past its last character (for a block collection, where the next token starts).
    public var endLocation: SourceLocation
    /// How a scalar was written; `nil` for collections.
    public var style: ScalarStyle?
    /// A scalar's text as written, before resolution (`1.50` stays "1.50", `0x2A` stays
    /// "0x2A"); for strings, the string itself. `nil` for collections.
    public var text: String? {
        if case .string(let string) = content { string } else { scalarText }
    }
    /// `text` of a scalar other than a string: a string is its own text, kept once, so a
    /// copy of the value retains one buffer, not two.
    @usableFromInline var scalarText: String?

    @inlinable
    public init(
        _ content: Content, at location: SourceLocation, end endLocation: SourceLocation? = nil,
        style: ScalarStyle? = nil, text: String? = nil
    ) {
        self.content = content
        self.location = location
        self.endLocation = endLocation ?? location
        self.style = style
        if case .string = content {
            self.scalarText = nil
        } else {
            self.scalarText = text
        }
    }
}

/// How a scalar is written in its file; `ScalarSourceMap` uses it to point inside one.
public enum ScalarStyle: String, Sendable, Hashable, Codable {
    case plain, singleQuoted, doubleQuoted, literal, folded
    /// A JSON string (double quotes, JSON escapes).
    case json
}

/// One entry of a mapping.
public struct LocatedMember: Sendable {
    /// The key's text; a YAML key that is not a scalar has its rendering here and
    /// `keyIsScalar == false` (the reader reports it).
    public var key: String
    public var keyLocation: SourceLocation
    public var keyIsScalar: Bool
    public var value: LocatedValue

    @inlinable
    public init(key: String, at keyLocation: SourceLocation, value: LocatedValue, keyIsScalar: Bool = true) {
        self.key = key
        self.keyLocation = keyLocation
        self.keyIsScalar = keyIsScalar
        self.value = value
    }
}
