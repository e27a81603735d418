#if os(Linux)
import Foundation
import XCTest
import TodoMDCore
@testable import TodoMDIndex

/// With a watcher serving the index, a command that syncs sees every change made before it,
/// without walking the vault; without one, or when the watcher cannot vouch, it walks.
final class IndexServerTests: XCTestCase {
    func titles(_ i: TaskIndex) throws -> Set<String> { Set(try i.snapshot().tasks.map(\.title)) }

    func testSyncSeesEveryChangeMadeBeforeIt() throws {
        let f = Fixture()
        VaultFuzz.fill(f.dir, seed: 21, n: 40)
        f.dir.write("one.md", taskFile("One"))
        f.dir.write("two.md", taskFile("Two"))
        XCTAssertEqual(symlink("/etc/hostname", f.dir.path + "/escape.md"), 0)
        let server = try IndexServer(index: try f.index())
        try server.start()
        defer { server.stop() }
        let client = try f.index()  // another process's view: never refreshes itself here
        XCTAssertTrue(IndexClient.sync(client))
        XCTAssertEqual(describe(try client.snapshot().tasks), describe(f.vault.load().tasks))
        XCTAssertEqual(try client.snapshot().notes, f.vault.load().notes, "notes of the walk come from the cache")
        XCTAssertEqual(try client.snapshot().notes.count, 1)

        f.dir.write("fresh.md", taskFile("Written just before the command"))
        XCTAssertTrue(IndexClient.sync(client), "no sleeping: the sync itself reads the queued events")
        XCTAssertTrue(try titles(client).contains("Written just before the command"))

        f.dir.write("fresh.md", taskFile("Edited title"))
        f.dir.write("Deep/New/Folder/inner.md", taskFile("In a new folder"))
        f.dir.remove("one.md")
        f.dir.rename("two.md", "Work/two-moved.md")
        f.dir.write("Notes/list.md", "- [ ] Checkbox from a note 📅 2026-11-24\n")
        XCTAssertTrue(IndexClient.sync(client))
        XCTAssertEqual(describe(try client.snapshot().tasks), describe(f.vault.load().tasks))

        f.dir.rename("Deep", "Shallow")  // a folder move: the server falls back to a full refresh
        XCTAssertTrue(IndexClient.sync(client))
        XCTAssertEqual(try client.snapshot().tasks.first { $0.title == "In a new folder" }?.path, "Shallow/New/Folder/inner.md")
    }

    func testNoServerOrAnotherIdentityMeansWalking() throws {
        let f = Fixture()
        f.dir.write("a.md", taskFile("A"))
        let client = try f.index()
        XCTAssertFalse(IndexClient.sync(client), "nobody serves this index")
        let server = try IndexServer(index: try f.index())
        try server.start()
        let tokyo = Vault(root: f.dir.path, clock: Clock(now: testClock.now, timeZone: TimeZone(identifier: "Asia/Tokyo")!))
        let other = try TaskIndex(vault: tokyo, path: f.indexPath)
        XCTAssertFalse(IndexClient.sync(other), "a client reading timestamps in another zone must walk")
        XCTAssertThrowsError(try IndexServer(index: try f.index()).start(), "one server per index")
        server.stop()
        XCTAssertFalse(IndexClient.sync(client))
    }
}
#endif
