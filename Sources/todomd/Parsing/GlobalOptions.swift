import ArgumentParser

/// Lets the options every command takes (`--vault`, `--no-cache`, `--json`) come before the
/// subcommand, as people type them (`todomd --vault ~/work list`): they are moved to just after
/// the command's name (and its nested subcommand names), where the command parses them.
enum GlobalOptions {
    static func normalize(_ args: [String], root: ParsableCommand.Type) -> [String] {
        var globals: [String] = []
        var i = 0
        while i < args.count {
            let a = args[i]
            if a == "--vault", i + 1 < args.count {
                globals += [a, args[i + 1]]
                i += 2
            } else if a.hasPrefix("--vault=") || a == "--no-cache" || a == "--json" {
                globals.append(a)
                i += 1
            } else {
                break
            }
        }
        guard !globals.isEmpty else { return args }
        var rest = Array(args[i...])
        var path: [String] = []
        var command: ParsableCommand.Type = root
        while let word = rest.first, let sub = subcommand(named: word, of: command) {
            path.append(word)
            rest.removeFirst()
            command = sub
        }
        return path + globals + rest
    }

    /// The subcommand of `command` called `name` (or one of its aliases).
    static func subcommand(named name: String, of command: ParsableCommand.Type) -> ParsableCommand.Type? {
        command.configuration.subcommands.first { $0._commandName == name || $0.configuration.aliases.contains(name) }
    }

    /// Every name and alias of `command`'s subcommands.
    static func names(of command: ParsableCommand.Type) -> [String] {
        command.configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases }
    }
}
