import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `todomd log`: the audit log, oldest first (the newest --limit entries). A thin front end: the
/// log and its filters are the service's (`Service+Audit.swift`).
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Show the audit log: every change to the vault, by todomd or from outside, on every device.",
        discussion: """
            The log is in the vault, .todomd/audit/<YYYY-MM>.<device>.jsonl (one JSON object per line, \
            one file per device and month), so it syncs with it; "audit_log": false in .todomd.json \
            stops it. Lines that cannot be read are named on stderr and skipped.
            """)
    @OptionGroup var vaultOptions: VaultOptions
    @Option(help: "Only changes at or after: a date (2026-11-24, yesterday, monday), a time (2026-11-24T09:30) or an age (7d, 12h).")
    var since: String?
    @Option(help: "Only changes by this source (user, mcp:claude), or by those starting so with a trailing * (mcp:*).")
    var source: String?
    @Option(help: "Only changes to this task's file, across moves (or the path of a file that is gone).",
            completion: Completions.words(.tasks))
    var task: String?
    @Option(help: "Only changes made by todomd, or seen from outside (external).") var by: String?
    @Option(help: "Show the newest this many.") var limit = 100
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let clock = service.clock
            let page = try service.auditLog(since: try since.map { try AuditSince.parse($0, clock: clock) }, source: source,
                                            task: task, by: by, limit: limit)
            for p in page.problems { Printer.warn("\(p.path):\(p.line): \(p.reason); skipped") }
            if json { out.json(AuditLogDocument(page)); return }
            if page.entries.isEmpty {
                let filtered = since != nil || source != nil || task != nil || by != nil
                out.print(out.paint(filtered ? "No logged change matches." : "No changes logged yet.", .dim))
            }
            if page.total > page.entries.count {
                out.print(out.paint("… \(page.total - page.entries.count) older (--limit)", .dim))
            }
            let f = DateFormatter()
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = clock.timeZone
            f.dateFormat = "yyyy-MM-dd HH:mm:ss"
            let devices = Set(page.entries.map(\.device)).count > 1
            for e in page.entries { out.print(Self.line(e, time: f, device: devices, out: out)) }
        }
    }

    /// `2026-11-24 09:00:05  cli  done  Pay rent  status, completed  (rent.md)`: who is the front
    /// end (with the source when another: `mcp mcp:claude`), or `outside` with the file's
    /// source; the device (`@laptop`) after it when the entries come from more than one.
    static func line(_ e: AuditEntry, time: DateFormatter, device: Bool, out: Printer) -> String {
        let by = e.by == "todomd" ? (e.frontEnd ?? "todomd") : "outside"
        let who = by + (e.source.map { $0 == e.frontEnd ? "" : " " + $0 } ?? "") + (device ? " @" + e.device : "")
        var what = e.action ?? e.kind
        if e.action != nil, e.kind != "changed" { what += " (\(e.kind))" }
        var line = time.string(from: e.at) + "  " + out.paint(who, .dim) + "  " + out.paint(what, .bold) + "  " + (e.task ?? e.path)
        if !e.fields.isEmpty { line += "  " + e.fields.joined(separator: ", ") }
        line += out.paint("  (" + (e.from.map { "\($0) → " } ?? "") + e.path + ")", .dim)
        return line
    }
}
