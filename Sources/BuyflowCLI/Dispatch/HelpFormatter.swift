import BuyflowCore

/// Builds the `--help` text of `buyflow`, of a command group and of a command.
enum HelpFormatter {
    static func root() -> String {
        var out = "OVERVIEW: buyflow — schema-driven checkout workflows for Shopify's Storefront API\n\n"
        out += "USAGE: buyflow <command> [options]\n\n"
        out += commandList(under: [])
        out += "\nOPTIONS:\n"
        out += table([
            ("--version", "Print the version and the Storefront API version it targets."),
            (GlobalFlags.noColorOption.usage, GlobalFlags.noColorOption.help),
            ("-h, --help", "Show this help; 'buyflow <command> --help' shows a command's."),
        ])
        out += "\n\(BuyflowVersion.banner)\n"
        return out
    }

    static func group(_ prefix: [String]) -> String {
        var out = "USAGE: buyflow \(prefix.joined(separator: " ")) <command> [options]\n\n"
        out += commandList(under: prefix)
        return out
    }

    static func command(_ spec: CommandSpec) -> String {
        var out = "OVERVIEW: \(spec.abstract)\n\n"
        let arguments = spec.arguments.map(\.usage).joined(separator: " ")
        out += "USAGE: buyflow \(spec.name)\(arguments.isEmpty ? "" : " " + arguments) [options]\n"
        if let discussion = spec.discussion { out += "\n\(discussion)\n" }
        if !spec.arguments.isEmpty {
            out += "\nARGUMENTS:\n" + table(spec.arguments.map { ("<\($0.name)>", $0.help) })
        }
        out += "\nOPTIONS:\n" + table(spec.allOptions.map { ($0.usage, $0.help) })
        if !spec.examples.isEmpty {
            out += "\nEXAMPLES:\n" + spec.examples.map { "  \($0)\n" }.joined()
        }
        return out
    }

    private static func commandList(under prefix: [String]) -> String {
        var rows: [(String, String)] = []
        var groups: Set<String> = []
        for command in CommandRegistry.commands(under: prefix) {
            let path = command.spec.path
            let next = path[prefix.count]
            if path.count == prefix.count + 1 {
                rows.append((next, command.spec.abstract))
            } else if groups.insert(next).inserted {
                let members = CommandRegistry.children(of: prefix + [next]).joined(separator: ", ")
                rows.append((next, "\(members) (see 'buyflow \((prefix + [next]).joined(separator: " ")) --help')"))
            }
        }
        return "COMMANDS:\n" + table(rows)
    }

    private static func table(_ rows: [(String, String)]) -> String {
        let width = min(28, (rows.map(\.0.count).max() ?? 0) + 2)
        return rows.map { left, right in
            let padded = left.count >= width ? left + "\n" + String(repeating: " ", count: width + 2)
                : left.padding(toLength: width, withPad: " ", startingAt: 0)
            return "  \(padded)\(right)\n"
        }.joined()
    }
}
