import XCTest
@testable import TodoMDCore

/// A new repeating task starts on its rule's first occurrence when no date was given, whatever
/// front end created it (quick entry, an explicit `recurrence` field from the API).
final class RepeatStartTests: XCTestCase {
    private func first(_ rule: String, _ nowKey: String, time: String? = nil) throws -> String? {
        let (today, now) = FixedNow.get(nowKey)
        let t = time.map { s -> LocalTime in
            let p = s.split(separator: ":").compactMap { Int($0) }
            return LocalTime(hour: p[0], minute: p[1])!
        }
        return try RecurrencePlanner.parse(rule).rule.firstOccurrence(today: today, now: now, time: t)?.description
    }

    func testFirstOccurrenceIsOnOrAfterToday() throws {
        XCTAssertEqual(try first("every day", "thu"), "2026-11-26")
        XCTAssertEqual(try first("every monday", "mon"), "2026-11-23", "today counts")
        XCTAssertEqual(try first("every monday", "sun"), "2026-11-30")
        XCTAssertEqual(try first("every month on the 31st", "thu"), "2026-12-31", "months without a 31st are skipped")
        XCTAssertEqual(try first("every month on the last day", "oct31"), "2026-10-31")
        XCTAssertEqual(try first("every year on february 29", "thu"), "2028-02-29")
        XCTAssertEqual(try first("every weekday", "dec31-late"), "2026-12-31")
        XCTAssertEqual(try first("FREQ=WEEKLY;BYDAY=FR", "thu"), "2026-11-27")
    }

    func testATimeAlreadyPastTodayIsSkipped() throws {
        XCTAssertEqual(try first("every day", "thu", time: "09:00"), "2026-11-27T09:00")
        XCTAssertEqual(try first("every day", "thu", time: "10:00"), "2026-11-26T10:00", "now counts")
        XCTAssertEqual(try first("every monday", "mon-early", time: "10:00"), "2026-11-23T10:00")
        XCTAssertEqual(try first("every monday", "mon", time: "09:59"), "2026-11-30T09:59")
        XCTAssertEqual(try first("every day", "dec31-late", time: "23:00"), "2027-01-01T23:00")
    }

    func testARuleWithItsOwnStartOrAnEndIsRespected() throws {
        XCTAssertEqual(try first("DTSTART:20261101;FREQ=DAILY;INTERVAL=10", "thu"), "2026-12-01")
        XCTAssertNil(try first("FREQ=DAILY;UNTIL=20261001", "thu"), "ended before today")
        XCTAssertEqual(try first("FREQ=DAILY;COUNT=3", "thu"), "2026-11-26")
    }

    /// The API's path: an explicit `recurrence` without a date gets `scheduled`.
    func testAnExplicitRuleWithoutADateIsScheduledOnItsFirstOccurrence() throws {
        let c = clock("2026-11-24T12:00")  // a Tuesday
        var n = NewTask(title: "Standup")
        n.recurrence = "every thursday"
        XCTAssertEqual(try n.make(clock: c, settings: VaultSettings()).scheduled?.description, "2026-11-26")
        n.recurrence = "FREQ=MONTHLY;BYMONTHDAY=1"
        XCTAssertEqual(try n.make(clock: c, settings: VaultSettings()).scheduled?.description, "2026-12-01")
        n.due = "friday"
        let dated = try n.make(clock: c, settings: VaultSettings())
        XCTAssertEqual(dated.due?.description, "2026-11-27")
        XCTAssertNil(dated.scheduled, "a given date is kept as it is")
    }

    /// Explicit options beside quick-entry text replace the date the text's repeat would start on.
    func testExplicitOptionsReplaceTheRepeatsStartDate() throws {
        let c = clock("2026-11-24T12:00")
        var n = NewTask(title: "")
        n.due = "friday"
        n.applyQuickEntry("Team meeting every monday at 10am", clock: c, bareDateField: .due)
        var t = try n.make(clock: c, settings: VaultSettings())
        XCTAssertEqual(t.due?.description, "2026-11-27")
        XCTAssertNil(t.scheduled)
        XCTAssertEqual(t.recurrence, "FREQ=WEEKLY;BYDAY=MO")

        n = NewTask(title: "")
        n.recurrence = "every friday"
        n.applyQuickEntry("Team meeting every monday", clock: c, bareDateField: .due)
        t = try n.make(clock: c, settings: VaultSettings())
        XCTAssertEqual(t.scheduled?.description, "2026-11-27", "the explicit rule dates the task")
        XCTAssertEqual(t.title, "Team meeting")

        n = NewTask(title: "")
        n.applyQuickEntry("Team meeting every monday at 10am", clock: c, bareDateField: .due)
        XCTAssertEqual(n.understood, ["scheduled Mon 30 Nov 10:00", "every monday"])
    }

    /// `someday` sets the status unless one was given.
    func testSomedaySetsTheStatus() throws {
        let c = clock("2026-11-24T12:00")
        var n = NewTask(title: "")
        n.applyQuickEntry("Learn piano someday", clock: c, bareDateField: .due)
        XCTAssertEqual(try n.make(clock: c, settings: VaultSettings()).status, .someday)
        XCTAssertEqual(n.understood, ["someday"])
        n = NewTask(title: "")
        n.status = "todo"
        n.applyQuickEntry("Learn piano someday", clock: c, bareDateField: .due)
        XCTAssertEqual(try n.make(clock: c, settings: VaultSettings()).status, .todo)
    }

    /// The date order reaches quick entry through `applyQuickEntry`.
    func testDateOrderReachesQuickEntry() {
        let c = clock("2026-11-24T12:00")
        var n = NewTask(title: "")
        n.applyQuickEntry("Party 3/12", clock: c, bareDateField: .due, dateOrder: .dmy)
        XCTAssertEqual(n.due, "2026-12-03")
        n = NewTask(title: "")
        n.applyQuickEntry("Party 3/12", clock: c, bareDateField: .due)
        XCTAssertEqual(n.due, "2027-03-12")
    }
}
