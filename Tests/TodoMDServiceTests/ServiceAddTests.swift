import Foundation
import XCTest
import TodoMDCore
import TodoMDService

/// Adding through the service, the path every front end (CLI, HTTP API, MCP) takes.
final class ServiceAddTests: XCTestCase {
    /// Repeating tasks typed without a date start on their first occurrence, so the dated views
    /// show them (issue 12).
    func testRepeatsWithoutADateAppearInDatedViews() throws {
        let f = ServiceFixture(at: "2026-11-24T09:00")  // a Tuesday
        let s = f.service()
        let water = try s.add(TaskDraft(text: "water plants every 3 days")).task.task
        XCTAssertEqual(water.scheduled?.description, "2026-11-24")
        let rent = try s.add(TaskDraft(text: "pay rent every month on the 1st")).task.task
        XCTAssertEqual(rent.scheduled?.description, "2026-12-01")
        let due = try s.add(TaskDraft(text: "pay rent due every month on the 1st")).task.task
        XCTAssertEqual(due.due?.description, "2026-12-01")
        XCTAssertNil(due.scheduled)
        let standup = try s.add(TaskDraft(text: "standup every weekday")).task.task
        XCTAssertEqual(standup.scheduled?.description, "2026-11-24")
        let review = try s.add(TaskDraft(text: "review every 2 weeks on thursday")).task.task
        XCTAssertEqual(review.scheduled?.description, "2026-11-26")
        let meeting = try s.add(TaskDraft(text: "team meeting every monday at 10am")).task.task
        XCTAssertEqual(meeting.scheduled?.description, "2026-11-30T10:00")
        XCTAssertEqual(meeting.recurrence, "FREQ=WEEKLY;BYDAY=MO")

        let today = try s.view("today").taskKeys
        XCTAssertTrue(today.contains(water.key) && today.contains(standup.key), "\(today)")
        let upcoming = try s.view("upcoming").taskKeys
        for t in [rent, due, review, meeting] { XCTAssertTrue(upcoming.contains(t.key), "\(t.title) not in \(upcoming)") }
    }

    /// The API sends `recurrence` as a field: without a date it gets the same first occurrence.
    func testAnExplicitRecurrenceFieldGetsItsFirstOccurrence() throws {
        let f = ServiceFixture(at: "2026-11-24T09:00")
        let s = f.service()
        var n = NewTask(title: "Gym")
        n.recurrence = "every monday, wednesday and friday"
        let gym = try s.add(TaskDraft(n, quickEntry: false)).task.task
        XCTAssertEqual(gym.scheduled?.description, "2026-11-25")
        n = NewTask(title: "Backup")
        n.recurrence = "FREQ=MONTHLY;BYMONTHDAY=-1"
        XCTAssertEqual(try s.add(TaskDraft(n, quickEntry: false)).task.task.scheduled?.description, "2026-11-30")
        n = NewTask(title: "Backup")
        n.recurrence = "every friday"
        n.deferDate = "2026-12-01"
        let deferred = try s.add(TaskDraft(n, quickEntry: false)).task.task
        XCTAssertNil(deferred.scheduled, "a task with a date keeps the dates it was given")
    }

    /// A phrase that only looks like a repeat is a title, never an error.
    func testOrdinaryTitlesAreNeverAnError() throws {
        let s = ServiceFixture().service()
        for text in ["Read every day of the week", "Read every other book", "Book: 1984", "Email re: 3/4 budget",
                     "Call Monday Night Football guy", "Every man for himself"] {
            XCTAssertEqual(try s.add(TaskDraft(text: text)).task.task.title, text)
        }
    }

    /// `.todomd.json`'s `date_order` wins; without it the service's default (the locale's,
    /// for a command line) applies; without either, month/day.
    func testNumericDatesFollowTheSettingThenTheLocale() throws {
        let f = ServiceFixture(at: "2026-11-24T09:00")
        XCTAssertEqual(try f.service().add(TaskDraft(text: "Party 3/12")).task.task.due?.description, "2027-03-12")
        var o = try ServiceOptions.commandLine(vault: f.vault.path, noCache: true, longRunning: false,
                                               env: ["LANG": "en_GB.UTF-8", "TODOMD_NOW": "2026-11-24T09:00", "TZ": "UTC"])
        XCTAssertEqual(o.dateOrder, .dmy)
        XCTAssertEqual(try TodoService(o).add(TaskDraft(text: "Party 3/12")).task.task.due?.description, "2026-12-03")
        o.dateOrder = nil
        XCTAssertEqual(try TodoService(o).add(TaskDraft(text: "Party 3/12")).task.task.due?.description, "2027-03-12")
        f.vault.write(".todomd.json", #"{"date_order": "ymd"}"#)
        o.dateOrder = .dmy
        let s = TodoService(o)
        XCTAssertEqual(try s.add(TaskDraft(text: "Ship 2027/1/15")).task.task.due?.description, "2027-01-15")
        XCTAssertEqual(try s.add(TaskDraft(text: "Party 3/12")).task.task.due?.description, "2027-03-12")
        f.vault.write(".todomd.json", #"{"date_order": "dym"}"#)
        XCTAssertNotNil(TodoService(o).doctor().problems.first { $0.path == ".todomd.json" })
    }

    func testSomedayAndLabels() throws {
        let s = ServiceFixture().service()
        let t = try s.add(TaskDraft(text: "Learn piano someday @music")).task.task
        XCTAssertEqual(t.status, .someday)
        XCTAssertEqual(t.tags, ["music"])
        XCTAssertEqual(t.title, "Learn piano")
    }
}
