import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `todomd reminders`: what will fire, and when. A thin front end: the schedule is the engine's
/// (`ReminderSchedule`), the window the service's.
struct RemindersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders",
        abstract: "Show the reminders that fire in a window (default: the next 24 hours).",
        discussion: """
            A due date reminds at the notification time (09:00; "notification_time" in .todomd.json), a due \
            time at that time (less "reminder_lead_minutes"), a defer date when the task becomes available; \
            `reminders:` entries (-PT1H, or TaskNotes' objects) when they say; `nag: true` repeats until done, \
            snoozed or silenced, when "nag": true in .todomd.json allows it.
            """)
    @OptionGroup var vaultOptions: VaultOptions
    @Option(help: "From: a date (today, friday, 2026-12-01: its start), a time (2026-12-01T08:00) or +2d (default: now).")
    var from: String?
    @Option(help: "Until: as --from (a date alone: its end). Default: a day after --from.") var to: String?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let clock = service.clock
            func instant(_ s: String, end: Bool) throws -> Date {
                let d = try DateArgument.parse(s, clock: clock)
                if d.time == nil, end { return LocalDateTime(date: d.date.adding(days: 1)).instant(in: clock.timeZone) }
                return d.instant(in: clock.timeZone)
            }
            let page = try service.reminders(from: try from.map { try instant($0, end: false) }, to: try to.map { try instant($0, end: true) })
            if json { out.json(ReminderListDocument(page)); return }
            if page.reminders.isEmpty {
                out.print(out.paint("No reminders until \(Self.when(page.to, page.zone)).", .dim))
                return
            }
            // A task's repeats show as one line: the first, how often, and how many in the window.
            let nags = Dictionary(grouping: page.reminders.filter { $0.kind == .nag }, by: \.taskID)
            for r in page.reminders {
                var message = r.message
                if r.kind == .nag {
                    guard let all = nags[r.taskID], all.first?.at == r.at else { continue }
                    let every = all.count > 1 ? Int(all[1].at.timeIntervalSince(all[0].at) / 60) : 0
                    message = (every > 0 ? "every \(every) min until done" : "until done") + " (\(all.count) in this window)"
                }
                out.print("\(Self.when(r.at, page.zone))  " + out.paint(r.kind.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0), .dim)
                          + "  \(r.title)  " + out.paint(message, .dim))
            }
        }
    }

    /// `Fri 27 Nov 09:00`.
    static func when(_ d: Date, _ zone: TimeZone) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = zone
        f.dateFormat = "EEE d MMM HH:mm"
        return f.string(from: d)
    }
}
