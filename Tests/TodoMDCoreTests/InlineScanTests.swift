import XCTest
@testable import TodoMDCore

/// Whole-note scanning: code fences, frontmatter, callouts, global filter, line numbers.
final class InlineScanTests: XCTestCase {
    /// (note, expected "lineNumber:title" of every task)
    static let rows: [(String, [String])] = [
        ("- [ ] a\n- [x] b\n", ["0:a", "1:b"]),
        ("text\n- [ ] a\n\n  - [ ] sub\n", ["1:a", "3:sub"]),
        ("```\n- [ ] in code\n```\n- [ ] after\n", ["3:after"]),
        ("~~~md\n- [ ] in tilde code\n~~~\n- [ ] after\n", ["3:after"]),
        ("````\n```\n- [ ] still code\n````\n- [ ] out\n", ["4:out"]),
        ("```\n- [ ] unclosed fence\n", []),
        ("> ```\n> - [ ] quoted code\n> ```\n> - [ ] quoted task\n", ["3:quoted task"]),
        ("- item\n  ```\n  - [ ] indented code\n  ```\n", []),
        ("---\ntitle: x\ntags: [a]\n---\n- [ ] body task\n", ["4:body task"]),
        ("---\n- [ ] yaml list\n...\n- [ ] body\n", ["3:body"]),
        ("---\n- [ ] unclosed frontmatter is text\n", ["1:unclosed frontmatter is text"]),
        ("# T\n---\n- [ ] not frontmatter\n---\n", ["2:not frontmatter"]),
        ("> [!todo] Callout\n> - [ ] in callout\n>> - [/] deeper\n", ["1:in callout", "2:deeper"]),
        ("1. [ ] one\n2) [x] two\n", ["0:one", "1:two"]),
        ("- [ ] a\r\n- [ ] b\r\n", ["0:a", "1:b"]),
        ("- [ ] no final newline", ["0:no final newline"]),
        ("", []),
    ]

    func testScanGolden() {
        for (note, expected) in Self.rows {
            let got = InlineTaskScanner.scan(note).map { "\($0.lineNumber):\($0.title)" }
            XCTAssertEqual(got, expected, "note: \(note.debugDescription)")
        }
    }

    func testCRLFLineTextHasNoCarriageReturn() {
        let tasks = InlineTaskScanner.scan("x\r\n- [ ] a 📅 2026-01-05\r\n")
        XCTAssertEqual(tasks.map(\.text), ["- [ ] a 📅 2026-01-05"])
        XCTAssertEqual(tasks.first?.due, LocalDate("2026-01-05"))
    }

    func testGlobalFilter() {
        let note = "- [ ] #task Buy milk\n- [ ] Not tracked\n- [x] Call #task Bob ✅ 2026-01-02\n"
        let tasks = InlineTaskScanner.scan(note, globalFilter: "#task", removeGlobalFilter: true)
        XCTAssertEqual(tasks.map(\.lineNumber), [0, 2])
        XCTAssertEqual(tasks.map(\.title), ["Buy milk", "Call Bob"])
        XCTAssertEqual(tasks.map(\.tags), [[], []])
        XCTAssertEqual(InlineTaskScanner.scan(note).count, 3)
    }

    func testCustomStatusMapInScan() {
        var map = InlineStatusMap.default
        map.statuses[">"] = .someday
        XCTAssertEqual(InlineTaskScanner.scan("- [>] later\n", statusMap: map).first?.status, .someday)
    }
}
