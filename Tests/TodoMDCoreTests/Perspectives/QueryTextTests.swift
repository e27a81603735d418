import Foundation
import XCTest
@testable import TodoMDCore

final class QueryTextTests: XCTestCase {
    func c(_ f: QueryField, _ op: QueryOp, _ v: JSONValue = .null) -> QueryNode { .condition(QueryCondition(f, op, v)) }

    /// The examples, and each form of term, as trees.
    func testExamplesParseToTrees() throws {
        XCTAssertEqual(try QueryText.parse("area:Work & (p1 | flagged) & !#waiting & due<+7d"), .and([
            c(.area, .equals, .string("Work")),
            .or([c(.priority, .equals, .string("high")), c(.flagged, .equals, .bool(true))]),
            .not(c(.tags, .contains, .string("waiting"))),
            c(.due, .before, .string("+7d")),
        ]))
        XCTAssertEqual(try QueryText.parse("overdue | (today & @Personal)"), .or([
            c(.overdue, .equals, .bool(true)),
            .and([.or([c(.due, .on, .string("today")), c(.scheduled, .on, .string("today"))]), c(.area, .equals, .string("Personal"))]),
        ]))
        let table: [(String, QueryNode)] = [
            ("status:todo,in-progress", c(.status, .equals, .array([.string("todo"), .string("in-progress")]))),
            ("priority>=medium", c(.priority, .atLeast, .string("medium"))),
            ("estimated_minutes<30", c(.estimate, .lessThan, .int(30))),
            ("due:none", c(.due, .empty)),
            ("defer:before_or_none:today", c(.deferDate, .beforeOrNone, .string("today"))),
            ("due:past", c(.due, .past)),
            ("created:last 7 days", c(.created, .on, .string("last 7 days"))),
            ("completed>=start of month", c(.completed, .onOrAfter, .string("start of month"))),
            ("area:Home Office", c(.area, .equals, .string("Home Office"))),
            ("area:\"A & B\"", c(.area, .equals, .string("A & B"))),
            ("\"buy milk\"", c(.text, .contains, .string("buy milk"))),
            ("text:milk", c(.text, .contains, .string("milk"))),
            ("extra.mood:great", c(.extra("mood"), .equals, .string("great"))),
            ("extra.mood!=bad", c(.extra("mood"), .notEquals, .string("bad"))),
            ("type:checkbox", c(.type, .equals, .string("checkbox"))),
            ("folder:Work/Clients", c(.folder, .equals, .string("Work/Clients"))),
            ("recurring", c(.recurrence, .present)),
            ("recurrence:none", c(.recurrence, .empty)),
            ("flagged:false", c(.flagged, .equals, .bool(false))),
            ("#work/*", c(.tags, .contains, .string("work/*"))),
            ("tags:none", c(.tags, .empty)),
            ("!!done", .not(.not(c(.status, .equals, .string("done"))))),
            ("all", .and([])),
            ("  P1  ", c(.priority, .equals, .string("high"))),
        ]
        for (text, tree) in table { XCTAssertEqual(try QueryText.parse(text), tree, text) }
    }

    /// A parse error says the column, and points at it.
    func testErrorsPointAtTheColumn() {
        let cases: [(String, Int, String)] = [
            ("area:Work & aera:x", 13, "unknown field \"aera\"; did you mean \"area\"?"),
            ("due<", 5, "expected a value for due"),
            ("(p1 | p2", 9, "expected ) to close the ( at column 1"),
            ("p1 )", 4, "a ) without its ("),
            ("p1 & & p2", 6, "expected a condition before &"),
            ("status:bogus", 8, "unknown status"),
            ("due:someday-ish", 5, "is not a date"),
            ("tags>3", 5, "tags does not take greater_than"),
            ("\"open", 6, "the quote is not closed"),
            ("lsit", 1, "unknown word \"lsit\""),
            ("", 1, "the query is empty"),
            ("area:a\"b", 9, "the quote is not closed"), ("area:a\"b\"", 7, "quote the whole value"),
        ]
        for (text, column, message) in cases {
            XCTAssertThrowsError(try QueryText.parse(text), text) { e in
                guard let e = e as? QueryTextError else { return XCTFail("\(e)") }
                XCTAssertEqual(e.column, column, "\(text): \(e)")
                XCTAssertTrue(e.message.contains(message), "\(text): \(e.message)")
                XCTAssertTrue(e.description.hasSuffix(String(repeating: " ", count: column + 1) + "^"), e.description)
            }
        }
    }

    /// Parentheses nest, but not without bound (a crafted query must not exhaust the stack).
    func testDeepNestingIsRefused() {
        XCTAssertNoThrow(try QueryText.parse(String(repeating: "(", count: 30) + "p1" + String(repeating: ")", count: 30)))
        XCTAssertNoThrow(try QueryText.parse(String(repeating: "!", count: 64) + "p1"))
        XCTAssertThrowsError(try QueryText.parse(String(repeating: "(", count: 5000) + "p1" + String(repeating: ")", count: 5000)))
        XCTAssertThrowsError(try QueryText.parse(String(repeating: "!", count: 100_000) + "p1"))
    }

    /// parse → print → parse gives the same tree, for random trees printed and read back; and
    /// printing keeps the meaning of any tree (lists of one, JSON booleans and numbers too).
    func testRoundTrip() throws {
        var r = SeededGenerator(seed: 7)
        let clock = Clock(now: Timestamp.parse("2026-11-24T10:00", zone: TimeZone(identifier: "UTC")!)!, timeZone: TimeZone(identifier: "UTC")!)
        let sample = QueryTextTests.sampleTasks()
        for i in 0..<3000 {
            let tree = QueryFuzz.tree(&r)
            let text = QueryText.print(tree)
            let parsed: QueryNode
            do { parsed = try QueryText.parse(text) } catch { return XCTFail("#\(i) \(tree)\n\(text)\n\(error)") }
            XCTAssertEqual(QueryText.print(parsed), text, "#\(i)")
            XCTAssertEqual(try QueryText.parse(QueryText.print(parsed)), parsed, "#\(i) \(text)")
            let context = QueryContext(clock: clock)
            let a = try QueryEvaluator.compile(tree, context: context, as: TodoTask.self)
            let b = try QueryEvaluator.compile(parsed, context: context, as: TodoTask.self)
            XCTAssertEqual(sample.map(a), sample.map(b), "#\(i) \(text)")
        }
    }

    static func sampleTasks() -> [TodoTask] {
        var r = SeededGenerator(seed: 3)
        return (0..<60).map { i in
            var t = TodoTask(path: r.pick(["", "Work/", "Projects/", "work/sub/"]) + "t\(i).md", title: r.pick(["Buy milk", "Report", "Call budget café", "deploy"]))
            t.status = r.pick(TaskStatus.allCases)
            let day = LocalDate(year: 2026, month: 11, day: 24)!
            if r.chance(0.5) { t.due = LocalDateTime(date: day.adding(days: r.int(30) - 15), time: r.chance(0.2) ? LocalTime(hour: 9, minute: 0) : nil) }
            if r.chance(0.3) { t.deferDate = LocalDateTime(date: day.adding(days: r.int(20) - 10)) }
            if r.chance(0.3) { t.scheduled = LocalDateTime(date: day.adding(days: r.int(20) - 10)) }
            t.priority = r.pick(Priority.allCases)
            t.flagged = r.chance(0.3)
            if r.chance(0.5) { t.area = r.pick(["Work", "work", "Home", "Health"]) }
            if r.chance(0.4) { t.project = r.pick(["Launch", "Garden"]) }
            t.tags = (0..<r.int(3)).map { _ in r.pick(["work", "work/backend", "Work/Frontend", "phone", "waiting", "home"]) }
            if r.chance(0.3) { t.estimatedMinutes = r.pick([5, 15, 30, 90]) }
            if r.chance(0.2) { t.recurrence = "FREQ=DAILY" }
            if r.chance(0.4) { t.extra = [("mood", .string(r.pick(["great", "ok"]))), ("effort", .int(r.pick([2, 10])))] }
            t.created = Date(timeIntervalSince1970: 1_790_000_000 + Double(r.int(5_000_000)))
            if t.status.isClosed { t.completed = t.created?.addingTimeInterval(86_400) }
            if r.chance(0.3) { t.line = r.int(20) }
            return t
        }
    }
}
