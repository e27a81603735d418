import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `todomd history TASK`: the versions of a task's file, newest first (`--show V` prints one).
/// A thin front end: the store and the listing are the service's (`Service+History.swift`).
struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the versions of a task's file (who changed what, when); --show prints one.",
        discussion: """
            Every version todomd wrote or saw (an editor, a sync engine) is kept outside the vault, \
            in the cache folder, for 90 days and up to 200 MB (history_days, history_mb in .todomd.json). \
            Bring one back with todomd restore TASK --version V. TASK may also be the path of a file that is gone.
            """)
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The task (or the vault-relative path of a file that is gone).", completion: Completions.words(.tasks))
    var task: String
    @Option(help: "Print this version's file (v12, 12 or a hash prefix) instead of the list.") var show: String?
    @Option(help: "How many versions to list.") var limit = 50
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            if let show {
                let (path, bytes, v) = try service.versionBytes(task, version: show)
                if json { out.json(VersionContentDocument(path: path, version: "v\(v.seq)", bytes: bytes)); return }
                FileHandle.standardOutput.write(Data(bytes))
                return
            }
            let h = try service.history(task, limit: max(1, limit))
            if json { out.json(HistoryDocument(h)); return }
            out.print(out.header(h.title ?? h.path) + out.paint("  \(h.path), newest first", .dim))
            if h.entries.isEmpty { out.print(out.paint("  No versions kept yet.", .dim)) }
            for e in h.entries { out.print(Self.line(e, service.clock, out)) }
        }
    }

    static func line(_ e: HistoryEntry, _ clock: Clock, _ out: Printer) -> String {
        var who: String
        switch e.by {
        case "todomd": who = [e.action, e.source.map { "by \($0)" }].compactMap { $0 }.joined(separator: " ")
        case "seen": who = "first seen"
        default: who = "changed outside todomd"
        }
        if e.hash == nil { who += " (removed)" }
        if let from = e.from { who += " (moved from \(from))" }
        var line = "  " + out.paint(e.version.padding(toLength: 6, withPad: " ", startingAt: 0), .bold) + "  "
            + Undo.when(Timestamp.format(e.at), clock) + "  " + who
        if !e.fields.isEmpty { line += out.paint("  " + e.fields.joined(separator: ", "), .dim) }
        if e.current { line += out.paint("  (current)", .dim) }
        return line
    }
}

/// `todomd restore TASK --version V`: brings back one version of a task's file, as a normal
/// edit (undoable; refused when the file changed since --if-version).
struct RestoreVersion: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore",
        abstract: "Bring back an earlier version of a task's file (see todomd history); undo reverses it.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The task (or the vault-relative path of a file that is gone).", completion: Completions.words(.tasks))
    var task: String
    @Option(help: "The version to bring back: v12, 12 or a hash prefix (todomd history TASK).") var version: String
    @OptionGroup var write: WriteOptions

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let o = try service.restoreVersion(task, version: version, expected: try write.expected())
            if write.json { out.json(ActionDocument(o, today: service.clock.today)); return }
            out.print("restored \(version): \(o.task.task.title)  (\(o.task.task.key))")
        }
    }
}
