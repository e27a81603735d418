import Foundation
import TodoMDCore
@testable import TodoMDService
import TodoMDTestSupport
import XCTest

/// Blocked tasks through the service (issue 19 B.4): with the index, views load only their
/// candidates, yet a blocker anywhere in the vault keeps its dependents out of Today and Anytime;
/// completing it (here from an editor) brings them back; perspectives ask for `blocked`/`blocking`.
final class DependencyViewTests: XCTestCase {
    func testBlockedTasksLeaveTheAvailableViewsUntilTheirBlockerIsDone() throws {
        let f = ServiceFixture()
        f.vault.write("book flights.md", taskFile("Book flights", extra: "due: \"2026-12-20\"\n"))
        f.vault.write("pack.md", taskFile("Pack bags", extra: "due: \"2026-11-24\"\nblocked_by: [\"book flights.md\"]\n"))
        f.vault.write("notes/plan.md", "# Plan\n- [ ] Draft the agenda 🆔 agenda1\n- [ ] Send the agenda ⛔ agenda1 📅 2026-11-24\n")
        let s = f.service()
        func titles(_ view: String) throws -> [String] { try s.view(view).distinctTasks.map(\.title).sorted() }
        XCTAssertEqual(try titles("today"), [], "both due today, both blocked")
        XCTAssertEqual(try titles("anytime"), ["Book flights", "Draft the agenda"])
        XCTAssertEqual(try s.query("blocked").distinctTasks.map(\.title).sorted(), ["Pack bags", "Send the agenda"])
        XCTAssertEqual(try s.query("blocking").distinctTasks.map(\.title).sorted(), ["Book flights", "Draft the agenda"])
        f.vault.write("book flights.md", taskFile("Book flights", status: "done", extra: "due: \"2026-12-20\"\n"))
        f.vault.write("notes/plan.md", "# Plan\n- [x] Draft the agenda 🆔 agenda1\n- [ ] Send the agenda ⛔ agenda1 📅 2026-11-24\n")
        let t = f.service()
        XCTAssertEqual(try t.view("today").distinctTasks.map(\.title).sorted(), ["Pack bags", "Send the agenda"])
    }
}
