import ArgumentParser
import Foundation
import TodoMDCore

/// `todomd`: the command-line front end. Parsing and printing only; the service does the work.
@main
struct TodoMD: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "todomd",
        abstract: "A task manager over a folder of Markdown files.",
        discussion: """
        The vault is --vault, else $TODOMD_VAULT, else the config file ($XDG_CONFIG_HOME/todomd/config.json, \
        key "vault"), else ~/todo.md. --vault, --no-cache and --json can come before or after the command.
        """,
        version: ToolVersion.string,
        subcommands: [Add.self, Parse.self, List.self, Recur.self, Show.self, Done.self, Reopen.self, Cancel.self, Defer.self,
                      FlagTask.self, UnflagTask.self, SetFields.self, Edit.self, Delete.self, TrashCommand.self, BackupCommand.self,
                      Move.self, Search.self, Watch.self, Serve.self, MCPServe.self, TokenCommand.self, Bench.self, Tags.self, Types.self, Items.self,
                      Views.self, PerspectiveCommand.self, Archive.self, CheckItem.self, Nest.self, Rename.self, ReviewCommand.self, CaptureCommand.self, InboxCommand.self, MarkersCommand.self, ClassifyCommand.self, Prompt.self, Doctor.self, Undo.self, History.self, RestoreVersion.self, LogCommand.self, Conflicts.self, QuarantineCommand.self, GitSetupCommand.self, MergeDriver.self, OpenURL.self, InstallURLHandler.self, ImportCommand.self, ExportCommand.self, RemindersCommand.self, RemindCommand.self, SnoozeCommand.self, NagCommand.self, FeedCommand.self, CalendarCommand.self, CompleteWords.self],
        defaultSubcommand: List.self
    )

    static func main() async {
        // `serve` is another program (see `Serve`): hand it everything, `--help` included.
        let args = GlobalOptions.normalize(Array(CommandLine.arguments.dropFirst()), root: self)
        if args.first == "serve" || args.first == "mcp" {
            do { try Serve.exec(Array(args.dropFirst()), as: args[0]) } catch { exit(withError: error) }
        }
        if let typo = GlobalOptions.mistypedCommand(args, root: self) {
            Printer.error(typo)
            Foundation.exit(64)
        }
        await main(args)
    }
}

/// Options every command takes.
struct VaultOptions: ParsableArguments {
    @Option(name: .long, help: "The vault folder.", completion: .directory)
    var vault: String?
    @Flag(name: .customLong("no-cache"), help: "Read the files directly, without the index cache (also TODOMD_NO_CACHE=1).")
    var noCache = false
}

/// Options every command that writes a task takes.
struct WriteOptions: ParsableArguments {
    @Flag(help: "Print the result as JSON.") var json = false
    @Option(name: .customLong("if-version"), help: "Write only if the task is still at this version (from --json), or merge when other fields changed.")
    var ifVersion: String?

    /// The version to check, validated.
    func expected() throws -> String? {
        guard let v = ifVersion else { return nil }
        guard let parsed = TaskVersion.parse(v) else { throw TodoError.invalidArgument("--if-version takes a version like 0123456789abcdef") }
        return parsed
    }
}

struct FilterOptions: ParsableArguments {
    @Option(help: "Only tasks in this area.", completion: Completions.words(.areas)) var area: String?
    @Option(help: "Only tasks in this project.", completion: Completions.words(.projects)) var project: String?
    @Option(help: "Only tasks with this tag (repeatable; `work` also matches `work/backend`; `work/*` only below it).",
            completion: Completions.words(.tags)) var tag: [String] = []
    @Option(help: "Only tasks with this status (repeatable, or comma-separated).", completion: Completions.words(.statuses))
    var status: [String] = []
    @Option(help: "Only tasks from this source.") var source: String?
    @Option(help: "Only tasks in this folder or below it (repeatable).") var folder: [String] = []
    @Option(name: .customLong("not-tag"), help: "Leave out tasks with this tag (repeatable; wildcards as --tag).",
            completion: Completions.words(.tags)) var notTag: [String] = []

    func filter() throws -> TaskFilter {
        TaskFilter(area: area, project: project, tags: tag, statuses: try TaskFilter.parseStatuses(status), source: source,
                          folders: folder, excludedTags: notTag)
    }
}
