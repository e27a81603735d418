import Foundation
import XCTest
import TodoMDCore
import TodoMDService

/// Undo: every action through the service is journaled with the bytes before; undo puts them
/// back (real files in temp folders), refuses when a file changed since, never twice.
final class UndoTests: XCTestCase {
    /// The files of the vault, the trash left out.
    private func vaultFiles(_ f: ServiceFixture) -> [String] { f.vault.files().filter { !$0.hasPrefix(".trash/") } }

    func testUndoAddMovesTheNewFileToTheTrash() throws {
        let f = ServiceFixture()
        let s = f.service()
        let added = try s.add(TaskDraft(text: "Buy milk"))
        let path = added.task.task.path
        XCTAssertTrue(f.vault.exists(path))
        XCTAssertEqual(try s.view("all").taskKeys, [path])

        let o = try s.undo()
        XCTAssertEqual(o.action.action, "add")
        XCTAssertEqual(o.action.summary, "add: Buy milk")
        XCTAssertEqual(o.trashed.map(\.path), [path])
        XCTAssertFalse(f.vault.exists(path))
        XCTAssertTrue(f.vault.exists(".trash/" + path), "created files go to the trash, not away")
        XCTAssertEqual(try s.view("all").taskKeys, [], "the index sees the undo at once")
        XCTAssertEqual(try f.service().view("all").taskKeys, [], "and so does the next command")
    }

    func testUndoDoneOnARepeatingTaskRestoresTheOriginalAndTrashesTheSuccessor() throws {
        let f = ServiceFixture()
        let original = taskFile("Water plants", extra: "due: \"2026-11-24\"\nrecurrence: \"FREQ=WEEKLY\"\n", body: "Notes.\n")
        f.vault.write("water.md", original)
        let s = f.service()
        let done = try s.complete("water")
        XCTAssertEqual(done.created.count, 1)
        let successor = done.created[0].task.path
        XCTAssertEqual(vaultFiles(f), [successor, "water.md"].sorted())

        let entry = try XCTUnwrap(s.undoHistory().actions.first)
        XCTAssertEqual(entry.action, "done")
        XCTAssertEqual(Set(entry.files.map(\.path)), [successor, "water.md"])
        XCTAssertEqual(Set(entry.files.map(\.change)), [.created, .changed])

        let o = try s.undo()
        XCTAssertEqual(f.vault.read("water.md"), original, "the original's bytes come back exactly")
        XCTAssertEqual(o.restored, ["water.md"])
        XCTAssertEqual(o.trashed.map(\.path), [successor])
        XCTAssertEqual(vaultFiles(f), ["water.md"])
        let open = try s.view("all").taskKeys
        XCTAssertEqual(open, ["water.md"], "one open occurrence, no successor")
        XCTAssertEqual(try s.task("water").task.status, .todo)
    }

    func testUndoSetRestoresTheBytes() throws {
        let f = ServiceFixture()
        let before = taskFile("Alpha", extra: "# my comment\nmood: calm\n", body: "Body.\n")
        f.vault.write("a.md", before)
        let s = f.service()
        _ = try s.set("a.md", assignments: ["priority=high", "mood="])
        XCTAssertNotEqual(f.vault.read("a.md"), before)
        let o = try s.undo()
        XCTAssertEqual(o.action.action, "set")
        XCTAssertEqual(o.restored, ["a.md"])
        XCTAssertEqual(f.vault.read("a.md"), before)
        XCTAssertFalse(try f.service().task("a.md").task.priority == .high)
    }

    func testUndoDeleteBringsTheFileBackFromTheTrash() throws {
        let f = ServiceFixture()
        let before = taskFile("Alpha", body: "Keep me.\n")
        f.vault.write("work/a.md", before)
        let s = f.service()
        let d = try s.delete("a.md")
        XCTAssertEqual(d.trashPath, ".trash/work/a.md")
        XCTAssertFalse(f.vault.exists("work/a.md"))

        let entry = try XCTUnwrap(s.undoHistory().actions.first)
        XCTAssertEqual(entry.files.map { "\($0.path) \($0.change) \($0.movedTo ?? "-")" }, ["work/a.md moved .trash/work/a.md"])
        let o = try s.undo()
        XCTAssertEqual(o.restored, ["work/a.md"])
        XCTAssertEqual(f.vault.read("work/a.md"), before)
        XCTAssertFalse(f.vault.exists(".trash/work/a.md"))
        XCTAssertEqual(try s.view("all").taskKeys, ["work/a.md"])
        XCTAssertEqual(s.trash().count, 0)
    }

    func testAGroupedBatchIsOneAction() throws {
        let f = ServiceFixture()
        let originals = ["a.md": taskFile("Alpha"), "b.md": taskFile("Beta"), "c.md": taskFile("Gamma")]
        for (p, t) in originals { f.vault.write(p, t) }
        let s = f.service()
        _ = try s.set("a.md", assignments: ["priority=low"])  // an earlier action, kept
        let afterFirst = f.vault.read("a.md")
        try s.recordingAction("done") {
            for r in ["a.md", "b.md", "c.md"] { _ = try s.complete(r) }
        }
        let h = s.undoHistory()
        XCTAssertEqual(h.actions.count, 2)
        XCTAssertEqual(h.actions[0].action, "done")
        XCTAssertEqual(h.actions[0].summary, "done: Alpha, Beta, Gamma")
        XCTAssertEqual(h.actions[0].files.map(\.path), ["a.md", "b.md", "c.md"])

        let o = try s.undo()
        XCTAssertEqual(Set(o.restored), ["a.md", "b.md", "c.md"])
        XCTAssertEqual(f.vault.read("a.md"), afterFirst, "the batch, and only the batch, is undone")
        XCTAssertEqual(f.vault.read("b.md"), originals["b.md"])
        XCTAssertEqual(f.vault.read("c.md"), originals["c.md"])
        XCTAssertEqual(try s.view("all").taskKeys.sorted(), ["a.md", "b.md", "c.md"])
    }

    func testListIsNewestFirstAndUndoIsNotRecorded() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Alpha"))
        let s = f.service()
        _ = try s.set("a.md", assignments: ["priority=high"])
        f.clock.set(clock("2026-11-24T09:05"))
        _ = try s.flag("a.md", true)
        f.clock.set(clock("2026-11-24T09:10"))
        _ = try s.flag("a.md", false)
        _ = try s.view("today")  // reads record nothing
        var h = s.undoHistory()
        XCTAssertEqual(h.actions.map(\.action), ["unflag", "flag", "set"])
        XCTAssertEqual(h.actions.map(\.at), ["2026-11-24T09:10:00Z", "2026-11-24T09:05:00Z", "2026-11-24T09:00:00Z"])
        XCTAssertEqual(h.actions.map(\.id), [3, 2, 1])
        XCTAssertEqual(h.actions[0].files.map(\.path), ["a.md"])
        XCTAssertTrue(h.problems.isEmpty)

        _ = try s.undo()
        h = s.undoHistory()
        XCTAssertEqual(h.actions.count, 3, "undoing is not itself an action")
        XCTAssertEqual(h.actions.map(\.undone), [true, false, false])
    }

    func testUndoTwiceUndoesTheTwoMostRecentInOrder() throws {
        let f = ServiceFixture()
        let a0 = taskFile("Alpha"), b0 = taskFile("Beta")
        f.vault.write("a.md", a0)
        f.vault.write("b.md", b0)
        let s = f.service()
        _ = try s.set("a.md", assignments: ["priority=high"])
        let a1 = f.vault.read("a.md")
        _ = try s.set("b.md", assignments: ["priority=low"])
        _ = try s.set("a.md", assignments: ["priority=medium"])

        XCTAssertEqual(try s.undo().action.summary, "set: Alpha")
        XCTAssertEqual(f.vault.read("a.md"), a1)
        XCTAssertEqual(try s.undo().action.summary, "set: Beta")
        XCTAssertEqual(f.vault.read("b.md"), b0)
        XCTAssertEqual(f.vault.read("a.md"), a1, "the older set of a.md is not touched yet")
        XCTAssertEqual(try f.service().undo().action.summary, "set: Alpha", "another process continues the history")
        XCTAssertEqual(f.vault.read("a.md"), a0)
        XCTAssertThrowsError(try s.undo()) { XCTAssertEqual("\($0)", "nothing to undo") }
    }

    func testUndoIsRefusedWhenTheFileChangedSinceAndSaysWhichFile() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Alpha"))
        f.vault.write("b.md", taskFile("Beta"))
        let s = f.service()
        try s.recordingAction("set") {
            _ = try s.set("a.md", assignments: ["priority=high"])
            _ = try s.set("b.md", assignments: ["priority=high"])
        }
        let aNow = f.vault.read("a.md")
        let edited = f.vault.read("b.md") + "Someone wrote this.\n"
        f.vault.write("b.md", edited)
        XCTAssertThrowsError(try s.undo()) { e in
            guard case TodoError.conflict(let path, let reason) = e else { return XCTFail("\(e)") }
            XCTAssertEqual(path, "b.md")
            XCTAssertTrue(reason.contains("changed since"), reason)
            XCTAssertTrue(reason.contains("nothing was undone"), reason)
        }
        XCTAssertEqual(f.vault.read("a.md"), aNow, "all or nothing: a.md is not undone either")
        XCTAssertEqual(f.vault.read("b.md"), edited)
        XCTAssertFalse(try XCTUnwrap(s.undoHistory().actions.first).undone)

        // A file the action created, removed since: refused too.
        let added = try s.add(TaskDraft(text: "Gone soon"))
        f.vault.remove(added.task.task.path)
        XCTAssertThrowsError(try s.undo()) { e in
            guard case TodoError.conflict(let path, let reason) = e else { return XCTFail("\(e)") }
            XCTAssertEqual(path, added.task.task.path)
            XCTAssertTrue(reason.contains("removed or moved since"), reason)
        }
    }

    func testACorruptJournalIsReportedNotACrash() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Alpha"))
        f.vault.write("b.md", taskFile("Beta"))
        let s = f.service()
        _ = try s.set("a.md", assignments: ["priority=high"])
        _ = try s.set("b.md", assignments: ["priority=low"])
        let newest = s.undoJournalPath + "/000000000002.json"
        XCTAssertTrue(FileManager.default.fileExists(atPath: newest))
        FileManager.default.createFile(atPath: newest, contents: Data("{\"format\": 1, \"id\": 2, \"files\": [tor".utf8))

        let h = s.undoHistory()
        XCTAssertEqual(h.actions.map(\.id), [1])
        XCTAssertEqual(h.problems.map(\.path), [newest])
        XCTAssertTrue(h.problems[0].reasons[0].contains("not a journal entry"), h.problems[0].reasons[0])
        let before = f.vault.read("a.md")
        XCTAssertThrowsError(try s.undo()) { e in
            guard case TodoError.malformed(let path, let reason) = e else { return XCTFail("\(e)") }
            XCTAssertEqual(path, newest)
            XCTAssertTrue(reason.contains("cannot undo"), reason)
        }
        XCTAssertEqual(f.vault.read("a.md"), before, "nothing is guessed: the older action is not undone instead")

        // Removing the bad entry lets undo go on with the older ones.
        try FileManager.default.removeItem(atPath: newest)
        XCTAssertEqual(try s.undo().action.id, 1)

        // A journal folder that is a file: reported, writes still work (with a warning).
        try FileManager.default.removeItem(atPath: s.undoJournalPath)
        FileManager.default.createFile(atPath: s.undoJournalPath, contents: Data("x".utf8))
        XCTAssertEqual(s.undoHistory().problems.map(\.path), [s.undoJournalPath])
        _ = try s.set("a.md", assignments: ["priority=high"])
        XCTAssertThrowsError(try s.undo())
    }

    func testTheJournalIsBounded() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Alpha"))
        let s = f.service()
        for i in 0..<103 { _ = try s.set("a.md", assignments: ["n=\(i)"]) }
        let h = s.undoHistory(limit: 1000)
        XCTAssertEqual(h.actions.count, 100)
        XCTAssertEqual(h.actions.first?.id, 103)
        XCTAssertEqual(h.actions.last?.id, 4)
    }

    func testEditInAnEditorIsUndoneToTheBytesBeforeTheEditor() throws {
        let f = ServiceFixture()
        let before = taskFile("Alpha", body: "Old notes.\n")
        f.vault.write("a.md", before)
        let s = f.service()
        let session = try s.beginEdit("a.md")
        f.vault.write("a.md", before.replacingOccurrences(of: "Old notes.", with: "New notes."))  // the editor
        XCTAssertTrue(s.finishEdit(session).changed)
        XCTAssertEqual(s.undoHistory().actions.first?.action, "edit")
        _ = try s.undo()
        XCTAssertEqual(f.vault.read("a.md"), before)
    }

    func testTrashRestoreAndMoveOrderAreUndone() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("Alpha"))
        f.vault.write("b.md", taskFile("Beta"))
        let s = f.service()
        _ = try s.delete("a.md")
        _ = try s.restore("a.md")
        XCTAssertTrue(f.vault.exists("a.md"))
        XCTAssertEqual(s.undoHistory().actions.first?.action, "trash restore")
        _ = try s.undo()
        XCTAssertFalse(f.vault.exists("a.md"))
        XCTAssertTrue(f.vault.exists(".trash/a.md"))
        _ = try s.undo()
        XCTAssertTrue(f.vault.exists("a.md"))

        _ = try s.move("b.md", before: true, other: "a.md", view: "inbox")
        XCTAssertTrue(f.vault.exists(".order.json"))
        XCTAssertEqual(s.undoHistory().actions.first?.action, "move")
        let o = try s.undo()
        XCTAssertEqual(o.removed, [".order.json"], "a created file that is not a task is removed, not trashed")
        XCTAssertFalse(f.vault.exists(".order.json"))
    }
}

extension UndoTests {
    /// An undo whose files are already as before the action (a crash cut it short after the
    /// writes; a change put back by hand) is marked undone without writing.
    func testAnActionAlreadyRevertedIsMarkedUndoneWithoutWriting() throws {
        let f = ServiceFixture()
        let before = taskFile("Alpha")
        f.vault.write("a.md", before)
        let s = f.service()
        _ = try s.set("a.md", assignments: ["priority=high"])
        f.vault.write("a.md", before)
        let o = try s.undo()
        XCTAssertEqual(o.restored, [])
        XCTAssertEqual(o.messages, ["its files were already as before it; nothing was written"])
        XCTAssertEqual(s.undoHistory().actions.map(\.undone), [true])
    }
}

extension UndoTests {
    /// A checkbox line completed in its note: the note's bytes come back.
    func testUndoDoneOnACheckboxLineRestoresTheNote() throws {
        let f = ServiceFixture()
        let note = "# Errands\n\n- [ ] Call mom\n- [ ] Buy stamps\n"
        f.vault.write("Errands.md", note)
        let s = f.service()
        _ = try s.complete("Errands.md:3")
        XCTAssertNotEqual(f.vault.read("Errands.md"), note)
        XCTAssertEqual(s.undoHistory().actions.first?.summary, "done: Errands")
        _ = try s.undo()
        XCTAssertEqual(f.vault.read("Errands.md"), note)
        XCTAssertEqual(try s.view("all").taskKeys, ["Errands.md:3", "Errands.md:4"])
    }
}
