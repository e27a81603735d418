import XCTest
@testable import TodoMDCore

/// `toTask(path:)`: the inline line as a schema task.
final class InlineTaskMappingTests: XCTestCase {
    func extra(_ t: TodoTask, _ key: String) -> JSONValue? { t.extra.first { $0.0 == key }?.1 }

    func testFullMapping() {
        let line = InlineTaskLine.parse("  - [x] #task Buy milk #home/errands 🆔 m1 ⛔ a,b 🔺 🔁 every week 🏁 keep ➕ 2026-01-01 🛫 2026-01-02 ⏳ 2026-01-03 📅 2026-01-04 ✅ 2026-01-05 ^blk",
                                        lineNumber: 7, globalFilter: "#task", removeGlobalFilter: true)!
        let t = line.toTask(path: "notes/shop.md")
        XCTAssertEqual(t.path, "notes/shop.md")
        XCTAssertEqual(t.title, "Buy milk #home/errands")
        XCTAssertEqual(t.status, .done)
        XCTAssertEqual(t.tags, ["home/errands"])
        XCTAssertEqual(t.due, LocalDateTime("2026-01-04"))
        XCTAssertEqual(t.scheduled, LocalDateTime("2026-01-03"))
        XCTAssertEqual(t.deferDate, LocalDateTime("2026-01-02"))
        XCTAssertEqual(t.priority, .high)
        XCTAssertEqual(t.created, Timestamp.parse("2026-01-01T00:00:00Z"))
        XCTAssertEqual(t.completed, Timestamp.parse("2026-01-05T00:00:00Z"))
        XCTAssertNil(t.recurrence)
        XCTAssertEqual(t.source, "obsidian")
        XCTAssertEqual(t.body, "")
        XCTAssertEqual(t.extra.map(\.0), ["line", "status_char", "format", "priority_level", "recurrence_text",
                                          "on_completion", "task_id", "depends_on", "block_id", "identity"])
        XCTAssertEqual(extra(t, "line"), .int(7))
        XCTAssertEqual(extra(t, "priority_level"), .string("highest"))
        XCTAssertEqual(extra(t, "recurrence_text"), .string("every week"))
        XCTAssertEqual(extra(t, "depends_on"), .array([.string("a"), .string("b")]))
        XCTAssertEqual(extra(t, "block_id"), .string("blk"))
        XCTAssertEqual(extra(t, "identity"), .string("block:blk"))
    }

    /// (line, schema priority, status)
    static let rows: [(String, Priority, TaskStatus)] = [
        ("- [ ] a 🔺", .high, .todo),
        ("- [ ] a ⏫", .high, .todo),
        ("- [/] a 🔼", .medium, .inProgress),
        ("- [ ] a 🔽", .low, .todo),
        ("- [-] a ⏬", .low, .cancelled),
        ("- [x] a", .none, .done),
        ("- [ ] a [priority:: lowest]", .low, .todo),
    ]

    func testPriorityAndStatusMapping() {
        for (line, p, s) in Self.rows {
            let t = inlineLine(line).toTask(path: "n.md")
            XCTAssertEqual(t.priority, p, line)
            XCTAssertEqual(t.status, s, line)
        }
    }

    func testCancelledDateStaysApartAndProblemsCarry() {
        let t = inlineLine("- [-] a ❌ 2026-01-07").toTask(path: "n.md")
        XCTAssertNil(t.completed)
        XCTAssertEqual(extra(t, "cancelled"), .string("2026-01-07"))
        let bad = inlineLine("- [ ] a 📅 2026-13-01").toTask(path: "n.md")
        XCTAssertNil(bad.due)
        XCTAssertEqual(bad.problems.count, 1)
        XCTAssertEqual(extra(inlineLine("- [ ] a  [due:: 2026-01-05]").toTask(path: "n.md"), "format"), .string("dataview"))
    }
}
