import Foundation
@testable import TodoMDCore
import XCTest

/// The capture queue (issue 20): one small file per entry in `.inbox/`, text kept exactly,
/// safe resends by client id, checked edits, entries never read as tasks.
final class InboxQueueTests: XCTestCase {
    private func queue(_ dir: TempDir, at local: String = "2026-11-27T10:00") -> InboxQueue {
        InboxQueue(vault: Vault(root: dir.path, clock: clock(local, "Europe/Berlin")))
    }

    func testEachEntryIsItsOwnFileWithTheTextExactlyAsTyped() throws {
        let dir = TempDir()
        let q = queue(dir)
        let texts = ["- [!] call the bank", "two\nlines\n", "  indented, trailing spaces  ", "emoji 🔖 and \"quotes\" and: colons", "---\nnot frontmatter\n---"]
        for t in texts { _ = try q.add(t, source: "cli") }
        let entries = q.entries().entries
        XCTAssertEqual(entries.map(\.content), texts, "oldest first, each byte kept")
        XCTAssertEqual(Set(entries.map(\.path)).count, 5)
        XCTAssertTrue(entries.allSatisfy { $0.path.hasPrefix(".inbox/") && !$0.synced && $0.targetDate == date("2026-11-27") })
        XCTAssertEqual(entries.map(\.id), entries.map(\.id).sorted(), "ids sort in capture order, also within a second")
        let file = dir.read(entries[1].path)
        XCTAssertEqual(file, "---\ncreated: 2026-11-27T09:00:00Z\ntarget_date: 2026-11-27\nsynced: false\nsource: \"cli\"\n---\ntwo\nlines\n")
        // Entries live in a hidden folder: never tasks, never notes.
        XCTAssertEqual(Vault(root: dir.path, clock: clock("2026-11-27T10:00")).load().tasks.count, 0)
        XCTAssertEqual(q.unsyncedCount(), 5)
    }

    func testAClientIDMakesAResendSafe() throws {
        let dir = TempDir()
        let q = queue(dir)
        let first = try q.add("from the phone", targetDate: date("2026-11-30"), source: "web", id: "c0ffee-1234-abcd")
        XCTAssertTrue(first.created)
        let again = try q.add("from the phone", source: "web", id: "c0ffee-1234-abcd")
        XCTAssertFalse(again.created)
        XCTAssertEqual(again.entry.targetDate, date("2026-11-30"))
        XCTAssertEqual(q.entries().entries.count, 1)
        XCTAssertThrowsError(try q.add("other text", source: "web", id: "c0ffee-1234-abcd"))
        XCTAssertThrowsError(try q.add("x", source: "web", id: "../escape")) { XCTAssertTrue("\($0)".contains("id must be")) }
        XCTAssertThrowsError(try q.add("   \n ", source: "web")) { XCTAssertTrue("\($0)".contains("empty")) }
        XCTAssertThrowsError(try q.add(String(repeating: "x", count: Limits.bodyBytes + 1), source: "web"))
    }

    func testEditsAreCheckedAgainstTheVersionRead() throws {
        let dir = TempDir()
        let q = queue(dir)
        let e = try q.add("draft", source: "cli").entry
        let edited = try q.update(e.id, content: "draft, better", expected: e.version)
        XCTAssertEqual(edited.content, "draft, better")
        XCTAssertThrowsError(try q.update(e.id, content: "stale", expected: e.version)) { XCTAssertTrue("\($0)".contains("changed since it was read")) }
        let moved = try q.update(e.id, targetDate: date("2026-12-01"))
        XCTAssertEqual(try q.entry(e.id).targetDate, date("2026-12-01"))
        let trash = try q.remove(e.id, expected: moved.version)
        XCTAssertTrue(dir.exists(trash), "removed entries go to the trash")
        XCTAssertEqual(q.entries().entries.count, 0)
        XCTAssertThrowsError(try q.entry(e.id))
    }

    func testAFileThatIsNotAnEntryIsReportedAndTheRestStillRead() throws {
        let dir = TempDir()
        let q = queue(dir)
        _ = try q.add("good", source: "cli")
        dir.write(".inbox/broken-entry.md", "no frontmatter here")
        dir.write(".inbox/bomb-entry1.md", "---\na: &a [*a, *a]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\ncreated: x\n---\n")
        let (entries, problems) = q.entries()
        XCTAssertEqual(entries.map(\.content), ["good"])
        XCTAssertEqual(problems.map(\.path).sorted(), [".inbox/bomb-entry1.md", ".inbox/broken-entry.md"])
    }

    func testPushedEntriesArePrunedAfterTheSettingsDays() throws {
        let dir = TempDir()
        _ = try queue(dir, at: "2026-11-01T10:00").add("old", source: "cli")
        let q = queue(dir, at: "2026-11-01T10:00")
        let old = q.entries().entries[0]
        try q.rewrite(old.id) { $0.synced = true; $0.syncedAt = Timestamp.parse("2026-11-01T09:00:00Z") }
        let later = queue(dir, at: "2026-11-27T10:00")
        _ = try later.add("new", source: "cli")
        later.pruneSynced()
        XCTAssertEqual(later.entries().entries.map(\.content), ["new"])
    }

    func testTheMarkersAreGroupedAndUnique() {
        XCTAssertEqual(CaptureMarkers.groups.map(\.name), ["Priority", "Queries", "References", "Evaluation", "Status"])
        XCTAssertEqual(CaptureMarkers.all.count, 21)
        XCTAssertEqual(Set(CaptureMarkers.all.map(\.char)).count, 21)
        XCTAssertEqual(CaptureMarkers.all.first { $0.name == "Bookmark" }?.prefix, "- [b] ")
    }
}
