import Foundation
import TodoMDCore
import TodoMDService
import XCTest

/// The quarantine (issue 16, opt-in): new files from untrusted sources, or in a burst, are in
/// no view, count or search until approved; rejecting trashes them.
final class QuarantineTests: XCTestCase {
    private func file(_ title: String, source: String?) -> String {
        "---\ntitle: \"\(title)\"\nstatus: \"todo\"\n" + (source.map { "source: \"\($0)\"\n" } ?? "") + "---\n"
    }

    private func titles(_ s: TodoService) throws -> [String] { try s.view("all").tasks.map(\.title).sorted() }

    func testOffByDefault() throws {
        let f = ServiceFixture()
        _ = try f.service().view("all")
        f.vault.write("x.md", file("Injected", source: "script"))
        XCTAssertEqual(try titles(f.service()), ["Injected"])
        XCTAssertFalse(f.service().quarantine().enabled)
        XCTAssertThrowsError(try f.service().approveQuarantined([], all: true))
    }

    func testUntrustedNewFilesAreHeldUntilApproved() throws {
        let f = ServiceFixture()
        f.vault.write(".todomd.json", "{\"quarantine\": {\"trusted_sources\": [\"user\", \"obsidian*\"]}}")
        f.vault.write("old.md", file("There before", source: "script"))
        _ = try f.service().view("all")                                    // first sighting: not new
        f.vault.write("a.md", file("Injected", source: "script"))
        f.vault.write("b.md", file("No source", source: nil))
        f.vault.write("c.md", file("From Obsidian", source: "obsidian-tasks"))
        f.vault.write("d.md", file("Claims user", source: "user"))
        let s = f.service()
        XCTAssertEqual(try titles(s), ["Claims user", "From Obsidian", "There before"])
        let q = s.quarantine()
        XCTAssertEqual(q.files.map(\.path), ["a.md", "b.md"])
        XCTAssertEqual(q.files.map(\.reason), ["source", "source"])
        XCTAssertEqual(q.files.map(\.source), ["script", nil])
        XCTAssertEqual(q.files.first?.task?.task.title, "Injected")
        XCTAssertNil(q.alert)
        XCTAssertEqual(s.overview().quarantine, 2)
        XCTAssertEqual(try s.search("injected").hits.count, 0, "search leaves held files out")
        XCTAssertEqual(try s.task("a.md").task.title, "Injected", "an exact reference still reaches it")

        XCTAssertEqual(try f.service().approveQuarantined(["Injected"]), ["a.md"])
        XCTAssertEqual(try titles(f.service()), ["Claims user", "From Obsidian", "Injected", "There before"])
        let rejected = try f.service().rejectQuarantined(["b.md"])
        XCTAssertEqual(rejected.map(\.trashPath), [".trash/b.md"])
        XCTAssertFalse(f.vault.exists("b.md"))
        XCTAssertEqual(f.service().quarantine().files.count, 0)
        XCTAssertThrowsError(try f.service().approveQuarantined(["nothing.md"]))
        // Changing an approved file does not hold it again.
        f.vault.write("a.md", file("Injected, edited", source: "script"))
        XCTAssertTrue(try titles(f.service()).contains("Injected, edited"))
    }

    func testABurstIsHeldWithItsAlert() throws {
        let f = ServiceFixture()
        f.vault.write(".todomd.json", "{\"quarantine\": {\"trusted_sources\": [\"*\"], \"burst\": 5, \"window_seconds\": 60}}")
        _ = try f.service().view("all")
        for i in 0..<4 { f.vault.write("ok-\(i).md", file("Fine \(i)", source: "agent")) }
        XCTAssertEqual(try titles(f.service()).count, 4, "four within the minute: no burst")
        for i in 0..<3 { f.vault.write("burst-\(i).md", file("Burst \(i)", source: i == 0 ? "other" : "agent")) }
        let s = f.service()
        XCTAssertEqual(try titles(s), [], "seven new files within 60 s: all of them held")
        let q = s.quarantine()
        XCTAssertEqual(q.files.count, 7)
        XCTAssertEqual(q.alert?.total, 7)
        XCTAssertEqual(q.alert?.sources.map(\.source), ["agent", "other"])
        XCTAssertEqual(q.alert?.sources.map(\.count), [6, 1])
        _ = try s.approveQuarantined([], all: true)
        XCTAssertEqual(try titles(f.service()).count, 7)
        // A minute later the window is empty again.
        f.clock.set(clock("2026-11-24T09:05"))
        f.vault.write("later.md", file("Later", source: "agent"))
        XCTAssertEqual(try titles(f.service()).count, 8)
    }

    func testAgentsAreJudgedAsTheyWriteTheUserNever() throws {
        let f = ServiceFixture()
        f.vault.write(".todomd.json", "{\"quarantine\": {\"trusted_sources\": [\"user\", \"mcp:trusted\"]}}")
        let s = f.service()
        _ = try s.add(TaskDraft(NewTask(title: "Mine"), quickEntry: false))
        var n = NewTask(title: "Mine, with a source")
        n.source = "elsewhere"
        _ = try s.add(TaskDraft(n, quickEntry: false))
        let add = { (title: String) in BatchOperation(reference: "", action: .add(TaskDraft(NewTask(title: title), quickEntry: false))) }
        _ = try AgentSession(service: s, source: "mcp:claude").run("add_tasks", .create, [add("From Claude")])
        _ = try AgentSession(service: s, source: "mcp:trusted").run("add_tasks", .create, [add("From a trusted agent")])
        XCTAssertEqual(try titles(f.service()), ["From a trusted agent", "Mine", "Mine, with a source"])
        XCTAssertEqual(f.service().quarantine().files.map { $0.task?.task.title }, ["From Claude"])
        // Moving a held file (to the trash, by the agent) is not a new arrival.
        let held = try XCTUnwrap(f.service().quarantine().files.first?.path)
        _ = try AgentSession(service: s, source: "mcp:claude").run("delete", .delete, [BatchOperation(reference: held, action: .delete)])
        XCTAssertEqual(f.service().quarantine().files.count, 0, "gone from its place: let go")
    }

    /// A plain note holds nothing to hide; a sync engine's copy is merged, never held.
    func testNotesWithoutTasksAndSyncCopiesAreNotHeld() throws {
        let f = ServiceFixture()
        f.vault.write(".todomd.json", "{\"quarantine\": true}")
        f.vault.write("plan.md", "---\ntitle: \"Plan\"\nstatus: \"todo\"\n---\n")
        _ = try f.service().view("all")
        f.clock.set(clock("2026-11-24T09:05"))
        f.vault.write("note.md", "just a note\n")
        f.vault.write("list.md", "- [ ] a checkbox task\n")
        f.vault.write("plan.sync-conflict-20261124-101010-ABCDEFG.md", "---\ntitle: \"Plan\"\nstatus: \"todo\"\nflagged: true\n---\n")
        let s = f.service()
        XCTAssertEqual(try s.view("all").tasks.map(\.title), ["Plan"])
        XCTAssertEqual(s.quarantine().files.map(\.path), ["list.md"])
        XCTAssertEqual(s.quarantine().files.first?.why, "it names no source")
        XCTAssertTrue(f.vault.read("plan.md").contains("flagged: true"), "the copy was merged")
    }

    func testSettings() throws {
        let f = ServiceFixture()
        f.vault.write(".todomd.json", "{\"quarantine\": {\"trusted_sources\": \"user\", \"burst\": -1}}")
        let problems = f.service().doctor().problems.flatMap(\.reasons)
        XCTAssertTrue(problems.contains { $0.contains("quarantine.trusted_sources") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.contains("quarantine.burst") }, "\(problems)")
        var q = QuarantineSettings()
        q.trusted = ["user", "mcp:*", QuarantineSettings.noSource]
        XCTAssertTrue(q.trusts("user"))
        XCTAssertTrue(q.trusts("mcp:claude"))
        XCTAssertTrue(q.trusts(nil))
        XCTAssertFalse(q.trusts("mcp"))
        XCTAssertFalse(q.trusts("users"))
    }
}

/// The live watch (`serve`, `watch`): a held file is reported as held, never as added; a sync
/// engine's copy is never reported and is merged soon after.
final class LiveFilterTests: XCTestCase {
    final class Events: @unchecked Sendable {
        private let lock = NSLock()
        private var all: [WatchChange] = []
        func add(_ c: [WatchChange]) { lock.withLock { all += c } }
        var list: [WatchChange] { lock.withLock { all } }
    }

    private func wait(_ what: String, _ done: () -> Bool) {
        let end = Date().addingTimeInterval(10)
        while !done() && Date() < end { usleep(20_000) }
        XCTAssertTrue(done(), "timed out waiting for \(what)")
    }

    func testHeldFilesAndCopiesAreNotReportedAsTasks() throws {
        let f = ServiceFixture()
        f.vault.write(".todomd.json", "{\"quarantine\": true}")
        f.vault.write("plan.md", taskFile("Plan"))
        let s = f.service(longRunning: true)
        _ = try s.view("all")
        let events = Events()
        _ = try s.startWatching(WatchOptions(poll: true, reportOwnWrites: true)) { events.add($0) }
        defer { s.stopWatching() }
        f.vault.write("x.md", "---\ntitle: \"Injected\"\nstatus: \"todo\"\nsource: \"script\"\n---\n")
        wait("held") { events.list.contains { if case .held = $0 { return true } else { return false } } }
        XCTAssertFalse(events.list.contains { if case .added(let t, _) = $0 { return t.path == "x.md" } else { return false } })
        guard case .held(let path, let reason)? = events.list.first(where: { if case .held = $0 { return true } else { return false } }) else { return }
        XCTAssertEqual(path, "x.md")
        XCTAssertEqual(reason, "its source (script) is not trusted")

        f.clock.set(clock("2026-11-24T09:05"))   // the copy arrives later than the original was seen
        f.vault.write("plan.sync-conflict-20261124-101010-ABCDEFG.md", taskFile("Plan", extra: "priority: \"high\"\n"))
        wait("the copy merged") { !f.vault.exists("plan.sync-conflict-20261124-101010-ABCDEFG.md") }
        XCTAssertTrue(f.vault.read("plan.md").contains("priority: \"high\""), f.vault.read("plan.md") + "\n" + f.vault.files().joined(separator: " "))
        XCTAssertFalse(events.list.contains { if case .added(let t, _) = $0 { return t.path.contains("sync-conflict") } else { return false } })
    }
}
