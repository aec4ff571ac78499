/// Every subcommand `buyflow` knows. Command groups (`schema`, `report`, `export`)
/// appear on their own as soon as one of their commands is listed.
enum CommandRegistry {
    /// In the order `buyflow --help` lists them: the daily work first.
    static let commands: [any BuyflowCommand.Type] = [
        RunCommand.self,
        ValidateCommand.self,
        LoadCommand.self,
        ServeCommand.self,
        LintCommand.self,
        GenCommand.self,
        SchemaFetchCommand.self,
        SchemaPrintCommand.self,
        SchemaWorkflowCommand.self,
        ReportRenderCommand.self,
        ReportCompareCommand.self,
        ReportMergeCommand.self,
        ExportK6Command.self,
        HelpCommand.self,
    ]

    /// The command whose path is the longest prefix of `words`.
    static func match(_ words: [String]) -> (command: any BuyflowCommand.Type, consumed: Int)? {
        var best: (command: any BuyflowCommand.Type, consumed: Int)?
        for command in commands {
            let path = command.spec.path
            guard path.count <= words.count, Array(words.prefix(path.count)) == path else { continue }
            if path.count > (best?.consumed ?? 0) { best = (command, path.count) }
        }
        return best
    }

    /// Names valid after `prefix` (e.g. after `["schema"]`: `fetch`, `print`).
    static func children(of prefix: [String]) -> [String] {
        var seen: [String] = []
        for command in commands {
            let path = command.spec.path
            guard path.count > prefix.count, Array(path.prefix(prefix.count)) == prefix else { continue }
            let next = path[prefix.count]
            if !seen.contains(next) { seen.append(next) }
        }
        return seen
    }

    /// The commands directly under a group, for the group's help.
    static func commands(under prefix: [String]) -> [any BuyflowCommand.Type] {
        commands.filter { $0.spec.path.count > prefix.count && Array($0.spec.path.prefix(prefix.count)) == prefix }
    }
}
