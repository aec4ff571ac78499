import BuyflowCore

/// Parses the words after a command's name against its `CommandSpec`:
/// `--name value`, `--name=value`, `-x value`, flags, `--` ending options. It checks the
/// shape only (known options, values present, the number of positionals); the command's
/// `ParsableOptions` type then converts and validates the values.
enum CommandLineParser {
    static func parse(_ words: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        let options = spec.allOptions
        var parsed = ParsedArguments(command: spec.path, declared: Set(options.map(\.name)))
        var index = 0
        var optionsEnded = false

        while index < words.count {
            let word = words[index]
            index += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                parsed.positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let (option, inlineValue) = try find(word, in: options, spec: spec)
            if !option.takesValue {
                if inlineValue != nil {
                    throw UsageError("option '--\(option.name)' takes no value", command: spec.path)
                }
                parsed.flags.insert(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < words.count {
                value = words[index]
                index += 1
            } else {
                throw UsageError("option '--\(option.name)' needs a value", command: spec.path)
            }
            if case .value(_, let repeatable) = option.kind, !repeatable, parsed.values[option.name] != nil,
               parsed.values[option.name] != [value] {
                throw UsageError("option '--\(option.name)' was given twice with different values", command: spec.path)
            }
            parsed.values[option.name, default: []].append(value)
        }

        if parsed.wantsHelp { return parsed }
        try checkPositionals(parsed.positionals, spec: spec)
        return parsed
    }

    private static func find(
        _ word: String, in options: [OptionSpec], spec: CommandSpec
    ) throws(UsageError) -> (OptionSpec, String?) {
        if word.hasPrefix("--") {
            let body = word.dropFirst(2)
            let name: Substring
            var value: String?
            if let equals = body.firstIndex(of: "=") {
                name = body[..<equals]
                value = String(body[body.index(after: equals)...])
            } else {
                name = body
            }
            if let option = options.first(where: { $0.name == name }) { return (option, value) }
            let suggestion = Suggestions.closest(to: String(name), among: options.map(\.name)).map { "--\($0)" }
            throw UsageError("unknown option '--\(name)'", suggestion: suggestion, command: spec.path)
        }
        let letters = word.dropFirst()
        if letters.count == 1, let option = options.first(where: { $0.short == letters.first }) {
            return (option, nil)
        }
        throw UsageError("unknown option '\(word)'", command: spec.path)
    }

    private static func checkPositionals(_ positionals: [String], spec: CommandSpec) throws(UsageError) {
        let required = spec.arguments.filter { !$0.isOptional }
        if positionals.count < required.count {
            let missing = required[positionals.count]
            throw UsageError("missing argument <\(missing.name)>", command: spec.path)
        }
        let acceptsMore = spec.arguments.last?.isRepeatable ?? false
        if !acceptsMore, positionals.count > spec.arguments.count {
            let extra = positionals[spec.arguments.count]
            throw UsageError("unexpected argument '\(extra)'", command: spec.path)
        }
    }
}
