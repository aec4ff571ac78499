/// Values a workflow runs with: `--var name=value` (repeatable), `--var-file`,
/// `--env-file`, `--data`, `--tag` (repeatable). Files are only named here; they are read
/// (and their problems located) when the workflow is loaded.
struct VariableOptions: ParsableOptions, Equatable {
    /// One `--var name=value`. The value is kept as written; the workflow layer reads it as
    /// a YAML scalar (`2` a number, `true` a boolean, `"2"` a string).
    struct Assignment: Sendable, Equatable {
        var name: String
        var rawValue: String
    }

    /// In command-line order; a later one for the same name wins.
    var vars: [Assignment]
    /// A YAML mapping added to `vars`.
    var varFile: String?
    /// A dotenv file added to `env`.
    var envFile: String?
    /// Rows for a data-driven run (`.csv`, `.json`, `.yaml`), overriding the workflow's `data`.
    var data: String?
    /// Run only steps with one of these tags (plus untagged `finally` steps).
    var tags: [String]

    static let vars = OptionSpec(
        "var", value: "name=value", repeatable: true,
        help: "Set a workflow variable; the value is read as a YAML scalar.")
    static let varFile = OptionSpec(
        "var-file", value: "path", help: "A YAML mapping of variables (--var wins over it).")
    static let envFile = OptionSpec("env-file", value: "path", help: "A dotenv file (NAME=value) added to env.")
    static let data = OptionSpec(
        "data", value: "path", help: "Rows for a data-driven run (.csv, .json, .yaml); overrides the workflow's data.")
    static let tags = OptionSpec("tag", value: "tag", repeatable: true, help: "Run only the steps with this tag.")

    static let optionSpecs = [vars, varFile, envFile, data, tags]

    static func parse(_ parsed: ParsedArguments) throws(UsageError) -> Self {
        var assignments: [Assignment] = []
        for text in parsed.values(vars) { assignments.append(try parseAssignment(text, parsed)) }
        var tagList: [String] = []
        for tag in parsed.values(tags) {
            guard !tag.isEmpty, !tag.contains(where: \.isWhitespace) else {
                throw parsed.usageError(
                    "invalid tag '\(tag)': expected a word without spaces", hint: "e.g. --tag smoke")
            }
            tagList.append(tag)
        }
        return Self(
            vars: assignments, varFile: try parsed.nonEmpty(varFile), envFile: try parsed.nonEmpty(envFile),
            data: try parsed.nonEmpty(data), tags: tagList)
    }

    /// `name=value`: the name is letters, digits and `_`, not starting with a digit (as
    /// `vars.<name>` reads it); the value may be empty and may hold `=`.
    static func parseAssignment(_ text: String, _ parsed: ParsedArguments) throws(UsageError) -> Assignment {
        guard let equals = text.firstIndex(of: "=") else {
            throw parsed.usageError(
                "invalid variable '\(text)': expected name=value", hint: "e.g. --var email=buyer@example.com")
        }
        let name = String(text[..<equals])
        let scalars = name.unicodeScalars
        let isName = !scalars.isEmpty && !("0"..."9").contains(scalars.first!) && scalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar == "_"
        }
        guard isName else {
            let problem = name.isEmpty ? "the name is empty" : "'\(name)' is not a variable name"
            throw parsed.usageError(
                "invalid variable '\(text)': \(problem)",
                suggestion: name.contains("-") ? name.replacing("-", with: "_") + text[equals...] : nil,
                hint: "a name has letters, digits and '_', and does not start with a digit")
        }
        return Assignment(name: name, rawValue: String(text[text.index(after: equals)...]))
    }
}
