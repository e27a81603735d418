import Foundation
import TodoMDCore
@testable import TodoMDService
import XCTest

/// Nesting tasks, and renaming or moving a parent or blocker with the links to it rewritten in
/// one crash-safe action (issue 21 item 1).
final class RenameServiceTests: XCTestCase {
    struct Crash: Error {}

    func vault() -> ServiceFixture {
        let f = ServiceFixture(at: "2026-11-27T10:00")
        f.vault.write("Projects/plan.md", taskFile("Plan trip"))
        f.vault.write("book.md", taskFile("Book flights", extra: "parent: \"Projects/plan.md\"\n"))
        f.vault.write("pack.md", taskFile("Pack", extra: "blocked_by: [\"[[plan|the plan]]\", \"other\"]\n"))
        f.vault.write("other.md", taskFile("Other"))
        return f
    }

    func testNestRefusesLoopsAndLines() throws {
        let f = vault()
        f.vault.write("note.md", "# Note\n- [ ] a line\n")
        let s = f.service()
        _ = try s.nest("other", under: "pack")
        XCTAssertTrue(f.vault.read("other.md").contains("parent: \"pack.md\"\n"))
        XCTAssertThrowsError(try s.nest("pack", under: "other")) { XCTAssertTrue("\($0)".contains("loop"), "\($0)") }
        XCTAssertThrowsError(try s.nest("pack", under: "pack")) { XCTAssertTrue("\($0)".contains("own parent"), "\($0)") }
        XCTAssertThrowsError(try s.nest("other", under: "a line")) { XCTAssertTrue("\($0)".contains("checkbox line"), "\($0)") }
        _ = try s.nest("other", under: nil)
        XCTAssertFalse(f.vault.read("other.md").contains("parent:"))
    }

    func testRenameRewritesTheLinks() throws {
        let f = vault()
        let s = f.service()
        let o = try s.rename("plan trip", to: "Trips/trip")
        XCTAssertEqual(o.task.task.path, "Trips/trip.md")
        XCTAssertFalse(f.vault.exists("Projects/plan.md"))
        XCTAssertTrue(f.vault.read("book.md").contains("parent: \"Trips/trip.md\"\n"), f.vault.read("book.md"))
        XCTAssertTrue(f.vault.read("pack.md").contains("blocked_by: [\"[[trip|the plan]]\", other]\n"), f.vault.read("pack.md"))
        XCTAssertTrue(f.vault.read("other.md") == taskFile("Other"), "a file that names nothing is untouched")
        guard case .builtIn(let anytime) = try s.view("anytime").content else { return XCTFail() }
        XCTAssertEqual(anytime.groups.flatMap(\.tasks).map(\.title), ["Plan trip", "Book flights", "Other"], "still nested, still blocked")
        XCTAssertThrowsError(try s.rename("other", to: "book")) { XCTAssertTrue("\($0)".contains("exists"), "\($0)") }
        XCTAssertThrowsError(try s.rename("other", to: "../out")) { XCTAssertTrue("\($0)".contains("vault path"), "\($0)") }
    }

    /// A crash before the move or between the move and the links leaves a plan the next run finishes.
    func testACrashedRenameIsFinishedByTheNextRun() throws {
        for crashAt in ["planned", "moved"] {
            let f = vault()
            RenamePlan.step = { if $0 == crashAt { throw Crash() } }
            XCTAssertThrowsError(try f.service().rename("plan trip", to: "trip"))
            RenamePlan.step = nil
            XCTAssertEqual(f.vault.exists("Projects/trip.md"), crashAt == "moved", crashAt)
            XCTAssertTrue(f.vault.read("book.md").contains("parent: \"Projects/plan.md\"\n"), "not rewritten yet")
            // The next command's first read carries the plan out.
            let s = f.service()
            guard case .builtIn(let anytime) = try s.view("anytime").content else { return XCTFail() }
            XCTAssertEqual(anytime.groups.flatMap(\.tasks).map(\.title), ["Plan trip", "Book flights", "Other"], crashAt)
            XCTAssertTrue(f.vault.exists("Projects/trip.md"))
            XCTAssertFalse(f.vault.exists("Projects/plan.md"))
            XCTAssertTrue(f.vault.read("book.md").contains("parent: \"Projects/trip.md\"\n"), f.vault.read("book.md"))
            XCTAssertTrue(f.vault.read("pack.md").contains("[[trip|the plan]]"))
            XCTAssertNil(RenamePlan.load(from: s.renamePlanPath), "the plan is gone")
        }
    }

    /// With `archive_completed`, completing a parent moves it to Archive/: a path link to it
    /// follows (a wiki or file-name link finds it there as it is); undo puts everything back.
    func testArchivingKeepsPathLinks() throws {
        let f = vault()
        f.vault.write(".todomd.json", #"{"archive_completed": true}"#)
        f.vault.write("later.md", taskFile("Later", extra: "blocked_by: [\"Projects/plan.md\"]\n"))
        let pack = f.vault.read("pack.md")
        let s = f.service()
        let o = try s.complete("plan trip", withChildren: true)
        XCTAssertEqual(o.task.task.path, "Archive/plan.md")
        XCTAssertTrue(f.vault.read("Archive/book.md").contains("parent: \"Archive/plan.md\"\n"), f.vault.read("Archive/book.md"))
        XCTAssertTrue(f.vault.read("later.md").contains("blocked_by: [Archive/plan.md]\n"), f.vault.read("later.md"))
        XCTAssertEqual(f.vault.read("pack.md"), pack, "a wiki link by name still finds it")
        XCTAssertTrue(o.messages.contains { $0.hasPrefix("updated the link in ") && $0.contains("later.md") }, "\(o.messages)")
        XCTAssertNil(RenamePlan.load(from: s.renamePlanPath))
        _ = try s.undo()
        XCTAssertTrue(f.vault.read("later.md").contains("blocked_by: [\"Projects/plan.md\"]\n"))
        XCTAssertTrue(f.vault.exists("Projects/plan.md"))
        XCTAssertTrue(f.vault.read("book.md").contains("parent: \"Projects/plan.md\"\n"))
    }

    /// A crash after the archive move, before the links: the next run rewrites them. A crash
    /// before the completion (the plan written, the file in place): the plan is dropped.
    func testACrashedArchiveIsFinishedByTheNextRun() throws {
        let f = vault()
        f.vault.write(".todomd.json", #"{"archive_completed": true}"#)
        f.vault.write("later.md", taskFile("Later", extra: "blocked_by: [\"Projects/plan.md\"]\n"))
        RenamePlan.step = { if $0 == "planned" { throw Crash() } }
        XCTAssertThrowsError(try f.service().complete("plan trip", withChildren: true))
        RenamePlan.step = nil
        XCTAssertTrue(f.vault.exists("Archive/plan.md"))
        XCTAssertTrue(f.vault.read("later.md").contains("Projects/plan.md"), "not rewritten yet")
        let s = f.service()
        _ = try s.view("anytime")
        XCTAssertTrue(f.vault.read("later.md").contains("blocked_by: [Archive/plan.md]\n"), f.vault.read("later.md"))
        XCTAssertTrue(f.vault.read("Archive/book.md").contains("parent: \"Archive/plan.md\"\n"))
        XCTAssertNil(RenamePlan.load(from: s.renamePlanPath), "carried out")
        // A plan left before the completion ran: the file is in place, the plan is dropped.
        let g = vault()
        g.vault.write(".todomd.json", #"{"archive_completed": true}"#)
        let t = g.service()
        try RenamePlan(from: "Projects/plan.md", to: "Archive/plan.md", referrers: ["book.md"], archive: true).save(to: t.renamePlanPath)
        _ = try t.view("anytime")
        XCTAssertTrue(g.vault.exists("Projects/plan.md"), "an archive plan never moves the file itself")
        XCTAssertTrue(g.vault.read("book.md").contains("parent: \"Projects/plan.md\"\n"))
        XCTAssertNil(RenamePlan.load(from: t.renamePlanPath))
    }
}
