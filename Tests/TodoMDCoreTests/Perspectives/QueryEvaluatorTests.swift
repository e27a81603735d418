import Foundation
import XCTest
@testable import TodoMDCore

final class QueryEvaluatorTests: XCTestCase {
    let utc = TimeZone(identifier: "UTC")!

    func clock(_ s: String, _ zone: TimeZone? = nil) -> Clock {
        let z = zone ?? utc
        return Clock(now: Timestamp.parse(s, zone: z)!, timeZone: z)
    }

    func matches(_ query: String, _ t: TodoTask, at c: Clock? = nil, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        do {
            let p = try QueryEvaluator.compile(try QueryText.parse(query), context: QueryContext(clock: c ?? clock("2026-11-24T10:00")), as: TodoTask.self)
            return p(t)
        } catch {
            XCTFail("\(query): \(error)", file: file, line: line)
            return false
        }
    }

    func makeTask(_ edit: (inout TodoTask) -> Void) -> TodoTask {
        var t = TodoTask(path: "Work/Clients/report.md", title: "Write the report")
        edit(&t)
        return t
    }

    /// One row per rule: the query, the task, whether it matches.
    func testFieldsAndOperators() {
        let t = makeTask {
            $0.area = "Work"; $0.project = "Launch"; $0.tags = ["work/backend", "phone"]; $0.priority = .medium
            $0.due = ldt("2026-11-24T09:00"); $0.deferDate = ldt("2026-11-20"); $0.estimatedMinutes = 20; $0.source = "cli"
            $0.extra = [("mood", .string("Great")), ("effort", .int(3)), ("review", .string("2026-12-01"))]
            $0.created = Timestamp.parse("2026-11-20T08:00", zone: TimeZone(identifier: "UTC")!)
        }
        let rows: [(String, Bool)] = [
            ("area:work", true), ("area:Home", false), ("area:Work,Home", true), ("!area:Work", false), ("area:none", false), ("area:any", true),
            ("area:contains:wor", true), ("project:launch", true), ("project:none", false), ("source:CLI", true), ("title:contains:REPORT", true),
            ("#work", true), ("#work/*", true), ("#Work/Backend", true), ("#work/back*", true), ("#*/backend", true), ("#home", false),
            ("tags:in:home,phone", true), ("tags:not_contains:home", true), ("tags:not_contains:phone", false), ("tags:none", false),
            ("p2", true), ("p1", false), ("priority>=low", true), ("priority>medium", false), ("priority<=medium", true), ("priority!=medium", false),
            ("status:todo", true), ("status:done,cancelled", false), ("todo", true), ("!done", true),
            ("overdue", true), ("available", true), ("flagged", false), ("flagged:false", true),
            ("due:today", true), ("due<today", false), ("due<=today", true), ("due>yesterday", true), ("due:past", true), ("due:none", false),
            ("due:this week", true), ("due:next week", false), ("due>=start of month", true), ("due<=end of month", true),
            ("defer:before_or_none:today", true), ("defer:before_or_none:2026-11-19", false), ("defer<today", true), ("scheduled:none", true),
            ("scheduled:before_or_none:today", true), ("scheduled<today", false),
            ("estimated_minutes<30", true), ("estimated_minutes>=30", false), ("estimated_minutes:none", false),
            ("created:last 7 days", true), ("created:last 3 days", false), ("created:this month", true), ("completed:any", false),
            ("folder:Work", true), ("folder:work/clients", true), ("folder:Clients", false), ("type:task", true), ("type:checkbox", false),
            ("type:todo", true), ("type:book", false), ("recurring", false), ("recurrence:none", true),
            ("extra.mood:great", true), ("extra.mood!=great", false), ("extra.mood:contains:rea", true), ("extra.effort>2", true),
            ("extra.effort<=2", false), ("extra.review<2026-12-02", true), ("extra.review:after:today", true), ("extra.nope:none", true),
            ("\"write rep\"", true), ("\"report budget\"", false), ("all", true), ("!all", false),
        ]
        for (q, want) in rows { XCTAssertEqual(matches(q, t), want, q) }
    }

    /// `past` and `overdue` look at the time: due today at 09:00 is overdue at 10:00, not at 08:00;
    /// `available` honours a defer time.
    func testTimesOfDay() {
        let t = makeTask { $0.due = ldt("2026-11-24T09:00"); $0.deferDate = ldt("2026-11-24T09:30") }
        XCTAssertTrue(matches("overdue", t, at: clock("2026-11-24T10:00")))
        XCTAssertFalse(matches("overdue", t, at: clock("2026-11-24T08:00")))
        XCTAssertTrue(matches("available", t, at: clock("2026-11-24T09:30")))
        XCTAssertFalse(matches("available", t, at: clock("2026-11-24T09:29")))
        let dateOnly = makeTask { $0.due = ldt("2026-11-24") }
        XCTAssertFalse(matches("overdue", dateOnly, at: clock("2026-11-24T23:59")))
        XCTAssertTrue(matches("overdue", dateOnly, at: clock("2026-11-25T00:00")))
        XCTAssertFalse(matches("overdue", makeTask { $0.due = ldt("2026-11-01"); $0.status = .done }))
    }

    /// Relative values at month and year ends, in three zones: the day is the zone's, and
    /// periods end on the right day (leap years included).
    func testRelativeDatesAtMonthAndYearEnds() {
        let zones = ["Pacific/Auckland", "America/Los_Angeles", "Asia/Kolkata"].map { TimeZone(identifier: $0)! }
        for zone in zones {
            // 23:30 on the last day of the year, local time: still that day in that zone.
            let c = clock("2026-12-31T23:30", zone)
            XCTAssertEqual(c.today, date("2026-12-31"), zone.identifier)
            let r = { (s: String) in QueryDateValue.resolve(s, today: c.today)! }
            XCTAssertEqual(r("tomorrow"), DateRange(day: date("2027-01-01")))
            XCTAssertEqual(r("next month"), DateRange(date("2027-01-01"), date("2027-01-31")))
            XCTAssertEqual(r("this year"), DateRange(date("2026-01-01"), date("2026-12-31")))
            XCTAssertEqual(r("next year"), DateRange(date("2027-01-01"), date("2027-12-31")))
            XCTAssertEqual(r("end of month"), DateRange(day: date("2026-12-31")))
            XCTAssertEqual(r("+1m"), DateRange(day: date("2027-01-31")))
            XCTAssertEqual(r("this week"), DateRange(date("2026-12-28"), date("2027-01-03")))
            XCTAssertEqual(r("last 7 days"), DateRange(date("2026-12-25"), date("2026-12-31")))
            let newYear = makeTask { $0.due = ldt("2027-01-01") }
            XCTAssertTrue(matches("due:tomorrow", newYear, at: c), zone.identifier)
            XCTAssertTrue(matches("due:next month & due:this week & due>today", newYear, at: c), zone.identifier)
            XCTAssertFalse(matches("due:this month | due:this year", newYear, at: c), zone.identifier)
            // A timestamp is read in the zone: 2027-01-01T10:00Z is still Dec 31 in Los Angeles.
            let created = makeTask { $0.created = Timestamp.parse("2027-01-01T05:00", zone: TimeZone(identifier: "UTC")!) }
            let localDay = LocalDate(created.created!, in: zone)
            XCTAssertEqual(matches("created:today", created, at: c), localDay == c.today, zone.identifier)

            // Leap February, and a 31st rolling to a short month.
            let feb = clock("2028-02-29T12:00", zone)
            XCTAssertEqual(QueryDateValue.resolve("end of month", today: feb.today), DateRange(day: date("2028-02-29")))
            XCTAssertEqual(QueryDateValue.resolve("last month", today: feb.today), DateRange(date("2028-01-01"), date("2028-01-31")))
            XCTAssertEqual(QueryDateValue.resolve("+1y", today: feb.today), DateRange(day: date("2029-02-28")))
            let jan31 = clock("2027-01-31T08:00", zone)
            XCTAssertEqual(QueryDateValue.resolve("next month", today: jan31.today), DateRange(date("2027-02-01"), date("2027-02-28")))
            XCTAssertEqual(QueryDateValue.resolve("start of year", today: jan31.today), DateRange(day: date("2027-01-01")))
        }
    }

    /// Values the evaluator cannot use are problems with a path, not crashes.
    func testProblemsNameTheirPlace() {
        let bad = QueryNode.and([.condition(QueryCondition(.due, .on, .string("today"))), .condition(QueryCondition(.status, .equals, .string("nope")))])
        XCTAssertEqual(QueryEvaluator.problem(in: bad)?.path, "filter.conditions[1].value")
        let op = QueryNode.condition(QueryCondition(.flagged, .before, .string("today")))
        XCTAssertEqual(QueryEvaluator.problem(in: op)?.path, "filter.op")
        XCTAssertNil(QueryEvaluator.problem(in: .or([])))
    }

    /// Typed items answer the same conditions (saved views list them).
    func testItemsAreSubjectsToo() throws {
        var book = ListItem(path: "Books/dune.md", type: "book", title: "Dune")
        book.fields = [("author", .string("Frank Herbert")), ("rating", .int(5)), ("status", .string("done")), ("due", .string("2026-11-20"))]
        book.tags = ["scifi"]
        let context = QueryContext(clock: clock("2026-11-24T10:00"))
        for (q, want) in [("type:book", true), ("type:todo", false), ("extra.rating>=4", true), ("done", true), ("#scifi", true),
                          ("due<today", true), ("folder:Books", true), ("extra.author:contains:herbert", true), ("available", false)] {
            XCTAssertEqual(try QueryEvaluator.compile(try QueryText.parse(q), context: context, as: ListItem.self)(book), want, q)
        }
    }
}
