import XCTest
@testable import TodoMDCore

/// Next occurrence of a recurring inline task: dates shifted together, done/cancelled dates,
/// block id and dependency fields removed, new line inserted above the completed one.
final class InlineRecurrenceTests: XCTestCase {
    let today = LocalDate("2026-01-06")!

    /// (line, next reference date, created, expected next line)
    static let rows: [(String, String, String?, String)] = [
        ("- [x] Trash 🔁 every week 📅 2026-01-05 ✅ 2026-01-06", "2026-01-12", nil,
         "- [ ] Trash 🔁 every week 📅 2026-01-12"),
        ("- [x] Rent 🔁 every month 🛫 2026-01-01 ⏳ 2026-01-03 📅 2026-01-05 ✅ 2026-01-04", "2026-02-05", nil,
         "- [ ] Rent 🔁 every month 🛫 2026-02-01 ⏳ 2026-02-03 📅 2026-02-05"),
        ("- [x] Plan 🔁 every week ⏳ 2026-01-03 🛫 2025-12-31", "2026-01-10", nil,
         "- [ ] Plan 🔁 every week ⏳ 2026-01-10 🛫 2026-01-07"),
        ("- [x] Walk 🔁 every day 🛫 2026-01-05", "2026-01-06", nil, "- [ ] Walk 🔁 every day 🛫 2026-01-06"),
        ("- [-] Gym 🔁 every day 📅 2026-01-05 ❌ 2026-01-05", "2026-01-06", nil, "- [ ] Gym 🔁 every day 📅 2026-01-06"),
        ("- [x] Read 🆔 r1 ⛔ a1 🔁 every day ➕ 2025-12-01 📅 2026-01-05 ✅ 2026-01-06 ^blk", "2026-01-06", nil,
         "- [ ] Read 🔁 every day 📅 2026-01-06"),
        ("- [x] Read 🔁 every day ➕ 2025-12-01 📅 2026-01-05 ✅ 2026-01-06", "2026-01-06", "2026-01-06",
         "- [ ] Read 🔁 every day ➕ 2026-01-06 📅 2026-01-06"),
        ("- [x] Pay #bills 🔁 every month 📅 2026-01-31 ✅ 2026-01-30", "2026-02-28", nil,
         "- [ ] Pay #bills 🔁 every month 📅 2026-02-28"),
        ("> - [x] Water  [repeat:: every 3 days]  [due:: 2026-01-05]  [completion:: 2026-01-06]", "2026-01-08", nil,
         "> - [ ] Water  [repeat:: every 3 days]  [due:: 2026-01-08]"),
        ("    1. [X] Nested (repeat:: every week) (due:: 2026-01-05) ^n1", "2026-01-12", nil,
         "    1. [ ] Nested (repeat:: every week) (due:: 2026-01-12)"),
    ]

    func testNextOccurrenceGolden() throws {
        for (line, next, created, expected) in Self.rows {
            let t = inlineLine(line)
            XCTAssertEqual(t.nextOccurrenceLine(referenceDate: inlineDay(next), created: created.map(inlineDay)),
                           expected, "from: \(line)")
        }
    }

    func testNoReferenceDate() {
        XCTAssertNil(inlineLine("- [x] Loose 🔁 every day").nextOccurrenceLine(referenceDate: today))
        XCTAssertEqual(inlineLine("- [x] Loose 🔁 every day ✅ 2026-01-06").nextOccurrenceLine(dates: InlineOccurrence()),
                       "- [ ] Loose 🔁 every day")
    }

    func testClosureAndExplicitDates() {
        let t = inlineLine("- [x] Trash 🔁 every week 📅 2026-01-05 ✅ 2026-01-06")
        XCTAssertEqual(t.nextOccurrenceLine { $0.shifted(toReference: $0.due!.adding(days: 7)) },
                       "- [ ] Trash 🔁 every week 📅 2026-01-12")
        XCTAssertNil(t.nextOccurrenceLine { _ in nil })
        // A date the next occurrence adds is appended in canonical order.
        XCTAssertEqual(t.nextOccurrenceLine(dates: InlineOccurrence(start: inlineDay("2026-01-10"), due: inlineDay("2026-01-12"))),
                       "- [ ] Trash 🔁 every week 🛫 2026-01-10 📅 2026-01-12")
        XCTAssertEqual(InlineOccurrence(start: inlineDay("2026-01-01"), due: inlineDay("2026-01-05")).referenceDate,
                       inlineDay("2026-01-05"))
    }

    func testCompletionInsertsAboveByDefault() throws {
        let note = "# Chores\n- [ ] Trash 🔁 every week 📅 2026-01-05 ^t1\nafter\n"
        let t = try XCTUnwrap(InlineTaskScanner.scan(note).first)
        let done = try t.completed(on: today)
        let next = try XCTUnwrap(t.nextOccurrenceLine(referenceDate: inlineDay("2026-01-12")))
        XCTAssertEqual(InlineNote.applyingCompletion(in: note, lineNumber: 1, expecting: t.text, completedLine: done, nextLine: next),
                       "# Chores\n- [ ] Trash 🔁 every week 📅 2026-01-12\n- [x] Trash 🔁 every week 📅 2026-01-05 ✅ 2026-01-06 ^t1\nafter\n")
        XCTAssertEqual(InlineNote.applyingCompletion(in: note, lineNumber: 1, expecting: t.text, completedLine: done,
                                                     nextLine: next, placement: .below),
                       "# Chores\n- [x] Trash 🔁 every week 📅 2026-01-05 ✅ 2026-01-06 ^t1\n- [ ] Trash 🔁 every week 📅 2026-01-12\nafter\n")
        XCTAssertNil(InlineNote.applyingCompletion(in: note, lineNumber: 1, expecting: "- [ ] Trash", completedLine: done, nextLine: next))
    }

    func testCompletionKeepsCRLFAndMissingFinalNewline() {
        let crlf = "a\r\n- [ ] T 🔁 every day 📅 2026-01-05\r\nb\r\n"
        let last = "a\r\n- [ ] T 🔁 every day 📅 2026-01-05"
        let orig = "- [ ] T 🔁 every day 📅 2026-01-05"
        let done = "- [x] T 🔁 every day 📅 2026-01-05 ✅ 2026-01-06"
        let next = "- [ ] T 🔁 every day 📅 2026-01-06"
        XCTAssertEqual(InlineNote.applyingCompletion(in: crlf, lineNumber: 1, expecting: orig, completedLine: done, nextLine: next),
                       "a\r\n\(next)\r\n\(done)\r\nb\r\n")
        XCTAssertEqual(InlineNote.applyingCompletion(in: last, lineNumber: 1, expecting: orig, completedLine: done, nextLine: next),
                       "a\r\n\(next)\r\n\(done)")
        XCTAssertEqual(InlineNote.applyingCompletion(in: last, lineNumber: 1, expecting: orig, completedLine: done,
                                                     nextLine: next, placement: .below),
                       "a\r\n\(done)\r\n\(next)")
        XCTAssertEqual(InlineNote.applyingCompletion(in: "- [ ] x", lineNumber: 0, expecting: "- [ ] x",
                                                     completedLine: "- [x] x", nextLine: "- [ ] y"),
                       "- [ ] y\n- [x] x")
    }

    func testOnCompletionDelete() throws {
        let note = "a\n- [ ] T 🔁 every day 📅 2026-01-05 🏁 delete\nb\n"
        let t = try XCTUnwrap(InlineTaskScanner.scan(note).first)
        XCTAssertEqual(t.onCompletion, "delete")
        let next = try XCTUnwrap(t.nextOccurrenceLine(referenceDate: inlineDay("2026-01-06")))
        XCTAssertEqual(InlineNote.applyingCompletion(in: note, lineNumber: 1, expecting: t.text,
                                                     completedLine: try t.completed(on: today), nextLine: next,
                                                     removeCompleted: true),
                       "a\n- [ ] T 🔁 every day 📅 2026-01-06 🏁 delete\nb\n")
        XCTAssertEqual(InlineNote.applyingCompletion(in: "- [ ] once 🏁 delete\n", lineNumber: 0, expecting: "- [ ] once 🏁 delete",
                                                     completedLine: "-", nextLine: nil, removeCompleted: true), "")
    }
}
