import XCTest
import TodoMDTestSupport
@testable import TodoMDCore

/// Multi-file actions killed half way: the disk is snapshotted at the worst moment (what a
/// SIGKILL there leaves), restored, and the next open of the vault must finish the action.
final class CrashRecoveryTests: XCTestCase {
    override func tearDown() { FileSystem.testHook = nil }

    /// Copies of every file of the vault and of its pending intents, taken inside the action.
    struct Snapshot {
        var vault: [String: [UInt8]] = [:]
        var intents: [String: [UInt8]] = [:]
    }

    private func snapshot(_ dir: TempDir, _ vault: Vault) -> Snapshot {
        var s = Snapshot()
        for f in dir.files() where !f.hasSuffix(".tmp") { s.vault[f] = dir.bytes(f) }
        for name in FileSystem.list(vault.intentsDir) ?? [] { s.intents[name] = try? FileSystem.readFile(vault.intentsDir + "/" + name) }
        return s
    }

    private func restore(_ s: Snapshot, _ dir: TempDir, _ vault: Vault) throws {
        for f in dir.files() { dir.remove(f) }
        for (f, b) in s.vault { dir.write(f, b) }
        try FileSystem.makeDirs(vault.intentsDir)
        for (name, b) in s.intents { try FileSystem.atomicReplace(vault.intentsDir + "/" + name, bytes: b) }
    }

    /// SIGKILL after the successor was written and before the original was marked done used
    /// to leave two open occurrences (11 of 150 kills); now the next start completes it.
    func testADoneKilledBetweenItsTwoFilesIsRolledForward() throws {
        let dir = TempDir()
        dir.write("t.md", taskFile("Water plants", extra: "due: \"2026-11-24\"\nrecurrence: \"FREQ=DAILY\"\n"))
        let vault = Vault(root: dir.path, clock: clock("2026-11-24T10:00", "UTC"))
        var crash: Snapshot?
        FileSystem.testHook = { stage, path in
            if stage == .beforeSwap, path.hasSuffix("/t.md"), crash == nil { crash = self.snapshot(dir, vault) }
        }
        let snap = vault.load()
        _ = try TaskLifecycle(vault: vault).complete(snap.tasks[0], fingerprint: snap.fingerprints["t.md"])
        FileSystem.testHook = nil
        let completedBytes = dir.files().filter { $0.hasSuffix(".md") }.map { dir.read($0) }.sorted()
        let state = try XCTUnwrap(crash)
        XCTAssertEqual(state.intents.count, 1, "the action was recorded before its first file")
        XCTAssertEqual(state.vault.count, 2, "the successor was written first")

        try restore(state, dir, vault)
        XCTAssertEqual(vault.load().tasks.filter { $0.status == .todo }.count, 2, "the killed state: two open occurrences")
        let messages = Vault(root: dir.path, clock: clock("2026-11-24T10:05", "UTC")).recoverInterrupted()
        XCTAssertEqual(messages, ["done t.md was interrupted; finished it: t.md"])
        let after = vault.load().tasks
        XCTAssertEqual(after.filter { $0.status == .todo }.count, 1)
        XCTAssertEqual(after.filter { $0.status == .done }.map(\.path), ["t.md"])
        XCTAssertEqual(dir.files().filter { $0.hasSuffix(".md") }.map { dir.read($0) }.sorted(), completedBytes,
                       "rolled forward to exactly the bytes the action would have written")
        XCTAssertEqual(FileSystem.list(vault.intentsDir) ?? [], [])
        XCTAssertEqual(vault.recoverInterrupted(), [], "nothing left to do")
    }

    /// Killed before its first file: rolled forward from the record alone.
    func testAKillBeforeTheFirstFileIsRolledForwardFromTheRecord() throws {
        let dir = TempDir()
        dir.write("t.md", taskFile("Standup", extra: "due: \"2026-11-24\"\nrecurrence: \"FREQ=DAILY\"\n"))
        let vault = Vault(root: dir.path, clock: clock("2026-11-24T10:00", "UTC"))
        var crash: Snapshot?
        FileSystem.testHook = { stage, path in
            // The successor is created without a swap; the first swap is the original's.
            if stage == .beforeSwap, crash == nil {
                var s = self.snapshot(dir, vault)
                s.vault = s.vault.filter { $0.key == "t.md" }  // as if killed before the successor
                crash = s
            }
        }
        let snap = vault.load()
        _ = try TaskLifecycle(vault: vault).complete(snap.tasks[0], fingerprint: snap.fingerprints["t.md"])
        FileSystem.testHook = nil
        try restore(try XCTUnwrap(crash), dir, vault)
        XCTAssertEqual(vault.recoverInterrupted().count, 2)
        let after = vault.load().tasks
        XCTAssertEqual(after.filter { $0.status == .todo }.count, 1)
        XCTAssertEqual(after.filter { $0.status == .done }.count, 1)
    }

    /// A file changed by someone else after the crash is left as it is, and said.
    func testAFileChangedSinceTheCrashIsLeftAlone() throws {
        let dir = TempDir()
        dir.write("t.md", taskFile("Standup", extra: "due: \"2026-11-24\"\nrecurrence: \"FREQ=DAILY\"\n"))
        let vault = Vault(root: dir.path, clock: clock("2026-11-24T10:00", "UTC"))
        var crash: Snapshot?
        FileSystem.testHook = { stage, _ in if stage == .beforeSwap, crash == nil { crash = self.snapshot(dir, vault) } }
        let snap = vault.load()
        _ = try TaskLifecycle(vault: vault).complete(snap.tasks[0], fingerprint: snap.fingerprints["t.md"])
        FileSystem.testHook = nil
        try restore(try XCTUnwrap(crash), dir, vault)
        dir.write("t.md", dir.read("t.md") + "Edited in Obsidian.\n")
        XCTAssertEqual(vault.recoverInterrupted(), ["done t.md was interrupted; t.md was changed since, so it was left as it is"])
        XCTAssertTrue(dir.read("t.md").hasSuffix("Edited in Obsidian.\n"))
    }

    /// Archiving a note's done lines: killed after the archive was written, the note is
    /// finished on the next start (no lines in both).
    func testANoteArchiveKilledHalfWayIsRolledForward() throws {
        let dir = TempDir()
        dir.write("Home.md", "# Home\n- [x] Paint ✅ 2026-11-20\n- [ ] Tiles\n")
        let vault = Vault(root: dir.path, clock: clock("2026-11-24T10:00", "UTC"))
        var crash: Snapshot?
        FileSystem.testHook = { stage, path in
            if stage == .beforeSwap, path.hasSuffix("/Home.md"), crash == nil { crash = self.snapshot(dir, vault) }
        }
        _ = try NoteArchiver(vault: vault).archiveCompleted(note: "Home.md")
        FileSystem.testHook = nil
        let state = try XCTUnwrap(crash)
        XCTAssertTrue(String(decoding: state.vault["Home.md"]!, as: UTF8.self).contains("Paint"))
        XCTAssertTrue(String(decoding: state.vault["Home Archive.md"]!, as: UTF8.self).contains("Paint"))
        try restore(state, dir, vault)
        XCTAssertEqual(vault.recoverInterrupted(), ["archive Home.md was interrupted; finished it: Home.md"])
        XCTAssertEqual(dir.read("Home.md"), "# Home\n- [ ] Tiles\n")
        XCTAssertTrue(dir.read("Home Archive.md").contains("- [x] Paint"))
    }
}
