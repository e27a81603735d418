import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `todomd backup now | list | restore`: snapshots of the vault's files outside it (README,
/// "Backups"). A thin front end: the store and the restores are the service's (`Backup/`).
struct BackupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "backup",
        abstract: "Take, list or restore backups of the vault (serve and watch take one hourly when something changed).",
        subcommands: [BackupNow.self, BackupList.self, BackupRestoreCommand.self],
        defaultSubcommand: BackupList.self)

    /// `40 KB`, `1.2 MB`.
    static func size(_ bytes: Int64) -> String {
        if bytes < 1024 { return "\(bytes) B" }
        let units = ["KB", "MB", "GB", "TB"]
        var v = Double(bytes) / 1024
        var i = 0
        while v >= 1024, i < units.count - 1 { v /= 1024; i += 1 }
        return (v < 10 ? String(format: "%.1f", v) : String(Int(v.rounded()))) + " " + units[i]
    }

    /// `20261124-090000 (2026-11-24 10:00)`: the id and when it was taken, in local time.
    static func name(_ s: BackupSnapshot, _ clock: Clock) -> String {
        "\(s.id) (\(Undo.when(Timestamp.format(s.date), clock)))"
    }

    static func files(_ n: Int) -> String { "\(n) file\(n == 1 ? "" : "s")" }
}

struct BackupNow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "now", abstract: "Take a backup now (even when nothing changed since the last one).")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let r = try service.backupNow()
            for p in r.skipped { Printer.warn("\(p): cannot be read; not in the backup") }
            if json { out.json(BackupDocument(r)); return }
            let s = r.snapshot
            out.print("backup \(s.id): \(BackupCommand.files(s.files)), \(BackupCommand.size(s.bytes))"
                + (r.unchanged ? " (nothing changed since the last backup)" : " (\(BackupCommand.size(s.copiedBytes)) new)"))
            for id in r.removed { out.print(out.paint("  removed old backup \(id)", .dim)) }
        }
    }
}

struct BackupList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the backups, newest first.")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let dir = service.backupDirectory
            let list = service.backups()
            if json { out.json(BackupListDocument(directory: dir, list)); return }
            out.print(out.header("Backups") + out.paint("  newest first, in \(dir)", .dim))
            if list.isEmpty { out.print(out.paint("  None yet (todomd backup now takes one).", .dim)) }
            for s in list {
                out.print("  \(s.id)  \(Undo.when(Timestamp.format(s.date), service.clock))  \(BackupCommand.files(s.files)), "
                    + BackupCommand.size(s.bytes) + out.paint("  (\(BackupCommand.size(s.copiedBytes)) new)", .dim))
            }
        }
    }
}

struct BackupRestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Restore a backup into a new folder, into the vault (--in-place), or one task (--task).",
        discussion: """
            DATE is a backup id from `backup list` (or its start: 20261124 is the last backup of that \
            UTC day), `latest`, or a local date or time (2026-11-24, 2026-11-24T09:30, yesterday, -2d): \
            the newest backup taken at or before it. A whole backup goes into a new folder (--to DIR, \
            absent or empty; default <vault>-restored-<id> beside the vault). --in-place first backs up \
            the vault as it is, then writes the backup's files back and moves task files made since to \
            the trash (todomd undo reverses it). --task restores one task's file as an undoable edit.
            """)
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "Which backup: an id, latest, or a date or time (the newest backup at or before it).") var date: String
    @Option(help: "Restore into this folder (must not exist, or be empty).", completion: .directory) var to: String?
    @Option(help: "Restore only this task (a task, or the vault-relative path of a file that is gone).",
            completion: Completions.words(.tasks)) var task: String?
    @Flag(name: .customLong("in-place"), help: "Restore into the vault itself (after backing it up).") var inPlace = false
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if inPlace && to != nil { throw ValidationError("--in-place and --to exclude each other") }
        if task != nil && (inPlace || to != nil) { throw ValidationError("--task restores into the vault; leave out --to and --in-place") }
    }

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            if let task {
                let r = try service.restoreBackupTask(date, task: task)
                if json { out.json(BackupTaskRestoreDocument(r, today: service.clock.today)); return }
                out.print("restored: \(r.task.task.title)  (\(r.task.task.path)) from backup \(BackupCommand.name(r.snapshot, service.clock))")
                for m in r.messages { out.print("  \(m)") }
                return
            }
            let r = inPlace ? try service.restoreBackupInPlace(date) : try service.restoreBackup(date, to: to)
            if json { out.json(BackupRestoreDocument(r)) } else { show(r, service: service, out: out) }
            if !r.problems.isEmpty { throw ExitCode(1) }
        }
    }

    private func show(_ r: BackupRestore, service: TodoService, out: Printer) {
        let from = BackupCommand.name(r.snapshot, service.clock)
        if let before = r.before {
            out.print("backed up the vault first: \(before.id)")
            out.print("restored backup \(from) into the vault: \(BackupCommand.files(r.restored.count)) written")
            for t in r.trashed { out.print("  moved to trash: \(t.path)  (\(t.trashPath))") }
        } else {
            out.print("restored backup \(from) into \(r.folder): \(BackupCommand.files(r.restored.count))")
        }
        for m in r.messages { out.print("  \(m)") }
        for p in r.problems { Printer.warn("\(p.path): " + p.reasons.joined(separator: "; ")) }
        if let before = r.before {
            out.print(out.paint("  todomd undo reverses it, as does todomd backup restore \(before.id) --in-place", .dim))
        }
    }
}
