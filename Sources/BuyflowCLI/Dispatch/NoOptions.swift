/// The options of a command that takes none besides the built-in ones (`--help`,
/// `--no-color`).
struct NoOptions: ParsableOptions, Equatable {
    static let optionSpecs: [OptionSpec] = []

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self { Self() }
}
