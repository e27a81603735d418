import XCTest
@testable import TodoMDCore

final class VaultTests: XCTestCase {
    let now = clock("2026-11-22T10:00", "Europe/Berlin")

    func testCreateWritesTheSchemaAndReadsBack() throws {
        let dir = TempDir()
        let vault = Vault(root: dir.path + "/new-vault", clock: now)
        var n = NewTask(title: "Buy milk")
        n.due = "tomorrow"
        n.tags = ["errands", "food"]
        n.priority = "high"
        n.body = "2%"
        let t = try vault.create(n.make(clock: now, settings: vault.settings))
        XCTAssertEqual(t.path, "20261122-0900-buy-milk.md")
        XCTAssertEqual(dir.read("new-vault/" + t.path), """
        ---
        title: "Buy milk"
        status: "todo"
        due: "2026-11-23"
        priority: "high"
        tags:
          - errands
          - food
        created: "2026-11-22T09:00:00Z"
        modified: "2026-11-22T09:00:00Z"
        source: "user"
        ---

        2%

        """)
        XCTAssertEqual(t.problems, [])
    }

    func testScanSkipsHiddenFoldersAndNotesAndFollowsSafeLinks() throws {
        let dir = TempDir()
        let ok = "---\ntitle: T\nstatus: todo\ncreated: 2026-01-01T00:00:00Z\nsource: user\n---\n"
        dir.write("a.md", ok)
        dir.write("Work/Deep/b.md", ok)
        dir.write(".obsidian/c.md", ok)
        dir.write(".trash/d.md", ok)
        dir.write(".hidden.md", ok)
        dir.write("note.md", "# just a note\n")
        dir.write("readme.txt", ok)
        let outside = TempDir()
        outside.write("x.md", ok)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/out", withDestinationPath: outside.path)
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/Work/loop", withDestinationPath: dir.path + "/Work")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/alias.md", withDestinationPath: dir.path + "/a.md")
        let snap = Vault(root: dir.path, clock: now).load()
        XCTAssertEqual(snap.tasks.map(\.path).sorted(), ["Work/Deep/b.md", "a.md", "alias.md"])
        XCTAssertTrue(snap.notes.contains { $0.hasPrefix("out:") })
    }

    func testUpdateTouchesOnlyTheFieldAndSetsModified() throws {
        let dir = TempDir()
        let text = "---\ntitle: A   # keep\nstatus: todo\ncustom: [1, 2]\ncreated: 2026-01-01T00:00:00Z\nsource: user\n---\nbody\n"
        dir.write("a.md", text)
        let vault = Vault(root: dir.path, clock: now)
        let snap = vault.load()
        let t = snap.tasks[0]
        try vault.update(t, [FieldChange("flagged", .bool(true))], readFingerprint: snap.fingerprints[t.path])
        XCTAssertEqual(dir.read("a.md"), "---\ntitle: A   # keep\nstatus: todo\ncustom: [1, 2]\ncreated: 2026-01-01T00:00:00Z\nsource: user\nflagged: true\nmodified: \"2026-11-22T09:00:00Z\"\n---\nbody\n")
    }

    func testConcurrentChangeToAnotherFieldIsMerged() throws {
        let dir = TempDir()
        dir.write("a.md", "---\ntitle: A\nstatus: todo\ncreated: 2026-01-01T00:00:00Z\nsource: user\n---\nbody\n")
        let vault = Vault(root: dir.path, clock: now)
        let snap = vault.load()
        // Another program (vim, Obsidian) edits the title and body meanwhile.
        dir.write("a.md", "---\ntitle: A edited elsewhere\nstatus: todo\ncreated: 2026-01-01T00:00:00Z\nsource: user\n---\nnew body\n")
        let r = try TaskLifecycle(vault: vault).complete(snap.tasks[0], fingerprint: snap.fingerprints["a.md"])
        XCTAssertEqual(r.task.title, "A edited elsewhere")
        XCTAssertEqual(r.task.status, .done)
        XCTAssertEqual(r.task.body, "new body\n")
    }

    func testConcurrentChangeToTheSameFieldIsRefused() throws {
        let dir = TempDir()
        dir.write("a.md", "---\ntitle: A\nstatus: todo\ndue: 2026-12-01\ncreated: 2026-01-01T00:00:00Z\nsource: user\n---\n")
        let vault = Vault(root: dir.path, clock: now)
        let snap = vault.load()
        let theirs = "---\ntitle: A\nstatus: todo\ndue: 2026-12-24\ncreated: 2026-01-01T00:00:00Z\nsource: user\n---\n"
        dir.write("a.md", theirs)
        XCTAssertThrowsError(try vault.update(snap.tasks[0], [FieldChange("due", .string("2026-12-02"))],
                                              readFingerprint: snap.fingerprints["a.md"])) { error in
            guard case TodoError.editConflict(let c) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(c.reason.contains("another program changed due"), c.reason)
            XCTAssertEqual(c.fields, [EditConflict.Field(key: "due", read: .string("2026-12-01"), onDisk: .string("2026-12-24"))])
            XCTAssertEqual(c.currentVersion, TaskVersion.of(fileBytes: Array(theirs.utf8)))
        }
        XCTAssertEqual(dir.read("a.md"), theirs, "their version is never clobbered")
    }

    /// Many writers at once on one file, each setting its own key: no update is lost.
    func testParallelEditsLoseNothing() throws {
        let dir = TempDir()
        dir.write("a.md", "---\ntitle: A\nstatus: todo\ncreated: 2026-01-01T00:00:00Z\nsource: user\n---\nbody\n")
        let errors = ErrorBox()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let vault = Vault(root: dir.path, clock: now)
            for round in 0..<10 {
                do {
                    let snap = vault.load()
                    try vault.update(snap.tasks[0], [FieldChange("k\(worker)", .int(round))], readFingerprint: snap.fingerprints["a.md"])
                } catch { errors.add("\(error)") }
            }
        }
        XCTAssertEqual(errors.all, [])
        let t = Vault(root: dir.path, clock: now).load().tasks[0]
        for w in 0..<8 { XCTAssertEqual(t.value(forKey: "k\(w)"), .int(9), "k\(w)") }
        XCTAssertEqual(t.body, "body\n")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [])
    }

    func testReadOnlyFilesAreNeverRewritten() throws {
        let dir = TempDir()
        let broken = "---\ntitle: \"unterminated\nstatus: todo\n---\n"
        dir.write("bad.md", broken)
        let vault = Vault(root: dir.path, clock: now)
        let t = vault.load().tasks[0]
        XCTAssertTrue(t.readOnly)
        XCTAssertThrowsError(try TaskLifecycle(vault: vault).complete(t))
        XCTAssertEqual(dir.read("bad.md"), broken)
    }

    func testCompleteArchivesWhenTheSettingIsOn() throws {
        let dir = TempDir()
        dir.write(".todomd.json", #"{"archive_completed": true}"#)
        dir.write("a.md", "---\ntitle: A\nstatus: todo\ncreated: 2026-01-01T00:00:00Z\nsource: user\n---\n")
        dir.write("Archive/a.md", "taken")
        let vault = Vault(root: dir.path, clock: now)
        let r = try TaskLifecycle(vault: vault).complete(vault.load().tasks[0])
        XCTAssertEqual(r.task.path, "Archive/a-2.md")
        XCTAssertEqual(r.task.status, .done)
        XCTAssertEqual(r.task.completed.map(Timestamp.format), "2026-11-22T09:00:00Z")
        XCTAssertFalse(dir.exists("a.md"))
        XCTAssertEqual(dir.read("Archive/a.md"), "taken")
        let reopened = try TaskLifecycle(vault: vault).reopen(r.task)
        XCTAssertNil(reopened.task.completed)
        XCTAssertEqual(reopened.task.status, .todo)
    }

    func testTrashDeleteRestoreEmpty() throws {
        let dir = TempDir()
        dir.write("Work/a.md", "---\ntitle: A\nstatus: todo\ncreated: 2026-01-01T00:00:00Z\nsource: user\n---\n")
        let vault = Vault(root: dir.path, clock: now)
        let trash = Trash(vault: vault)
        XCTAssertEqual(try trash.delete("Work/a.md"), ".trash/Work/a.md")
        XCTAssertEqual(vault.load().tasks.count, 0)
        XCTAssertEqual(trash.list().map(\.path), ["Work/a.md"])
        XCTAssertEqual(try trash.restore("Work/a.md"), "Work/a.md")
        XCTAssertEqual(vault.load().tasks.map(\.path), ["Work/a.md"])
        try trash.delete("Work/a.md")
        XCTAssertEqual(try trash.empty(), 1)
        XCTAssertEqual(trash.list().count, 0)
    }

    func testSettingsAndLocator() throws {
        let dir = TempDir()
        dir.write(".todomd.json", #"{"default_priority": "urgent", "completed_retention_days": 7}"#)
        let (s, problem) = VaultSettings.load(root: dir.path)
        XCTAssertEqual(s.completedRetentionDays, 7)
        XCTAssertEqual(s.defaultPriority, .none)
        XCTAssertTrue(problem?.contains("default_priority") ?? false)

        let env = ["HOME": "/home/u", "XDG_CONFIG_HOME": dir.path + "/cfg"]
        XCTAssertEqual(try VaultLocator.locate(flag: "/v/x/", env: env), "/v/x")
        XCTAssertEqual(try VaultLocator.locate(flag: nil, env: env.merging(["TODOMD_VAULT": "~/tasks"]) { $1 }), "/home/u/tasks")
        XCTAssertEqual(try VaultLocator.locate(flag: nil, env: env), "/home/u/todo.md")
        dir.write("cfg/todomd/config.json", #"{"vault": "/from/config"}"#)
        XCTAssertEqual(try VaultLocator.locate(flag: nil, env: env), "/from/config")
    }

    func testResolver() throws {
        func t(_ path: String, _ title: String, _ status: TaskStatus = .todo) -> TodoTask { TodoTask(path: path, title: title, status: status) }
        let tasks = [t("a/20250101-0000-buy-milk.md", "Buy milk"), t("b.md", "Buy milk chocolate"),
                     t("c.md", "Call mom"), t("d.md", "Call mom", .done), t("e.md", "Write")]
        XCTAssertEqual(try TaskResolver.resolve("a/20250101-0000-buy-milk.md", in: tasks).path, "a/20250101-0000-buy-milk.md")
        XCTAssertEqual(try TaskResolver.resolve("20250101-0000-buy-milk", in: tasks).path, "a/20250101-0000-buy-milk.md")
        XCTAssertEqual(try TaskResolver.resolve("CHOCOLATE", in: tasks).path, "b.md")
        XCTAssertEqual(try TaskResolver.resolve("buy milk", in: tasks).path, "a/20250101-0000-buy-milk.md", "exact title wins")
        XCTAssertEqual(try TaskResolver.resolve("call", in: tasks, prefer: .open).path, "c.md")
        XCTAssertEqual(try TaskResolver.resolve("call", in: tasks, prefer: .closed).path, "d.md")
        XCTAssertThrowsError(try TaskResolver.resolve("call", in: tasks)) { e in
            guard case TodoError.ambiguous(_, let c) = e else { return XCTFail() }
            XCTAssertEqual(c.count, 2)
        }
        XCTAssertThrowsError(try TaskResolver.resolve("nothing", in: tasks))
    }
}

final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ s: String) { lock.lock(); items.append(s); lock.unlock() }
    var all: [String] { lock.lock(); defer { lock.unlock() }; return items }
}

final class ReadOnlyFileTests: XCTestCase {
    func testEditingThroughASymlinkKeepsTheLink() throws {
        let dir = TempDir()
        dir.write("real/a.md", "---\ntitle: A\nstatus: todo\ncreated: 2026-01-01T00:00:00Z\nsource: user\n---\n")
        try FileManager.default.createSymbolicLink(atPath: dir.path + "/link.md", withDestinationPath: dir.path + "/real/a.md")
        let vault = Vault(root: dir.path, clock: clock("2026-11-22T10:00"))
        let linked = vault.load().tasks.first { $0.path == "link.md" }!
        _ = try vault.update(linked, [FieldChange("flagged", .bool(true))])
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir.path + "/link.md"), dir.path + "/real/a.md")
        XCTAssertTrue(dir.read("real/a.md").contains("flagged: true"))
    }

    func testAReadOnlyFileIsNotRewritten() throws {
        let dir = TempDir()
        let text = "---\ntitle: A\nstatus: todo\ncreated: 2026-01-01T00:00:00Z\nsource: user\n---\n"
        dir.write("a.md", text)
        chmod(dir.path + "/a.md", 0o444)
        let vault = Vault(root: dir.path, clock: clock("2026-11-22T10:00"))
        XCTAssertThrowsError(try TaskLifecycle(vault: vault).complete(vault.load().tasks[0])) { e in
            XCTAssertTrue("\(e)".contains("read-only"), "\(e)")
        }
        XCTAssertEqual(dir.read("a.md"), text)
    }
}
