/// A command's options as typed values, declared once: the `OptionSpec`s and
/// `ArgumentSpec`s it accepts (for parsing and help) and the conversion of the parsed
/// words into `Self`, which checks every value before the command does any work.
///
/// Groups shared by several commands (`TargetOptions`, `RunControlOptions`, …) conform
/// too; a command's options hold them as properties, list their specs among its own and
/// call their `parse` from its own (the `@OptionGroup` of swift-argument-parser):
///
///     struct RunOptions: ParsableOptions {
///         var target: TargetOptions
///         var failFast: Bool
///         static let failFast = OptionSpec("fail-fast", help: "Stop at the first failed step.")
///         static let optionSpecs = TargetOptions.optionSpecs + [failFast]
///         static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
///             Self(target: try .parse(parsed), failFast: parsed.flag(failFast))
///         }
///     }
protocol ParsableOptions: Sendable {
    /// The options, in the order `--help` lists them.
    static var optionSpecs: [OptionSpec] { get }
    /// The positional arguments (none unless declared).
    static var argumentSpecs: [ArgumentSpec] { get }
    /// Converts and validates the parsed words: a wrong value, a missing required option
    /// or options that exclude each other throw a `UsageError` (exit 64).
    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self
}

extension ParsableOptions {
    static var argumentSpecs: [ArgumentSpec] { [] }
}
