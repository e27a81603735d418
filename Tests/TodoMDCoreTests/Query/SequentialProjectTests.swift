import Foundation
import XCTest
@testable import TodoMDCore

/// Sequential projects (issue 21 item 4): only a project's first open task, in its manual order,
/// can be available; the others wait, out of Today, Upcoming and Anytime, as blocked tasks are.
final class SequentialProjectTests: XCTestCase {
    typealias F = SequenceFixture

    struct Case {
        var name: String
        var tasks: [TodoTask]
        var sequential: [String] = ["Move house"]
        var order: [String: [String]] = [:]
        var available: [String]
        var waiting: [String]
    }

    static let cases: [Case] = [
        Case(name: "only the first open task is available",
             tasks: [F.task("a", project: "Move house", n: 1), F.task("b", project: "Move house", n: 2), F.task("c", project: "Move house", n: 3)],
             available: ["a"], waiting: ["b", "c"]),
        Case(name: "completing the first makes the second available",
             tasks: [F.task("a", project: "Move house", .done, n: 1), F.task("b", project: "Move house", n: 2), F.task("c", project: "Move house", n: 3)],
             available: ["b"], waiting: ["c"]),
        Case(name: "in-progress is open; someday and cancelled tasks are not in the sequence",
             tasks: [F.task("a", project: "Move house", .someday, n: 1), F.task("b", project: "Move house", .cancelled, n: 2),
                     F.task("c", project: "Move house", .inProgress, n: 3), F.task("d", project: "Move house", n: 4)],
             available: ["c"], waiting: ["d"]),
        Case(name: "a deferred first task makes nothing in the project available",
             tasks: [F.task("a", project: "Move house", n: 1, defer: "2026-12-01"), F.task("b", project: "Move house", n: 2)],
             available: [], waiting: ["b"]),
        Case(name: "a first task deferred until now counts as available",
             tasks: [F.task("a", project: "Move house", n: 1, defer: "2026-11-24"), F.task("b", project: "Move house", n: 2)],
             available: ["a"], waiting: ["b"]),
        Case(name: "the manual order of .order.json decides which task is first",
             tasks: [F.task("a", project: "Move house", n: 1), F.task("b", project: "Move house", n: 2), F.task("c", project: "Move house", n: 3)],
             order: ["project:Move house": ["c.md", "a.md"]], available: ["c"], waiting: ["a", "b"]),
        Case(name: "another view's order does not",
             tasks: [F.task("a", project: "Move house", n: 1), F.task("b", project: "Move house", n: 2)],
             order: ["anytime": ["b.md"]], available: ["a"], waiting: ["b"]),
        Case(name: "the settings key is matched case-insensitively",
             tasks: [F.task("a", project: "Move house", n: 1), F.task("b", project: "Move house", n: 2)],
             sequential: ["move HOUSE"], available: ["a"], waiting: ["b"]),
        Case(name: "a blocked first task holds the project, as a deferred one does",
             tasks: [F.task("x", n: 0), F.task("a", project: "Move house", n: 1, blockedBy: ["x"]), F.task("b", project: "Move house", n: 2)],
             available: ["x"], waiting: ["b"]),
        Case(name: "the first done, a blocked second task holds the rest",
             tasks: [F.task("x", n: 0), F.task("a", project: "Move house", .done, n: 1), F.task("b", project: "Move house", n: 2, blockedBy: ["x"]),
                     F.task("c", project: "Move house", n: 3)],
             available: ["x"], waiting: ["c"]),
        Case(name: "parallel stays the default, beside a sequential project",
             tasks: [F.task("a", project: "Move house", n: 1), F.task("b", project: "Move house", n: 2),
                     F.task("g1", project: "Garden", n: 3), F.task("g2", project: "Garden", n: 4)],
             available: ["a", "g1", "g2"], waiting: ["b"]),
        Case(name: "no sequential project: nothing waits",
             tasks: [F.task("a", project: "Move house", n: 1), F.task("b", project: "Move house", n: 2)],
             sequential: [], available: ["a", "b"], waiting: []),
        Case(name: "a project name differing in case is another project (as in the project view)",
             tasks: [F.task("a", project: "Move house", n: 1), F.task("b", project: "move house", n: 2)],
             available: ["a", "b"], waiting: []),
    ]

    func testTable() throws {
        let waitingQuery = Perspective(id: "w", name: "w", filter: try QueryText.parse("waiting"))
        for c in Self.cases {
            let order = F.order(c.order)
            let engine = ViewEngine(clock: F.clock, order: order)
            let deps = F.dependencies(c.tasks, F.settings(sequential: c.sequential), order)
            XCTAssertEqual(engine.build(.anytime, tasks: c.tasks, dependencies: deps).tasks.map(\.title).sorted(), c.available, c.name)
            XCTAssertEqual(try engine.run(waitingQuery, tasks: c.tasks, dependencies: deps).flatMap(\.tasks).map(\.title).sorted(), c.waiting, c.name)
        }
    }

    /// A waiting task due today or tomorrow is in neither Today nor Upcoming; `!waiting` and
    /// `available` tell them apart from blocked ones.
    func testWaitingTasksLeaveTodayAndUpcoming() throws {
        let tasks = [F.task("a", project: "Move house", n: 1), F.task("b", project: "Move house", n: 2, due: "2026-11-24"),
                     F.task("c", project: "Move house", n: 3, due: "2026-11-25"), F.task("d", n: 4, due: "2026-11-24")]
        let engine = ViewEngine(clock: F.clock)
        let deps = F.dependencies(tasks, F.settings(sequential: ["Move house"]), OrderFile())
        XCTAssertEqual(engine.build(.today, tasks: tasks, dependencies: deps).tasks.map(\.title), ["d"])
        XCTAssertEqual(engine.build(.upcoming, tasks: tasks, dependencies: deps).tasks.map(\.title), [])
        let open = Perspective(id: "o", name: "o", filter: try QueryText.parse("project:Move house & !waiting & !blocked"))
        XCTAssertEqual(try engine.run(open, tasks: tasks, dependencies: deps).flatMap(\.tasks).map(\.title), ["a"])
        XCTAssertEqual(try engine.count(BuiltInPerspectives.named("anytime")!, tasks: tasks, dependencies: deps), 2)
        XCTAssertEqual(deps.sequence.waitingFor["b.md"], "a.md")
    }

    /// `waiting` is a field and a keyword, printed and parsed back.
    func testWaitingInTheTextSyntaxAndFileFormat() throws {
        XCTAssertEqual(try QueryText.parse("waiting"), .condition(QueryCondition(.waiting, .equals, .bool(true))))
        XCTAssertEqual(QueryText.print(try QueryText.parse("!waiting & @Home")), "!waiting & @Home")
        XCTAssertEqual(QueryField(name: "Waiting"), .waiting)
        XCTAssertNil(QueryEvaluator.problem(in: try QueryText.parse("waiting:false")))
        XCTAssertNotNil(QueryEvaluator.problem(in: .condition(QueryCondition(.waiting, .before, .string("today")))))
    }

    /// `.todomd.json` `projects`: read, matched case-insensitively, bad values reported.
    func testSettings() {
        let dir = TempDir()
        dir.write(".todomd.json", #"{"projects": {"Move house": {"sequential": true}, "Garden": {"sequential": false, "review_interval_days": 7}}}"#)
        let (s, problem) = VaultSettings.load(root: dir.path)
        XCTAssertNil(problem)
        XCTAssertEqual(s.projects["Move house"], ProjectSettings(sequential: true))
        XCTAssertTrue(s.isSequential("MOVE HOUSE"))
        XCTAssertFalse(s.isSequential("Garden"))
        XCTAssertFalse(s.isSequential("Elsewhere"))
        XCTAssertTrue(s.hasSequentialProjects)

        dir.write(".todomd.json", #"{"projects": {"Move house": {"sequential": "yes"}, "Trip": true, "Ok": {"sequential": true}}}"#)
        let (bad, p2) = VaultSettings.load(root: dir.path)
        XCTAssertEqual(p2, #".todomd.json: projects: "Move house": sequential must be true or false; projects: "Trip" must be an object ({"sequential": true})"#)
        XCTAssertTrue(bad.isSequential("ok"))
        XCTAssertFalse(bad.isSequential("Move house"))

        dir.write(".todomd.json", #"{"projects": ["Move house"]}"#)
        XCTAssertEqual(VaultSettings.load(root: dir.path).problem,
                       #".todomd.json: projects must map project names to settings ({"Move house": {"sequential": true}})"#)
        dir.write(".todomd.json", #"{}"#)
        XCTAssertFalse(VaultSettings.load(root: dir.path).0.hasSequentialProjects)
    }
}
