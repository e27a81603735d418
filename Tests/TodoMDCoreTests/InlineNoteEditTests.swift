import XCTest
@testable import TodoMDCore

/// Note-level rewrites: the rest of the note is unchanged byte for byte, CRLF included.
final class InlineNoteEditTests: XCTestCase {
    let today = LocalDate("2026-01-06")!

    func rewriteLine(_ note: String, _ n: Int, _ op: (InlineTaskLine) throws -> String) throws -> String? {
        let task = try XCTUnwrap(InlineTaskScanner.scan(note).first { $0.lineNumber == n })
        return InlineNote.replacingLine(n, expecting: task.text, with: try op(task), in: note)
    }

    func testLineOnlyRewritesGolden() throws {
        let note = "---\ntags: [x]\n---\n# Groceries\n\n- [ ] Milk 📅 2026-01-05\n    - [ ] Oat milk\n> - [x] Eggs ✅ 2026-01-04\n\nfooter"
        let rows: [(Int, (InlineTaskLine) throws -> String, String)] = [
            (5, { try $0.completed(on: self.today) },
             "---\ntags: [x]\n---\n# Groceries\n\n- [x] Milk 📅 2026-01-05 ✅ 2026-01-06\n    - [ ] Oat milk\n> - [x] Eggs ✅ 2026-01-04\n\nfooter"),
            (7, { try $0.reopened() },
             "---\ntags: [x]\n---\n# Groceries\n\n- [ ] Milk 📅 2026-01-05\n    - [ ] Oat milk\n> - [ ] Eggs\n\nfooter"),
            (6, { try $0.cancelled(on: self.today) },
             "---\ntags: [x]\n---\n# Groceries\n\n- [ ] Milk 📅 2026-01-05\n    - [-] Oat milk ❌ 2026-01-06\n> - [x] Eggs ✅ 2026-01-04\n\nfooter"),
            (6, { try $0.rewritten(InlineLineEdit(fields: [.due: .set("2026-02-01")])) },
             "---\ntags: [x]\n---\n# Groceries\n\n- [ ] Milk 📅 2026-01-05\n    - [ ] Oat milk 📅 2026-02-01\n> - [x] Eggs ✅ 2026-01-04\n\nfooter"),
            (5, { try $0.rewritten(InlineLineEdit(fields: [.due: .clear])) },
             "---\ntags: [x]\n---\n# Groceries\n\n- [ ] Milk\n    - [ ] Oat milk\n> - [x] Eggs ✅ 2026-01-04\n\nfooter"),
            (5, { try $0.rewritten(InlineLineEdit(fields: [.priority: .set("high")])) },
             "---\ntags: [x]\n---\n# Groceries\n\n- [ ] Milk ⏫ 📅 2026-01-05\n    - [ ] Oat milk\n> - [x] Eggs ✅ 2026-01-04\n\nfooter"),
        ]
        for (n, op, expected) in rows {
            XCTAssertEqual(try rewriteLine(note, n, op), expected)
            // CRLF: same edit, every ending kept.
            let crlf = note.replacingOccurrences(of: "\n", with: "\r\n")
            XCTAssertEqual(try rewriteLine(crlf, n, op), expected.replacingOccurrences(of: "\n", with: "\r\n"))
        }
    }

    func testNeverClobberAChangedLine() {
        let note = "- [ ] Milk\n- [ ] Eggs\n"
        XCTAssertNil(InlineNote.replacingLine(0, expecting: "- [ ] Milk 📅 2026-01-05", with: "- [x] Milk", in: note))
        XCTAssertNil(InlineNote.replacingLine(5, expecting: "- [ ] Milk", with: "- [x] Milk", in: note))
        XCTAssertEqual(InlineNote.replacingLine(0, expecting: "- [ ] Milk", with: "- [x] Milk", in: note), "- [x] Milk\n- [ ] Eggs\n")
        XCTAssertTrue(InlineNote.lineStillMatches(original: "- [ ] a", current: "- [ ] a\r"))
        XCTAssertFalse(InlineTaskLine.lineStillMatches(original: "- [ ] a", current: "- [x] a"))
    }

    func testMixedLineEndingsAndBOMKept() {
        let note = "\u{FEFF}- [ ] a\r\n- [ ] b\n- [ ] c"
        let tasks = InlineTaskScanner.scan(note)
        XCTAssertEqual(tasks.map(\.title), ["a", "b", "c"])
        XCTAssertEqual(tasks[0].prefix, "\u{FEFF}- ")
        let out = InlineNote.replacingLine(1, expecting: "- [ ] b", with: "- [x] b", in: note)
        XCTAssertEqual(out, "\u{FEFF}- [ ] a\r\n- [x] b\n- [ ] c")
        XCTAssertEqual(InlineNote.lines(note).count, 3)
    }
}
