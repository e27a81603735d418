import XCTest
import TodoMDTestSupport
@testable import TodoMDCore

/// The write routine against another program writing the same file at the worst moments.
final class WriteSafetyTests: XCTestCase {
    let now = clock("2026-11-24T10:00", "UTC")

    override func tearDown() { FileSystem.testHook = nil }

    private func fixture() throws -> (TempDir, Vault, TodoTask, UInt64) {
        let dir = TempDir()
        dir.write("t.md", taskFile("Race", extra: "ext: 0\n", body: "Body.\n"))
        let vault = Vault(root: dir.path, clock: now)
        let (t, bytes) = try vault.readTask("t.md")
        return (dir, vault, t, Vault.fingerprint(bytes))
    }

    /// Plays another program that sets `ext` once, between todomd's last look and its swap.
    private func anotherProgramWritesBeforeTheSwap(ext: Int) {
        var wrote = false
        FileSystem.testHook = { stage, path in
            guard stage == .beforeSwap, !wrote else { return }
            wrote = true
            let text = String(decoding: try! FileSystem.readFile(path), as: UTF8.self)
            try! FileSystem.atomicReplace(path, bytes: Array(text.replacingOccurrences(of: "ext: 0", with: "ext: \(ext)").utf8))
        }
    }

    /// Another program rewrites the file between todomd's last look and its swap: the exchange
    /// hands its bytes back, so they are merged, not replaced (2.6% of racing sets were lost).
    func testAWriteInTheLastInstantIsMergedNotLost() throws {
        let (dir, vault, t, fp) = try fixture()
        anotherProgramWritesBeforeTheSwap(ext: 1)
        let written = try vault.update(t, [FieldChange("n", .int(7))], readFingerprint: fp)
        let disk = dir.read("t.md")
        XCTAssertTrue(disk.contains("ext: 1"), "the other program's write was lost:\n\(disk)")
        XCTAssertTrue(disk.contains("n: 7"), disk)
        XCTAssertEqual(written.value(forKey: "n"), .int(7))
        XCTAssertEqual(dir.files().filter { $0.hasSuffix(".tmp") }, [])
    }

    /// The same, when the other program changed the field todomd sets: refused, and its value
    /// is back on disk.
    func testALastInstantWriteOfTheSameFieldIsRefusedAndKept() throws {
        let (dir, vault, t, fp) = try fixture()
        anotherProgramWritesBeforeTheSwap(ext: 9)
        XCTAssertThrowsError(try vault.update(t, [FieldChange("ext", .int(5))], readFingerprint: fp)) { error in
            guard case TodoError.editConflict = error else { return XCTFail("\(error)") }
        }
        XCTAssertTrue(dir.read("t.md").contains("ext: 9"))
    }

    /// After the swap another program starts rewriting the file (truncated): the write still
    /// succeeded, and its result is what todomd wrote.
    func testTheResultOfAWriteIsWhatWasWrittenNotALaterRead() throws {
        let (dir, vault, t, fp) = try fixture()
        FileSystem.testHook = { stage, path in
            guard stage == .afterSwap else { return }
            FileSystem.testHook = nil
            // Whatever happens to the file now is another program's business.
            _ = truncate(path, 0)
        }
        let written = try vault.update(t, [FieldChange("n", .int(3))], readFingerprint: fp)
        XCTAssertEqual(written.value(forKey: "n"), .int(3))
        XCTAssertEqual(written.title, "Race")
        XCTAssertNotNil(vault.writtenFingerprint("t.md"))
        XCTAssertEqual(dir.read("t.md"), "")
    }

    /// Temp files of processes that died (SIGKILL mid-write) are removed at the next write in
    /// their folder; those of live processes stay.
    func testStaleTempFilesOfDeadProcessesAreRemoved() throws {
        let (dir, vault, t, fp) = try fixture()
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/true")
        try dead.run()
        dead.waitUntilExit()
        let stale = ".t.md.todomd-\(dead.processIdentifier)-12345.tmp"
        let live = ".t.md.todomd-1-999.tmp"  // pid 1 is always alive
        let foreign = ".t.md.other.tmp"
        for name in [stale, live, foreign] { dir.write(name, "partial") }
        _ = try vault.update(t, [FieldChange("n", .int(1))], readFingerprint: fp)
        let left = Set(dir.files())
        XCTAssertFalse(left.contains(stale))
        XCTAssertTrue(left.contains(live))
        XCTAssertTrue(left.contains(foreign))
        XCTAssertEqual(FileSystem.tempOwner(stale), dead.processIdentifier)
        XCTAssertNil(FileSystem.tempOwner(foreign))
    }
}
