import Foundation
import TodoMDCore
@testable import TodoMDService
import XCTest

/// Project dates cascade (issue 21 item 6, OmniFocus' effective dates): a project's `due` and
/// `defer` in `.todomd.json` apply to its tasks that have none of their own; views use them
/// (the index's prefilter included), the files keep only what the user wrote.
final class ProjectDatesTests: XCTestCase {
    func testEffectiveDatesInViews() throws {
        for useIndex in [true, false] {
            let f = ServiceFixture(at: "2026-11-27T10:00")
            f.vault.write(".todomd.json", #"{"projects": {"Move house": {"due": "2026-11-27"}, "garden": {"defer": "2026-12-05"}}}"#)
            f.vault.write("pack.md", taskFile("Pack boxes", extra: "project: Move house\n"))
            f.vault.write("van.md", taskFile("Book the van", extra: "project: Move house\ndue: \"2026-12-01\"\n"))
            f.vault.write("seeds.md", taskFile("Sow seeds", extra: "project: Garden\n"))
            let before = f.vault.read("pack.md")
            let s = f.service(useIndex: useIndex)
            XCTAssertEqual(try s.view("today").tasks.map(\.title), ["Pack boxes"], "the project's due, through the prefilter (index \(useIndex))")
            XCTAssertFalse(try s.view("anytime").tasks.map(\.title).contains("Sow seeds"), "deferred by its project")
            XCTAssertEqual(try s.view("upcoming").tasks.map(\.title), ["Book the van"], "its own due wins")
            let pack = try s.view("all").tasks.first { $0.title == "Pack boxes" }
            XCTAssertEqual(pack?.effectiveDue, LocalDateTime("2026-11-27"))
            XCTAssertNil(pack?.due)
            XCTAssertEqual(f.vault.read("pack.md"), before, "the file keeps only what was written")
        }
    }
}
