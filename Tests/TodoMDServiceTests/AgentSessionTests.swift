import Foundation
import XCTest
import TodoMDCore
@testable import TodoMDService

/// Agent sessions (MCP connections, URLs): the source their tasks carry, the vault's
/// per-source permissions, the rate alert, dry runs that write nothing, and one undo step per
/// call. Real files in temp folders.
final class AgentSessionTests: XCTestCase {
    private func draft(_ title: String, source: String? = nil) -> BatchOperation {
        var n = NewTask(title: title)
        n.source = source
        return BatchOperation(reference: "", action: .add(TaskDraft(n, quickEntry: false)))
    }

    /// Every file of the vault folder and its bytes.
    private func snapshot(_ dir: TempDir) -> [String: [UInt8]] {
        Dictionary(uniqueKeysWithValues: dir.files().map { ($0, dir.bytes($0)) })
    }

    // MARK: Source attribution

    func testSourceFromAClientNameIsSanitised() {
        XCTAssertEqual(AgentSession.source(client: "Claude Desktop!"), "mcp:ClaudeDesktop")
        XCTAssertEqual(AgentSession.source(client: ""), "mcp:client")
        XCTAssertEqual(AgentSession.source(client: "!!! ???"), "mcp:client", "nothing kept is an empty name")
        XCTAssertEqual(AgentSession.source(client: String(repeating: "a", count: 100)), "mcp:" + String(repeating: "a", count: 64))
        XCTAssertEqual(AgentSession.source(client: String(repeating: "é", count: 10) + String(repeating: "b", count: 70)),
                       "mcp:" + String(repeating: "b", count: 64), "cut after filtering")
        XCTAssertEqual(AgentSession.source(client: "cursor-vscode_1.2"), "mcp:cursor-vscode_1.2")
        XCTAssertEqual(AgentSession.source(client: "x\"\nsource: user\u{0}"), "mcp:xsourceuser", "no YAML, no control characters")
        XCTAssertEqual(AgentSession.source(client: "Clàude 🤖"), "mcp:Clude")
        XCTAssertEqual(AgentSession.source(client: "a:b/c"), "mcp:abc", "no second colon, no slash")
        XCTAssertEqual(AgentSession.source(client: "zed", prefix: "http"), "http:zed")

        XCTAssertTrue(AgentSession.validSource("mcp:claude"))
        XCTAssertTrue(AgentSession.validSource("shortcut"))
        XCTAssertTrue(AgentSession.validSource(String(repeating: "s", count: 64)))
        for bad in ["", String(repeating: "s", count: 65), "a b", "é", "x\n", "a/b", "\"quoted\""] {
            XCTAssertFalse(AgentSession.validSource(bad), bad.debugDescription)
        }
    }

    func testTasksGetTheSessionSourceAndAClaimedSourceFailsThatItemOnly() throws {
        let f = ServiceFixture()
        let s = f.service()
        let session = AgentSession(service: s, source: "mcp:ClaudeDesktop")
        let o = try session.run("add_tasks", .create, [draft("Mine"), draft("Claims user", source: "user"), draft("Claims itself", source: "mcp:ClaudeDesktop")])
        XCTAssertEqual(o.results.count, 3)
        XCTAssertEqual(o.succeeded, 2)
        XCTAssertEqual(o.failed, 1)
        XCTAssertFalse(o.dryRun)
        guard case .added(let a) = o.results[0] else { return XCTFail("\(o.results[0])") }
        XCTAssertEqual(a.task.task.source, "mcp:ClaudeDesktop")
        XCTAssertTrue(f.vault.read(a.task.task.path).contains("source: \"mcp:ClaudeDesktop\"\n"))
        guard case .failed(let e) = o.results[1] else { return XCTFail("\(o.results[1])") }
        XCTAssertEqual(e as? TodoError, .invalidArgument("source is set by the connection (mcp:ClaudeDesktop), not by a task (\"user\")"))
        guard case .added(let c) = o.results[2] else { return XCTFail("\(o.results[2])") }
        XCTAssertEqual(c.task.task.source, "mcp:ClaudeDesktop")
        XCTAssertEqual(f.vault.files().count, 2, "the refused item wrote nothing")
        XCTAssertEqual(try s.view("all").tasks.map(\.source), ["mcp:ClaudeDesktop", "mcp:ClaudeDesktop"])
        XCTAssertEqual(try s.view("all").tasks.map(\.title).sorted(), ["Claims itself", "Mine"])
    }

    func testQuickEntryTasksGetTheSourceToo() throws {
        let f = ServiceFixture()
        let s = f.service()
        let o = try AgentSession(service: s, source: "shortcut")
            .run("url add", .create, [BatchOperation(reference: "", action: .add(TaskDraft(text: "Call Anna tomorrow #phone")))])
        guard case .added(let a) = o.results.first else { return XCTFail("\(o.results)") }
        XCTAssertEqual(a.task.task.source, "shortcut")
        XCTAssertEqual(a.task.task.title, "Call Anna")
    }

    // MARK: Permissions

    private func permissionFixture() -> (ServiceFixture, TodoService) {
        let f = ServiceFixture()
        f.vault.write(".todomd.json", #"{"source_permissions": {"mcp:*": {"delete": false}, "mcp:ro": {"create": false}}}"#)
        f.vault.write("a.md", taskFile("Alpha"))
        f.vault.write("b.md", taskFile("Beta"))
        return (f, f.service())
    }

    func testDeleteIsRefusedForAWildcardSource() throws {
        let (f, s) = permissionFixture()
        let before = snapshot(f.vault)
        let history = s.undoHistory().actions.count
        let session = AgentSession(service: s, source: "mcp:x")
        XCTAssertThrowsError(try session.run("delete_tasks", .delete, [BatchOperation(reference: "a.md", action: .delete)])) { e in
            XCTAssertEqual(e as? TodoError, .invalidArgument("source mcp:x may not delete or restore tasks in this vault (.todomd.json source_permissions)"))
        }
        XCTAssertTrue(f.vault.exists("a.md"))
        XCTAssertFalse(f.vault.exists(".trash/a.md"))
        XCTAssertEqual(snapshot(f.vault), before)
        XCTAssertEqual(s.undoHistory().actions.count, history, "a refusal records nothing")
        // A dry run is refused the same way.
        XCTAssertThrowsError(try session.run("delete_tasks", .delete, [BatchOperation(reference: "a.md", action: .delete)], dryRun: true))

        // Create, modify and complete are not stated: allowed.
        let o = try session.run("add_tasks", .create, [draft("Allowed")])
        XCTAssertEqual(o.succeeded, 1)
        XCTAssertEqual(try session.run("complete_tasks", .complete, [BatchOperation(reference: "a.md", action: .complete)]).succeeded, 1)
        XCTAssertFalse(s.permits("mcp:x", .delete))
        XCTAssertFalse(s.permits("mcp:", .delete))
        XCTAssertTrue(s.permits("mcp:x", .create))
        XCTAssertTrue(s.permits("mcp:x", .modify))
        // Sources outside the pattern are not touched by it.
        XCTAssertTrue(s.permits("shortcut", .delete))
        XCTAssertTrue(s.permits("mcp", .delete), "mcp without the colon does not match mcp:*")
        XCTAssertEqual(try AgentSession(service: s, source: "shortcut").run("delete", .delete, [BatchOperation(reference: "b.md", action: .delete)]).succeeded, 1)
    }

    func testAnExactSourceRuleWinsOverThePrefix() throws {
        let (f, s) = permissionFixture()
        let ro = AgentSession(service: s, source: "mcp:ro")
        XCTAssertThrowsError(try ro.run("add_tasks", .create, [draft("Refused")])) { e in
            guard case TodoError.invalidArgument(let m) = e else { return XCTFail("\(e)") }
            XCTAssertTrue(m.contains("source mcp:ro may not create tasks"), m)
        }
        XCTAssertEqual(f.vault.files(), [".todomd.json", "a.md", "b.md"])
        XCTAssertFalse(s.permits("mcp:ro", .create))
        // Its own rule is the one that applies (rules do not merge): delete is not stated there.
        XCTAssertTrue(s.permits("mcp:ro", .delete))
        // "mcp:ro" is exact: "mcp:robot" falls back to mcp:*.
        XCTAssertTrue(s.permits("mcp:robot", .create))
        XCTAssertFalse(s.permits("mcp:robot", .delete))
    }

    func testTheLongestPrefixWins() throws {
        let p = SourcePermissions(rules: [
            "*": [.create: false],
            "mcp:*": [.modify: false, .delete: false],
            "mcp:intern*": [.modify: true, .complete: false],
            "mcp:intern-bob": [.create: true],
        ])
        XCTAssertFalse(p.allows("shortcut", .create), "* applies to every source")
        XCTAssertTrue(p.allows("shortcut", .delete))
        XCTAssertTrue(p.allows("mcp:x", .create), "mcp:* says nothing of create; * is not consulted")
        XCTAssertFalse(p.allows("mcp:x", .modify))
        XCTAssertFalse(p.allows("mcp:x", .delete))
        XCTAssertTrue(p.allows("mcp:intern-1", .modify), "mcp:intern* is longer than mcp:*")
        XCTAssertFalse(p.allows("mcp:intern-1", .complete))
        XCTAssertTrue(p.allows("mcp:intern-1", .delete), "mcp:intern* says nothing of delete")
        XCTAssertTrue(p.allows("mcp:intern-bob", .complete), "the exact rule wins over every prefix")
        XCTAssertTrue(SourcePermissions().allows("anyone", .delete), "no rules: everything allowed")

        // The same through the vault's settings.
        let f = ServiceFixture()
        f.vault.write(".todomd.json", #"{"source_permissions": {"mcp:*": {"create": false}, "mcp:trusted*": {"create": true}}}"#)
        let s = f.service()
        XCTAssertThrowsError(try AgentSession(service: s, source: "mcp:other").run("add_tasks", .create, [draft("No")]))
        let ok = try AgentSession(service: s, source: "mcp:trusted-agent").run("add_tasks", .create, [draft("Yes")])
        XCTAssertEqual(ok.succeeded, 1)
        XCTAssertEqual(f.vault.files().filter { $0.hasSuffix(".md") }.count, 1)
    }

    // MARK: Rate alert

    func testFiftyWritesRaiseNoAlertAndTheFiftyFirstDoes() throws {
        let f = ServiceFixture()
        let warnings = ErrorList()
        let c = f.clock
        var options = ServiceOptions(vaultRoot: f.vault.path, clock: { c.now })
        options.indexPath = f.cache.path + "/index.sqlite"
        options.warn = { warnings.append($0) }
        let s = TodoService(options)
        let watch = AgentRateWatch()
        let session = AgentSession(service: s, source: "mcp:busy", rateWatch: watch)

        let fifty = try session.run("add_tasks", .create, (1...50).map { draft("Task \($0)") })
        XCTAssertEqual(fifty.succeeded, 50)
        XCTAssertNil(fifty.rateAlert)
        XCTAssertEqual(warnings.all, [])

        // Dry runs and failures do not count.
        let dry = try session.run("add_tasks", .create, (1...10).map { draft("Dry \($0)") }, dryRun: true)
        XCTAssertNil(dry.rateAlert)
        let failing = try session.run("complete_tasks", .complete, [BatchOperation(reference: "no such task", action: .complete)])
        XCTAssertEqual(failing.failed, 1)
        XCTAssertNil(failing.rateAlert)

        let fiftyFirst = try session.run("add_tasks", .create, [draft("Task 51")])
        let alert = try XCTUnwrap(fiftyFirst.rateAlert)
        XCTAssertEqual(alert.total, 51)
        XCTAssertEqual(alert.windowSeconds, 60)
        XCTAssertEqual(alert.sources, [RateAlert.Source(source: "mcp:busy", count: 51)])
        XCTAssertEqual(warnings.all, ["rate alert: 51 writes within 60 s (mcp:busy: 51)"])

        // Once per burst.
        XCTAssertNil(try session.run("add_tasks", .create, [draft("Task 52")]).rateAlert)
        // Sixty seconds later the window has drained: the count starts again.
        f.clock.set(clock("2026-11-24T09:02"))
        XCTAssertNil(try session.run("add_tasks", .create, [draft("Task 53")]).rateAlert)
    }

    func testTheFiftyFirstWriteInOneCallRaisesTheAlertWithEverySource() throws {
        let f = ServiceFixture()
        let s = f.service()
        let watch = AgentRateWatch()
        let other = AgentSession(service: s, source: "shortcut", rateWatch: watch)
        let agent = AgentSession(service: s, source: "mcp:bulk", rateWatch: watch)
        XCTAssertNil(try other.run("url add", .create, (1...5).map { draft("URL \($0)") }).rateAlert)
        let o = try agent.run("add_tasks", .create, (1...46).map { draft("Bulk \($0)") })
        let alert = try XCTUnwrap(o.rateAlert, "5 + 46 = 51 writes within the window")
        XCTAssertEqual(alert.total, 51)
        XCTAssertEqual(alert.sources, [RateAlert.Source(source: "mcp:bulk", count: 46), RateAlert.Source(source: "shortcut", count: 5)])

        // A separate watch (another server) counts on its own.
        let alone = AgentSession(service: s, source: "mcp:alone", rateWatch: AgentRateWatch())
        XCTAssertNil(try alone.run("add_tasks", .create, [draft("Alone")]).rateAlert)
    }

    func testRateWatchCountsOnlyPositiveCounts() {
        let watch = AgentRateWatch(threshold: 2, window: 60)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        XCTAssertNil(watch.record("a", count: 0, at: now))
        XCTAssertNil(watch.record("a", count: -3, at: now))
        XCTAssertNil(watch.record("a", count: 2, at: now))
        XCTAssertEqual(watch.record("b", count: 1, at: now)?.total, 3)
    }

    // MARK: Dry runs

    private func dryFixture() -> (ServiceFixture, TodoService) {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Alpha", extra: "due: \"2026-12-01\"\ntags:\n  - home\n", body: "Body.\n"))
        f.vault.write("water.md", taskFile("Water plants", extra: "due: \"2026-11-24\"\nrecurrence: \"FREQ=DAILY\"\n"))
        f.vault.write("d.md", taskFile("Doomed"))
        f.vault.write("Notes/list.md", "# List\n\n- [ ] a checkbox task\n")
        return (f, f.service(longRunning: true))
    }

    func testADryRunWritesNothingAndReportsWhatWouldHappen() throws {
        let (f, s) = dryFixture()
        let vaultBefore = snapshot(f.vault)
        let history = s.undoHistory().actions.map(\.id)
        let ops = [
            BatchOperation(reference: "", action: .add(TaskDraft(text: "New thing tomorrow #errands"))),
            BatchOperation(reference: "a.md", action: .update(TaskChange(fields: [(TaskKey.priority, .text("high"))], addTags: ["urgent"], appendNotes: "More."))),
            BatchOperation(reference: "water", action: .complete),
            BatchOperation(reference: "d.md", action: .delete),
            BatchOperation(reference: "a checkbox task", action: .complete),
            BatchOperation(reference: "no such task", action: .complete),
        ]
        let results = s.batch(ops, label: "dry", dryRun: true)

        XCTAssertEqual(snapshot(f.vault), vaultBefore, "every file keeps its bytes; none is added or removed")
        XCTAssertEqual(s.undoHistory().actions.map(\.id), history, "a dry run is no undo step")

        XCTAssertEqual(results.count, 6)
        guard case .added(let added) = results[0] else { return XCTFail("\(results[0])") }
        XCTAssertEqual(added.task.task.title, "New thing")
        XCTAssertEqual(added.task.task.scheduled?.description ?? added.task.task.due?.description, "2026-11-25")
        XCTAssertEqual(added.task.task.tags, ["errands"])
        XCTAssertFalse(added.task.task.path.isEmpty, "the would-be file name is reported")
        XCTAssertFalse(f.vault.exists(added.task.task.path))

        guard case .changed(let updated) = results[1] else { return XCTFail("\(results[1])") }
        XCTAssertEqual(updated.task.task.path, "a.md")
        XCTAssertEqual(updated.task.task.priority, .high)
        XCTAssertEqual(updated.task.task.tags, ["home", "urgent"])
        XCTAssertTrue(updated.task.task.body.contains("More."))

        guard case .changed(let water) = results[2] else { return XCTFail("\(results[2])") }
        XCTAssertEqual(water.task.task.status, .done)
        XCTAssertFalse(water.created.isEmpty, "the next occurrence it would make")
        XCTAssertEqual(water.created.first?.task.due?.description, "2026-11-25")
        if let next = water.created.first { XCTAssertFalse(f.vault.exists(next.task.path)) }

        guard case .deleted(let deleted) = results[3] else { return XCTFail("\(results[3])") }
        XCTAssertEqual(deleted.task.title, "Doomed")
        XCTAssertEqual(deleted.trashPath, ".trash/d.md")
        XCTAssertTrue(f.vault.exists("d.md"))

        guard case .changed(let checkbox) = results[4] else { return XCTFail("\(results[4])") }
        XCTAssertEqual(checkbox.task.task.status, .done)

        guard case .failed(let e) = results[5] else { return XCTFail("\(results[5])") }
        guard case TodoError.notFound = e else { return XCTFail("\(e)") }

        // The service reads the vault as it was.
        XCTAssertEqual(try s.task("a.md").task.priority, Priority.none)
        XCTAssertEqual(try s.task("water").task.status, .todo)

        // And the same through a session.
        let session = AgentSession(service: s, source: "mcp:dry")
        let o = try session.run("complete_tasks", .complete, [BatchOperation(reference: "water.md", action: .complete)], dryRun: true)
        XCTAssertTrue(o.dryRun)
        guard case .changed(let again) = o.results.first else { return XCTFail("\(o.results)") }
        XCTAssertFalse(again.created.isEmpty)
        XCTAssertEqual(snapshot(f.vault), vaultBefore)
        let addDry = try session.run("add_tasks", .create, [draft("Dry add")], dryRun: true)
        guard case .added(let dryAdd) = addDry.results.first else { return XCTFail("\(addDry.results)") }
        XCTAssertEqual(dryAdd.task.task.source, "mcp:dry")
        XCTAssertEqual(snapshot(f.vault), vaultBefore)
    }

    func testAStaleVersionInADryRunReportsTheConflict() throws {
        let (f, s) = dryFixture()
        let v1 = try XCTUnwrap(try s.task("a.md").version)
        // Another program changes the due date.
        f.vault.write("a.md", f.vault.read("a.md").replacingOccurrences(of: "2026-12-01", with: "2026-12-24"))
        let theirs = snapshot(f.vault)

        let results = s.batch([
            BatchOperation(reference: "a.md", action: .set([(TaskKey.due, .text("2026-12-02"))]), expected: v1),
            BatchOperation(reference: "a.md", action: .update(TaskChange(fields: [(TaskKey.due, .clear)])), expected: v1),
            BatchOperation(reference: "a.md", action: .set([(TaskKey.priority, .text("high"))]), expected: v1),
        ], dryRun: true)
        for i in 0..<2 {
            guard case .failed(let e) = results[i] else { return XCTFail("\(i): \(results[i])") }
            guard case TodoError.editConflict(let c) = e else { return XCTFail("\(i): \(e)") }
            XCTAssertEqual(c.fields.map(\.key), ["due"])
            XCTAssertEqual(c.currentVersion, TaskVersion.of(fileBytes: f.vault.bytes("a.md")))
        }
        guard case .changed(let merged) = results[2] else { return XCTFail("\(results[2])") }
        XCTAssertEqual(merged.task.task.priority, .high, "another field merges")
        XCTAssertEqual(merged.task.task.due?.description, "2026-12-24", "their change stays")
        XCTAssertEqual(snapshot(f.vault), theirs, "and nothing is written")
    }

    // MARK: Undo

    func testOneSessionCallIsOneUndoStep() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Alpha"))
        f.vault.write("b.md", taskFile("Beta"))
        let s = f.service()
        let session = AgentSession(service: s, source: "mcp:agent")
        let before = s.undoHistory().actions.count

        let o = try session.run("add_tasks", .create, [draft("One"), draft("Two"), draft("Three")])
        XCTAssertEqual(o.succeeded, 3)
        XCTAssertEqual(s.undoHistory().actions.count, before + 1)
        let add = try XCTUnwrap(s.undoHistory().actions.first)
        XCTAssertEqual(add.action, "mcp:agent add_tasks")
        XCTAssertEqual(add.files.count, 3)
        XCTAssertTrue(add.summary.hasPrefix("mcp:agent add_tasks: "), add.summary)

        _ = try session.run("complete_tasks", .complete, [BatchOperation(reference: "a.md", action: .complete),
                                                         BatchOperation(reference: "b.md", action: .complete)])
        XCTAssertEqual(s.undoHistory().actions.count, before + 2)
        let done = try XCTUnwrap(s.undoHistory().actions.first)
        XCTAssertEqual(done.action, "mcp:agent complete_tasks")
        XCTAssertEqual(Set(done.files.map(\.path)), ["a.md", "b.md"])

        // One undo reverses the whole call.
        let undone = try s.undo()
        XCTAssertEqual(undone.action.action, "mcp:agent complete_tasks")
        XCTAssertEqual(try s.task("a.md").task.status, .todo)
        XCTAssertEqual(try s.task("b.md").task.status, .todo)
        let undoneAdd = try s.undo()
        XCTAssertEqual(undoneAdd.action.action, "mcp:agent add_tasks")
        XCTAssertEqual(undoneAdd.trashed.count, 3)
        XCTAssertEqual(f.vault.files().filter { !$0.hasPrefix(".trash/") }, ["a.md", "b.md"])

        // A call whose every item fails records nothing.
        let count = s.undoHistory().actions.count
        let failed = try session.run("complete_tasks", .complete, [BatchOperation(reference: "nothing", action: .complete)])
        XCTAssertEqual(failed.failed, 1)
        XCTAssertEqual(s.undoHistory().actions.count, count)
    }

    /// A URL is a session call too: the undo history names the URL action and `shortcut`.
    func testAURLIsOneUndoStepNamedForItsSource() throws {
        let f = ServiceFixture()
        let s = f.service()
        _ = try s.open(url: "todomd://add?titles=A%0AB", token: nil)
        let entry = try XCTUnwrap(s.undoHistory().actions.first)
        XCTAssertEqual(entry.action, "shortcut url add")
        XCTAssertEqual(entry.files.count, 2)
    }
}
