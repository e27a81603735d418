import ArgumentParser
import TodoMDService

/// `todomd complete-words KIND`: the candidates the shell completion scripts ask for
/// (`todomd --generate-completion-script bash|zsh|fish`). Hidden; prints nothing on errors.
struct CompleteWords: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "complete-words", abstract: "Print completion candidates (used by the shell completion scripts).",
        shouldDisplay: false)
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "views, statuses, areas, projects, tags or tasks.") var kind: String

    func run() throws {
        guard let k = TodoService.CompletionKind(rawValue: kind), let service = try? CLI.open(vaultOptions) else { return }
        do { _ = try service.prepareVault(creating: false) } catch { return }
        for w in service.completionWords(k) where !w.contains("\n") { print(w) }
    }
}

/// Completions for arguments and options: the shell runs `todomd complete-words KIND`.
enum Completions {
    static func words(_ kind: TodoService.CompletionKind) -> CompletionKind {
        .shellCommand("todomd complete-words \(kind.rawValue) 2>/dev/null")
    }
}
