import Foundation
import XCTest
import TodoMDCore
import TodoMDService

/// Reads through the service: the clock read per call, settings reloaded, references with ids,
/// views and the rest, with and without the index.
final class ServiceReadTests: XCTestCase {
    /// A long-running service reads "now" on every call: at midnight tomorrow becomes today.
    func testTodayMovesAtMidnightInTheUsersZone() throws {
        let f = ServiceFixture(at: "2026-11-24T23:59", zone: "Europe/Berlin")
        f.vault.write("a.md", taskFile("Tomorrow's", extra: "due: \"2026-11-25\"\n"))
        let s = f.service(longRunning: true)
        XCTAssertEqual(try s.view("today").taskKeys, [])
        XCTAssertEqual(try s.view("upcoming").taskKeys, ["a.md"])
        f.clock.set(clock("2026-11-25T00:00", "Europe/Berlin"))
        XCTAssertEqual(try s.view("today").taskKeys, ["a.md"])
        XCTAssertEqual(try s.view("today").today.description, "2026-11-25")
    }

    /// A server picks up a changed `.todomd.json` without a restart.
    func testALongRunningServiceReloadsSettings() throws {
        let f = ServiceFixture()
        f.vault.write("n.md", "- [ ] a checkbox task\n")
        let s = f.service(longRunning: true)
        XCTAssertEqual(try s.view("all").taskKeys, ["n.md:1"])
        f.vault.write(".todomd.json", #"{"inline_tasks": false, "default_priority": "high"}"#)
        XCTAssertEqual(try s.view("all").taskKeys, [])
        XCTAssertEqual(try s.add(TaskDraft(text: "New one")).task.task.priority, .high)
    }

    func testReferencesByIdPathLineFileNameAndTitle() throws {
        let f = ServiceFixture()
        f.vault.write("Work/Todos.md", "- [ ] review ^rev\n")
        f.vault.write("Work/plan.md", taskFile("Plan the launch"))
        for useIndex in [true, false] {
            let s = f.service(useIndex: useIndex)
            XCTAssertEqual(try s.task("Work/Todos.md#block:rev").task.key, "Work/Todos.md:1")
            XCTAssertEqual(try s.task("Work/Todos.md:1").task.title, "review")
            XCTAssertEqual(try s.task("Work/plan.md").task.title, "Plan the launch")
            XCTAssertEqual(try s.task("plan").task.path, "Work/plan.md")
            XCTAssertEqual(try s.task("launch").task.path, "Work/plan.md")
            XCTAssertThrowsError(try s.task("nothing like it"))
        }
    }

    /// A sync engine's conflict copy is reported by `doctor`, naming the engine and the original.
    func testDoctorReportsOpenSyncConflicts() throws {
        let f = ServiceFixture()
        f.vault.write("plan.md", taskFile("Plan"))
        f.vault.write("Chapter 2.md", taskFile("Chapter 2"))
        XCTAssertEqual(f.service().doctor().problems.map(\.path), [], "Chapter 2 is not a copy: no Chapter.md beside it")
        // The title changed here and, differently, on another device.
        f.vault.write("plan.md", taskFile("Plan here"))
        XCTAssertEqual(f.service().doctor().problems.map(\.path), [])
        f.vault.write("plan.sync-conflict-20261124-101010-ABCDEFG.md", taskFile("Plan elsewhere"))
        let report = f.service().doctor()
        XCTAssertEqual(report.problems.map(\.path), ["plan.sync-conflict-20261124-101010-ABCDEFG.md"])
        XCTAssertTrue(report.problems.first?.reasons.first?.contains("Syncthing conflict copy of plan.md: title changed on both devices") ?? false,
                      "\(report.problems)")
        XCTAssertEqual(report.taskCount, 2, "the copy is not a task")
        XCTAssertEqual(f.service().overview().conflicts, 1)
    }

    func testViewsSearchTagsAreasDoctorAndItems() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Budget review", extra: "area: \"Work\"\nproject: \"Q4\"\ntags: [\"work/finance\"]\n"))
        f.vault.write("b.md", taskFile("Garden", extra: "area: \"Home\"\n"))
        f.vault.write("Books/dune.md", "---\ntype: book\ntitle: Dune\nauthor: Frank Herbert\n---\n")
        f.vault.write("broken.md", "---\ntitle: [unclosed\nstatus: todo\n---\n")
        let s = f.service()
        XCTAssertEqual(try s.search("budget").hits.map(\.task.task.path), ["a.md"])
        XCTAssertEqual(s.tags().map(\.path), ["work"])
        XCTAssertEqual(s.areas().map(\.name), ["Home", "Work", nil], "tasks with no area last")
        XCTAssertEqual(s.areas().first { $0.name == "Work" }?.projects.map(\.name), ["Q4"])
        XCTAssertEqual(s.areas().first { $0.name == "Home" }?.count, 1)
        XCTAssertEqual(s.doctor().problems.map(\.path), ["broken.md"])
        XCTAssertEqual(try s.items(ofType: "book").items.map(\.title), ["Dune"])
        XCTAssertTrue(s.views().map(\.name).starts(with: ["inbox", "today"]))
        XCTAssertThrowsError(try s.view("no such view"))
    }
}
