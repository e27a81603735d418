import Foundation
import XCTest
import TodoMDCore
import TodoMDService

/// Backups (spec 004): real snapshots in a temp cache folder, with a clock the tests move:
/// rotation, "only when due and changed", hard-link deduplication, and the three restores.
final class BackupTests: XCTestCase {
    private let start = clock("2026-11-24T09:00")

    /// The fixture's clock moved to `hours` after 09:00 UTC.
    private func at(_ f: ServiceFixture, hours: Double) {
        f.clock.set(Clock(now: start.now.addingTimeInterval(hours * 3600), timeZone: start.timeZone))
    }

    private func inode(_ path: String) -> UInt64? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.uint64Value
    }

    private func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    func testHourlyBackupsKeepTheNewest30() throws {
        let f = ServiceFixture()
        let s = f.service()
        var taken: [String] = []
        for hour in 0..<35 {
            at(f, hours: Double(hour))
            f.vault.write("a.md", taskFile("Edited at hour \(hour)"))
            let r = try XCTUnwrap(try s.backupIfDue(), "hour \(hour)")
            taken.append(r.snapshot.id)
            XCTAssertEqual(r.removed, hour < 30 ? [] : [taken[hour - 30]])
        }
        XCTAssertEqual(taken.first, "20261124-090000")
        XCTAssertEqual(taken.last, "20261125-190000")
        let kept = s.backups()
        XCTAssertEqual(kept.map(\.id), Array(taken.suffix(30).reversed()))
        XCTAssertTrue(s.backupDirectory.hasPrefix(f.cache.path + "/backups/"), s.backupDirectory)
        XCTAssertFalse(FileManager.default.fileExists(atPath: s.backupDirectory + "/" + taken[4]))
        XCTAssertEqual(text(kept[0].path + "/a.md"), taskFile("Edited at hour 34"))
        XCTAssertEqual(text(kept[29].path + "/a.md"), taskFile("Edited at hour 5"))
    }

    func testNoBackupWhenNothingChangedOrTheHourHasNotPassed() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("A"))
        let s = f.service()
        XCTAssertNotNil(try s.backupIfDue(), "the first one")
        at(f, hours: 3)
        XCTAssertNil(try s.backupIfDue(), "nothing changed")
        f.vault.touch("a.md", secondsAhead: 100)
        XCTAssertNil(try s.backupIfDue(), "touched, but the same bytes")
        f.vault.write("b.md", taskFile("B"))
        let second = try XCTUnwrap(try s.backupIfDue())
        XCTAssertFalse(second.unchanged)
        at(f, hours: 3.5)
        f.vault.write("a.md", taskFile("A, edited"))
        XCTAssertNil(try s.backupIfDue(), "within the hour")
        at(f, hours: 4)
        XCTAssertEqual(try s.backupIfDue()?.snapshot.id, "20261124-130000")

        // `backup now` takes one anyway, and says nothing changed; the same second gets `-2`.
        let now = try s.backupNow()
        XCTAssertTrue(now.unchanged)
        XCTAssertEqual(now.snapshot.id, "20261124-130000-2")
        XCTAssertEqual(s.backups().map(\.id), ["20261124-130000-2", "20261124-130000", "20261124-120000", "20261124-090000"])

        // The interval and the count are settings.
        f.vault.write(".todomd.json", #"{"backup_interval_minutes": 0, "backup_keep": 2}"#)
        at(f, hours: 10)
        f.vault.write("c.md", taskFile("C"))
        let s2 = f.service()
        XCTAssertNil(try s2.backupIfDue(), "0 turns automatic backups off")
        XCTAssertEqual(try s2.backupNow().removed, ["20261124-130000", "20261124-120000", "20261124-090000"])
        XCTAssertEqual(s2.backups().count, 2)
    }

    func testUnchangedFilesAreHardLinksToThePreviousBackupNeverToTheVault() throws {
        let f = ServiceFixture()
        f.vault.write("Work/a.md", taskFile("A", body: String(repeating: "long notes\n", count: 100)))
        f.vault.write("b.md", taskFile("B"))
        f.vault.write(".order.json", #"{"inbox": []}"#)
        let s = f.service()
        let first = try s.backupNow().snapshot
        XCTAssertEqual(first.files, 3)
        XCTAssertEqual(first.copiedBytes, first.bytes)
        at(f, hours: 1)
        f.vault.write("b.md", taskFile("B, edited"))
        let second = try s.backupNow().snapshot
        XCTAssertEqual(second.copiedBytes, Int64(taskFile("B, edited").utf8.count))
        XCTAssertEqual(inode(first.path + "/Work/a.md"), inode(second.path + "/Work/a.md"))
        XCTAssertEqual(inode(first.path + "/.order.json"), inode(second.path + "/.order.json"))
        XCTAssertNotEqual(inode(first.path + "/b.md"), inode(second.path + "/b.md"))
        XCTAssertNotEqual(inode(first.path + "/Work/a.md"), inode(f.vault.path + "/Work/a.md"))
        let mode = try FileManager.default.attributesOfItem(atPath: second.path + "/b.md")[.posixPermissions] as? Int
        XCTAssertEqual(mode, 0o444, "copies are read-only")
        XCTAssertTrue(FileManager.default.fileExists(atPath: second.path + "/.backup.json"))
    }

    /// An editor that writes in place (same inode, even the same size and mtime) changes neither
    /// the backup it was copied into nor the next one's idea of what changed.
    func testAFileEditedInPlaceDoesNotChangeTheBackup() throws {
        let f = ServiceFixture()
        let original = taskFile("Original title")
        f.vault.write("a.md", original)
        let s = f.service()
        let first = try s.backupNow().snapshot
        let path = f.vault.path + "/a.md"
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        handle.write(Data(taskFile("Replaced title").utf8))
        try handle.close()
        if let before { try FileManager.default.setAttributes([.modificationDate: before], ofItemAtPath: path) }
        XCTAssertEqual(text(first.path + "/a.md"), original)
        at(f, hours: 2)
        let second = try XCTUnwrap(try s.backupIfDue(), "the change is seen (ctime) though size and mtime are the same")
        XCTAssertEqual(text(second.snapshot.path + "/a.md"), taskFile("Replaced title"))
        XCTAssertEqual(text(first.path + "/a.md"), original)
    }

    func testRestoreIntoANewFolder() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("A"))
        f.vault.write("Work/b.md", taskFile("B"))
        f.vault.write(".todomd.json", #"{"default_priority": "high"}"#)
        let s = f.service()
        let id = try s.backupNow().snapshot.id
        at(f, hours: 1)
        f.vault.write("a.md", taskFile("A, later"))
        f.vault.remove("Work/b.md")

        let out = TempDir()
        let r = try s.restoreBackup("latest", to: out.path + "/restored")
        XCTAssertEqual(r.snapshot.id, id)
        XCTAssertEqual(r.restored, [".todomd.json", "Work/b.md", "a.md"])
        XCTAssertTrue(r.problems.isEmpty)
        XCTAssertEqual(text(out.path + "/restored/a.md"), taskFile("A"))
        XCTAssertEqual(text(out.path + "/restored/Work/b.md"), taskFile("B"))
        XCTAssertEqual(text(out.path + "/restored/.todomd.json"), #"{"default_priority": "high"}"#)
        XCTAssertNotEqual(inode(out.path + "/restored/a.md"), inode(r.snapshot.path + "/a.md"), "copies, not links")
        XCTAssertEqual(f.vault.read("a.md"), taskFile("A, later"), "the vault is not touched")
        XCTAssertFalse(f.vault.exists("Work/b.md"))

        XCTAssertThrowsError(try s.restoreBackup(id, to: out.path + "/restored"), "not empty")
        XCTAssertThrowsError(try s.restoreBackup(id, to: f.vault.path + "/restored"), "inside the vault")
        // The default: beside the vault.
        let d = try s.restoreBackup(id)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: d.folder) }
        XCTAssertEqual(d.folder, f.vault.path + "-restored-" + id)
        XCTAssertEqual(text(d.folder + "/Work/b.md"), taskFile("B"))
    }

    func testRestoreInPlaceBacksUpFirstAndTrashesNewFiles() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("A"))
        f.vault.write("b.md", taskFile("B"))
        let s = f.service()
        let old = try s.backupNow().snapshot
        at(f, hours: 2)
        f.vault.write("a.md", taskFile("A, later"))
        f.vault.remove("b.md")
        f.vault.write("c.md", taskFile("C, new"))

        let r = try s.restoreBackupInPlace(old.id)
        let before = try XCTUnwrap(r.before)
        XCTAssertEqual(before.id, "20261124-110000")
        XCTAssertEqual(text(before.path + "/a.md"), taskFile("A, later"), "the state before is kept")
        XCTAssertEqual(text(before.path + "/c.md"), taskFile("C, new"))
        XCTAssertEqual(r.restored.sorted(), ["a.md", "b.md"])
        XCTAssertEqual(r.trashed.map(\.path), ["c.md"])
        XCTAssertEqual(f.vault.read("a.md"), taskFile("A"))
        XCTAssertEqual(f.vault.read("b.md"), taskFile("B"))
        XCTAssertFalse(f.vault.exists("c.md"))
        XCTAssertEqual(f.vault.read(".trash/c.md"), taskFile("C, new"))
        XCTAssertEqual(try s.view("all").taskKeys.sorted(), ["a.md", "b.md"])

        // One undoable action.
        let undone = try s.undo()
        XCTAssertEqual(undone.action.action, "backup restore")
        XCTAssertEqual(f.vault.read("a.md"), taskFile("A, later"))
        XCTAssertFalse(f.vault.exists("b.md"))
        XCTAssertEqual(f.vault.read("c.md"), taskFile("C, new"))
    }

    func testRestoreOneTaskIsAnUndoableEdit() throws {
        let f = ServiceFixture()
        f.vault.write("rent.md", taskFile("Pay rent"))
        f.vault.write("Work/gone.md", taskFile("Gone soon"))
        let s = f.service()
        let id = try s.backupNow().snapshot.id
        at(f, hours: 1)
        _ = try s.flag("rent", true)
        let edited = f.vault.read("rent.md")
        f.vault.remove("Work/gone.md")

        let r = try s.restoreBackupTask(id, task: "rent")
        XCTAssertTrue(r.changed)
        XCTAssertEqual(r.task.task.title, "Pay rent")
        XCTAssertEqual(f.vault.read("rent.md"), taskFile("Pay rent"))
        XCTAssertEqual(s.undoHistory(limit: 1).actions.first?.action, "backup restore")
        _ = try s.undo()
        XCTAssertEqual(f.vault.read("rent.md"), edited)

        // A file that is gone, by its path in the backup.
        let back = try s.restoreBackupTask("latest", task: "Work/gone.md")
        XCTAssertEqual(back.task.task.path, "Work/gone.md")
        XCTAssertEqual(f.vault.read("Work/gone.md"), taskFile("Gone soon"))
        XCTAssertFalse(try s.restoreBackupTask(id, task: "Work/gone.md").changed, "already as in the backup")
        XCTAssertThrowsError(try s.restoreBackupTask(id, task: "nothing like it"))
    }

    /// DATE: an id, its start, `latest`, or a local time (the newest backup at or before it).
    func testWhichBackupADateNames() throws {
        let f = ServiceFixture(at: "2026-11-24T10:00", zone: "Europe/Berlin")  // 09:00 UTC
        let s = f.service()
        for hour in 0..<3 {
            f.clock.set(Clock(now: clock("2026-11-24T09:00").now.addingTimeInterval(Double(hour) * 3600),
                              timeZone: TimeZone(identifier: "Europe/Berlin")!))
            f.vault.write("a.md", taskFile("v\(hour)"))
            _ = try s.backupNow()
        }
        XCTAssertEqual(try s.backup(at: "latest").id, "20261124-110000")
        XCTAssertEqual(try s.backup(at: "20261124-100000").id, "20261124-100000")
        XCTAssertEqual(try s.backup(at: "20261124-10").id, "20261124-100000")
        XCTAssertEqual(try s.backup(at: "20261124").id, "20261124-110000")
        XCTAssertEqual(try s.backup(at: "2026-11-24T11:30").id, "20261124-100000", "11:30 in Berlin is 10:30 UTC")
        XCTAssertEqual(try s.backup(at: "2026-11-24T10:00").id, "20261124-090000")
        XCTAssertEqual(try s.backup(at: "2026-11-24").id, "20261124-110000", "a day means its end")
        XCTAssertEqual(try s.backup(at: "today").id, "20261124-110000")
        XCTAssertThrowsError(try s.backup(at: "yesterday")) { e in
            XCTAssertEqual((e as? TodoError)?.exitCode, 2)
        }
        XCTAssertThrowsError(try s.backup(at: "2026-11-24T09:59"))
    }

    func testBackupSettings() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("A"))
        f.vault.write(".todomd.json", #"{"backup_dir": ".backups", "backup_keep": 3}"#)
        let s = f.service()
        XCTAssertEqual(s.backupDirectory, f.vault.path + "/.backups")
        let b = try s.backupNow().snapshot
        XCTAssertTrue(FileManager.default.fileExists(atPath: b.path + "/a.md"))
        XCTAssertEqual(try f.service().view("all").taskKeys, ["a.md"], "the scanner does not see a hidden backup folder")
        XCTAssertEqual(try f.service().backupNow().snapshot.files, 2, "nor does the next backup")

        for (bad, problem) in [(#"{"backup_dir": "Backups"}"#, "backup_dir"), (#"{"backup_dir": ".trash/b"}"#, "backup_dir"),
                               (#"{"backup_keep": 0}"#, "backup_keep"), (#"{"backup_interval_minutes": "hourly"}"#, "backup_interval_minutes")] {
            f.vault.write(".todomd.json", bad)
            let (settings, p) = VaultSettings.load(root: f.vault.path)
            XCTAssertTrue(p?.contains(problem) ?? false, "\(bad): \(p ?? "no problem")")
            XCTAssertNil(settings.backupDirectory)
            XCTAssertEqual(settings.backupKeep, 30)
            XCTAssertEqual(settings.backupIntervalMinutes, 60)
        }
        f.vault.write(".todomd.json", #"{"backup_dir": "/tmp/elsewhere/../backups-x"}"#)
        XCTAssertEqual(VaultSettings.load(root: f.vault.path).0.backupDirectory, "/tmp/backups-x")
    }

    /// A snapshot killed half-way is a temp folder: never listed, and cleared by the next one.
    func testAHalfWrittenSnapshotIsNeverListed() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("A"))
        let s = f.service()
        let dir = s.backupDirectory
        try FileManager.default.createDirectory(atPath: dir + "/.tmp-20261124-080000/x", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/20261124-070000", withIntermediateDirectories: true)
        XCTAssertEqual(s.backups().map(\.id), [])
        XCTAssertNotNil(try s.backupIfDue())
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/.tmp-20261124-080000"))
        XCTAssertEqual(s.backups().map(\.id), ["20261124-090000"])
    }

    /// A file that cannot be read is left out and named, and is no reason for another backup.
    func testAnUnreadableFileIsSkippedNotBackedUpEveryHour() throws {
        try XCTSkipIf(getuid() == 0, "root reads every file")
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("A"))
        f.vault.write("b.md", taskFile("B"))
        chmod(f.vault.path + "/b.md", 0)
        addTeardownBlock { chmod(f.vault.path + "/b.md", 0o644) }
        let s = f.service()
        let r = try s.backupNow()
        XCTAssertEqual(r.skipped, ["b.md"])
        XCTAssertEqual(r.snapshot.files, 1)
        at(f, hours: 2)
        XCTAssertNil(try s.backupIfDue())
    }

    /// What `watch` and `serve` run: a check soon after the start, then on a timer.
    func testTheScheduleTakesABackupWhenDue() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("A"))
        let s = f.service(longRunning: true)
        let schedule = s.startBackups(every: 0.05)
        defer { schedule.stop() }
        let deadline = Date().addingTimeInterval(10)
        while s.backups().isEmpty, Date() < deadline { usleep(20_000) }
        XCTAssertEqual(s.backups().map(\.id), ["20261124-090000"])
        at(f, hours: 1)
        f.vault.write("a.md", taskFile("A, edited"))
        while s.backups().count < 2, Date() < deadline { usleep(20_000) }
        XCTAssertEqual(s.backups().map(\.id), ["20261124-100000", "20261124-090000"])
    }
}
