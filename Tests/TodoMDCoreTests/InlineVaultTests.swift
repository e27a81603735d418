import XCTest
@testable import TodoMDCore

/// A mixed vault: task files beside notes with checkbox tasks, through every view and edit.
final class InlineVaultTests: XCTestCase {
    let note = """
    ---
    tags: [journal]
    ---
    # Sunday

    - [ ] overdue inline 📅 2026-11-20 #home
    - [ ] scheduled inline ⏳ 2026-11-22
    - [ ] upcoming inline 📅 2026-11-30 🔼
    - [ ] someday-ish inline 🛫 2026-12-10
    - [/] in progress inline
    - [x] done inline ✅ 2026-11-21
    - [-] cancelled inline ❌ 2026-11-21
    - [?] odd status inline
    Some prose with [brackets] and a - [ ] inline mention that is not a list item.

    """

    func makeVault() -> (TempDir, Vault) {
        let dir = TempDir()
        dir.write("Journal/2026-11-22.md", note)
        dir.write("20261101-0900-file.md", "---\ntitle: \"File task\"\nstatus: \"todo\"\ndue: \"2026-11-22\"\nflagged: true\ncreated: \"2026-11-01T09:00:00Z\"\nsource: \"user\"\n---\n")
        return (dir, Vault(root: dir.path, clock: clock("2026-11-22T10:00", "Europe/Berlin")))
    }

    func testEveryViewHoldsBothKinds() {
        let (dir, vault) = makeVault()
        let snap = withExtendedLifetime(dir) { vault.load() }
        XCTAssertEqual(snap.tasks.count, 9)
        let engine = ViewEngine(clock: vault.clock)
        func titles(_ k: ViewKind, _ f: TaskFilter = TaskFilter()) -> [String] { engine.build(k, tasks: snap.tasks, filter: f).tasks.map(\.title).sorted() }
        XCTAssertEqual(titles(.today), ["File task", "overdue inline #home", "scheduled inline"])
        XCTAssertEqual(titles(.upcoming), ["upcoming inline"])
        XCTAssertEqual(titles(.anytime), ["File task", "in progress inline", "odd status inline", "overdue inline #home", "scheduled inline", "upcoming inline"])
        XCTAssertEqual(titles(.inbox), ["File task"], "checkbox tasks belong to their note, not the inbox")
        XCTAssertEqual(titles(.flagged), ["File task"])
        XCTAssertEqual(titles(.logbook), ["cancelled inline", "done inline"])
        XCTAssertEqual(engine.build(.areas, tasks: snap.tasks).groups.map { $0.name! }, ["No Area", "No Area / 2026-11-22"])
        XCTAssertEqual(engine.build(.tags, tasks: snap.tasks).tagCounts, [TagCount(tag: "home", count: 1)])
        XCTAssertEqual(titles(.all).count, 9)
        XCTAssertEqual(titles(.all, TaskFilter(folders: ["Journal"])).count, 8)
        XCTAssertEqual(titles(.all, TaskFilter(statuses: [.inProgress])), ["in progress inline"])
        XCTAssertEqual(snap.tasks.first { $0.title == "upcoming inline" }?.priority, .medium)
        XCTAssertEqual(snap.tasks.first { $0.title == "someday-ish inline" }?.deferDate, ldt("2026-12-10"))
    }

    func testCompletingChangesExactlyOneLine() throws {
        let (dir, vault) = makeVault()
        let before = dir.read("Journal/2026-11-22.md")
        let t = try TaskResolver.resolve("scheduled inline", in: vault.load().tasks)
        XCTAssertEqual(t.key, "Journal/2026-11-22.md:7")
        let r = try TaskLifecycle(vault: vault).complete(t)
        XCTAssertEqual(r.task.status, .done)
        let after = dir.read("Journal/2026-11-22.md")
        let a = before.components(separatedBy: "\n"), b = after.components(separatedBy: "\n")
        XCTAssertEqual(a.count, b.count)
        let changed = zip(a, b).enumerated().filter { $0.element.0 != $0.element.1 }
        XCTAssertEqual(changed.map(\.offset), [6])
        XCTAssertEqual(changed.first?.element.1, "- [x] scheduled inline ⏳ 2026-11-22 ✅ 2026-11-22")
    }

    func testAnEditAboveDoesNotLoseTheTaskButAChangedLineIsRefused() throws {
        let (dir, vault) = makeVault()
        let t = try TaskResolver.resolve("upcoming inline", in: vault.load().tasks)
        // Another program adds lines above it: the task is found by its identity.
        dir.write("Journal/2026-11-22.md", note.replacingOccurrences(of: "# Sunday\n", with: "# Sunday\n\nNew paragraph.\n- [ ] new task on top\n"))
        let moved = try vault.update(t, [FieldChange(TaskKey.due, .string("2026-12-01"))])
        XCTAssertEqual(moved.line, 10)
        XCTAssertTrue(dir.read("Journal/2026-11-22.md").contains("- [ ] upcoming inline 📅 2026-12-01 🔼\n"))
        // Someone rewords the line itself: nothing is written.
        let snap = vault.load()
        let u = try TaskResolver.resolve("upcoming inline", in: snap.tasks)
        let reworded = dir.read("Journal/2026-11-22.md").replacingOccurrences(of: "upcoming inline 📅", with: "upcoming inline (edited) 📅")
        dir.write("Journal/2026-11-22.md", reworded)
        XCTAssertThrowsError(try TaskLifecycle(vault: vault).complete(u)) { e in
            guard case TodoError.editConflict(let c) = e else { return XCTFail("\(e)") }
            XCTAssertEqual(c.fields.map(\.key), ["title"])
            XCTAssertEqual(c.fields.first?.onDisk, .string("upcoming inline (edited)"))
        }
        XCTAssertEqual(dir.read("Journal/2026-11-22.md"), reworded)
    }

    func testGlobalFilterAndStatusMapSettings() {
        let dir = TempDir()
        dir.write(".todomd.json", "{\"global_filter\": \"#task\", \"status_map\": {\">\": \"someday\"}}")
        dir.write("n.md", "- [ ] not a task\n- [ ] a real one #task\n- [>] later #task\n")
        let snap = Vault(root: dir.path, clock: clock("2026-11-22T10:00")).load()
        XCTAssertEqual(snap.tasks.map(\.title), ["a real one #task", "later #task"], "the title keeps the filter, as the plugin does by default")
        XCTAssertEqual(snap.tasks.map(\.status), [.todo, .someday])
    }

    func testRecurringInlineTaskGetsItsNextLineAbove() throws {
        let dir = TempDir()
        dir.write("r.md", "- [ ] pay rent 🔁 every month on the 1st ⏳ 2026-10-28 📅 2026-11-01\n- [ ] other\n")
        let vault = Vault(root: dir.path, clock: clock("2026-11-22T10:00"))
        let r = try TaskLifecycle(vault: vault).complete(vault.load().tasks[0])
        XCTAssertEqual(dir.read("r.md"), """
        - [ ] pay rent 🔁 every month on the 1st ⏳ 2026-11-27 📅 2026-12-01
        - [x] pay rent 🔁 every month on the 1st ⏳ 2026-10-28 📅 2026-11-01 ✅ 2026-11-22
        - [ ] other

        """)
        XCTAssertEqual(r.task.key, "r.md:2")
        XCTAssertEqual(vault.load().tasks[0].recurrenceText, "every month on the 1st")
    }
}
