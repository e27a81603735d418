import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `todomd quarantine`: new files held back for review (opt-in, `"quarantine"` in
/// `.todomd.json`); `approve` shows them, `reject` moves them to the trash.
struct QuarantineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "quarantine",
        abstract: "Review new files from untrusted sources or bursts: list, approve, reject.",
        discussion: """
            Off unless .todomd.json says "quarantine": true (or {"trusted_sources": ["user", "mcp:*"], \
            "burst": 50, "window_seconds": 60}). A held file shows in no list, count or search until approved.
            """,
        subcommands: [QuarantineList.self, QuarantineApprove.self, QuarantineReject.self],
        defaultSubcommand: QuarantineList.self)
}

struct QuarantineList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "The files held back, oldest first.")
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let q = service.quarantine()
            if json { out.json(QuarantineDocument(q, today: service.clock.today)); return }
            guard q.enabled else {
                out.print("The quarantine is off (\"quarantine\": true in \(VaultSettings.fileName) turns it on).")
                return
            }
            out.print(out.header("Quarantine"))
            if let a = q.alert {
                out.print("  " + out.paint("rate alert:", .bold) + " \(a.total) new file\(a.total == 1 ? "" : "s") within \(a.windowSeconds) s ("
                          + a.sources.map { "\($0.source): \($0.count)" }.joined(separator: ", ") + ")")
            }
            if q.files.isEmpty { out.print(out.paint("  Nothing held.", .dim)) }
            var rows = out
            rows.showPaths = true
            for f in q.files {
                let head = f.task.map { rows.row($0.task) } ?? "\(f.path)  " + out.paint(f.problem ?? "", .dim)
                out.print("  " + head + out.paint("  (\(f.why))", .dim))
            }
            if !q.files.isEmpty {
                out.print(out.paint("todomd quarantine approve PATH… (or --all) shows them; reject moves them to the trash.", .dim))
            }
        }
    }
}

/// The files a decision names.
struct QuarantineSelection: ParsableArguments {
    @Argument(help: "Held files: path, file name, id or title.") var files: [String] = []
    @Flag(help: "Every held file.") var all = false
    @Flag(help: "Print JSON.") var json = false

    func validate() throws {
        if files.isEmpty && !all { throw ValidationError("name the files, or say --all") }
        if !files.isEmpty && all { throw ValidationError("name files or say --all, not both") }
    }
}

struct QuarantineApprove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "approve", abstract: "Show held files in the views from now on.")
    @OptionGroup var vaultOptions: VaultOptions
    @OptionGroup var selection: QuarantineSelection

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let paths = try service.approveQuarantined(selection.files, all: selection.all)
            if selection.json { out.json(QuarantineDecisionDocument(approved: paths)); return }
            for p in paths { out.print("approved: \(p)") }
            if paths.isEmpty { out.print("Nothing held.") }
        }
    }
}

struct QuarantineReject: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "reject", abstract: "Move held files to the trash (undo brings them back).")
    @OptionGroup var vaultOptions: VaultOptions
    @OptionGroup var selection: QuarantineSelection

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let done = try service.rejectQuarantined(selection.files, all: selection.all)
            if selection.json { out.json(QuarantineDecisionDocument(rejected: done)); return }
            for r in done { out.print("rejected: \(r.path)  (now \(r.trashPath))") }
            if done.isEmpty { out.print("Nothing held.") }
        }
    }
}
