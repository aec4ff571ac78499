import BuyflowCore

/// Conversions shared by every `ParsableOptions` type, each with the house usage-error
/// wording (`unknown format 'xml'; use 'text' or 'json'`, `invalid port 'x': expected …`).
extension ParsedArguments {
    /// The value of an option the command cannot do without.
    func required(_ option: OptionSpec) throws(UsageError) -> String {
        guard let value = value(option) else { throw usageError("missing option '\(option.valueUsage)'") }
        return value
    }

    /// The value, refusing an empty one (`--token ""`).
    func nonEmpty(_ option: OptionSpec) throws(UsageError) -> String? {
        guard let value = value(option) else { return nil }
        guard !value.isEmpty else { throw usageError("--\(option.name) needs a non-empty value") }
        return value
    }

    /// The choice the option names, `nil` when it is absent.
    func choice<Choice: OptionChoice>(_ option: OptionSpec, noun: String? = nil) throws(UsageError) -> Choice? {
        guard let text = value(option) else { return nil }
        return try choice(text, noun: noun ?? option.noun)
    }

    /// The choice a word names: `unknown <noun> 'x'; use 'a' or 'b'`, with the closest as
    /// the suggestion.
    func choice<Choice: OptionChoice>(_ text: String, noun: String) throws(UsageError) -> Choice {
        if let choice = Choice(rawValue: text) { return choice }
        let names = Choice.allCases.map(\.rawValue)
        throw usageError(
            "unknown \(noun) '\(text)'; use \(Choice.choiceList)",
            suggestion: Suggestions.closest(to: text, among: names))
    }

    /// A whole number in `range`, `nil` when the option is absent.
    func integer(
        _ option: OptionSpec, in range: ClosedRange<Int>, noun: String? = nil, hint: String? = nil
    ) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text.trimmingSpaces), range.contains(number) else {
            let expected = range.upperBound == .max
                ? "a whole number, \(range.lowerBound) or more"
                : "a number from \(range.lowerBound) to \(range.upperBound)"
            throw usageError("invalid \(noun ?? option.noun) '\(text)': expected \(expected)", hint: hint)
        }
        return number
    }

    /// Refuses two options given together.
    func exclusive(_ first: OptionSpec, _ second: OptionSpec) throws(UsageError) {
        func given(_ option: OptionSpec) -> Bool {
            option.takesValue ? !values(option).isEmpty : flag(option)
        }
        if given(first), given(second) {
            throw usageError("options '--\(first.name)' and '--\(second.name)' cannot be used together")
        }
    }
}

extension OptionSpec {
    /// `--schema <file>`: the option as a missing-option error names it.
    var valueUsage: String {
        guard case .value(let placeholder, _) = kind else { return "--\(name)" }
        return "--\(name) <\(placeholder)>"
    }

    /// The option's name as a noun in messages: `fail-status` → `fail status`.
    var noun: String { name.replacing("-", with: " ") }
}
