import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `todomd conflicts`: sync-conflict copies whose original changed the same fields, side by
/// side; `resolve` settles them. Copies that merge by themselves never show here.
struct Conflicts: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List sync conflicts (the same field changed on two devices); resolve them.",
        discussion: """
            A sync engine's conflict copy (Syncthing, Dropbox, Nextcloud, iCloud Drive, OneDrive, Google Drive) \
            is merged into its original field by field as soon as todomd sees it; only fields changed \
            differently on both sides wait here. "mine" is the original file, "theirs" the copy.
            """,
        subcommands: [ListConflicts.self, ShowConflict.self, ResolveConflict.self],
        defaultSubcommand: ListConflicts.self)
}

struct ListConflicts: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "The open sync conflicts.")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let open = service.conflicts()
            if json { out.json(SyncConflictsDocument(open)); return }
            if open.isEmpty { out.print("No sync conflicts."); return }
            for c in open {
                out.print(out.header(c.title) + out.paint("  \(c.copy.original)", .dim))
                out.print("  copy: \(c.copy.copy) (\(c.copy.engine.displayName))")
                out.print("  both changed: " + c.conflicts.map(\.key).joined(separator: ", ")
                          + (c.merged.isEmpty ? "" : out.paint("   merges by itself: " + c.merged.joined(separator: ", "), .dim)))
            }
            out.print(out.paint("todomd conflicts show TASK compares them; todomd conflicts resolve TASK --take mine|theirs settles one.", .dim))
        }
    }
}

struct ShowConflict: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Both sides of a conflict, field by field.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The task (or its copy's path).", completion: Completions.words(.tasks)) var task: String
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let c = try service.conflict(task)
            if json { out.json(SyncConflictDTO(c)); return }
            out.print(out.header(c.title) + out.paint("  mine: \(c.copy.original)   theirs: \(c.copy.copy)", .dim))
            if !c.hasBase { out.print(out.paint("  (no common version in the history: every difference counts)", .dim)) }
            for f in c.conflicts {
                out.print("  " + out.paint(f.key, .bold))
                if f.key != "body" { out.print(out.paint("    was:    ", .dim) + (TaskMerge.Conflict.text(f.base, key: f.key) ?? "(none)")) }
                out.print("    mine:   " + Self.indent(TaskMerge.Conflict.text(f.mine, key: f.key) ?? "(none)"))
                out.print("    theirs: " + Self.indent(TaskMerge.Conflict.text(f.theirs, key: f.key) ?? "(none)"))
            }
            if !c.merged.isEmpty { out.print(out.paint("  the copy's other changes merge by themselves: " + c.merged.joined(separator: ", "), .dim)) }
        }
    }

    static func indent(_ s: String) -> String {
        s.trimmingCharacters(in: .newlines).replacingOccurrences(of: "\n", with: "\n            ")
    }
}

struct ResolveConflict: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve", abstract: "Settle a conflict: --take mine|theirs, or field=mine|theirs|value per field.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The task (or its copy's path).", completion: Completions.words(.tasks)) var task: String
    @Argument(help: "field=mine, field=theirs or field=value (e.g. status=theirs due=2026-12-01).") var fields: [String] = []
    @Option(help: "Which side wins every conflicting field: mine (the original) or theirs (the copy).") var take: String?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let pairs = try fields.map { f -> (String, String) in
                guard let eq = f.firstIndex(of: "="), eq != f.startIndex else { throw TodoError.invalidArgument("\(f): expected field=mine|theirs|value") }
                return (String(f[..<eq]), String(f[f.index(after: eq)...]))
            }
            let r = try service.resolveConflict(task, take: take, fields: pairs)
            if json { out.json(SyncMergeDocument(r)); return }
            for m in r.merged { out.print("resolved: \(m.copy.original)  (the copy \(m.copy.copy) is in the trash)") }
        }
    }
}
