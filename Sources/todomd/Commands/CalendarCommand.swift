import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `todomd calendar [week|month]`: the days as the web app's calendar shows them, as an agenda.
struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Show a week (or month) as an agenda: tasks on their scheduled (else due) day, subscribed calendars' events, free time.",
        discussion: """
            Subscribed calendars are ICS URLs or files under "calendars" in .todomd.json; free time is counted in \
            "work_hours" on "work_days" (README, "Calendar"). The web app's Calendar screen shows the same and \
            moves a task to another day by dragging it.
            """)
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "week (Monday to Sunday) or month.") var span = "week"
    @Option(help: "A day in the week or month to show (today, friday, +1w, 2026-12-01; default today).") var date: String?
    @Flag(help: "Print JSON (the /api/calendar document).") var json = false

    func run() throws {
        guard span == "week" || span == "month" else { throw ValidationError("todomd calendar week|month") }
        try CLI.run(vaultOptions) { service, out in
            let day = try date.map { try DateArgument.parse($0, clock: service.clock).date } ?? service.clock.today
            let window = CalendarPlanner.window(month: span == "month", containing: day)
            let page = try service.calendar(from: window.from, to: window.to)
            if json { out.json(CalendarDocument(page)); return }
            for c in page.calendars where c.error != nil { Printer.warn("calendar \(c.name): \(c.error!)") }
            for d in page.days {
                let free = d.workDay ? "  " + out.paint("free " + Self.duration(d.freeMinutes), .green) : ""
                let planned = d.plannedMinutes > 0 ? out.paint(", \(Self.duration(d.plannedMinutes)) planned", .dim) : ""
                let name = DateText.short(LocalDateTime(date: d.date), today: page.today)
                out.print(out.paint(name, d.date == page.today ? .bold : .blue) + free + planned)
                if d.tasks.isEmpty, d.events.isEmpty { continue }
                // Events and timed tasks by time; all-day ones first.
                var lines: [(Int, String)] = []
                for e in d.events {
                    let span = e.minutes(on: d.date).map { CalendarPlanner.clockText($0.lowerBound) + "–" + CalendarPlanner.clockText($0.upperBound) } ?? "all day"
                    lines.append((e.minutes(on: d.date)?.lowerBound ?? -1, "  \(span.padding(toLength: 11, withPad: " ", startingAt: 0))  \(e.title)  " + out.paint("(\(e.calendar))", .dim)))
                }
                for t in d.tasks {
                    let start = t.time.map { $0.hour * 60 + $0.minute }
                    let span = start.map { CalendarPlanner.clockText($0) + "–" + CalendarPlanner.clockText($0 + (t.minutes ?? CalendarPlanner.defaultMinutes)) } ?? ""
                    lines.append((start ?? -1, "  \(span.padding(toLength: 11, withPad: " ", startingAt: 0))  " + out.row(t.task)))
                }
                for l in lines.sorted(by: { $0.0 < $1.0 }) { out.print(l.1) }
            }
        }
    }

    /// `6 h 15 m`, `45 m`, `2 h`.
    static func duration(_ m: Int) -> String {
        m < 60 ? "\(m) m" : m % 60 == 0 ? "\(m / 60) h" : "\(m / 60) h \(m % 60) m"
    }
}
