import XCTest
@testable import TodoMDCore

final class ViewTests: XCTestCase {
    func make(_ title: String, _ configure: (inout TodoTask) -> Void = { _ in }) -> TodoTask {
        var t = TodoTask(path: title + ".md", title: title)
        t.created = Timestamp.parse("2026-01-01T00:00:00Z")!.addingTimeInterval(Double(title.hashValue % 1000))
        configure(&t)
        return t
    }

    func names(_ r: ViewResult) -> [String] { r.tasks.map(\.title).sorted() }

    func testTodayBoundaries() {
        let engine = ViewEngine(clock: clock("2026-11-22T10:00", "Europe/Berlin"))
        let tasks = [
            make("due yesterday") { $0.due = ldt("2026-11-21") },
            make("due today") { $0.due = ldt("2026-11-22") },
            make("due today 09:00 (past)") { $0.due = ldt("2026-11-22T09:00") },
            make("due today 17:00") { $0.due = ldt("2026-11-22T17:00") },
            make("due tomorrow") { $0.due = ldt("2026-11-23") },
            make("scheduled today") { $0.scheduled = ldt("2026-11-22") },
            make("scheduled last week") { $0.scheduled = ldt("2026-11-15") },
            make("defer today") { $0.deferDate = ldt("2026-11-22") },
            make("defer tomorrow, due today") { $0.deferDate = ldt("2026-11-23"); $0.due = ldt("2026-11-22") },
            make("defer today 12:00, due today") { $0.deferDate = ldt("2026-11-22T12:00"); $0.due = ldt("2026-11-22") },
            make("done due today") { $0.due = ldt("2026-11-22"); $0.status = .done },
            make("cancelled due today") { $0.due = ldt("2026-11-22"); $0.status = .cancelled },
            make("someday due today") { $0.due = ldt("2026-11-22"); $0.status = .someday },
            make("in progress overdue") { $0.due = ldt("2026-11-01"); $0.status = .inProgress },
            make("no dates"),
        ]
        let r = engine.build(.today, tasks: tasks)
        XCTAssertEqual(r.groups.map { $0.name! }, ["Overdue", "Scheduled", "Due Today", "Deferred-now-available"])
        let byGroup = Dictionary(uniqueKeysWithValues: r.groups.map { ($0.name!, $0.tasks.map(\.title).sorted()) })
        XCTAssertEqual(byGroup["Overdue"], ["due today 09:00 (past)", "due yesterday", "in progress overdue"])
        XCTAssertEqual(byGroup["Due Today"], ["due today", "due today 17:00"])
        XCTAssertEqual(byGroup["Scheduled"], ["scheduled last week", "scheduled today"])
        XCTAssertEqual(byGroup["Deferred-now-available"], ["defer today"])
    }

    func testUpcomingAnytimeAndDeferral() {
        let engine = ViewEngine(clock: clock("2026-11-22T10:00"))
        let tasks = [
            make("due in 3 days") { $0.due = ldt("2026-11-25") },
            make("scheduled tomorrow, due next week") { $0.scheduled = ldt("2026-11-23"); $0.due = ldt("2026-11-29") },
            make("deferred to tomorrow, due in 3 days") { $0.deferDate = ldt("2026-11-23"); $0.due = ldt("2026-11-25") },
            make("due today") { $0.due = ldt("2026-11-22") },
            make("plain"),
            make("someday") { $0.status = .someday },
            make("done") { $0.status = .done },
        ]
        let up = engine.build(.upcoming, tasks: tasks)
        XCTAssertEqual(up.groups.map { $0.date!.description }, ["2026-11-23", "2026-11-25"])
        XCTAssertEqual(up.groups[0].tasks.map(\.title), ["scheduled tomorrow, due next week"])
        XCTAssertEqual(up.groups[1].tasks.map(\.title), ["due in 3 days"])
        XCTAssertEqual(names(engine.build(.anytime, tasks: tasks)),
                       ["due in 3 days", "due today", "plain", "scheduled tomorrow, due next week"])
        XCTAssertEqual(names(engine.build(.someday, tasks: tasks)), ["someday"])
        XCTAssertEqual(names(engine.build(.all, tasks: tasks)).count, 7)
        // The next day the deferred task becomes available.
        let tomorrow = ViewEngine(clock: clock("2026-11-23T00:00"))
        XCTAssertTrue(names(tomorrow.build(.anytime, tasks: tasks)).contains("deferred to tomorrow, due in 3 days"))
        XCTAssertTrue(names(tomorrow.build(.today, tasks: tasks)).contains("deferred to tomorrow, due in 3 days"))
    }

    /// A date-only value is the same calendar day in every zone: late evening in UTC+14 and
    /// UTC-12 still sees the task on its own day, never shifted.
    func testLateEveningAcrossZones() {
        let tasks = [make("due 22nd") { $0.due = ldt("2026-11-22") }, make("due 23rd") { $0.due = ldt("2026-11-23") }]
        for zone in ["Pacific/Kiritimati", "Etc/GMT+12", "UTC", "America/Los_Angeles", "Asia/Kolkata"] {
            let lateEvening = ViewEngine(clock: clock("2026-11-22T23:59", zone))
            XCTAssertEqual(names(lateEvening.build(.today, tasks: tasks)), ["due 22nd"], zone)
            let justAfterMidnight = ViewEngine(clock: clock("2026-11-23T00:00", zone))
            let r = justAfterMidnight.build(.today, tasks: tasks)
            XCTAssertEqual(r.groups.first { $0.name == "Overdue" }?.tasks.map(\.title), ["due 22nd"], zone)
            XCTAssertEqual(r.groups.first { $0.name == "Due Today" }?.tasks.map(\.title), ["due 23rd"], zone)
        }
        // The same instant is a different day in the two extreme zones.
        let instant = Timestamp.parse("2026-11-22T11:00:00Z")!
        let east = ViewEngine(clock: Clock(now: instant, timeZone: TimeZone(identifier: "Pacific/Kiritimati")!))
        let west = ViewEngine(clock: Clock(now: instant, timeZone: TimeZone(identifier: "Etc/GMT+12")!))
        XCTAssertEqual(names(east.build(.today, tasks: tasks)), ["due 22nd", "due 23rd"])  // 23rd 01:00 there
        XCTAssertEqual(names(west.build(.today, tasks: tasks)), [])  // 21st 23:00 there
    }

    func testInboxFlaggedLogbookAreasTags() {
        let engine = ViewEngine(clock: clock("2026-11-22T10:00"))
        let tasks = [
            make("inbox") { $0.tags = ["home", "work/backend"] },
            make("in project") { $0.project = "P"; $0.tags = ["work"] },
            make("in area") { $0.area = "Work" },
            make("area+project") { $0.area = "Work"; $0.project = "Launch" },
            make("flagged done") { $0.flagged = true; $0.status = .done; $0.completed = Timestamp.parse("2026-11-20T10:00:00Z") },
            make("flagged") { $0.flagged = true; $0.area = "Home" },
            make("cancelled") { $0.status = .cancelled; $0.modified = Timestamp.parse("2026-11-21T10:00:00Z"); $0.tags = ["home"] },
        ]
        XCTAssertEqual(names(engine.build(.inbox, tasks: tasks)), ["inbox"])
        XCTAssertEqual(names(engine.build(.flagged, tasks: tasks)), ["flagged"])
        XCTAssertEqual(engine.build(.logbook, tasks: tasks).tasks.map(\.title), ["cancelled", "flagged done"])
        let areas = engine.build(.areas, tasks: tasks)
        XCTAssertEqual(areas.groups.map { $0.name! }, ["Home", "Work", "Work / Launch", "No Area", "No Area / P"])
        let tags = engine.build(.tags, tasks: tasks)
        XCTAssertEqual(tags.tagCounts, [TagCount(tag: "home", count: 1), TagCount(tag: "work", count: 1), TagCount(tag: "work/backend", count: 1)])
        // Filters combine with views; a tag matches its children.
        XCTAssertEqual(names(engine.build(.anytime, tasks: tasks, filter: TaskFilter(tags: ["work"]))), ["in project", "inbox"])
        XCTAssertEqual(names(engine.build(.all, tasks: tasks, filter: TaskFilter(area: "work"))), ["area+project", "in area"])
        XCTAssertEqual(names(engine.build(.all, tasks: tasks, filter: TaskFilter(statuses: [.done, .cancelled]))), ["cancelled", "flagged done"])
        XCTAssertEqual(names(engine.build(.logbook, tasks: tasks, filter: TaskFilter(tags: ["home"]))), ["cancelled"])
    }

    func testRetentionHidesOldCompletedTasks() {
        var old = make("old") { $0.status = .done; $0.completed = Timestamp.parse("2026-10-01T10:00:00Z") }
        let recent = make("recent") { $0.status = .done; $0.completed = Timestamp.parse("2026-11-20T10:00:00Z") }
        let engine = ViewEngine(clock: clock("2026-11-22T10:00"), retentionDays: 7)
        XCTAssertEqual(names(engine.build(.logbook, tasks: [old, recent])), ["recent"])
        old.status = .todo
        XCTAssertEqual(names(engine.build(.all, tasks: [old, recent])), ["old", "recent"])
    }

    func testManualOrderThenCreated() throws {
        let dir = TempDir()
        dir.write(".order.json", #"{"version": 1, "views": {"inbox": ["c.md", "Sub/a.md"]}, "extra": {"keep": true}}"#)
        let order = OrderFile.load(root: dir.path)
        XCTAssertNil(order.problem)
        var a = make("a"); a.path = "Sub/a.md"; a.created = Timestamp.parse("2026-01-01T00:00:00Z")
        var b = make("b"); b.created = Timestamp.parse("2026-01-02T00:00:00Z")
        var c = make("c"); c.created = Timestamp.parse("2026-01-03T00:00:00Z")
        var d = make("d"); d.created = Timestamp.parse("2026-01-01T12:00:00Z")
        let engine = ViewEngine(clock: clock("2026-11-22T10:00"), order: order)
        XCTAssertEqual(engine.build(.inbox, tasks: [a, b, c, d]).tasks.map(\.title), ["c", "a", "d", "b"])
    }
}
