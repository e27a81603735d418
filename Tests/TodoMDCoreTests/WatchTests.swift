import Foundation
import XCTest
@testable import TodoMDCore

/// Collects what an event source or session reports, and waits for it.
final class Collector<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [T] = []

    func add(_ new: [T]) {
        lock.lock()
        items += new
        lock.unlock()
    }

    var all: [T] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }

    /// Waits up to `timeout` seconds until `done(all)` holds.
    @discardableResult
    func wait(_ timeout: TimeInterval = 5, until done: ([T]) -> Bool) -> Bool {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            if done(all) { return true }
            usleep(10_000)
        }
        return done(all)
    }
}

/// A settable time source for the rate monitor and the journal window.
final class FakeTime: @unchecked Sendable {
    private let lock = NSLock()
    private var t = Date(timeIntervalSince1970: 1_800_000_000)
    var now: Date { lock.lock(); defer { lock.unlock() }; return t }
    func advance(_ s: TimeInterval) { lock.lock(); t += s; lock.unlock() }
}

func watchedTaskFile(_ title: String, due: String? = nil, status: String = "todo", source: String = "user") -> String {
    "---\ntitle: \"\(title)\"\nstatus: \"\(status)\"\n" + (due.map { "due: \"\($0)\"\n" } ?? "")
        + "created: \"2026-11-01T09:00:00Z\"\nsource: \"\(source)\"\n---\n"
}

final class WatchTests: XCTestCase {
    // MARK: Event sources

    /// Create, modify, delete, rename, and a new folder with a file already in it.
    private func checkSource(_ make: (String) -> FileEventSource, settle: TimeInterval) throws {
        let dir = TempDir()
        dir.write("a.md", watchedTaskFile("A"))
        dir.write("old.md", watchedTaskFile("Old"))
        dir.write(".hidden/x.md", watchedTaskFile("Hidden"))
        let source = make(dir.path)
        let seen = Collector<String>()
        try source.start { batch in seen.add(Array(batch.paths)) }
        defer { source.stop() }
        func expect(_ path: String, _ what: String) {
            XCTAssertTrue(seen.wait { $0.contains(path) }, "\(what): \(path) not reported; saw \(seen.all)")
        }
        dir.write("b.md", watchedTaskFile("B"))
        expect("b.md", "create")
        dir.write("a.md", watchedTaskFile("A", due: "2026-11-30"))
        expect("a.md", "modify")
        unlink(dir.path + "/b.md")
        usleep(useconds_t(settle * 1e6))
        XCTAssertTrue(seen.wait { $0.filter { $0 == "b.md" }.count >= 2 }, "delete: b.md not reported twice; saw \(seen.all)")
        rename(dir.path + "/old.md", dir.path + "/new.md")
        expect("new.md", "rename (to)")
        expect("old.md", "rename (from)")
        // A folder made elsewhere, with a file in it, moved in: its file is reported.
        let outside = TempDir()
        outside.write("sub/inner/c.md", watchedTaskFile("C"))
        rename(outside.path + "/sub", dir.path + "/sub")
        if !seen.wait(until: { $0.contains("sub/inner/c.md") }) {
            // Sources may report the folder instead; the session rescans it.
            expect("sub", "new folder")
        }
        usleep(useconds_t(settle * 1e6))
        // Files written into the new folder later are seen too.
        dir.write("sub/inner/d.md", watchedTaskFile("D"))
        expect("sub/inner/d.md", "file in new folder")
        dir.write(".hidden/y.md", watchedTaskFile("Hidden"))
        usleep(useconds_t(settle * 1e6))
        XCTAssertFalse(seen.all.contains { $0.hasPrefix(".hidden") }, "hidden folders are not reported")
    }

    #if os(Linux)
    func testInotifySourceReportsCreateModifyDeleteRenameAndNewFolders() throws {
        try checkSource({ InotifyEventSource(root: $0) }, settle: 0.05)
    }

    func testInotifySourceReportsAFolderCreatedThenFilled() throws {
        let dir = TempDir()
        let source = InotifyEventSource(root: dir.path)
        let seen = Collector<String>()
        try source.start { seen.add(Array($0.paths)) }
        defer { source.stop() }
        mkdir(dir.path + "/made", 0o755)
        dir.write("made/deeper/e.md", watchedTaskFile("E"))
        XCTAssertTrue(seen.wait { $0.contains("made/deeper/e.md") || $0.contains("made/deeper") }, "saw \(seen.all)")
    }
    #endif

    func testPollingSourceReportsCreateModifyDeleteRenameAndNewFolders() throws {
        try checkSource({ PollingEventSource(root: $0, intervalMillis: 30) }, settle: 0.1)
    }

    func testPollingSourceLeavesOutExcludedFolders() throws {
        let dir = TempDir()
        let source = PollingEventSource(root: dir.path, excluded: ["Templates"], intervalMillis: 20)
        let seen = Collector<String>()
        try source.start { seen.add(Array($0.paths)) }
        dir.write("Templates/t.md", watchedTaskFile("T"))
        dir.write("z.md", watchedTaskFile("Z"))
        XCTAssertTrue(seen.wait { $0.contains("z.md") })
        source.stop()
        XCTAssertFalse(seen.all.contains("Templates/t.md"))
    }

    // MARK: Session diff

    private func session(_ dir: TempDir, journalDir: String? = nil) -> (Vault, WatchSession) {
        WriteJournal.register(WriteJournal(root: dir.path, directory: journalDir ?? dir.path + "-journal"))
        let vault = Vault(root: dir.path, clock: clock("2026-11-22T10:00"))
        return (vault, WatchSession(vault: vault, now: { Date() }))
    }

    func testSessionReportsAddedModifiedRemovedButNotATouch() {
        let dir = TempDir()
        dir.write("a.md", watchedTaskFile("A", due: "2026-11-27"))
        let (_, s) = session(dir)
        dir.write("b.md", watchedTaskFile("B"))
        var changes = s.apply(FileEventBatch(paths: ["b.md"]))
        XCTAssertEqual(changes.count, 1)
        guard case .added(let b, _)? = changes.first else { return XCTFail("\(changes)") }
        XCTAssertEqual(b.title, "B")

        dir.write("a.md", watchedTaskFile("A", due: "2026-11-28", status: "done"))
        changes = s.apply(FileEventBatch(paths: ["a.md"]))
        guard case .modified(let old, let new, _)? = changes.first, changes.count == 1 else { return XCTFail("\(changes)") }
        XCTAssertEqual(old.due?.description, "2026-11-27")
        XCTAssertEqual(new.due?.description, "2026-11-28")
        XCTAssertEqual(WatchChange.changedFields(old, new), ["status", "due"])

        // Same bytes again (a touch): nothing.
        dir.write("a.md", watchedTaskFile("A", due: "2026-11-28", status: "done"))
        XCTAssertTrue(s.apply(FileEventBatch(paths: ["a.md"])).isEmpty)

        unlink(dir.path + "/b.md")
        changes = s.apply(FileEventBatch(paths: ["b.md"]))
        guard case .removed(let gone)? = changes.first, changes.count == 1 else { return XCTFail("\(changes)") }
        XCTAssertEqual(gone.title, "B")

        // Not Markdown, hidden: ignored.
        dir.write("x.txt", "hello")
        dir.write(".obsidian/y.md", watchedTaskFile("Y"))
        XCTAssertTrue(s.apply(FileEventBatch(paths: ["x.txt", ".obsidian/y.md"])).isEmpty)
    }

    func testSessionDiffsCheckboxTasksInNotesByKeyAndTitle() {
        let dir = TempDir()
        dir.write("Notes/day.md", "# Day\n\n- [ ] one\n- [ ] two 📅 2026-11-27\n")
        let (_, s) = session(dir)
        XCTAssertEqual(s.tasks.map(\.title), ["one", "two"])
        // A line inserted above: `one` and `two` only moved; `zero` is new; `two` got done.
        dir.write("Notes/day.md", "# Day\n\n- [ ] zero\n- [ ] one\n- [x] two 📅 2026-11-27\n")
        let changes = s.apply(FileEventBatch(paths: ["Notes/day.md"]))
        var added: [String] = [], modified: [String] = [], removed: [String] = []
        for c in changes {
            switch c {
            case .added(let t, _): added.append(t.title)
            case .modified(_, let t, _): modified.append(t.title)
            case .removed(let t): removed.append(t.title)
            default: break
            }
        }
        XCTAssertEqual(added, ["zero"])
        XCTAssertEqual(modified, ["two"])
        XCTAssertEqual(removed, [])
        // A line deleted.
        dir.write("Notes/day.md", "# Day\n\n- [ ] zero\n- [x] two 📅 2026-11-27\n")
        let after = s.apply(FileEventBatch(paths: ["Notes/day.md"]))
        XCTAssertEqual(after.count, 1)
        if case .removed(let t)? = after.first { XCTAssertEqual(t.title, "one") } else { XCTFail("\(after)") }
    }

    func testSessionRescanFindsFilesOfAFolderAndProblems() {
        let dir = TempDir()
        let (_, s) = session(dir)
        dir.write("sub/x.md", watchedTaskFile("X"))
        dir.write("sub/y.md", watchedTaskFile("Y"))
        let changes = s.apply(FileEventBatch(paths: ["sub"]))
        XCTAssertEqual(changes.count, 2, "\(changes)")
        // An overflow rescan notices a removed folder.
        try? FileManager.default.removeItem(atPath: dir.path + "/sub")
        XCTAssertEqual(s.apply(FileEventBatch(rescan: true)).count, 2)
        // A task file that no longer parses: a problem.
        dir.write("bad.md", "---\ntitle: [unclosed\nstatus: todo\n---\n")
        let bad = s.apply(FileEventBatch(paths: ["bad.md"]))
        XCTAssertTrue(bad.contains { if case .problem(let p) = $0 { return p.path == "bad.md" } else { return false } }, "\(bad)")
    }

    // MARK: Own writes

    func testOwnWritesAreNotReportedButOutsideWritesAre() throws {
        let dir = TempDir()
        let journalDir = TempDir()
        dir.write("a.md", watchedTaskFile("A"))
        let (vault, s) = session(dir, journalDir: journalDir.path)
        // The engine writes: update, create, move, complete a checkbox line.
        let a = try vault.readTask("a.md").0
        try vault.update(a, [FieldChange(TaskKey.flagged, .bool(true))], readFingerprint: nil)
        let created = try vault.create(TodoTask(path: "", title: "Made by todomd"))
        let moved = try vault.move(created.path, toFolder: "Archive")
        XCTAssertTrue(s.apply(FileEventBatch(paths: ["a.md", created.path, moved])).isEmpty,
                      "own writes reported")
        let entries = WriteJournal.journal(forRoot: dir.path)!.entries(since: Date().addingTimeInterval(-10))
        XCTAssertTrue(entries.contains { $0.path == dir.path + "/a.md" && $0.fingerprint != nil })
        XCTAssertTrue(entries.contains { $0.path == dir.path + "/" + created.path && $0.fingerprint == nil })

        // Someone else edits the same file: reported, against what the engine wrote.
        var text = dir.read("a.md")
        text = text.replacingOccurrences(of: "status: \"todo\"", with: "status: \"done\"")
        dir.write("a.md", text)
        let changes = s.apply(FileEventBatch(paths: ["a.md"]))
        guard case .modified(let old, let new, _)? = changes.first, changes.count == 1 else { return XCTFail("\(changes)") }
        XCTAssertTrue(old.flagged, "the engine's write is the baseline")
        XCTAssertEqual(new.status, .done)
        XCTAssertEqual(WatchChange.changedFields(old, new), ["status"])

        // Removing the moved file from outside is reported.
        unlink(vault.absolute(moved))
        XCTAssertEqual(s.apply(FileEventBatch(paths: [moved])).count, 1)
    }

    func testJournalRotatesAndStillReadsRecentEntries() {
        let dir = TempDir()
        let j = WriteJournal(root: dir.path, directory: dir.path + "/w")
        j.rotateBytes = 2000
        let t0 = Date()
        for i in 0..<100 { j.append(fingerprint: UInt64(i), path: "/v/f\(i).md", at: t0) }
        let size = FileSystem.statStamp(j.path)!.0.size
        XCTAssertLessThan(size, 4000)
        XCTAssertTrue(FileManager.default.fileExists(atPath: j.path + ".old"))
        XCTAssertTrue(j.entries(since: t0).contains { $0.path == "/v/f99.md" && $0.fingerprint == 99 })
        XCTAssertTrue(j.entries(since: t0.addingTimeInterval(1)).isEmpty, "old entries do not count")
    }

    // MARK: Rate limit

    func testRateMonitorAlertsOnceAbove50NewFilesIn60Seconds() {
        let time = FakeTime()
        var m = RateLimitMonitor()
        for _ in 0..<30 { XCTAssertNil(m.record(["agent-x"], at: time.now)); time.advance(0.5) }
        for i in 0..<20 { XCTAssertNil(m.record([i < 5 ? nil : "user"], at: time.now)) }
        XCTAssertNil(m.check(at: time.now), "50 is not more than 50")
        // Time passes but the window still holds them all; the 51st raises the alert.
        time.advance(1)
        let alert = m.record(["agent-x"], at: time.now)
        XCTAssertEqual(alert, RateAlert(total: 51, windowSeconds: 60, sources: [
            .init(source: "agent-x", count: 31), .init(source: "user", count: 15), .init(source: "unknown", count: 5),
        ]))
        // No second alert while above the threshold.
        for _ in 0..<10 { XCTAssertNil(m.record(["agent-x"], at: time.now)) }
        // Once the window has drained, it can alert again.
        time.advance(61)
        XCTAssertNil(m.check(at: time.now))
        XCTAssertNotNil(m.record(Array(repeating: "agent-y", count: 51), at: time.now))
    }

    func testRateMonitorSlidingWindowForgetsOldFiles() {
        let time = FakeTime()
        var m = RateLimitMonitor()
        XCTAssertNil(m.record(Array(repeating: "a", count: 40), at: time.now))
        time.advance(59.9)
        XCTAssertNil(m.record(Array(repeating: "b", count: 10), at: time.now))
        time.advance(0.2)  // the first 40 left the window
        XCTAssertNil(m.record(Array(repeating: "b", count: 40), at: time.now))
    }

    func testSessionRaisesOneAlertForABurstOfNewFiles() {
        let dir = TempDir()
        let (_, s) = session(dir)
        var paths: Set<String> = []
        for i in 0..<57 {
            let rel = "inbox/t\(i).md"
            dir.write(rel, watchedTaskFile("T\(i)", source: i < 50 ? "agent-x" : "user"))
            paths.insert(rel)
        }
        let changes = s.apply(FileEventBatch(paths: paths))
        let alerts = changes.compactMap { if case .alert(let a) = $0 { return a } else { return nil } }
        XCTAssertEqual(alerts, [RateAlert(total: 57, windowSeconds: 60, sources: [.init(source: "agent-x", count: 50), .init(source: "user", count: 7)])])
        dir.write("inbox/late.md", watchedTaskFile("Late"))
        XCTAssertFalse(s.apply(FileEventBatch(paths: ["inbox/late.md"])).contains { if case .alert = $0 { return true } else { return false } })
    }

    // MARK: Live

    func testLiveSessionReportsAChangeWithin200Milliseconds() throws {
        let dir = TempDir()
        let (_, s) = session(dir)
        let seen = Collector<(WatchChange, Date)>()
        let source = WatchSources.make(root: dir.path, excluded: [], env: [:])
        try s.start(source: source) { changes in seen.add(changes.map { ($0, Date()) }) }
        defer { s.stop() }
        var latencies: [TimeInterval] = []
        for i in 0..<5 {
            let before = seen.all.count
            let start = Date()
            dir.write("live\(i).md", watchedTaskFile("Live \(i)"))
            XCTAssertTrue(seen.wait { $0.count > before }, "no change reported")
            if let last = seen.all.last { latencies.append(last.1.timeIntervalSince(start)) }
            usleep(20_000)
        }
        let sorted = latencies.sorted()
        print("watch latency (session, \(source is PollingEventSource ? "polling" : "inotify")): \(sorted.map { Int($0 * 1000) }) ms")
        XCTAssertLessThan(sorted[sorted.count / 2], 0.2, "median change-to-report latency")
        XCTAssertLessThan(sorted.last!, 1.0)
    }

    /// An in-place rewrite (truncate, then write a little later, as many editors and scripts
    /// do) is one `modified`, never `removed` + `added` (2 of ~1,750 were: those whose write
    /// came after the debounced check; here every write does).
    func testAnInPlaceTruncateThenWriteIsModified() throws {
        let dir = TempDir()
        dir.write("t.md", watchedTaskFile("Rewritten"))
        let (_, s) = session(dir)
        let seen = Collector<WatchChange>()
        try s.start(source: WatchSources.make(root: dir.path, excluded: [], env: [:])) { seen.add($0) }
        defer { s.stop() }
        usleep(100_000)
        for round in 0..<5 {
            let before = seen.all.count
            let fd = open(dir.path + "/t.md", O_WRONLY | O_TRUNC)
            XCTAssertGreaterThanOrEqual(fd, 0)
            usleep(UInt32(60_000 + round * 5_000))  // past the 50 ms debounce
            let text = Array(watchedTaskFile("Rewritten \(round)").utf8)
            _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            close(fd)
            XCTAssertTrue(seen.wait { $0.count > before }, "no change reported")
            usleep(300_000)
            let changes = Array(seen.all[before...])
            XCTAssertEqual(changes.count, 1, "\(changes)")
            guard case .modified? = changes.first else { return XCTFail("\(changes)") }
        }
    }
}
