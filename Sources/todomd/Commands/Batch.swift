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
            var results: [ActionDocument] = []
            var failures: [BatchDocument.Failure] = []
            var firstCode: Int32?
            try service.recordingAction(label) {
                for target in targets {
                    do {
                        let o = try action(service, target.task.id, targets.count == 1 ? (try write.expected() ?? target.version) : target.version)
                        if write.json { results.append(ActionDocument(o, today: today)); continue }
                        guard o.changed else {
                            out.print("\(o.task.task.title): " + (o.messages.last ?? "nothing changed"))
                            continue
                        }
                        out.print("\(verb)\(describe(o, today)): \(o.task.task.title)  (\(o.task.task.key))")
                        for m in o.messages { out.print("  \(m)") }
                    } catch let e as TodoError {
                        firstCode = firstCode ?? e.exitCode
                        failures.append(.init(task: target.task.key, error: e.description, exitCode: Int(e.exitCode)))
                        if !write.json { Printer.error(e.description) }
                    }
                }
            }
            if write.json {
                if targets.count == 1, let only = results.first { out.json(only) } else { out.json(BatchDocument(results: results, errors: failures)) }
            }
            if let firstCode {
                if targets.count == 1, write.json { Printer.error(failures[0].error) }
                throw ExitCode(firstCode)
            }
        }
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
        var filter = try selection.filters.filter()
        if filter.statuses.isEmpty, selection.view == nil {
            // Without a view, a filter means the tasks this command can act on.
            filter.statuses = prefer == .closed ? [.done, .cancelled] : [.todo, .inProgress]
        }
        let tasks = try service.selection(view: selection.view, filter: filter)
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
        guard isatty(STDIN_FILENO) == 1 else {
            throw TodoError.invalidArgument("this would \(what); pass --yes to do it")
        }
        for t in tasks.prefix(10) { Printer.note("  " + t.task.title) }
        if tasks.count > 10 { Printer.note("  … and \(tasks.count - 10) more") }
        FileHandle.standardError.write(Data("\(what.prefix(1).uppercased() + what.dropFirst())? [y/N] ".utf8))
        let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard answer == "y" || answer == "yes" else {
            Printer.note("nothing changed")
            throw ExitCode(1)
        }
    }
}
