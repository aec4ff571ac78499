/// The flags `buyflow` takes anywhere on its command line, before or after the command:
/// `--no-color`. This is the one place that reads it; commands see `CommandContext.color`.
struct GlobalFlags: Sendable, Equatable {
    /// `--no-color`, listed in every command's help.
    static let noColorOption = OptionSpec(
        "no-color", help: "Print without colour (also when NO_COLOR is set or output is not a terminal).")

    /// `--no-color` was given.
    var noColor = false

    /// The global flags in `words` (up to a `--`, after which every word is an argument),
    /// and the words without them.
    static func extract(from words: [String]) -> (flags: GlobalFlags, rest: [String]) {
        var flags = GlobalFlags()
        var rest: [String] = []
        var optionsEnded = false
        for word in words {
            if !optionsEnded, word == "--no-color" {
                flags.noColor = true
                continue
            }
            if word == "--" { optionsEnded = true }
            rest.append(word)
        }
        return (flags, rest)
    }

    /// The context with the flags applied: no colour after `--no-color`.
    func applied(to context: CommandContext) -> CommandContext {
        var context = context
        if noColor { context.color = false }
        return context
    }
}
