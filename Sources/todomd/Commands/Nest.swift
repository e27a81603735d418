import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `todomd nest TASK… --under PARENT`: makes tasks subtasks of another (or top-level again).
struct Nest: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make tasks subtasks of another task (writes their `parent:`), or top-level again with --top.",
        discussion: "The parent is any TASK reference and must be a task file; a task cannot go under itself or one of its own subtasks.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: tasksHelp, completion: Completions.words(.tasks)) var tasks: [String] = []
    @OptionGroup var selection: TaskSelection
    @Option(help: ArgumentHelp("The parent task.", valueName: "TASK"), completion: Completions.words(.tasks)) var under: String?
    @Flag(help: "Make them top-level tasks (remove `parent:`).") var top = false
    @OptionGroup var write: WriteOptions

    func run() throws {
        guard (under == nil) != !top else { throw ValidationError("give --under PARENT or --top") }
        let parent = top ? nil : under
        try Batch.run(vaultOptions, write, references: tasks, selection: selection, prefer: .open, verb: top ? "made top-level" : "nested",
                      label: "nest") {
            try $0.nest($1, under: parent, expected: $2)
        }
    }
}

/// `todomd rename TASK NEW-NAME`: renames or moves a task file, keeping the links to it.
struct Rename: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rename a task file, or move it to another folder, rewriting its subtasks' and dependents' links to it.",
        discussion: """
            NEW-NAME is a file name (the task stays in its folder) or a vault path (`Projects/trip.md`); `.md` is added. \
            The links are rewritten in their own style (file name, path or wiki link) in the same action: a crash part-way \
            is finished by the next todomd command.
            """)
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: taskHelp, completion: Completions.words(.tasks)) var task: String
    @Argument(help: "The new file name or vault path.") var newName: String
    @OptionGroup var write: WriteOptions

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let o = try service.rename(task, to: newName, expected: try write.expected())
            if write.json { out.json(ActionDocument(o, today: service.clock.today)); return }
            for m in o.messages { out.print(m) }
        }
    }
}
