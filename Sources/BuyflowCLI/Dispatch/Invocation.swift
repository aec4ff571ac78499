/// A command's arguments after parsing: positionals in order, option values by name.
public struct Invocation: Sendable, Equatable {
    public var positionals: [String]
    /// Every value given for each value option, in order.
    public var values: [String: [String]]
    /// Flags that were given.
    public var flags: Set<String>

    public init(positionals: [String] = [], values: [String: [String]] = [:], flags: Set<String> = []) {
        self.positionals = positionals
        self.values = values
        self.flags = flags
    }

    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The last value given for `name` (a later flag overrides an earlier one).
    public func value(_ name: String) -> String? { values[name]?.last }

    public func values(_ name: String) -> [String] { values[name] ?? [] }
}
