import Foundation
import TodoMDCore
@testable import TodoMDService
import TodoMDTestSupport
import XCTest

/// Sequential projects and the Next view through the service (issue 21 items 4 and 5): a view
/// whose snapshot the index prefilters (Today loads only tasks with a date) still sees the whole
/// project, so a later task due today waits for the project's first task.
final class SequentialViewTests: XCTestCase {
    private func vault(_ f: ServiceFixture) {
        f.vault.write(".todomd.json", #"{"projects": {"move house": {"sequential": true}}}"#)
        f.vault.write("1-movers.md", taskFile("Book movers", extra: "project: \"Move house\"\n"))
        f.vault.write("2-pack.md", taskFile("Pack boxes", extra: "project: \"Move house\"\ndue: \"2026-11-24\"\n"))
        f.vault.write("3-clean.md", taskFile("Clean the flat", extra: "project: \"Move house\"\ndue: \"2026-11-25\"\n"))
        f.vault.write("4-mow.md", taskFile("Mow", extra: "project: \"Garden\"\n"))
        f.vault.write("5-seeds.md", taskFile("Buy seeds", extra: "project: \"Garden\"\ntags: [\"errand\"]\n"))
        f.vault.write("6-letter.md", taskFile("Post letter", extra: "tags: [\"errand\"]\n"))
    }

    func testAPrefilteredViewSeesTheWholeProject() throws {
        for useIndex in [true, false] {
            let f = ServiceFixture()
            vault(f)
            let s = f.service(useIndex: useIndex)
            func titles(_ view: String, _ filter: TaskFilter = TaskFilter()) throws -> [String] {
                try s.view(view, filter: filter).distinctTasks.map(\.title)
            }
            XCTAssertEqual(try titles("today"), [], "Pack boxes waits for Book movers (index: \(useIndex))")
            XCTAssertEqual(try titles("upcoming"), [])
            XCTAssertEqual(try titles("anytime").sorted(), ["Book movers", "Buy seeds", "Mow", "Post letter"])
            XCTAssertEqual(try s.query("waiting").distinctTasks.map(\.title).sorted(), ["Clean the flat", "Pack boxes"])
            XCTAssertEqual(try s.query("waiting & due:today").distinctTasks.map(\.title), ["Pack boxes"])

            guard case .builtIn(let next) = try s.view("next").content else { return XCTFail("not a built-in view") }
            XCTAssertEqual(next.groups.map { "\($0.name ?? "-"): " + $0.tasks.map(\.title).joined(separator: ", ") },
                           ["Garden: Mow", "Move house: Book movers", "No Project: Post letter"])
            XCTAssertEqual(try titles("next", TaskFilter(tags: ["errand"])), ["Post letter"], "Garden's first task is Mow, not the errand")
            XCTAssertEqual(try titles("next", TaskFilter(project: "garden")), ["Mow"])
            XCTAssertEqual(s.overview().views.first { $0.id == "next" }?.count, 3)
            XCTAssertEqual(s.overview().views.first { $0.id == "anytime" }?.count, 4)
            XCTAssertTrue(s.views().contains { $0.name == "next" && $0.kind == "builtin" })
        }
    }

    func testCompletingOrReorderingChangesWhatIsAvailable() throws {
        let f = ServiceFixture()
        vault(f)
        f.vault.write("1-movers.md", taskFile("Book movers", status: "done", extra: "project: \"Move house\"\n"))
        XCTAssertEqual(try f.service().view("today").distinctTasks.map(\.title), ["Pack boxes"], "the first is done: the second is available")

        f.vault.write(".order.json", #"{"version": 1, "views": {"project:Move house": ["3-clean.md"]}}"#)
        let s = f.service()
        XCTAssertEqual(try s.view("today").distinctTasks.map(\.title), [])
        XCTAssertEqual(try s.view("upcoming").distinctTasks.map(\.title), ["Clean the flat"], "the manual order puts it first")
    }
}
