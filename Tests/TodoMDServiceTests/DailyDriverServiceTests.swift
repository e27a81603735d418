import Foundation
import XCTest
import TodoMDCore
import TodoMDService

/// The service rules behind the CLI's daily-driver fixes (issue 12), which the HTTP API and
/// MCP share: which task a title names, short handles, `set` expressions, no-op lifecycle
/// actions, manual order across repeats, a missing vault.
final class DailyDriverServiceTests: XCTestCase {
    func testATitleSharedWithDoneInstancesNamesTheOpenOneAndSaysSo() throws {
        for useIndex in [true, false] {
            let f = ServiceFixture()
            let s = f.service(useIndex: useIndex)
            _ = try s.add(TaskDraft(text: "standup every weekday"))
            let done = try s.complete("standup")
            XCTAssertEqual(done.created.count, 1)
            let shown = try s.task("standup")
            XCTAssertEqual(shown.task.status, .todo)
            XCTAssertTrue(shown.note?.contains("took the open one") == true, "\(shown.note ?? "no note")")
            // set, flag, defer all take the open one; reopen takes the done one.
            XCTAssertEqual(try s.set("standup", assignments: ["priority=high"]).task.task.path, shown.task.path)
            let reopened = try s.reopen("standup")
            XCTAssertNotEqual(reopened.task.task.path, shown.task.path)
            XCTAssertThrowsError(try s.task("standup", prefer: .any)) { e in
                guard case TodoError.ambiguous = e else { return XCTFail("\(e)") }
            }
        }
    }

    func testDoneOnADoneTaskChangesNothing() throws {
        let f = ServiceFixture()
        let s = f.service()
        let path = try s.add(TaskDraft(text: "Buy milk")).task.task.path
        _ = try s.complete(path)
        let before = f.vault.read(path)
        let again = try s.complete(path)
        XCTAssertFalse(again.changed)
        XCTAssertEqual(again.messages.last, "already done; nothing changed")
        XCTAssertEqual(f.vault.read(path), before)
        let other = try s.add(TaskDraft(text: "x")).task.task.path
        XCTAssertTrue(try s.cancel(other).changed)
        XCTAssertFalse(try s.cancel(other).changed)
        XCTAssertFalse(try s.reopen(path).task.task.status.isClosed)
        XCTAssertFalse(try s.reopen(path).changed)
    }

    func testShortHandlesAreUniqueAndAcceptedAsTask() throws {
        let f = ServiceFixture()
        let s = f.service()
        var tasks: [TodoTask] = []
        for i in 0..<300 { tasks.append(try s.add(TaskDraft(NewTask(title: "Task number \(i)"), quickEntry: false)).task.task) }
        let handles = s.handles(for: tasks)
        XCTAssertEqual(Set(handles.values).count, 300)
        XCTAssertTrue(handles.values.allSatisfy { $0.count >= 3 })
        // The same handles without the index, and for a short list (lookups instead of a scan).
        XCTAssertEqual(f.service(useIndex: false).handles(for: tasks), handles)
        let few = Array(tasks.prefix(50))
        XCTAssertEqual(s.handles(for: few), handles.filter { h in few.contains { $0.id == h.key } })
        for t in tasks.prefix(20) {
            let h = try XCTUnwrap(handles[t.id])
            XCTAssertEqual(try s.task(h).task.path, t.path)
            XCTAssertEqual(try s.task(h.uppercased()).task.path, t.path)
            XCTAssertEqual(try s.task(TaskHandle.hash(t.id)).task.path, t.path)  // a longer prefix works too
        }
    }

    func testAHandleThatIsAlsoATitleWordIsNotGuessed() throws {
        let f = ServiceFixture()
        let s = f.service()
        let t = try s.add(TaskDraft(NewTask(title: "Anything"), quickEntry: false)).task.task
        let word = String(TaskHandle.hash(t.id).prefix(4))
        _ = try s.add(TaskDraft(NewTask(title: "Find the \(word) label"), quickEntry: false))
        XCTAssertThrowsError(try s.task(word)) { e in
            guard case TodoError.ambiguous(_, let candidates) = e else { return XCTFail("\(e)") }
            XCTAssertEqual(candidates.count, 2)
        }
    }

    func testSetAddsAndRemovesTagsParsesDurationsAndEditsTheNotes() throws {
        let f = ServiceFixture()
        let s = f.service()
        f.vault.write("t.md", "---\r\ntitle: T # keep\r\nstatus: todo\r\ntags: [a]\r\nzzz: 1\r\n---\r\n\r\nOld notes.\r\n")
        _ = try s.set("t.md", assignments: ["tags+=b,c", "tags-=a", "estimated_minutes=1h30m"])
        var t = try s.task("t.md").task
        XCTAssertEqual(t.tags, ["b", "c"])
        XCTAssertEqual(t.estimatedMinutes, 90)
        _ = try s.set("t.md", assignments: [], note: "More.")
        t = try s.task("t.md").task
        XCTAssertEqual(t.body, "\r\nOld notes.\r\n\r\nMore.\r\n")  // the body as read keeps the blank line after ---
        _ = try s.set("t.md", assignments: ["body=New"])
        let text = f.vault.read("t.md")
        XCTAssertTrue(text.hasPrefix("---\r\ntitle: T # keep\r\nstatus: todo\r\n"), text)
        XCTAssertTrue(text.contains("zzz: 1\r\n"), text)
        XCTAssertTrue(text.hasSuffix("---\r\n\r\nNew\r\n"), text)
        XCTAssertThrowsError(try s.set("t.md", assignments: ["priority+=high"]))
        XCTAssertNil(try s.task("t.md").task.extra.first { $0.0 == "body" }, "body is never a frontmatter key")
    }

    func testTheNextOccurrenceKeepsItsPredecessorsPlace() throws {
        let f = ServiceFixture()
        let s = f.service()
        let a = try s.add(TaskDraft(NewTask(title: "Alpha"), quickEntry: false)).task.task
        let b = try s.add(TaskDraft(text: "Bravo every day")).task.task
        let c = try s.add(TaskDraft(NewTask(title: "Charlie"), quickEntry: false)).task.task
        _ = try s.move(c.path, before: true, other: a.path, view: "inbox")
        _ = try s.move(b.path, before: true, other: c.path, view: "inbox")  // Bravo, Charlie, Alpha
        let next = try XCTUnwrap(try s.complete(b.path).created.first?.task)
        guard case .builtIn(let inbox) = try s.view("inbox").content else { return XCTFail() }
        XCTAssertEqual(inbox.tasks.map(\.title), ["Bravo", "Charlie", "Alpha"])
        XCTAssertEqual(inbox.tasks.first?.path, next.path)
    }

    func testMovingAcrossListsIsRefused() throws {
        let f = ServiceFixture()
        let s = f.service()
        var n = NewTask(title: "Home task")
        n.project = "Home"
        let home = try s.add(TaskDraft(n, quickEntry: false)).task.task
        n = NewTask(title: "Work task")
        n.project = "Work"
        let work = try s.add(TaskDraft(n, quickEntry: false)).task.task
        XCTAssertThrowsError(try s.move(home.path, before: true, other: work.path)) { e in
            XCTAssertTrue("\(e)".contains("project:Work"), "\(e)")
        }
        XCTAssertFalse(f.vault.exists(OrderFile.fileName))
    }

    func testAMissingVaultIsAnErrorUnlessItIsTheDefaultOneBeingCreated() throws {
        let dir = TempDir()
        var o = ServiceOptions(vaultRoot: dir.path + "/missing", clock: { TodoMDTestSupport.clock("2026-11-24T09:00", "UTC") })
        o.vaultOrigin = .flag
        XCTAssertThrowsError(try TodoService(o).prepareVault(creating: true)) { e in
            XCTAssertTrue("\(e)".contains("chosen by --vault"), "\(e)")
        }
        XCTAssertFalse(dir.exists("missing"))
        o.mayCreateVault = true
        XCTAssertNotNil(try TodoService(o).prepareVault(creating: true))
        XCTAssertTrue(dir.exists("missing"))
        dir.write("file", "x")
        o = ServiceOptions(vaultRoot: dir.path + "/file", clock: { TodoMDTestSupport.clock("2026-11-24T09:00", "UTC") })
        XCTAssertThrowsError(try TodoService(o).prepareVault(creating: false)) { e in
            XCTAssertTrue("\(e)".contains("is not a folder"), "\(e)")
        }
    }
}
