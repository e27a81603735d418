import Foundation
import TodoMDCore
@testable import TodoMDService
import XCTest

/// The weekly review (issue 21 item 7): projects with open tasks, due a week (or their
/// interval) after their last review, never-reviewed ones at once; stalled and overdue counts;
/// `markReviewed` writes `.reviews.json` keeping the other projects.
final class ReviewServiceTests: XCTestCase {
    func testDueStalledOverdueAndMarking() throws {
        let f = ServiceFixture(at: "2026-11-27T10:00")
        f.vault.write(".todomd.json", #"{"projects": {"Move house": {"sequential": true}, "garden": {"review_interval_days": 30}}}"#)
        f.vault.write(".reviews.json", #"{"Garden": "2026-11-10", "Gone": "2026-01-01"}"#)
        f.vault.write("a.md", taskFile("Pack kitchen", extra: "project: Move house\narea: Home\n"))
        f.vault.write("b.md", taskFile("Pack books", extra: "project: Move house\narea: Home\n"))
        f.vault.write("c.md", taskFile("Prune roses", extra: "project: Garden\ndue: \"2026-11-20\"\n"))
        f.vault.write("d.md", taskFile("Book talk room", extra: "project: Talk\ndefer: \"2026-12-10\"\n"))
        f.vault.write("e.md", taskFile("Old", status: "done", extra: "project: Finished\n"))
        let s = f.service()
        let states = try s.review()
        XCTAssertEqual(states.map(\.project), ["Move house", "Talk", "Garden"], "due first (never reviewed), then by next review")
        let move = states[0]
        XCTAssertEqual([move.open, move.available], [2, 1], "sequential: one available")
        XCTAssertTrue(move.due)
        XCTAssertNil(move.lastReviewed)
        XCTAssertEqual(move.area, "Home")
        XCTAssertTrue(states[1].stalled, "deferred: nothing available")
        let garden = states[2]
        XCTAssertEqual(garden.intervalDays, 30, "the interval's key matched in any case")
        XCTAssertEqual(garden.lastReviewed, LocalDate("2026-11-10"), "the review's key matched in any case")
        XCTAssertEqual(garden.nextReview, LocalDate("2026-12-10"))
        XCTAssertFalse(garden.due)
        XCTAssertEqual(garden.overdue, 1)
        let marked = try s.markReviewed("move HOUSE")
        XCTAssertEqual(marked.nextReview, LocalDate("2026-12-04"))
        XCTAssertFalse(marked.due)
        XCTAssertEqual(f.vault.read(".reviews.json"), "{\n  \"Garden\": \"2026-11-10\",\n  \"Gone\": \"2026-01-01\",\n  \"Move house\": \"2026-11-27\"\n}\n")
        XCTAssertEqual(try s.review().filter(\.due).map(\.project), ["Talk"])
        XCTAssertThrowsError(try s.markReviewed("Finished")) { XCTAssertTrue("\($0)".contains("no project \"Finished\"")) }
        f.vault.write(".reviews.json", "not json")
        XCTAssertEqual(try s.review().filter(\.due).count, 3, "a broken file: every project is due, nothing crashes")
    }
}
