import XCTest
@testable import TodoMDCore

/// Golden tests for appending captured entries to a daily note. Every row also checks that the
/// result is the note with one run of bytes inserted: nothing already there changes.
final class DailyNoteAppendTests: XCTestCase {
    struct Row {
        var name: String
        var note: String
        var entries = ["- a"]
        var heading: String?
        var separator = "\n"
        var expected: String
    }

    func testGolden() {
        let rows: [Row] = [
            Row(name: "plain append", note: "# Day\n\nSome text\n", entries: ["- a", "- b"], expected: "# Day\n\nSome text\n- a\n- b\n"),
            Row(name: "no trailing newline", note: "Some text", expected: "Some text\n- a\n"),
            Row(name: "ends with blank lines", note: "Text\n\n", expected: "Text\n\n- a\n"),
            Row(name: "CRLF", note: "# Day\r\nText\r\n", entries: ["- a", "line1\nline2\r\n"],
                expected: "# Day\r\nText\r\n- a\r\nline1\r\nline2\r\n"),
            Row(name: "CRLF, heading absent", note: "# Day\r\n", heading: "## Inbox", expected: "# Day\r\n\r\n## Inbox\r\n- a\r\n"),
            Row(name: "CRLF, heading present", note: "## Inbox\r\n- old\r\n\r\n## Log\r\n", entries: ["- a", "- b"], heading: "## Inbox",
                separator: "\n\n", expected: "## Inbox\r\n- old\r\n\r\n- a\r\n\r\n- b\r\n\r\n## Log\r\n"),
            Row(name: "LF note, CRLF entry", note: "x\n", entries: ["a\r\nb"], expected: "x\na\nb\n"),
            Row(name: "heading mid-file before a ##", note: "# Day\n\n## Inbox\n- old\n\n## Log\nx\n", heading: "## Inbox",
                expected: "# Day\n\n## Inbox\n- old\n- a\n\n## Log\nx\n"),
            Row(name: "a ### belongs to the section", note: "## Inbox\n- old\n### Sub\n- sub item\n\n## Log\n", heading: "## Inbox",
                expected: "## Inbox\n- old\n### Sub\n- sub item\n- a\n\n## Log\n"),
            Row(name: "a # ends the section", note: "## Inbox\n- old\n# Next\n", heading: "## Inbox", expected: "## Inbox\n- old\n- a\n# Next\n"),
            Row(name: "empty section", note: "## Inbox\n\n## Log\n", heading: "## Inbox", expected: "## Inbox\n- a\n\n## Log\n"),
            Row(name: "heading with trailing spaces", note: "## Inbox  \n- old\n", heading: "## Inbox", expected: "## Inbox  \n- old\n- a\n"),
            Row(name: "heading at the end, no newline", note: "# Day\n## Inbox", heading: "## Inbox", expected: "# Day\n## Inbox\n- a\n"),
            Row(name: "section at the end, no newline", note: "## Inbox\n- old", heading: "## Inbox", expected: "## Inbox\n- old\n- a\n"),
            Row(name: "first of two equal headings", note: "## Inbox\n- 1\n## Inbox\n- 2\n", heading: "## Inbox",
                expected: "## Inbox\n- 1\n- a\n## Inbox\n- 2\n"),
            Row(name: "not an ATX heading: any heading ends it", note: "Inbox:\n- old\n#### Log\n", heading: "Inbox:",
                expected: "Inbox:\n- old\n- a\n#### Log\n"),
            Row(name: "heading absent", note: "# Day\nText\n", heading: "## Inbox", expected: "# Day\nText\n\n## Inbox\n- a\n"),
            Row(name: "heading absent, ends with a blank line", note: "Text\n\n", heading: "## Inbox", expected: "Text\n\n## Inbox\n- a\n"),
            Row(name: "heading absent, no trailing newline", note: "Text", heading: "## Inbox", expected: "Text\n\n## Inbox\n- a\n"),
            Row(name: "heading only in a code fence", note: "```md\n## Inbox\n```\n", heading: "## Inbox",
                expected: "```md\n## Inbox\n```\n\n## Inbox\n- a\n"),
            Row(name: "a fenced heading does not end the section", note: "## Inbox\n- old\n~~~\n# not a heading\n~~~\n\n## Log\n",
                heading: "## Inbox", expected: "## Inbox\n- old\n~~~\n# not a heading\n~~~\n- a\n\n## Log\n"),
            Row(name: "heading only in frontmatter", note: "---\n# Inbox\n---\nText\n", heading: "# Inbox",
                expected: "---\n# Inbox\n---\nText\n\n# Inbox\n- a\n"),
            Row(name: "multi-line entries", note: "", entries: ["first\n  continued", "second\n\n", "", "\n"],
                expected: "first\n  continued\nsecond\n"),
            Row(name: "blank-line separator after content", note: "## Inbox\n- old\n\n## Log\n", entries: ["a", "b"], heading: "## Inbox",
                separator: "\n\n", expected: "## Inbox\n- old\n\na\n\nb\n\n## Log\n"),
            Row(name: "blank-line separator right after the heading", note: "## Inbox\n", entries: ["a", "b"], heading: "## Inbox",
                separator: "\n\n", expected: "## Inbox\na\n\nb\n"),
            Row(name: "rule separator", note: "x\n", entries: ["a", "b"], separator: "\n---\n", expected: "x\n---\na\n---\nb\n"),
            Row(name: "separator without a line break", note: "x\n", entries: ["a", "b"], separator: " | ", expected: "x\na | b\n"),
            Row(name: "empty separator", note: "", entries: ["a", "b"], separator: "", expected: "ab\n"),
            Row(name: "empty note", note: "", expected: "- a\n"),
            Row(name: "empty note with heading", note: "", heading: "## Inbox", expected: "## Inbox\n- a\n"),
            Row(name: "frontmatter only", note: "---\ntags: [daily]\n---\n", separator: "\n---\n", expected: "---\ntags: [daily]\n---\n- a\n"),
            Row(name: "frontmatter only, heading", note: "---\ntags: [daily]\n---\n", heading: "## Inbox",
                expected: "---\ntags: [daily]\n---\n\n## Inbox\n- a\n"),
            Row(name: "unicode kept byte-exact", note: "# Día 📅\nCafé ☕️ — naïve\n", entries: ["- 🍎 Äpfel kaufen", "- 日本語 👩‍💻"],
                heading: "# Día 📅", expected: "# Día 📅\nCafé ☕️ — naïve\n- 🍎 Äpfel kaufen\n- 日本語 👩‍💻\n"),
            Row(name: "nothing to add", note: "x", entries: ["", "\n\n"], expected: "x"),
        ]
        for r in rows {
            let note = Array(r.note.utf8)
            let out = DailyNoteAppend.append(r.entries, to: note, heading: r.heading, separator: r.separator)
            XCTAssertEqual(String(decoding: out, as: UTF8.self), r.expected, r.name)
            XCTAssertTrue(isInsertion(into: note, out), r.name)
        }
    }

    func testMissingNoteIsEmpty() {
        XCTAssertEqual(DailyNoteAppend.append(["x"], to: [], heading: nil, separator: "\n"), Array("x\n".utf8))
        XCTAssertEqual(DailyNoteAppend.append([], to: [], heading: "## Inbox", separator: "\n"), [])
    }

    /// Invalid UTF-8 already in the note survives untouched.
    func testForeignBytesKept() {
        let note: [UInt8] = [0x23, 0x20, 0x41, 0x0A, 0xFF, 0xFE, 0x0A]
        let out = DailyNoteAppend.append(["b"], to: note, heading: "# A", separator: "\n")
        XCTAssertEqual(out, note + Array("b\n".utf8))
    }

    /// Whether `out` is `note` with one run of bytes inserted somewhere.
    private func isInsertion(into note: [UInt8], _ out: [UInt8]) -> Bool {
        guard out.count >= note.count else { return false }
        var k = 0
        while k < note.count, note[k] == out[k] { k += 1 }
        return Array(note[k...]) == Array(out[(out.count - (note.count - k))...])
    }
}
