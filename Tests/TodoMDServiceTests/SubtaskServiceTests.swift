import Foundation
import TodoMDCore
@testable import TodoMDService
import XCTest

/// Subtasks through the service (issue 21 item 1): views nest them, completing a parent with
/// open children is refused with their names unless they go with it, doctor reports bad links.
final class SubtaskServiceTests: XCTestCase {
    func testViewsCompletionAndDoctor() throws {
        let f = ServiceFixture(at: "2026-11-27T10:00")
        f.vault.write("plan.md", taskFile("Plan trip"))
        f.vault.write("flights.md", taskFile("Book flights", extra: "parent: plan.md\ndue: \"2026-11-27\"\n"))
        f.vault.write("compare.md", taskFile("Compare prices", extra: "parent: flights\n"))
        f.vault.write("lost.md", taskFile("Lost", extra: "parent: nowhere.md\n"))
        let s = f.service()
        guard case .builtIn(let anytime) = try s.view("anytime").content else { return XCTFail("not a built-in view") }
        let group = anytime.groups[0]
        XCTAssertEqual(group.tasks.map(\.title), ["Lost", "Plan trip", "Book flights", "Compare prices"])
        XCTAssertEqual(group.nesting["compare.md"]?.depth, 2)
        guard case .builtIn(let today) = try s.view("today").content else { return XCTFail("not a built-in view") }
        XCTAssertEqual(today.groups.flatMap(\.tasks).map(\.title), ["Book flights"])
        XCTAssertEqual(today.groups.first?.nesting["flights.md"]?.parentTitle, "Plan trip", "alone, with its parent's title")
        XCTAssertThrowsError(try s.complete("plan trip")) { e in
            XCTAssertTrue("\(e)".contains("2 open subtasks: Book flights, Compare prices"), "\(e)")
        }
        XCTAssertFalse(f.vault.read("plan.md").contains("status: \"done\""))
        _ = try s.complete("plan trip", withChildren: true)
        for p in ["plan.md", "flights.md", "compare.md"] { XCTAssertTrue(f.vault.read(p).contains("status: \"done\""), p) }
        XCTAssertEqual(s.doctor().problems.map(\.path), ["lost.md"])
    }
}

/// Held-up tasks in views (issue 21 item 3): what blocks a task, and the first task of its
/// sequential project it waits for, travel with the view's groups.
final class HoldServiceTests: XCTestCase {
    func testViewsSayWhatHoldsATaskUp() throws {
        let f = ServiceFixture(at: "2026-11-27T10:00")
        f.vault.write(".todomd.json", #"{"projects": {"Move": {"sequential": true}}}"#)
        f.vault.write("a.md", taskFile("Hire the van", extra: "project: Move\n"))
        f.vault.write("b.md", taskFile("Load the van", extra: "project: Move\n"))
        f.vault.write("talk.md", taskFile("Draft the talk"))
        f.vault.write("lease.md", taskFile("Sign the lease", extra: "blocked_by: [talk.md]\n"))
        let s = f.service()
        guard case .builtIn(let all) = try s.view("all").content else { return XCTFail("not a built-in view") }
        let holds = all.groups.reduce(into: [String: ViewGroup.Hold]()) { $0.merge($1.holds) { a, _ in a } }
        XCTAssertEqual(holds["lease.md"]?.blockedBy, ["Draft the talk"])
        XCTAssertNil(holds["lease.md"]?.waitsFor)
        XCTAssertEqual(holds["b.md"]?.waitsFor, "Hire the van")
        XCTAssertNil(holds["a.md"])
        XCTAssertNil(holds["talk.md"])
    }
}

/// New tasks with structure (issue 21 item 8): `parent` named any way a task can be is written as
/// its file; checklist items become `- [ ]` lines after the notes.
final class StructuredAddTests: XCTestCase {
    func testAddWithParentAndChecklist() throws {
        let f = ServiceFixture(at: "2026-11-27T10:00")
        f.vault.write("Trips/plan.md", taskFile("Plan the trip"))
        let s = f.service()
        var n = NewTask(title: "Pack bags")
        n.parent = "plan the"
        n.body = "Before Friday."
        n.checklist = ["charger", " ", "passport\nand visa"]
        let added = try s.add(TaskDraft(n, quickEntry: false)).task.task
        XCTAssertEqual(added.value(forKey: "parent"), .string("Trips/plan.md"))
        XCTAssertEqual(added.checklist.map(\.text), ["charger", "passport and visa"])
        XCTAssertTrue(f.vault.read(added.path).hasSuffix("Before Friday.\n\n- [ ] charger\n- [ ] passport and visa\n"), f.vault.read(added.path))
        var orphan = NewTask(title: "Orphan")
        orphan.parent = "no such task"
        XCTAssertThrowsError(try s.add(TaskDraft(orphan, quickEntry: false)), "a parent must be a task")
    }
}

/// `complete_parent_with_last_child` (issue 21 item 1): the last open subtask done completes its
/// parent, and up the tree; off by default.
final class ParentCompletionTests: XCTestCase {
    func testTheLastChildCompletesItsParent() throws {
        for on in [false, true] {
            let f = ServiceFixture(at: "2026-11-27T10:00")
            if on { f.vault.write(".todomd.json", #"{"complete_parent_with_last_child": true}"#) }
            f.vault.write("trip.md", taskFile("Plan trip"))
            f.vault.write("flights.md", taskFile("Book flights", extra: "parent: trip.md\n"))
            f.vault.write("compare.md", taskFile("Compare prices", extra: "parent: flights\n"))
            f.vault.write("hotel.md", taskFile("Book hotel", extra: "parent: trip.md\n"))
            let s = f.service()
            let first = try s.complete("compare prices")
            XCTAssertEqual(first.messages, on ? ["completed Book flights too: its last open subtask is done"] : [])
            XCTAssertEqual(f.vault.read("trip.md").contains("status: \"done\""), false, "Book hotel is still open")
            let last = try s.complete("book hotel")
            XCTAssertEqual(last.messages, on ? ["completed Plan trip too: its last open subtask is done"] : [])
            XCTAssertEqual(f.vault.read("trip.md").contains("status: \"done\""), on)
        }
    }
}
