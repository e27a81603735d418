import Foundation
import TodoMDCore
import XCTest

/// One dependency model for every spelling (issue 19 B.4): `blocked_by` file names, TaskNotes'
/// `blockedBy` wiki links and `{uid}` entries, checkbox ⛔ ids; blocked while a blocker is open.
final class TaskDependenciesTests: XCTestCase {
    private func file(_ path: String, _ status: TaskStatus = .todo, _ extra: [(String, JSONValue)] = []) -> TodoTask {
        var t = TodoTask(path: path, title: path)
        t.status = status
        t.extra = extra
        return t
    }

    private func line(_ path: String, _ n: Int, _ status: TaskStatus = .todo, id: String? = nil, dependsOn: [String] = []) -> TodoTask {
        var t = TodoTask(path: path, title: "\(path):\(n)")
        t.line = n
        t.status = status
        if let id { t.extra.append(("task_id", .string(id))) }
        if !dependsOn.isEmpty { t.extra.append(("depends_on", .array(dependsOn.map(JSONValue.string)))) }
        return t
    }

    func testEverySpellingBlocksWhileItsBlockerIsOpen() {
        let tasks = [
            file("book flights.md"),
            file("Trip/pack bags.md", .todo, [("blocked_by", .array([.string("book flights.md")]))]),
            file("Trip/renew passport.md", .done),
            file("Trip/visa.md", .todo, [("blockedBy", .array([.object([("uid", .string("[[renew passport|Passport]]")), ("reltype", .string("FINISHTOSTART"))])]))]),
            file("TaskNotes/Tasks/Write draft.md", .todo, [("blockedBy", .array([.string("[[Trip/pack bags]]"), .string("[[missing task]]")]))]),
            file("a.md", .todo, [("blocked_by", .string("b.md"))]),
            file("b.md", .todo, [("blocked_by", .string("a.md"))]),
            line("notes/plan.md", 3, id: "abc123"),
            line("notes/plan.md", 4, dependsOn: ["abc123, zzz"]),
            line("notes/plan.md", 5, .done, id: "done1"),
            line("notes/plan.md", 6, dependsOn: ["done1"]),
            file("closed.md", .done, [("blocked_by", .string("book flights.md"))]),
        ]
        let d = TaskDependencies(tasks)
        XCTAssertEqual(d.blockedBy["Trip/pack bags.md"], ["book flights.md"])
        XCTAssertNil(d.blockedBy["Trip/visa.md"], "its blocker is done")
        XCTAssertEqual(d.blockedBy["TaskNotes/Tasks/Write draft.md"], ["Trip/pack bags.md"], "a missing target blocks nothing")
        XCTAssertEqual(d.blockedBy["a.md"], ["b.md"])
        XCTAssertEqual(d.blockedBy["b.md"], ["a.md"], "a cycle: both blocked, no loop")
        XCTAssertEqual(d.blockedBy["notes/plan.md:5"], ["notes/plan.md:4"], "keys count lines from 1")
        XCTAssertNil(d.blockedBy["notes/plan.md:7"])
        XCTAssertNil(d.blockedBy["closed.md"], "a closed task is not blocked")
        XCTAssertEqual(Set(d.blocking["book flights.md"] ?? []), ["Trip/pack bags.md"])
        XCTAssertTrue(d.isBlocking("notes/plan.md:4"))
        XCTAssertFalse(d.isBlocking("Trip/renew passport.md"))
    }

    func testViewsLeaveBlockedTasksOutOfAvailableAndQueriesSeeThem() throws {
        let tasks = [file("first.md"), file("second.md", .todo, [("blocked_by", .array([.string("[[first]]")]))])]
        let engine = ViewEngine(clock: Clock(now: Date(timeIntervalSince1970: 1_795_000_000), timeZone: TimeZone(identifier: "UTC")!))
        let deps = TaskDependencies(tasks)
        XCTAssertEqual(engine.build(.anytime, tasks: tasks, dependencies: deps).tasks.map(\.path), ["first.md"])
        let blocked = Perspective(id: "b", name: "b", filter: try QueryText.parse("blocked"))
        XCTAssertEqual(try engine.run(blocked, tasks: tasks, dependencies: deps).flatMap(\.tasks).map(\.path), ["second.md"])
        let blocking = Perspective(id: "c", name: "c", filter: try QueryText.parse("blocking"))
        XCTAssertEqual(try engine.run(blocking, tasks: tasks, dependencies: deps).flatMap(\.tasks).map(\.path), ["first.md"])
        let done = [file("first.md", .done), tasks[1]]
        XCTAssertEqual(engine.build(.anytime, tasks: done, dependencies: TaskDependencies(done)).tasks.map(\.path), ["second.md"],
                       "completing the blocker makes it available")
    }
}
