import ArgumentParser
import Foundation
import TodoMDCore

/// Prints the result of an action on one task: its path (and messages), or JSON.
private func report(_ ctx: Context, _ r: ActionResult, json: Bool, verb: String) {
    if json {
        ctx.out.json(.object([("task", r.task.json(today: ctx.clock.today)), ("created", .array(r.created.map { $0.json(today: ctx.clock.today) })),
                              ("messages", .array(r.messages.map(JSON.string)))]))
        return
    }
    ctx.out.print("\(verb): \(r.task.title)  (\(r.task.key))")
    for m in r.messages { ctx.out.print("  \(m)") }
}

struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show every field of a task and its notes.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "Path, file name or part of the title.") var task: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            let t = try ctx.resolve(task)
            if json { ctx.out.json(t.json(today: ctx.clock.today)) } else { ctx.out.print(ctx.out.detail(t)) }
        }
    }
}

/// Resolves TASK, runs one action on it, and reports the result.
private func act(_ options: VaultOptions, _ query: String, prefer: TaskResolver.Preference, json: Bool, verb: String,
                 _ action: (Context, TodoTask) throws -> ActionResult) throws {
    try Context.run(options) { ctx in
        let t = try ctx.resolve(query, prefer: prefer)
        report(ctx, try action(ctx, t), json: json, verb: verb)
    }
}

struct Done: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Complete a task (a repeating one gets its next occurrence).")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @Flag var json = false

    func run() throws {
        try act(vaultOptions, task, prefer: .open, json: json, verb: "done") { try $0.vault.complete($1, fingerprint: $0.fingerprint($1)) }
    }
}

struct Reopen: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Reopen a done or cancelled task (undoes a repeat).")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @Flag var json = false

    func run() throws {
        try act(vaultOptions, task, prefer: .closed, json: json, verb: "reopened") { try $0.vault.reopen($1, fingerprint: $0.fingerprint($1)) }
    }
}

struct Cancel: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Cancel a task (it stays in the vault).")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @Flag var json = false

    func run() throws {
        try act(vaultOptions, task, prefer: .open, json: json, verb: "cancelled") { try $0.vault.cancel($1, fingerprint: $0.fingerprint($1)) }
    }
}

struct Defer: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Hide a task until a date.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @Argument(help: "A date: 2026-12-01, tomorrow, next friday, in 3 days, +3d…") var date: String
    @Flag var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            let t = try ctx.resolve(task, prefer: .open)
            let d = try DateArgument.parse(date, clock: ctx.clock)
            let u = try ctx.vault.update(t, [FieldChange(TaskKey.deferDate, .string(d.description))], readFingerprint: ctx.fingerprint(t))
            report(ctx, ActionResult(task: u), json: json, verb: "deferred until \(DateText.short(d, today: ctx.clock.today))")
        }
    }
}

struct FlagTask: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "flag", abstract: "Flag a task.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @Flag var json = false

    func run() throws {
        try act(vaultOptions, task, prefer: .open, json: json, verb: "flagged") {
            ActionResult(task: try $0.vault.update($1, [FieldChange(TaskKey.flagged, .bool(true))], readFingerprint: $0.fingerprint($1)))
        }
    }
}

struct UnflagTask: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "unflag", abstract: "Remove a task's flag.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @Flag var json = false

    func run() throws {
        try act(vaultOptions, task, prefer: .any, json: json, verb: "unflagged") {
            ActionResult(task: try $0.vault.update($1, [FieldChange(TaskKey.flagged, .bool(false))], readFingerprint: $0.fingerprint($1)))
        }
    }
}

struct SetFields: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set fields: key=value (any key, unknown ones too); key= clears a field.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @Argument(help: "key=value pairs.") var assignments: [String]
    @Flag var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            let t = try ctx.resolve(task)
            var changes = try assignments.map { try FieldAssignment.parse($0, clock: ctx.clock) }
            changes = FieldAssignment.withLifecycle(changes, task: t, now: ctx.clock.now)
            let u = try ctx.vault.update(t, changes, readFingerprint: ctx.fingerprint(t))
            report(ctx, ActionResult(task: u), json: json, verb: "updated")
        }
    }
}

struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Move a task to the trash (.trash/ in the vault).")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument var task: String
    @Flag var json = false

    func run() throws {
        try Context.run(vaultOptions) { ctx in
            let t = try ctx.resolve(task)
            if t.line != nil {
                throw TodoError.invalidArgument("\(t.key) is a checkbox line in a note: cancel it, or remove the line in the note itself")
            }
            let where_ = try Trash(vault: ctx.vault).delete(t.path)
            if json {
                ctx.out.json(.object([("path", .string(t.path)), ("trash", .string(where_))]))
            } else {
                ctx.out.print("moved to trash: \(t.title)  (\(where_); `todomd trash restore` brings it back)")
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
        try Context.run(vaultOptions) { ctx in
            let t = try ctx.resolve(task)
            let path = ctx.vault.absolute(t.path)
            let before = try? Data(contentsOf: URL(fileURLWithPath: path))
            let env = ProcessInfo.processInfo.environment
            let editor = env["VISUAL"].flatMap { $0.isEmpty ? nil : $0 } ?? env["EDITOR"].flatMap { $0.isEmpty ? nil : $0 } ?? "vi"
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            // Editors that take `+LINE` open a checkbox task's note at its line.
            let lineArg = t.line.flatMap { l in
                ["vi", "vim", "nvim", "nano", "emacs", "micro", "kak", "hx", "joe", "mg"]
                    .contains((editor.split(separator: " ").first.map(String.init) ?? "") .split(separator: "/").last.map(String.init) ?? "")
                    ? " +\(l + 1)" : nil
            } ?? ""
            p.arguments = ["-c", editor + lineArg + " \"$1\"", "sh", path]
            do { try p.run() } catch {
                throw TodoError.io(path: t.path, reason: "cannot start editor \(editor): \(error.localizedDescription)")
            }
            p.waitUntilExit()
            guard p.terminationStatus == 0 else {
                throw TodoError.io(path: t.path, reason: "editor exited with status \(p.terminationStatus)")
            }
            let after = try? Data(contentsOf: URL(fileURLWithPath: path))
            guard after != before else {
                if json { ctx.out.json(.object([("path", .string(t.path)), ("changed", .bool(false))])) } else { ctx.out.print("unchanged: \(t.path)") }
                return
            }
            // The user edited the file: stamp `modified` unless they set it themselves.
            if t.line == nil, let (now, _) = try? ctx.vault.readTask(t.path) {
                if !now.readOnly, now.modified == t.modified {
                    _ = try? ctx.vault.update(now, [])
                }
                for p in now.problems { Printer.warn("\(t.path): \(p)") }
            } else if t.line == nil {
                Printer.warn("\(t.path) is no longer a readable task file")
            }
            if json { ctx.out.json(.object([("path", .string(t.path)), ("changed", .bool(true))])) } else { ctx.out.print("edited: \(t.path)") }
        }
    }
}
