/// A scalar as written — its text and style — and the value it resolves to.
///
/// Plain scalars resolve by the YAML 1.2 core schema (`~`, `null` and empty are null;
/// `true`/`false` in three casings are booleans; decimal, `0o` octal and `0x` hex are
/// integers; decimals with a point or exponent and `.inf`/`.nan` are floats); quoted and
/// block scalars are always strings; an explicit tag (`!!str`, `!!int`, …) wins.
public struct YAMLScalar: Sendable, Hashable {
    /// How the scalar was written.
    public enum Style: String, Sendable, Hashable, CaseIterable {
        case plain
        case singleQuoted
        case doubleQuoted
        /// `|` block scalar: line breaks kept.
        case literal
        /// `>` block scalar: line breaks folded into spaces.
        case folded
    }

    /// The value a scalar resolves to; a string's text is `YAMLScalar.text`.
    public enum Resolved: Sendable, Hashable {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string
    }

    /// The scalar's content after YAML's unquoting and folding (block scalars exactly
    /// as libyaml produces them, including their final line breaks).
    public var text: String
    /// How the scalar was written.
    public var style: Style
    /// The value the text resolves to (see the type's description).
    public var resolved: Resolved

    /// A scalar built by hand; nothing is resolved here, `resolved` is taken as given.
    public init(text: String, style: Style = .plain, resolved: Resolved = .string) {
        self.text = text
        self.style = style
        self.resolved = resolved
    }
}
