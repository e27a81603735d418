import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// Prints what an action did: its verb, the task and messages, or the JSON document.
private func report(_ out: Printer, _ o: ActionOutcome, today: LocalDate, json: Bool, verb: String) {
    if json {
        out.json(ActionDocument(o, today: today))
        return
    }
    out.print("\(verb): \(o.task.task.title)  (\(o.task.task.key))")
    for m in o.messages { out.print("  \(m)") }
}

/// Runs one action on TASK and reports it.
private func act(_ vault: VaultOptions, _ write: WriteOptions, verb: String,
                 _ action: (TodoService, String?) throws -> ActionOutcome) throws {
    try CLI.run(vault) { service, out in
        report(out, try action(service, try write.expected()), today: service.clock.today, json: write.json, verb: verb)
    }
}

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show every field of a task and its notes.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "Path, file name, id or part of the title.") var task: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let t = try service.task(task)
            if json { out.json(TaskDocument(t, today: service.clock.today)) } else { out.print(out.detail(t.task)) }
        }
    }
}

struct Done: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Complete a task (a repeating one gets its next occurrence).")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @OptionGroup var write: WriteOptions

    func run() throws {
        try act(vaultOptions, write, verb: "done") { try $0.complete(task, expected: $1) }
    }
}

struct Reopen: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Reopen a done or cancelled task (undoes a repeat).")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @OptionGroup var write: WriteOptions

    func run() throws {
        try act(vaultOptions, write, verb: "reopened") { try $0.reopen(task, expected: $1) }
    }
}

struct Cancel: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Cancel a task (it stays in the vault).")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @OptionGroup var write: WriteOptions

    func run() throws {
        try act(vaultOptions, write, verb: "cancelled") { try $0.cancel(task, expected: $1) }
    }
}

struct Defer: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Hide a task until a date.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @Argument(help: "A date: 2026-12-01, tomorrow, next friday, in 3 days, +3d…") var date: String
    @OptionGroup var write: WriteOptions

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let (o, d) = try service.deferTask(task, until: date, expected: try write.expected())
            let today = service.clock.today
            report(out, o, today: today, json: write.json, verb: "deferred until \(DateText.short(d, today: today))")
        }
    }
}

struct FlagTask: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "flag", abstract: "Flag a task.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @OptionGroup var write: WriteOptions

    func run() throws {
        try act(vaultOptions, write, verb: "flagged") { try $0.flag(task, true, expected: $1) }
    }
}

struct UnflagTask: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unflag", abstract: "Remove a task's flag.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @OptionGroup var write: WriteOptions

    func run() throws {
        try act(vaultOptions, write, verb: "unflagged") { try $0.flag(task, false, expected: $1) }
    }
}

struct SetFields: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set fields: key=value (any key, unknown ones too); key= clears a field.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @Argument(help: "key=value pairs.") var assignments: [String]
    @OptionGroup var write: WriteOptions

    func run() throws {
        try act(vaultOptions, write, verb: "updated") { try $0.set(task, assignments: assignments, expected: $1) }
    }
}

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Move a task to the trash (.trash/ in the vault).")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @OptionGroup var write: WriteOptions

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let d = try service.delete(task, expected: try write.expected())
            if write.json {
                out.json(DeleteDocument(d))
            } else {
                out.print("moved to trash: \(d.task.title)  (\(d.trashPath); `todomd trash restore` brings it back)")
            }
        }
    }
}

struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Open a task file (or a checkbox task's note, at its line) in $EDITOR.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
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

/// Starts the user's editor on a file and waits for it.
enum Editor {
    static func open(_ path: String, line: Int?, name: String) throws {
        let env = ProcessInfo.processInfo.environment
        let editor = env["VISUAL"].flatMap { $0.isEmpty ? nil : $0 } ?? env["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        // Editors that take `+LINE` open a checkbox task's note at its line.
        let program = (editor.split(separator: " ").first.map(String.init) ?? "").split(separator: "/").last.map(String.init) ?? ""
        let lineArg = line.flatMap { l in
            ["vi", "vim", "nvim", "nano", "emacs", "micro", "kak", "hx", "joe", "mg"].contains(program) ? " +\(l)" : nil
        } ?? ""
        p.arguments = ["-c", editor + lineArg + " \"$1\"", "sh", path]
        do { try p.run() } catch {
            throw TodoError.io(path: name, reason: "cannot start editor \(editor): \(error.localizedDescription)")
        }
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw TodoError.io(path: name, reason: "editor exited with status \(p.terminationStatus)")
        }
    }
}
