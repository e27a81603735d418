import XCTest
@testable import TodoMDCore

/// ❌ cancelled dates apart from ✅ done dates, case-sensitive Dataview keys, and the single
/// trailing space a rewrite drops — each as Obsidian Tasks does it.
final class InlineCancelledAndDataviewTests: XCTestCase {
    func extra(_ t: TodoTask, _ key: String) -> JSONValue? { t.extra.first { $0.0 == key }?.1 }
    let today = inlineDay("2026-01-06")

    // MARK: - Cancelled

    /// (line, completed (✅) day, cancelled (❌) day)
    static let dates: [(String, String?, String?)] = [
        ("- [-] a ❌ 2026-01-07", nil, "2026-01-07"),
        ("- [x] a ✅ 2026-01-05", "2026-01-05", nil),
        ("- [-] a ✅ 2026-01-05 ❌ 2026-01-07", "2026-01-05", "2026-01-07"),
        ("- [x] a ❌ 2026-01-07", nil, "2026-01-07"),
        ("- [-] a  [cancelled:: 2026-01-07]", nil, "2026-01-07"),
        ("- [-] a ❌ 2026-13-01", nil, nil),
        ("- [-] a", nil, nil),
    ]

    func testCancelledDateIsItsOwnField() {
        for (line, done, cancelled) in Self.dates {
            let t = inlineLine(line).toTask(path: "n.md")
            XCTAssertEqual(t.completed, done.map { Timestamp.parse($0 + "T00:00:00Z")! }, line)
            XCTAssertEqual(extra(t, "cancelled"), cancelled.map { .string($0) }, line)
        }
        let t = inlineLine("- [-] a 🔼 ❌ 2026-01-07 ^b").toTask(path: "n.md")
        XCTAssertEqual(t.extra.map(\.0), ["line", "status_char", "format", "cancelled", "priority_level", "block_id", "identity"])
        XCTAssertEqual(inlineLine("- [-] a ❌ 2026-13-01").toTask(path: "n.md").problems, ["cancelled date 2026-13-01 is not a valid date"])
    }

    /// The Logbook dates a cancelled checkbox task by its ❌ day (there is no `completed`), and
    /// completed-task retention counts from it.
    func testTheLogbookDatesCancelledLinesByTheirCancelledDay() throws {
        let tasks = ["- [x] done early ✅ 2026-01-02", "- [-] dropped ❌ 2026-01-05", "- [x] done late ✅ 2026-01-04"]
            .enumerated().map { i, l in inlineLine(l).toTask(path: "n\(i).md") }
        XCTAssertEqual(tasks[1].closedAt, Timestamp.parse("2026-01-05T00:00:00Z"))
        XCTAssertNil(tasks[1].completed)
        let engine = ViewEngine(clock: clock("2026-01-06T10:00"))
        XCTAssertEqual(engine.build(.logbook, tasks: tasks).tasks.map(\.title), ["dropped", "done late", "done early"])
        var kept = engine
        kept.retentionDays = 2
        XCTAssertEqual(kept.build(.logbook, tasks: tasks).tasks.map(\.title), ["dropped", "done late"])
    }

    func testCancellingInTheVaultWritesTheCancelledDateOnly() throws {
        let dir = TempDir()
        dir.write("n.md", "- [ ] call back 📅 2026-01-05\n")
        let vault = Vault(root: dir.path, clock: clock("2026-01-06T10:00"))
        let r = try TaskLifecycle(vault: vault).cancel(vault.load().tasks[0])
        XCTAssertEqual(dir.read("n.md"), "- [-] call back 📅 2026-01-05 ❌ 2026-01-06\n")
        XCTAssertEqual(r.task.status, .cancelled)
        XCTAssertNil(r.task.completed)
        XCTAssertEqual(extra(r.task, "cancelled"), .string("2026-01-06"))
    }

    // MARK: - Dataview keys

    /// (line, summary): keys and priority values match exactly, as the plugin's regexes have no `i` flag.
    static let keys: [(String, String)] = [
        ("- [ ] a [due:: 2026-01-05]", "todo «a» due=2026-01-05 dv"),
        ("- [ ] a [Due:: 2026-01-05]", "todo «a [Due:: 2026-01-05]»"),
        ("- [ ] a (DUE:: 2026-01-05)", "todo «a (DUE:: 2026-01-05)»"),
        ("- [ ] a [priority:: high]", "todo «a» priority=high dv"),
        ("- [ ] a [priority:: High]", "todo «a [priority:: High]»"),
        ("- [ ] a [Repeat:: every day]", "todo «a [Repeat:: every day]»"),
        ("- [ ] a [dependsOn:: x1]", "todo «a» dependsOn=x1 dv"),
        ("- [ ] a [dependson:: x1]", "todo «a [dependson:: x1]»"),
        ("- [ ] a [Due:: 2026-01-05] [due:: 2026-01-06]", "todo «a [Due:: 2026-01-05]» due=2026-01-06 dv"),
    ]

    func testDataviewKeysAreCaseSensitive() {
        for (line, want) in Self.keys { XCTAssertEqual(inlineSummary(InlineTaskLine.parse(line)), want, line) }
    }

    // MARK: - Trailing space

    /// (line, after completing it on 2026-01-06)
    static let trailing: [(String, String)] = [
        ("- [ ] a 📅 2026-01-05 ", "- [x] a 📅 2026-01-05 ✅ 2026-01-06"),
        ("- [ ] a ", "- [x] a ✅ 2026-01-06"),
        ("- [ ] a ^blk ", "- [x] a ✅ 2026-01-06 ^blk"),
        ("- [ ] a  ", "- [x] a ✅ 2026-01-06  "),
        ("- [ ] a 📅 2026-01-05   ", "- [x] a 📅 2026-01-05 ✅ 2026-01-06   "),
        ("- [ ] a  [due:: 2026-01-05] ", "- [x] a  [due:: 2026-01-05]  [completion:: 2026-01-06]"),
    ]

    func testASingleTrailingSpaceIsDroppedOnRewrite() throws {
        for (line, want) in Self.trailing { XCTAssertEqual(try inlineLine(line).completed(on: today), want, line) }
        // Only lines we rewrite: an edit that changes nothing keeps the line as it was.
        XCTAssertEqual(try inlineLine("- [ ] a ").rewritten(InlineLineEdit()), "- [ ] a ")
        XCTAssertEqual(try inlineLine("- [ ] a 📅 2026-01-05 ").rewritten(InlineLineEdit(fields: [.due: .set("2026-01-05")])),
                       "- [ ] a 📅 2026-01-05 ")
        // The next occurrence of a recurring line is a rewrite too.
        XCTAssertEqual(inlineLine("- [x] a 🔁 every day 📅 2026-01-05 ").nextOccurrenceLine(referenceDate: today),
                       "- [ ] a 🔁 every day 📅 2026-01-06")
    }
}
