/// What a command accepts, used both to parse its arguments and to print its help.
struct CommandSpec: Sendable {
    /// The words after `buyflow`, e.g. `["schema", "print"]`.
    var path: [String]
    /// One line, shown in the parent's command list and at the top of `--help`.
    var abstract: String
    /// More text for `--help`, shown after the usage.
    var discussion: String?
    var arguments: [ArgumentSpec]
    var options: [OptionSpec]
    /// Examples shown at the end of `--help`.
    var examples: [String]

    init(
        path: [String], abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [], examples: [String] = []
    ) {
        self.path = path
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.examples = examples
    }

    /// A command's spec whose arguments and options are those its `Options` type declares.
    init<Options: ParsableOptions>(
        path: [String], abstract: String, discussion: String? = nil, options: Options.Type, examples: [String] = []
    ) {
        self.init(
            path: path, abstract: abstract, discussion: discussion, arguments: Options.argumentSpecs,
            options: Options.optionSpecs, examples: examples)
    }

    var name: String { path.joined(separator: " ") }

    /// `-h, --help`: every command answers it.
    static let helpOption = OptionSpec("help", short: "h", help: "Show help for this command.")

    /// Options every command takes in addition to its own.
    static let builtinOptions: [OptionSpec] = [GlobalFlags.noColorOption, helpOption]

    var allOptions: [OptionSpec] { options + Self.builtinOptions }
}

/// A positional argument.
struct ArgumentSpec: Sendable {
    var name: String
    var help: String
    /// Accepts one or more values (or zero or more when `isOptional`).
    var isRepeatable: Bool
    var isOptional: Bool

    init(_ name: String, help: String, repeatable: Bool = false, optional: Bool = false) {
        self.name = name
        self.help = help
        self.isRepeatable = repeatable
        self.isOptional = optional
    }

    var usage: String {
        let core = "<\(name)>" + (isRepeatable ? "…" : "")
        return isOptional ? "[\(core)]" : core
    }
}

/// A `--long` option: a flag, or one taking a value (`--name value` or `--name=value`).
struct OptionSpec: Sendable {
    enum Kind: Sendable, Equatable {
        case flag
        /// Takes a value; the placeholder names it in help (`--url <url>`).
        case value(placeholder: String, repeatable: Bool)
    }

    var name: String
    var short: Character?
    var kind: Kind
    var help: String

    init(_ name: String, short: Character? = nil, help: String) {
        self.name = name
        self.short = short
        self.kind = .flag
        self.help = help
    }

    init(_ name: String, short: Character? = nil, value placeholder: String, repeatable: Bool = false, help: String) {
        self.name = name
        self.short = short
        self.kind = .value(placeholder: placeholder, repeatable: repeatable)
        self.help = help
    }

    var takesValue: Bool { kind != .flag }

    var usage: String {
        let names = (short.map { "-\($0), " } ?? "") + "--\(name)"
        switch kind {
        case .flag: return names
        case .value(let placeholder, let repeatable): return "\(names) <\(placeholder)>" + (repeatable ? " (repeatable)" : "")
        }
    }
}
