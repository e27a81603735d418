import Foundation
import GRDB
import XCTest
import TodoMDCore
@testable import TodoMDIndex

/// A cache is never trusted: garbage, a damaged table, another vault's cache or an older schema
/// are dropped and rebuilt from the files, and the user sees the same tasks.
final class IndexRecoveryTests: XCTestCase {
    func fixture() throws -> Fixture {
        let f = Fixture()
        VaultFuzz.fill(f.dir, seed: 3, n: 30)
        try f.index().refresh()
        return f
    }

    func assertRebuiltAndRight(_ f: Fixture, file: StaticString = #filePath, line: UInt = #line) throws {
        let index = try f.index()
        let stats = try index.refresh()
        XCTAssertTrue(stats.rebuilt || stats.added == stats.files, "rebuilt", file: file, line: line)
        XCTAssertEqual(describe(try index.snapshot().tasks), describe(f.vault.load().tasks), file: file, line: line)
    }

    func testGarbageFileIsReplaced() throws {
        let f = try fixture()
        FileManager.default.createFile(atPath: f.indexPath, contents: Data("this is not a database, just text\n".utf8))
        unlink(f.indexPath + "-wal")
        unlink(f.indexPath + "-shm")
        try assertRebuiltAndRight(f)
    }

    func testTruncatedFileIsReplaced() throws {
        let f = try fixture()
        let data = FileManager.default.contents(atPath: f.indexPath)!
        FileManager.default.createFile(atPath: f.indexPath, contents: data.prefix(data.count / 3))
        unlink(f.indexPath + "-wal")
        unlink(f.indexPath + "-shm")
        try assertRebuiltAndRight(f)
    }

    func testDamagedTablesAreRebuilt() throws {
        let f = try fixture()
        let q = try DatabaseQueue(path: f.indexPath)
        try q.write { db in
            try db.execute(sql: "DROP TABLE tasks")
            try db.execute(sql: "UPDATE task_data SET data = x'0102'")
        }
        try assertRebuiltAndRight(f)
    }

    /// The handle column is not checksummed: a byte flipped in a task's own hash (the
    /// fault-injection run printed `c3f1cbc167050c` for `c3f`: the flipped copy was its
    /// neighbour) is found missing, and the handles come from a rebuilt cache. Both paths:
    /// a view's few rows (lookups) and `list all` (one scan).
    func testAFlippedHandleIsDamageNotALongerHandle() throws {
        for n in [30, 260] {
            let f = Fixture()
            VaultFuzz.fill(f.dir, seed: 5, n: n)
            let ids = f.vault.load().tasks.map(\.id)
            try f.index().refresh()
            let victim = TaskHandle.hash(ids[0])
            var flipped = Array(victim)
            flipped[13] = flipped[13] == "0" ? "1" : "0"
            let q = try DatabaseQueue(path: f.indexPath)
            try q.write { try $0.execute(sql: "UPDATE tasks SET handle = ? WHERE handle = ?", arguments: [String(flipped), victim]) }
            let index = try f.index()
            XCTAssertEqual(try index.handles(ids: ids), TaskHandle.handles(ids: ids), "\(n) tasks")
            XCTAssertEqual(try index.handles(ids: [ids[0]])[ids[0]], TaskHandle.handles(ids: ids)[ids[0]], "healed: \(n) tasks")
        }
    }

    func testCorruptRowsAreNotTrustedAndTheCacheHeals() throws {
        let f = try fixture()
        let q = try DatabaseQueue(path: f.indexPath)
        try q.write { db in try db.execute(sql: "UPDATE task_data SET data = substr(data, 1, 7)") }
        let index = try f.index()
        try index.refresh()
        XCTAssertEqual(describe(try index.snapshot().tasks), describe(f.vault.load().tasks), "rebuilt from the files, at once")
        XCTAssertEqual(describe(try f.index().snapshot().tasks), describe(f.vault.load().tasks), "and stays healed")
    }

    /// Bytes changed inside the database file (`Flip task` → `Flap task`, same length, so
    /// SQLite sees nothing wrong) fail the row's checksum: never served as truth.
    func testAnEditedRowFailsItsChecksum() throws {
        let f = Fixture()
        f.dir.write("flip.md", taskFile("Flip task 1", body: "Flip the switch.\n"))
        do {
            let index = try f.index()
            try index.refresh()
            _ = try index.search("switch")  // the full-text table too
        }
        var bytes = Array(FileManager.default.contents(atPath: f.indexPath)!)
        var edited = 0
        let from = Array("Flip".utf8), to = Array("Flap".utf8)
        var i = 0
        while i + 4 <= bytes.count {
            if Array(bytes[i..<(i + 4)]) == from { bytes.replaceSubrange(i..<(i + 4), with: to); edited += 1 }
            i += 1
        }
        XCTAssertGreaterThan(edited, 1, "the title is in the row and in the full-text table")
        FileManager.default.createFile(atPath: f.indexPath, contents: Data(bytes))
        let again = try f.index()
        try again.refresh()
        XCTAssertEqual(try again.snapshot().tasks.map(\.title), ["Flip task 1"])
        let hits = try again.search("switch")
        XCTAssertEqual(hits.map(\.task.title), ["Flip task 1"])
        XCTAssertFalse(hits[0].snippet.contains("Flap"), hits[0].snippet)
    }

    /// Zeroing the second half of the file used to leave "database disk image is malformed" on
    /// every command for ever: now the first command rebuilds and the next ones are clean.
    func testAZeroedHalfIsRebuiltOnceNotWarnedForEver() throws {
        let f = Fixture()
        VaultFuzz.fill(f.dir, seed: 9, n: 400)
        do { let i = try f.index(); try i.refresh(); _ = try i.search("a") }
        let data = Array(FileManager.default.contents(atPath: f.indexPath)!)
        var bytes = data
        for k in (data.count / 2)..<data.count { bytes[k] = 0 }
        FileManager.default.createFile(atPath: f.indexPath, contents: Data(bytes))
        let expected = describe(f.vault.load().tasks)
        for _ in 0..<3 {
            let index = try f.index()
            try index.refresh()
            XCTAssertEqual(describe(try index.snapshot().tasks), expected)
            _ = try index.search("task")
        }
    }

    /// Random bit flips anywhere in the file: every answer is the files' answer, or the cache
    /// is rebuilt; never a wrong task.
    func testRandomBitFlipsNeverServeAWrongTask() throws {
        let f = Fixture()
        VaultFuzz.fill(f.dir, seed: 4, n: 60)
        do { let i = try f.index(); try i.refresh() }
        let clean = Array(FileManager.default.contents(atPath: f.indexPath)!)
        let expected = describe(f.vault.load().tasks)
        var r = SplitMix(seed: 21)
        for _ in 0..<25 {
            var bytes = clean
            for _ in 0..<8 { bytes[100 + r.int(bytes.count - 100)] ^= UInt8(1 << r.int(8)) }
            FileManager.default.createFile(atPath: f.indexPath, contents: Data(bytes))
            unlink(f.indexPath + "-wal")
            unlink(f.indexPath + "-shm")
            let index = try f.index()
            try index.refresh()
            // Flips in the prefilter columns could hide a row from a view; the whole-vault
            // answer decodes every row.
            XCTAssertEqual(describe(try index.snapshot().tasks), expected)
        }
    }

    func testOlderSchemaIsRebuilt() throws {
        let f = try fixture()
        let q = try DatabaseQueue(path: f.indexPath)
        try q.write { db in try db.execute(sql: "PRAGMA user_version = 1") }
        let stats = try f.index().refresh()
        XCTAssertEqual(stats.added, stats.files, "every file read again")
    }

    func testAnotherVaultsCacheIsNotUsed() throws {
        let f = try fixture()
        let other = TempDir()
        other.write("only.md", taskFile("Only task of the other vault"))
        let index = try TaskIndex(vault: Vault(root: other.path, clock: testClock), path: f.indexPath)
        XCTAssertEqual(try index.refresh().added, 1)
        XCTAssertEqual(try index.snapshot().tasks.map(\.title), ["Only task of the other vault"])
    }

    func testDeletingTheCacheLosesNothing() throws {
        let f = try fixture()
        TaskIndex.removeDatabase(f.indexPath)
        try assertRebuiltAndRight(f)
    }

    /// A reason holding newlines (a value quoted from the file) is one reason, cached or not.
    func testAReasonWithNewlinesIsOneReasonFromTheCache() throws {
        let f = Fixture()
        f.dir.write("bad.md", "---\ntitle: \"Bad\"\nstatus: todo\ncreated: \"2026-11-01\\nsecond\\nthird\"\nsource: user\n---\n")
        let direct = f.vault.load().problems.map(\.reasons)
        XCTAssertEqual(direct.count, 1)
        XCTAssertEqual(direct[0].count, 1, "\(direct)")
        let index = try f.index()
        try index.refresh()
        XCTAssertEqual(try index.snapshot().problems.map(\.reasons), direct)
        XCTAssertEqual(try f.index().snapshot().problems.map(\.reasons), direct)
    }
}
