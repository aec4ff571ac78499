/// A bad value for one of the shop's options (`--latency 5`, `--fail-rate 2`): the CLI
/// reports it as a usage error with the hint.
public struct ShopOptionError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var hint: String?

    public init(_ message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    public var description: String { message }
}
