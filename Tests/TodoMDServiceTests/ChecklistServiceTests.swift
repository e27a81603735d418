import Foundation
import TodoMDCore
@testable import TodoMDService
import XCTest

/// `check` (issue 21 item 2): ticking an item rewrites its line and `modified`, nothing else;
/// a stale version of the task is a conflict; a checkbox task has no checklist.
final class ChecklistServiceTests: XCTestCase {
    func testTickingRewritesOnlyThatLine() throws {
        let f = ServiceFixture(at: "2026-11-27T10:00")
        let text = "---\r\ntitle: Pack\r\nstatus: todo\r\n# keep me\r\n---\r\n\r\n- [ ] charger\r\n- [x] passport\r\n\r\nMore notes.\r\n"
        f.vault.write("pack.md", text)
        let s = f.service()
        let before = try s.task("pack")
        XCTAssertEqual(before.task.checklist.map(\.text), ["charger", "passport"])
        let o = try s.check("pack", item: "charger", expected: before.version)
        XCTAssertEqual(o.messages, ["checked 1. charger"])
        XCTAssertEqual(f.vault.read("pack.md"), "---\r\ntitle: Pack\r\nstatus: todo\r\n# keep me\r\nmodified: \"2026-11-27T10:00:00Z\"\r\n---\r\n\r\n"
            + "- [x] charger\r\n- [x] passport\r\n\r\nMore notes.\r\n")
        _ = try s.check("pack", item: "2")
        XCTAssertEqual(try s.task("pack").task.checklist.map(\.done), [true, false], "toggled")
        let again = try s.check("pack", item: "2", done: false)
        XCTAssertFalse(again.changed, "already unchecked")
        // Another program ticked the other item since: the version read is stale for the notes.
        let read = try s.task("pack")
        f.vault.write("pack.md", f.vault.read("pack.md").replacingOccurrences(of: "- [x] charger", with: "- [ ] charger"))
        XCTAssertThrowsError(try s.check("pack", item: "2", expected: read.version))
        f.vault.write("notes.md", "- [ ] a checkbox task\n")
        XCTAssertThrowsError(try f.service().check("a checkbox task", item: "1")) { XCTAssertTrue("\($0)".contains("checkbox line"), "\($0)") }
    }
}
