import Foundation
import TodoMDCore
import TodoMDTestSupport
import XCTest

/// The reminder schedule (issue 18) as a table: date-only and timed values, defer dates, lead
/// times, `reminders:` entries, nagging, snoozing and silencing, across the DST changes of two
/// zones. Each row: a task, a window, and the reminders expected in it as `local-time kind`.
final class ReminderScheduleTests: XCTestCase {
    private func task(_ fields: (inout TodoTask) -> Void) -> TodoTask {
        var t = TodoTask(path: "t.md", title: "Pay rent")
        t.source = "user"
        fields(&t)
        return t
    }

    private func run(_ t: TodoTask, zone: String, from: String, to: String, settings: ReminderSettings = ReminderSettings()) -> [String] {
        let z = TimeZone(identifier: zone)!
        let start = LocalDateTime(from)!.instant(in: z), end = LocalDateTime(to)!.instant(in: z)
        return ReminderSchedule.reminders([t], from: start, to: end, zone: z, settings: settings).map {
            "\(Timestamp.format($0.at)) \($0.kind.rawValue)"
        }
    }

    func testTable() {
        var nag = ReminderSettings()
        nag.nagEnabled = true
        var lead = ReminderSettings()
        lead.leadMinutes = 15
        var early = ReminderSettings()
        early.notificationTime = LocalTime(hour: 7, minute: 30)!
        struct Row {
            var name: String
            var zone = "Europe/Berlin"
            var from = "2026-11-26T00:00", to = "2026-11-30T00:00"
            var settings = ReminderSettings()
            var task: (inout TodoTask) -> Void
            var expected: [String]
        }
        let rows: [Row] = [
            Row(name: "a due date at 09:00 local (CET)", task: { $0.due = LocalDateTime("2026-11-27") }, expected: ["2026-11-27T08:00:00Z due"]),
            Row(name: "the notification time is a setting", settings: early, task: { $0.due = LocalDateTime("2026-11-27") },
                expected: ["2026-11-27T06:30:00Z due"]),
            Row(name: "a due time, less the lead time", settings: lead, task: { $0.due = LocalDateTime("2026-11-27T17:00") },
                expected: ["2026-11-27T15:45:00Z due"]),
            Row(name: "a defer date: now available", task: { $0.deferDate = LocalDateTime("2026-11-28") }, expected: ["2026-11-28T08:00:00Z defer"]),
            Row(name: "both dates: both", task: { $0.deferDate = LocalDateTime("2026-11-26T13:00"); $0.due = LocalDateTime("2026-11-29") },
                expected: ["2026-11-26T12:00:00Z defer", "2026-11-29T08:00:00Z due"]),
            Row(name: "done: none", task: { $0.due = LocalDateTime("2026-11-27"); $0.status = .done }, expected: []),
            Row(name: "cancelled: none", task: { $0.due = LocalDateTime("2026-11-27"); $0.status = .cancelled }, expected: []),
            Row(name: "outside the window: none", task: { $0.due = LocalDateTime("2026-12-05") }, expected: []),
            Row(name: "scheduled alone reminds nothing", task: { $0.scheduled = LocalDateTime("2026-11-27") }, expected: []),
            // DST: the same wall time, another UTC instant either side of the change.
            Row(name: "Berlin, the day before summer time", from: "2026-03-27T00:00", to: "2026-03-31T00:00",
                task: { $0.due = LocalDateTime("2026-03-28") }, expected: ["2026-03-28T08:00:00Z due"]),
            Row(name: "Berlin, the day summer time starts", from: "2026-03-27T00:00", to: "2026-03-31T00:00",
                task: { $0.due = LocalDateTime("2026-03-29") }, expected: ["2026-03-29T07:00:00Z due"]),
            Row(name: "Berlin, the day summer time ends", from: "2026-10-24T00:00", to: "2026-10-27T00:00",
                task: { $0.due = LocalDateTime("2026-10-25") }, expected: ["2026-10-25T08:00:00Z due"]),
            Row(name: "New York, the day before standard time", zone: "America/New_York", from: "2026-10-30T00:00", to: "2026-11-03T00:00",
                task: { $0.due = LocalDateTime("2026-10-31") }, expected: ["2026-10-31T13:00:00Z due"]),
            Row(name: "New York, the day standard time starts", zone: "America/New_York", from: "2026-10-30T00:00", to: "2026-11-03T00:00",
                task: { $0.due = LocalDateTime("2026-11-01") }, expected: ["2026-11-01T14:00:00Z due"]),
            Row(name: "New York, a time in the hour that repeats", zone: "America/New_York", from: "2026-10-30T00:00", to: "2026-11-03T00:00",
                task: { $0.due = LocalDateTime("2026-11-01T01:30") }, expected: ["2026-11-01T05:30:00Z due"]),
            Row(name: "New York, the day summer time starts", zone: "America/New_York", from: "2026-03-07T00:00", to: "2026-03-10T00:00",
                task: { $0.due = LocalDateTime("2026-03-08") }, expected: ["2026-03-08T13:00:00Z due"]),
            Row(name: "a date is a calendar day wherever you are (Tokyo)", zone: "Asia/Tokyo",
                task: { $0.due = LocalDateTime("2026-11-27") }, expected: ["2026-11-27T00:00:00Z due"]),
            // reminders: entries
            Row(name: "-PT1H before a due date (anchored at the notification time)",
                task: { $0.due = LocalDateTime("2026-11-27"); $0.extra = [("reminders", .array([.string("-PT1H")]))] },
                expected: ["2026-11-27T07:00:00Z entry", "2026-11-27T08:00:00Z due"]),
            Row(name: "TaskNotes' objects: relative to scheduled, and absolute",
                task: {
                    $0.scheduled = LocalDateTime("2026-11-28T10:00")
                    $0.extra = [("reminders", .array([
                        .object([("id", .string("r1")), ("type", .string("relative")), ("relatedTo", .string("scheduled")), ("offset", .string("-PT15M"))]),
                        .object([("id", .string("r2")), ("type", .string("absolute")), ("absoluteTime", .string("2026-11-26T20:00:00Z"))]),
                        .object([("id", .string("r3")), ("type", .string("relative")), ("relatedTo", .string("due")), ("offset", .string("PT0S"))]),
                        .string("not a reminder"),
                    ]))]
                },
                expected: ["2026-11-26T20:00:00Z entry", "2026-11-28T08:45:00Z entry"]),
            // Nagging
            Row(name: "nag: every 5 minutes from the first reminder", from: "2026-11-27T08:58", to: "2026-11-27T09:12", settings: nag,
                task: { $0.due = LocalDateTime("2026-11-27"); $0.extra = [("nag", .bool(true))] },
                expected: ["2026-11-27T08:00:00Z due", "2026-11-27T08:05:00Z nag", "2026-11-27T08:10:00Z nag"]),
            Row(name: "nag_interval in the task", from: "2026-11-27T09:00", to: "2026-11-27T09:45", settings: nag,
                task: { $0.due = LocalDateTime("2026-11-27"); $0.extra = [("nag", .bool(true)), ("nag_interval", .int(20))] },
                expected: ["2026-11-27T08:00:00Z due", "2026-11-27T08:20:00Z nag", "2026-11-27T08:40:00Z nag"]),
            Row(name: "a window opening later: only the repeats in it", from: "2026-11-27T11:00", to: "2026-11-27T11:11", settings: nag,
                task: { $0.due = LocalDateTime("2026-11-27"); $0.extra = [("nag", .bool(true))] },
                expected: ["2026-11-27T10:00:00Z nag", "2026-11-27T10:05:00Z nag", "2026-11-27T10:10:00Z nag"]),
            Row(name: "nagging off in the vault: the reminder alone", from: "2026-11-27T08:58", to: "2026-11-27T09:12",
                task: { $0.due = LocalDateTime("2026-11-27"); $0.extra = [("nag", .bool(true))] }, expected: ["2026-11-27T08:00:00Z due"]),
            Row(name: "an untrusted source cannot nag", from: "2026-11-27T08:58", to: "2026-11-27T09:12", settings: nag,
                task: { $0.due = LocalDateTime("2026-11-27"); $0.source = "mcp:agent"; $0.extra = [("nag", .bool(true))] },
                expected: ["2026-11-27T08:00:00Z due"]),
            Row(name: "snoozed: nothing before, then the snooze and the nagging from it", from: "2026-11-27T08:58", to: "2026-11-27T10:11", settings: nag,
                task: { $0.due = LocalDateTime("2026-11-27"); $0.extra = [("nag", .bool(true)), ("snoozed_until", .string("2026-11-27T10:00"))] },
                expected: ["2026-11-27T09:00:00Z snooze", "2026-11-27T09:05:00Z nag", "2026-11-27T09:10:00Z nag"]),
            Row(name: "silenced for this occurrence", from: "2026-11-27T08:58", to: "2026-11-27T09:12", settings: nag,
                task: { $0.due = LocalDateTime("2026-11-27"); $0.extra = [("nag", .bool(true)), ("nag_silenced", .string("2026-11-27"))] },
                expected: ["2026-11-27T08:00:00Z due"]),
            Row(name: "silenced for the last occurrence: the next one nags", from: "2026-11-28T08:58", to: "2026-11-28T09:06", settings: nag,
                task: { $0.due = LocalDateTime("2026-11-28"); $0.recurrence = "FREQ=DAILY"; $0.extra = [("nag", .bool(true)), ("nag_silenced", .string("2026-11-27"))] },
                expected: ["2026-11-28T08:00:00Z due", "2026-11-28T08:05:00Z nag"]),
        ]
        for row in rows {
            XCTAssertEqual(run(task(row.task), zone: row.zone, from: row.from, to: row.to, settings: row.settings), row.expected, row.name)
        }
    }

    func testNagRepeatsAreBoundedAndSortedAcrossTasks() {
        var s = ReminderSettings()
        s.nagEnabled = true
        s.nagInterval = 1
        let z = TimeZone(identifier: "UTC")!
        var a = TodoTask(path: "a.md", title: "A")
        a.due = LocalDateTime("2026-11-27")
        a.extra = [("nag", .bool(true))]
        var b = TodoTask(path: "b.md", title: "B")
        b.deferDate = LocalDateTime("2026-11-27T09:02")
        let all = ReminderSchedule.reminders([b, a], from: LocalDateTime("2026-11-27T00:00")!.instant(in: z),
                                             to: LocalDateTime("2026-12-27T00:00")!.instant(in: z), zone: z, settings: s)
        XCTAssertEqual(all.filter { $0.kind == .nag }.count, ReminderSchedule.nagLimit)
        XCTAssertEqual(all.prefix(4).map { "\($0.taskID) \($0.kind.rawValue)" }, ["a.md due", "a.md nag", "a.md nag", "b.md defer"], "ties in time: by task")
        XCTAssertEqual(Set(all.map(\.key)).count, all.count, "keys are unique")
    }

    func testDurationsAndSettings() {
        XCTAssertEqual(ReminderEntry.seconds("-PT15M"), -900)
        XCTAssertEqual(ReminderEntry.seconds("P1DT2H30M"), 95_400)
        XCTAssertEqual(ReminderEntry.seconds("+PT0S"), 0)
        XCTAssertEqual(ReminderEntry.seconds("P1W"), 604_800)
        for bad in ["PT", "P1H", "T1H", "-PT1X", "1H", "PT1H2"] { XCTAssertNil(ReminderEntry.seconds(bad), bad) }
        let d = TempDir()
        d.write(".todomd.json", #"{"notification_time": "07:45", "reminder_lead_minutes": 10, "nag": {"interval_minutes": 2, "trusted_sources": ["user", "mcp:*"]}}"#)
        let (s, problem) = VaultSettings.load(root: d.path)
        XCTAssertNil(problem)
        XCTAssertEqual(s.reminders.notificationTime, LocalTime(hour: 7, minute: 45))
        XCTAssertEqual(s.reminders.leadMinutes, 10)
        XCTAssertTrue(s.reminders.nagEnabled)
        XCTAssertEqual(s.reminders.nagInterval, 2)
        XCTAssertTrue(s.reminders.mayNag("mcp:claude"))
        XCTAssertFalse(s.reminders.mayNag(nil))
        d.write(".todomd.json", #"{"notification_time": "9am", "nag": 3}"#)
        XCTAssertEqual(VaultSettings.load(root: d.path).problem,
                       ".todomd.json: notification_time must be a time like \"09:00\"; nag must be true, false or {\"enabled\": true, \"interval_minutes\": 5, \"trusted_sources\": [...]}")
    }
}

/// Reminders and structure (issue 21): a project's dates remind its tasks; a held-up task is not
/// "now available"; the last blocker done makes a dated task say it is.
final class StructureReminderTests: XCTestCase {
    func testEffectiveDatesHoldsAndUnblocking() throws {
        let zone = TimeZone(identifier: "UTC")!
        let from = LocalDateTime("2026-11-27T00:00")!.instant(in: zone), to = LocalDateTime("2026-11-28T00:00")!.instant(in: zone)
        var byProject = TodoTask(path: "p.md", title: "Pack")
        byProject.effectiveDue = LocalDateTime("2026-11-27")
        var deferred = TodoTask(path: "d.md", title: "Deferred")
        deferred.deferDate = LocalDateTime("2026-11-27")
        var blocker = TodoTask(path: "b.md", title: "Book the van")
        blocker.status = .done
        blocker.completed = LocalDateTime("2026-11-27T14:30")!.instant(in: zone)
        var other = TodoTask(path: "o.md", title: "Other blocker")
        other.status = .done
        other.completed = LocalDateTime("2026-11-26T10:00")!.instant(in: zone)
        var dependent = TodoTask(path: "m.md", title: "Move")
        dependent.due = LocalDateTime("2026-11-27")
        dependent.extra = [("blocked_by", .array([.string("b.md"), .string("o")]))]
        var later = dependent
        later.path = "later.md"
        later.due = LocalDateTime("2026-12-05")
        let tasks = [byProject, deferred, blocker, other, dependent, later]
        let unblocked = TaskDependencies.unblocked(tasks)
        XCTAssertEqual(unblocked["m.md"], TaskDependencies.Unblocking(at: blocker.completed!, by: "Book the van"), "the last one done")
        let list = ReminderSchedule.reminders(tasks, from: from, to: to, zone: zone, settings: ReminderSettings(), held: ["d.md"], unblocked: unblocked)
        XCTAssertEqual(list.map { "\($0.taskID) \($0.kind.rawValue) \(Timestamp.format($0.at))" }, [
            "m.md due 2026-11-27T09:00:00Z",
            "p.md due 2026-11-27T09:00:00Z",
            "m.md unblocked 2026-11-27T14:30:00Z",
        ], "a later due date says nothing on unblocking; a held task has no defer reminder")
        XCTAssertEqual(list.last?.message, "Now available: Book the van is done")
        var open = blocker
        open.status = .todo
        XCTAssertNil(TaskDependencies.unblocked([open, other, dependent])["m.md"], "still blocked")
    }
}
