import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// The help of a TASK argument, everywhere.
let taskHelp = ArgumentHelp("A short id (from `todomd list`), path, file name, JSON id, or part of the title.")
let tasksHelp = ArgumentHelp("Tasks: short ids (from `todomd list`), paths, JSON ids, or parts of titles.")

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show every field of a task and its notes.",
        discussion: "A title shared by open and done tasks (a repeating task's instances) names the open one; --all lists them all.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: taskHelp, completion: Completions.words(.tasks)) var task: String
    @Flag(help: "Consider done and cancelled tasks on an equal footing (ask which one when a title matches several).") var all = false
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let t = try service.task(task, prefer: all ? .any : .open)
            if let note = t.note { Printer.note(note) }
            if json { out.json(TaskDocument(t, today: service.clock.today)) } else { out.print(out.detail(t.task)) }
        }
    }
}

struct Done: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Complete tasks (a repeating one gets its next occurrence); a done task is left as it is.",
        aliases: ["complete", "do"])
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: tasksHelp, completion: Completions.words(.tasks)) var tasks: [String] = []
    @OptionGroup var selection: TaskSelection
    @Flag(help: "Complete a task's open subtasks with it (else a task with open subtasks is refused).") var withChildren = false
    @OptionGroup var write: WriteOptions

    func run() throws {
        let children = withChildren
        try Batch.run(vaultOptions, write, references: tasks, selection: selection, prefer: .open, verb: "done", label: "done") {
            try $0.complete($1, expected: $2, withChildren: children)
        }
    }
}

struct Reopen: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Reopen done or cancelled tasks (undoes a repeat); a title names the done one first.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: tasksHelp, completion: Completions.words(.tasks)) var tasks: [String] = []
    @OptionGroup var selection: TaskSelection
    @OptionGroup var write: WriteOptions

    func run() throws {
        try Batch.run(vaultOptions, write, references: tasks, selection: selection, prefer: .closed, verb: "reopened", label: "reopen") {
            try $0.reopen($1, expected: $2)
        }
    }
}

struct Cancel: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Cancel tasks (they stay in the vault).")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: tasksHelp, completion: Completions.words(.tasks)) var tasks: [String] = []
    @OptionGroup var selection: TaskSelection
    @OptionGroup var write: WriteOptions

    func run() throws {
        try Batch.run(vaultOptions, write, references: tasks, selection: selection, prefer: .open, verb: "cancelled", label: "cancel") {
            try $0.cancel($1, expected: $2)
        }
    }
}

struct Defer: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Hide tasks until a date.",
        discussion: "The last argument is the date: `todomd defer 7fa 3c1 'next monday'`.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "Tasks (as for `done`), then a date: 2026-12-01, tomorrow, next friday, in 3 days, +3d…")
    var words: [String] = []
    @OptionGroup var selection: TaskSelection
    @OptionGroup var write: WriteOptions

    func run() throws {
        guard let date = words.last else { throw ValidationError("give the date to defer until (and the tasks, or --view)") }
        try Batch.run(vaultOptions, write, references: Array(words.dropLast()), selection: selection, prefer: .open, verb: "deferred", label: "defer",
                      describe: { o, today in o.task.task.deferDate.map { " until " + DateText.short($0, today: today) } ?? "" }) {
            try $0.deferTask($1, until: date, expected: $2).0
        }
    }
}

struct FlagTask: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "flag", abstract: "Flag tasks.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: tasksHelp, completion: Completions.words(.tasks)) var tasks: [String] = []
    @OptionGroup var selection: TaskSelection
    @OptionGroup var write: WriteOptions

    func run() throws {
        try Batch.run(vaultOptions, write, references: tasks, selection: selection, prefer: .open, verb: "flagged", label: "flag") {
            try $0.flag($1, true, expected: $2)
        }
    }
}

struct UnflagTask: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unflag", abstract: "Remove tasks' flags.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: tasksHelp, completion: Completions.words(.tasks)) var tasks: [String] = []
    @OptionGroup var selection: TaskSelection
    @OptionGroup var write: WriteOptions

    func run() throws {
        try Batch.run(vaultOptions, write, references: tasks, selection: selection, prefer: .open, verb: "unflagged", label: "unflag") {
            try $0.flag($1, false, expected: $2)
        }
    }
}

struct SetFields: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set fields of tasks: key=value (any key, unknown ones too), key= clears, tags+=x, tags-=x, body=… for the notes.",
        discussion: """
        Words with = are changes; the others name tasks: `todomd set 7fa 3c1 priority=high tags+=work`. \
        estimated_minutes takes durations (45m, 1h30m). body=TEXT replaces the notes under the frontmatter, \
        body+=TEXT or --note TEXT adds a paragraph to them.
        """,
        aliases: ["mod", "modify"])
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "Tasks (as for `done`), then changes: key=value, key=, tags+=x, tags-=x, body=…, body+=…")
    var words: [String] = []
    @Option(help: "Add this paragraph to the task's notes.") var note: String?
    @OptionGroup var selection: TaskSelection
    @OptionGroup var write: WriteOptions

    func run() throws {
        let changes = words.filter(SetExpression.looks)
        let tasks = words.filter { !SetExpression.looks($0) }
        guard !changes.isEmpty || note != nil else { throw ValidationError("give changes: key=value, tags+=x, body=… or --note") }
        try Batch.run(vaultOptions, write, references: tasks, selection: selection, prefer: .open, verb: "updated", label: "set") {
            try $0.set($1, assignments: changes, note: note, expected: $2)
        }
    }
}

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Move tasks to the trash (.trash/ in the vault); `todomd trash restore` brings them back.",
        aliases: ["rm"])
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: tasksHelp, completion: Completions.words(.tasks)) var tasks: [String] = []
    @OptionGroup var selection: TaskSelection
    @OptionGroup var write: WriteOptions

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let targets = try Batch.select(service, write, references: tasks, selection: selection, prefer: .open, verb: "delete")
            let done = try Batch.each(service, write, targets, label: "delete", { try service.delete($0, expected: $1) }) { d in
                out.print("moved to trash: \(d.task.title)  (\(d.trashPath); `todomd trash restore` brings it back)")
            }
            if write.json {
                let documents = done.results.map(DeleteDocument.init)
                if documents.count == 1 { out.json(documents[0]) } else { out.json(documents) }
                for f in done.failures { Printer.error(f.error) }
            }
            try done.exit(json: false, single: targets.count == 1)
        }
    }
}

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a task file (or a checkbox task's note, at its line) in $VISUAL, else $EDITOR, else vi.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: taskHelp, completion: Completions.words(.tasks)) var task: String
    @Flag(help: "Print the task as JSON afterwards.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let session = try service.beginEdit(task)
            try Editor.open(session.absolutePath, line: session.task.line.map { $0 + 1 }, name: session.task.path)
            let outcome = service.finishEdit(session)
            for p in outcome.problems { Printer.warn("\(outcome.path): \(p)") }
            if outcome.unreadable { Printer.warn("\(outcome.path) is no longer a readable task file") }
            if json {
                out.json(EditDocument(outcome))
            } else {
                out.print(outcome.changed ? "edited: \(outcome.path)" : "unchanged: \(outcome.path)")
            }
        }
    }
}
