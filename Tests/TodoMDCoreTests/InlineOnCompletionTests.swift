import XCTest
@testable import TodoMDCore
import TodoMDTestSupport

/// `🏁 delete` / `🏁 keep` (Obsidian Tasks' On Completion, src/Task/OnCompletion.ts): a line
/// that enters done with `delete` is removed; a recurring one leaves only its next occurrence.
/// "Today" is Sunday 2026-11-22 throughout.
final class InlineOnCompletionTests: XCTestCase {
    static let today = "2026-11-22"

    /// The lines a status change writes in place of `line` (next occurrences one week on).
    func change(_ line: String, to c: Character) throws -> [String] {
        try inlineLine(line).changingStatus(to: c, on: inlineDay(Self.today)) { line in
            line.occurrence.shifted(toReference: line.due!.adding(days: 7))
        }.lines
    }

    func testLineRules() throws {
        let table: [(String, Character, [String])] = [
            // Done with delete: the line goes.
            ("- [ ] Buy milk 🏁 delete", "x", []),
            ("- [ ] Buy milk 🏁 Delete 📅 2026-11-21", "x", []),
            ("- [ ] Buy milk  [onCompletion:: delete]", "x", []),
            ("- [/] Buy milk 🏁 delete", "x", []),
            // keep, no 🏁, or an unknown action: the line stays.
            ("- [ ] Buy milk 🏁 keep", "x", ["- [x] Buy milk 🏁 keep ✅ 2026-11-22"]),
            ("- [ ] Buy milk", "x", ["- [x] Buy milk ✅ 2026-11-22"]),
            ("- [ ] Buy milk 🏁 archive", "x", ["- [x] Buy milk 🏁 archive ✅ 2026-11-22"]),
            // Only entering done deletes: cancelling, or a done line changing to another done, keeps it.
            ("- [ ] Buy milk 🏁 delete", "-", ["- [-] Buy milk 🏁 delete ❌ 2026-11-22"]),
            ("- [x] Buy milk 🏁 delete ✅ 2026-11-20", "X", ["- [X] Buy milk 🏁 delete ✅ 2026-11-20"]),
            ("- [x] Buy milk 🏁 delete ✅ 2026-11-20", " ", ["- [ ] Buy milk 🏁 delete"]),
            // Recurring: the completed instance goes, the next occurrence stays.
            ("- [ ] Water 🔁 every week 🏁 delete 📅 2026-11-21", "x", ["- [ ] Water 🔁 every week 🏁 delete 📅 2026-11-28"]),
            ("- [ ] Water 🔁 every week 🏁 keep 📅 2026-11-21", "x", ["- [ ] Water 🔁 every week 🏁 keep 📅 2026-11-28",
                                                                     "- [x] Water 🔁 every week 🏁 keep 📅 2026-11-21 ✅ 2026-11-22"]),
            // Indented and callout lines: the same, prefix kept on the next occurrence.
            ("    - [ ] Sub step 🏁 delete", "x", []),
            ("> - [ ] Quoted 🔁 every week 🏁 delete 📅 2026-11-21", "x", ["> - [ ] Quoted 🔁 every week 🏁 delete 📅 2026-11-28"]),
        ]
        for (line, c, want) in table {
            XCTAssertEqual(try change(line, to: c), want, line)
        }
    }

    func vault(_ note: String, plugin: String? = nil) -> (TempDir, Vault) {
        let dir = TempDir()
        dir.write("n.md", note)
        if let plugin { dir.write(ObsidianTasksSettings.relativePath, plugin) }
        return (dir, Vault(root: dir.path, clock: clock("\(Self.today)T10:00")))
    }

    @discardableResult
    func complete(_ title: String, _ vault: Vault) throws -> ActionResult {
        let t = try XCTUnwrap(vault.load().tasks.first { $0.title == title }, "no task \(title)")
        return try TaskLifecycle(vault: vault).complete(t)
    }

    static let note = """
    # Errands
    - [ ] Buy milk 🏁 delete
    - [ ] Post letter 🏁 keep
    - [ ] Parent
        - [ ] Sub step 🏁 delete
        - [ ] Sibling
    > [!todo] In a callout
    > - [ ] Quoted 🏁 delete
    > - [ ] Quoted weekly 🔁 every week 🏁 delete 📅 2026-11-21
    - [ ] Water 🔁 every week 🏁 delete 📅 2026-11-21
    - [ ] Last 🏁 delete
    """

    func testVaultGoldenFile() throws {
        let (dir, v) = vault(Self.note)
        let r = try complete("Buy milk", v)
        XCTAssertEqual(r.task.status, .done, "the result is the completed task, though its line is gone")
        XCTAssertEqual(r.task.title, "Buy milk")
        XCTAssertEqual(r.messages, ["🏁 delete: the completed line was removed from the note"])
        for t in ["Post letter", "Sub step", "Quoted", "Quoted weekly", "Water", "Last"] { try complete(t, v) }
        XCTAssertEqual(dir.read("n.md"), """
        # Errands
        - [x] Post letter 🏁 keep ✅ 2026-11-22
        - [ ] Parent
            - [ ] Sibling
        > [!todo] In a callout
        > - [ ] Quoted weekly 🔁 every week 🏁 delete 📅 2026-11-28
        - [ ] Water 🔁 every week 🏁 delete 📅 2026-11-28

        """, "the last line went with its line ending; nothing else changed")
        XCTAssertEqual(v.load().tasks.map(\.title), ["Post letter", "Parent", "Sibling", "Quoted weekly", "Water"])
    }

    func testRecurringDeleteMessagesAndResult() throws {
        let (dir, v) = vault("- [ ] Water 🔁 every week 🏁 delete 📅 2026-11-21\r\n- [ ] other\r\n")
        let r = try complete("Water", v)
        XCTAssertEqual(dir.read("n.md"), "- [ ] Water 🔁 every week 🏁 delete 📅 2026-11-28\r\n- [ ] other\r\n", "CRLF kept")
        XCTAssertEqual(r.messages, ["next: a new line above, due Sat 28 Nov", "🏁 delete: the completed line was removed from the note"])
        XCTAssertEqual(r.task.status, .done)
    }

    func testDeleteWithRecurrenceOnNextLine() throws {
        let (dir, v) = vault("- [ ] a\n- [ ] Water 🔁 every week 🏁 delete 📅 2026-11-21\n- [ ] b\n",
                             plugin: #"{"recurrenceOnNextLine": true}"#)
        try complete("Water", v)
        XCTAssertEqual(dir.read("n.md"), "- [ ] a\n- [ ] Water 🔁 every week 🏁 delete 📅 2026-11-28\n- [ ] b\n")
    }

    func testCancelAndUpdateNeverDelete() throws {
        let (dir, v) = vault("- [ ] Buy milk 🏁 delete\n- [ ] Pay 🏁 delete\n")
        let buy = try XCTUnwrap(v.load().tasks.first { $0.title == "Buy milk" })
        _ = try TaskLifecycle(vault: v).cancel(buy)
        XCTAssertEqual(dir.read("n.md"), "- [-] Buy milk 🏁 delete ❌ 2026-11-22\n- [ ] Pay 🏁 delete\n")
        // The lifecycle's complete is the plugin's click; a status edit only changes the status.
        let pay = try XCTUnwrap(v.load().tasks.first { $0.title == "Pay" })
        _ = try v.update(pay, [FieldChange(TaskKey.status, .string("done"))])
        XCTAssertEqual(dir.read("n.md"), "- [-] Buy milk 🏁 delete ❌ 2026-11-22\n- [x] Pay 🏁 delete ✅ 2026-11-22\n")
    }
}
