import Foundation
import TodoMDCore
import XCTest

/// Tasks and events on days, and the free time between them (issue 18, the calendar view).
final class CalendarPlannerTests: XCTestCase {
    private func task(_ title: String, _ fields: (inout TodoTask) -> Void) -> TodoTask {
        var t = TodoTask(path: title + ".md", title: title)
        fields(&t)
        return t
    }

    func testTasksGoOnTheirScheduledElseDueDayAndFreeTimeIsWhatIsLeft() {
        let tasks = [
            task("Write report") { $0.scheduled = LocalDateTime("2026-11-24T14:00"); $0.due = LocalDateTime("2026-11-27"); $0.estimatedMinutes = 90 },
            task("Pay rent") { $0.due = LocalDateTime("2026-11-24") },
            task("Call Ana") { $0.due = LocalDateTime("2026-11-24T09:00") },
            task("Plan trip") { $0.scheduled = LocalDateTime("2026-11-24"); $0.estimatedMinutes = 120 },
            task("Done already") { $0.due = LocalDateTime("2026-11-24"); $0.status = .done },
            task("Weekend chore") { $0.due = LocalDateTime("2026-11-28T10:00") },
            task("Later") { $0.due = LocalDateTime("2026-12-24") },
        ]
        let events = [
            CalendarEvent(title: "Lunch", start: LocalDateTime("2026-11-24T12:30")!, end: LocalDateTime("2026-11-24T13:30")!, calendar: "Work"),
            CalendarEvent(title: "Early", start: LocalDateTime("2026-11-24T07:00")!, end: LocalDateTime("2026-11-24T09:10")!, calendar: "Work"),
            CalendarEvent(title: "Offsite", start: LocalDateTime("2026-11-26")!, end: LocalDateTime("2026-11-28")!, calendar: "Work"),
        ]
        let days = CalendarPlanner.days(tasks: tasks, events: events, from: LocalDate("2026-11-23")!, to: LocalDate("2026-11-29")!,
                                        settings: CalendarSettings())
        XCTAssertEqual(days.count, 7)
        let tue = days[1]
        XCTAssertEqual(tue.tasks.map { "\($0.task.title) \($0.field) \($0.time?.description ?? "-")" },
                       ["Pay rent due -", "Plan trip scheduled -", "Call Ana due 09:00", "Write report scheduled 14:00"],
                       "all-day first, then by time; the report is on its scheduled day, not its due day")
        // 09:00–17:00 less Early (to 09:10; Call Ana's 30 min overlaps it, to 09:30), Lunch, the report (14:00–15:30).
        XCTAssertEqual(tue.free, [570..<750, 810..<840, 930..<1020])
        XCTAssertEqual(tue.freeMinutes, 180 + 30 + 90)
        XCTAssertEqual(tue.plannedMinutes, 120)
        XCTAssertTrue(days[4].tasks.isEmpty)
        XCTAssertEqual(days[3].events.map(\.title), ["Offsite"])
        XCTAssertEqual(days[4].events.map(\.title), ["Offsite"], "an all-day span is on each of its days")
        XCTAssertEqual(days[3].freeMinutes, 480, "an all-day event does not fill the day")
        XCTAssertFalse(days[5].workDay)
        XCTAssertEqual(days[5].tasks.map(\.task.title), ["Weekend chore"])
        XCTAssertEqual(days[5].freeMinutes, 0)
    }

    func testFreeStretchesSkipShortGapsAndOverlaps() {
        XCTAssertEqual(CalendarPlanner.freeStretches(540..<1020, busy: []), [540..<1020])
        XCTAssertEqual(CalendarPlanner.freeStretches(540..<1020, busy: [550..<600, 590..<700, 710..<1100]), [], "10-minute gaps are not free time")
        XCTAssertEqual(CalendarPlanner.freeStretches(540..<1020, busy: [0..<1440]), [])
        XCTAssertEqual(CalendarPlanner.freeStretches(540..<1020, busy: [1000..<1100, 400..<560]), [560..<1000])
    }

    func testSettings() throws {
        let dir = NSTemporaryDirectory() + "cal-settings-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data(#"{"calendars": ["webcal://example.com/cal/Holidays%20DE.ics?x=1", {"name": "Work", "file": "work.ics"}, 7],"#
            .appending(#" "work_hours": {"start": "08:30", "end": "16:00"}, "work_days": ["Mon", "tue", "sun"]}"#).utf8)
            .write(to: URL(fileURLWithPath: dir + "/.todomd.json"))
        let (s, problem) = VaultSettings.load(root: dir)
        XCTAssertEqual(s.calendar.sources, [CalendarSource(name: "Holidays DE", location: "webcal://example.com/cal/Holidays%20DE.ics?x=1"),
                                            CalendarSource(name: "Work", location: "work.ics")])
        XCTAssertEqual(problem?.contains("calendars[2]"), true, problem ?? "")
        XCTAssertEqual(s.calendar.workStart, LocalTime(hour: 8, minute: 30))
        XCTAssertEqual(s.calendar.workDays, [1, 2, 7])
    }
}
