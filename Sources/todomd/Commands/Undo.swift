import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `todomd undo`: reverses the last action taken through todomd; `--list` shows the recent ones.
/// A thin front end: the journal and the undo itself are the service's (`Service+Undo.swift`).
struct Undo: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Undo the last action taken through todomd (--list shows the recent ones).",
        discussion: """
            Every command that writes is one action (a batch too); undo puts back every file it \
            changed, unless a file was changed since (then nothing is undone and the file is named). \
            Files the action created go to the trash. Undo again to undo the action before.
            """)
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "List the recent actions, newest first, instead of undoing.") var list = false
    @Option(help: "With --list: how many actions to show.") var limit = 20
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            if list { return show(service.undoHistory(limit: max(1, limit)), service: service, out: out) }
            let o = try service.undo()
            if json { out.json(UndoDocument(o)); return }
            out.print("undone: \(o.action.summary)  (\(Self.when(o.action.at, service.clock)))")
            for p in o.restored { out.print("  restored \(p)") }
            for t in o.trashed { out.print("  moved to trash: \(t.path)  (\(t.trashPath))") }
            for p in o.removed { out.print("  removed \(p)") }
            for m in o.messages { out.print("  \(m)") }
        }
    }

    private func show(_ h: UndoHistory, service: TodoService, out: Printer) {
        for p in h.problems { Printer.warn("\(p.path): " + p.reasons.joined(separator: "; ")) }
        if json { out.json(UndoListDocument(h)); return }
        out.print(out.header("Recent actions") + out.paint("  newest first", .dim))
        if h.actions.isEmpty { out.print(out.paint("  None.", .dim)) }
        for a in h.actions {
            var line = "  \(Self.when(a.at, service.clock))  \(a.summary)"
            if a.undone { line += out.paint("  (undone)", .dim) } else if a.notUndoable != nil { line += out.paint("  (cannot be undone)", .dim) }
            out.print(line)
            let files = a.files.map { f in
                f.change == .moved ? "\(f.path) → \(f.movedTo ?? "?")" : "\(f.path) (\(f.change.rawValue))"
            }
            out.print(out.paint("      " + files.joined(separator: ", "), .dim))
        }
    }

    /// `2026-11-24 09:00` in the local zone.
    static func when(_ stamp: String, _ clock: Clock) -> String {
        guard let date = Timestamp.parse(stamp) else { return stamp }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = clock.timeZone
        f.dateFormat = "yyyy-MM-dd HH:mm"
        return f.string(from: date)
    }
}
