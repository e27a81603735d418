import ArgumentParser
import TodoMDCore

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

    /// "Did you mean" for a mistyped command followed by more words (`todomd dnoe milk`), which
    /// would otherwise reach the default command (`list`) as "unexpected argument". A single
    /// word is a view name for `list`, which suggests commands itself when no view matches.
    static func mistypedCommand(_ args: [String], root: ParsableCommand.Type) -> String? {
        guard args.count > 1, let first = args.first, !first.hasPrefix("-"), subcommand(named: first, of: root) == nil,
              ViewKind(rawValue: first.lowercased()) == nil else { return nil }
        let close = Suggestion.closest(to: first, among: names(of: root))
        guard !close.isEmpty else { return nil }
        return "unknown command \"\(first)\"; did you mean " + close.map { "`todomd \($0)`" }.joined(separator: " or ") + "?"
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
