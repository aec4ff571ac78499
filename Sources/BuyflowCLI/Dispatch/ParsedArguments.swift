/// A command's words after `CommandLineParser`: positionals in order, the values given for
/// each option, the flags given. The raw material a command's `ParsableOptions` type
/// converts and validates; options are looked up by their `OptionSpec`, not by a string.
struct ParsedArguments: Sendable, Equatable {
    /// The command the words were parsed for (`["schema", "print"]`); usage errors point at its help.
    var command: [String]
    var positionals: [String]
    /// Every value given for each value option, in order, by option name.
    var values: [String: [String]]
    /// The flags that were given, by name.
    var flags: Set<String>
    /// The names of the options the command declares (lookups of others are programming errors).
    var declared: Set<String>

    init(
        command: [String] = [], positionals: [String] = [], values: [String: [String]] = [:], flags: Set<String> = [],
        declared: Set<String>? = nil
    ) {
        self.command = command
        self.positionals = positionals
        self.values = values
        self.flags = flags
        self.declared = declared ?? Set(values.keys).union(flags)
    }

    /// Whether the flag was given.
    func flag(_ option: OptionSpec) -> Bool {
        assert(option.kind == .flag, "--\(option.name) takes a value")
        assertDeclared(option)
        return flags.contains(option.name)
    }

    /// The last value given (a later occurrence overrides an earlier one).
    func value(_ option: OptionSpec) -> String? {
        values(option).last
    }

    /// Every value given, in order.
    func values(_ option: OptionSpec) -> [String] {
        assert(option.takesValue, "--\(option.name) is a flag")
        assertDeclared(option)
        return values[option.name] ?? []
    }

    /// Whether `--help` (or `-h`) was given.
    var wantsHelp: Bool { flags.contains(CommandSpec.helpOption.name) }

    /// A usage error of this command (exit 64, pointing at its `--help`).
    func usageError(_ message: String, suggestion: String? = nil, hint: String? = nil) -> UsageError {
        UsageError(message, suggestion: suggestion, hint: hint, command: command)
    }

    private func assertDeclared(_ option: OptionSpec) {
        assert(declared.contains(option.name), "--\(option.name) is not an option of \(command)")
    }
}
