import Foundation
import XCTest
@testable import TodoMDCore

final class BuiltInPerspectivesTests: XCTestCase {
    /// Each built-in view's definition, printed in the file format, reads back as the same
    /// perspective: a user can copy it into `.perspectives.json` and change it.
    func testDefinitionsRoundTripThroughTheFileFormat() throws {
        for p in BuiltInPerspectives.all {
            let text = JSONText.pretty(PerspectiveJSON.json(p))
            var back = try PerspectiveJSON.perspective(try JSONText.parse(Array(text.utf8)), path: p.id)
            back.raw = []
            XCTAssertEqual(back, p, text)
            XCTAssertNil(p.filter.flatMap { QueryEvaluator.problem(in: $0) }, p.id)
            if let f = p.filter { XCTAssertEqual(try QueryText.parse(QueryText.print(f)), f.normalized, p.id) }
        }
        XCTAssertEqual(BuiltInPerspectives.all.map(\.id), ["inbox", "today", "upcoming", "anytime", "someday", "flagged", "logbook", "all"])
    }

    /// A copy of Today in `.perspectives.json` shows exactly what Today shows.
    func testACopyOfTodayShowsWhatTodayShows() throws {
        let clock = Clock(now: Timestamp.parse("2026-11-24T10:00", zone: TimeZone(identifier: "UTC")!)!, timeZone: TimeZone(identifier: "UTC")!)
        let engine = ViewEngine(clock: clock)
        let tasks = QueryTextTests.sampleTasks()
        var copy = try PerspectiveJSON.perspective(try JSONText.parse(Array(JSONText.pretty(PerspectiveJSON.json(BuiltInPerspectives.named("today")!)).utf8)), path: "")
        copy.id = "my-today"
        let mine = try engine.run(copy, tasks: tasks)
        let today = engine.build(.today, tasks: tasks)
        XCTAssertEqual(mine.map(\.name), today.groups.map(\.name))
        XCTAssertEqual(mine.map { $0.tasks.map(\.key) }, today.groups.map { $0.tasks.map(\.key) })
        XCTAssertFalse(today.tasks.isEmpty)
    }

    /// Sorting and grouping: several keys, each direction, missing values last unless asked.
    func testSortAndGroup() throws {
        let engine = ViewEngine(clock: Clock(now: Timestamp.parse("2026-11-24T10:00", zone: TimeZone(identifier: "UTC")!)!, timeZone: TimeZone(identifier: "UTC")!))
        func t(_ title: String, _ edit: (inout TodoTask) -> Void) -> TodoTask {
            var x = TodoTask(path: title + ".md", title: title)
            edit(&x)
            return x
        }
        let tasks = [
            t("a") { $0.priority = .low; $0.due = ldt("2026-11-30"); $0.tags = ["x", "y"]; $0.area = "Work" },
            t("b") { $0.priority = .high; $0.tags = ["y"] },
            t("c") { $0.priority = .high; $0.due = ldt("2026-11-25"); $0.area = "home" },
            t("d") { $0.priority = .none; $0.due = ldt("2026-11-25T08:00"); $0.area = "Home" },
        ]
        func run(_ sort: String, _ group: Perspective.GroupBy = .none) throws -> [[String]] {
            try engine.run(Perspective(id: "p", name: "P", sort: try PerspectiveJSON.sortKeys(text: sort), groupBy: group), tasks: tasks)
                .map { $0.tasks.map(\.title) }
        }
        XCTAssertEqual(try run("priority:desc,due"), [["c", "b", "a", "d"]])
        XCTAssertEqual(try run("due"), [["c", "d", "a", "b"]], "no due date last")
        XCTAssertEqual(try run("-due"), [["a", "d", "c", "b"]])
        XCTAssertEqual(try PerspectiveJSON.sortKeys(.object([("field", .string("due")), ("missing", .string("first"))]), path: "")
                        .first?.missingFirst, true)
        XCTAssertEqual(try run("title", .tag), [["a"], ["a", "b"], ["c", "d"]], "by tag: in each tag's group, untagged last")
        let areas = try engine.run(Perspective(id: "p", name: "P", sort: [Perspective.SortKey(.title)], groupBy: .area), tasks: tasks)
        XCTAssertEqual(areas.map(\.name), ["home", "Work", "No Area"], "Home and home are one area")
        XCTAssertEqual(areas.map { $0.tasks.map(\.title) }, [["c", "d"], ["a"], ["b"]])
        let byPriority = try engine.run(Perspective(id: "p", name: "P", groupBy: .priority), tasks: tasks)
        XCTAssertEqual(byPriority.map(\.name), ["High", "Low", "No Priority"])
        let byDue = try engine.run(Perspective(id: "p", name: "P", groupBy: .due), tasks: tasks)
        XCTAssertEqual(byDue.map(\.name), ["2026-11-25", "2026-11-30", "No Due Date"])
        XCTAssertEqual(byDue.first?.date, date("2026-11-25"))
    }
}
