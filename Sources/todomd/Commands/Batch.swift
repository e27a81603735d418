import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// Which tasks a command acts on when no TASK is named: every task of a view, narrowed by filters.
struct TaskSelection: ParsableArguments {
    @Option(help: "Act on every task of this view (today, inbox, a saved view…), narrowed by the filters below.",
            completion: Completions.words(.views))
    var view: String?
    @OptionGroup(title: "Filters (with --view, or alone: every open task that matches)") var filters: FilterOptions
    @Flag(name: .shortAndLong, help: "Act on more than 3 selected tasks without asking (for scripts).") var yes = false

    var isEmpty: Bool { view == nil && (try? filters.filter().isEmpty) ?? false }
}

/// One command acting on one or more tasks: TASK arguments (short ids, paths, JSON ids, parts
/// of titles), or `--view`/filters. Every TASK is resolved before anything is written, so a typo
/// writes nothing. A selection of more than 3 tasks is confirmed on a terminal (`--yes` in
/// scripts). The whole command is one action for `todomd undo`. Each task's result is printed;
/// a task that fails is reported and the others still run (exit code of the first failure).
enum Batch {
    static func run(_ vaultOptions: VaultOptions, _ write: WriteOptions, references: [String], selection: TaskSelection,
                    prefer: TaskResolver.Preference, verb: String, label: String, describe: @escaping (ActionOutcome, LocalDate) -> String = { _, _ in "" },
                    _ action: @escaping (TodoService, String, String?) throws -> ActionOutcome) throws {
        try CLI.run(vaultOptions) { service, out in
            let targets = try select(service, write, references: references, selection: selection, prefer: prefer, verb: label)
            let today = service.clock.today
            let done = try each(service, write, targets, label: label, { try action(service, $0, $1) }) { o in
                guard o.changed else {
                    out.print("\(o.task.task.title): " + (o.messages.last ?? "nothing changed"))
                    return
                }
                out.print("\(verb)\(describe(o, today)): \(o.task.task.title)  (\(o.task.task.key))")
                for m in o.messages { out.print("  \(m)") }
            }
            if write.json {
                let documents = done.results.map { ActionDocument($0, today: today) }
                if targets.count == 1, let only = documents.first { out.json(only) } else { out.json(BatchDocument(results: documents, errors: done.failures)) }
            }
            try done.exit(json: write.json, single: targets.count == 1)
        }
    }

    /// What acting on each target gave: the results, the failures, the first failure's code.
    struct Outcome<Result> {
        var results: [Result] = []
        var failures: [BatchDocument.Failure] = []
        var firstCode: Int32?

        /// Exits with the first failure's code (with `--json` on one task, its error on stderr too).
        func exit(json: Bool, single: Bool) throws {
            guard let firstCode else { return }
            if single, json { Printer.error(failures[0].error) }
            throw ExitCode(firstCode)
        }
    }

    /// Runs `act` on every target as one undoable action: the version each was read at is the
    /// one it is written against (or `--if-version` for a single task). A failure is reported
    /// (on stderr unless `--json`) and the others still run; `show` prints a result as it comes.
    static func each<Result>(_ service: TodoService, _ write: WriteOptions, _ targets: [VersionedTask], label: String,
                             _ act: (String, String?) throws -> Result, show: (Result) -> Void) throws -> Outcome<Result> {
        var outcome = Outcome<Result>()
        try service.recordingAction(label) {
            for target in targets {
                do {
                    let r = try act(target.task.id, targets.count == 1 ? (try write.expected() ?? target.version) : target.version)
                    outcome.results.append(r)
                    if !write.json { show(r) }
                } catch let e as TodoError {
                    outcome.firstCode = outcome.firstCode ?? e.exitCode
                    outcome.failures.append(.init(task: target.task.key, error: e.description, exitCode: Int(e.exitCode)))
                    if !write.json { Printer.error(e.description) }
                }
            }
        }
        return outcome
    }

    /// The tasks to act on, resolved (or selected) before anything is written.
    static func select(_ service: TodoService, _ write: WriteOptions, references: [String], selection: TaskSelection,
                       prefer: TaskResolver.Preference, verb: String) throws -> [VersionedTask] {
        if !references.isEmpty {
            guard selection.isEmpty else {
                throw TodoError.invalidArgument("name tasks or select them with --view and filters, not both")
            }
            if references.count > 1, write.ifVersion != nil {
                throw TodoError.invalidArgument("--if-version goes with one task")
            }
            return try references.map { ref in
                let t = try service.task(ref, prefer: prefer)
                if let note = t.note { Printer.note(note) }
                return t
            }
        }
        guard !selection.isEmpty else {
            throw TodoError.invalidArgument("name a task (its short id from `todomd list`, path, or part of its title), "
                + "or select tasks with --view and filters")
        }
        let tasks = try service.selection(view: selection.view, filter: try selection.filters.filter(), prefer: prefer)
        if tasks.isEmpty {
            Printer.note("no task matches; nothing to \(verb)")
            return []
        }
        if tasks.count > 3, !selection.yes {
            try confirm("\(verb) \(tasks.count) tasks", tasks: tasks)
        }
        return tasks
    }

    /// Asks on a terminal; without one, a script must say `--yes`.
    static func confirm(_ what: String, tasks: [VersionedTask]) throws {
        guard Terminal.isInteractive else {
            throw TodoError.invalidArgument("this would \(what); pass --yes to do it")
        }
        for t in tasks.prefix(10) { Printer.note("  " + t.task.title) }
        if tasks.count > 10 { Printer.note("  … and \(tasks.count - 10) more") }
        guard Terminal.ask(what.prefix(1).uppercased() + what.dropFirst() + "?") else {
            Printer.note("nothing changed")
            throw ExitCode(1)
        }
    }
}
