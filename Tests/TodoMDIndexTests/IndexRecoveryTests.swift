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

    func testCorruptRowsAreNotTrusted() throws {
        let f = try fixture()
        let q = try DatabaseQueue(path: f.indexPath)
        try q.write { db in try db.execute(sql: "UPDATE task_data SET data = substr(data, 1, 7)") }
        let index = try f.index()
        try index.refresh()
        XCTAssertThrowsError(try index.snapshot(), "a truncated task is an error, never a wrong task")
        // The CLI then reads the files; the next refresh after a schema drop rebuilds.
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
}
