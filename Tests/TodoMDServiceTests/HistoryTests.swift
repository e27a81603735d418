import Foundation
import TodoMDCore
import TodoMDIndex
import TodoMDService
import XCTest

/// The version history (issue 16): every version todomd writes or sees, who made it and which
/// fields changed, restore as an undoable edit, undo through the store, and pruning.
final class HistoryTests: XCTestCase {
    func testVersionsNameWhoChangedWhichFields() throws {
        let f = ServiceFixture()
        f.vault.write("plan.md", taskFile("Plan"))
        _ = try f.service().view("all")                           // first seen
        _ = try f.service().set("plan", assignments: ["priority=high"])
        f.vault.write("plan.md", taskFile("Plan B", extra: "priority: \"high\"\n"))   // an editor
        _ = try f.service().complete("plan b")
        let h = try f.service().history("plan b")
        XCTAssertEqual(h.path, "plan.md")
        XCTAssertEqual(h.entries.map(\.by), ["todomd", "external", "todomd", "seen"])
        XCTAssertEqual(h.entries.map(\.action), ["done", nil, "set", nil])
        XCTAssertEqual(Set(h.entries[0].fields), ["status", "modified", "completed"])
        XCTAssertEqual(h.entries[1].fields, ["title", "modified"], "the editor wrote the title and dropped modified")
        XCTAssertTrue(h.entries[2].fields.contains("priority"), "\(h.entries[2].fields)")
        XCTAssertEqual(h.entries[2].frontEnd, "cli")
        XCTAssertEqual(h.entries.map(\.current), [true, false, false, false])
        XCTAssertEqual(Set(h.entries.map(\.version)).count, 4)
    }

    func testRestoreAVersionIsAnUndoableEdit() throws {
        let f = ServiceFixture()
        f.vault.write("plan.md", taskFile("Plan"))
        let s = f.service()
        _ = try s.view("all")
        f.vault.write("plan.md", taskFile("Plan, edited elsewhere"))
        let first = try XCTUnwrap(try f.service().history("plan.md").entries.last)
        let o = try f.service().restoreVersion("plan.md", version: first.version)
        XCTAssertEqual(o.task.task.title, "Plan")
        XCTAssertEqual(f.vault.read("plan.md"), taskFile("Plan"))
        XCTAssertEqual(try f.service().history("plan.md").entries.first?.action, "restore")
        _ = try f.service().undo()
        XCTAssertEqual(f.vault.read("plan.md"), taskFile("Plan, edited elsewhere"))
        // A stale version is refused, and a version of another file is not this one's.
        f.vault.write("other.md", taskFile("Other"))
        let page = try f.service().view("all")
        let version = try XCTUnwrap(page.tasks.first { $0.path == "plan.md" }.flatMap(page.versions.version(of:)))
        f.vault.write("plan.md", taskFile("Plan, edited again"))
        XCTAssertThrowsError(try f.service().restoreVersion("plan.md", version: first.version, expected: version))
        let otherVersion = try XCTUnwrap(try f.service().history("other.md").entries.first?.version)
        XCTAssertThrowsError(try f.service().restoreVersion("plan.md", version: otherVersion))
        XCTAssertThrowsError(try f.service().restoreVersion("plan.md", version: "v999999"))
    }

    func testAFileThatIsGoneCanBeSeenAndBroughtBack() throws {
        let f = ServiceFixture()
        f.vault.write("gone.md", taskFile("Gone"))
        _ = try f.service().view("all")
        f.vault.remove("gone.md")
        _ = try f.service().view("all")
        let h = try f.service().history("gone.md")
        XCTAssertEqual(h.entries.first?.hash, nil, "the newest version is the removal")
        let o = try f.service().restoreVersion("gone.md", version: try XCTUnwrap(h.entries.last?.version))
        XCTAssertEqual(o.task.task.title, "Gone")
        XCTAssertEqual(f.vault.read("gone.md"), taskFile("Gone"))
    }

    func testHistoryFollowsAMove() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Move me"))
        _ = try f.service().view("all")
        let d = try f.service().delete("move me")
        let h = try f.service().history(d.trashPath)
        XCTAssertEqual(h.entries.first?.from, "a.md")
        XCTAssertEqual(h.entries.last?.by, "seen", "the versions before the move are listed too")
    }

    func testUndoKeepsTheBytesBeforeInTheStoreNotTheJournal() throws {
        let f = ServiceFixture()
        let big = String(repeating: "A long note line.\n", count: 200)
        f.vault.write("n.md", taskFile("Notes", body: big))
        _ = try f.service().set("notes", assignments: ["priority=low"])
        let journal = try XCTUnwrap(FileManager.default.enumerator(atPath: f.cache.path + "/undo")?.allObjects as? [String])
        let texts = journal.compactMap { try? String(contentsOfFile: f.cache.path + "/undo/" + $0, encoding: .utf8) }
        XCTAssertTrue(texts.contains { $0.contains("before_blob") }, "the journal points at the history's blob")
        XCTAssertFalse(texts.contains { $0.contains(Data(big.utf8).base64EncodedString().prefix(40)) })
        _ = try f.service().undo()
        XCTAssertEqual(f.vault.read("n.md"), taskFile("Notes", body: big))
    }

    /// Pruning: versions older than the age go, then the oldest until the blobs fit; a file's
    /// newest version and pinned blobs stay.
    func testPruningByAgeAndSizeKeepsTheNewestAndPinned() throws {
        let dir = TempDir()
        let store = try HistoryStore(path: dir.path + "/h.sqlite")
        let t0 = Date(timeIntervalSince1970: 1_790_000_000)
        func bytes(_ i: Int) -> [UInt8] { Array(taskFile("Version \(i)", body: String(repeating: "x", count: 1000)).utf8) }
        for i in 0..<10 {
            try store.record([.init(path: "a.md", before: i == 0 ? nil : bytes(i - 1), after: bytes(i), by: "todomd", action: "set")],
                             at: t0.addingTimeInterval(Double(i) * 86_400))
        }
        try store.record([.init(path: "b.md", before: nil, after: bytes(100), by: "external")], at: t0)
        XCTAssertEqual(try store.versions(path: "a.md").count, 10)
        let pinned = HistoryStore.hash(bytes(1))
        let now = t0.addingTimeInterval(10 * 86_400)
        try store.prune(now: now, retention: .init(maxAge: 5 * 86_400, maxBytes: 100_000_000), pinned: [pinned])
        XCTAssertEqual(try store.versions(path: "a.md").count, 5, "days 5–9 kept")
        XCTAssertEqual(try store.versions(path: "b.md").count, 1, "a file's newest version stays however old")
        XCTAssertNotNil(try store.blob(pinned), "the undo journal's blob stays")
        XCTAssertNil(try store.blob(HistoryStore.hash(bytes(2))))
        try store.prune(now: now, retention: .init(maxAge: 100 * 86_400, maxBytes: 3_000), pinned: [])
        XCTAssertEqual(try store.versions(path: "a.md").map(\.hash), [HistoryStore.hash(bytes(9))], "over the size: only the newest")
        XCTAssertLessThanOrEqual(try store.size().bytes, 3_000)
        XCTAssertNotNil(store.lastPruned())
    }

    /// Content addressing: the same bytes are one blob; a version seen again is not recorded
    /// twice; todomd's own write seen first by the index is credited to todomd.
    func testDeduplicationAndExpectedWrites() throws {
        let dir = TempDir()
        let store = try HistoryStore(path: dir.path + "/h.sqlite")
        let t = Date(timeIntervalSince1970: 1_790_000_000)
        let a = Array("one".utf8), b = Array("two".utf8)
        try store.record([.init(path: "x.md", before: nil, after: a, by: "external")], at: t)
        try store.record([.init(path: "x.md", before: nil, after: a, by: "external")], at: t)
        try store.record([.init(path: "y.md", before: nil, after: a, by: "external")], at: t)
        XCTAssertEqual(try store.versions(path: "x.md").count, 1)
        XCTAssertEqual(try store.size().bytes, 3, "one blob for both files")
        store.expect(path: "x.md", after: b)
        XCTAssertEqual(try store.record([.init(path: "x.md", before: nil, after: b, by: "external")], at: t), [],
                       "the bytes todomd is writing are not an edit from outside")
        try store.record([.init(path: "x.md", before: a, after: b, by: "todomd", action: "set")], at: t)
        XCTAssertEqual(try store.versions(path: "x.md").map(\.by), ["todomd", "external"])
    }
}
