import XCTest
@testable import TodoMDCore

/// Inputs the fuzz targets (Fuzz/) found, each a defect fixed; the inputs are also in
/// Fuzz/Regressions/ so the fuzzers start from them.
final class FuzzRegressionTests: XCTestCase {
    /// The fast reader took a raw control character the YAML parser refuses: the two readers
    /// disagreed on the same file. Now both report invalid YAML.
    func testBothReadersRefuseControlCharacters() {
        for bad in ["a\u{01}b", "a\u{7F}b", "a\u{85}b", "a\u{2028}b"] {
            let text = "---\ntitle: \(bad)\nstatus: todo\n---\n"
            guard let doc = FrontmatterDocument(bytes: Array(text.utf8)) else { return XCTFail() }
            XCTAssertNil(FastFrontmatter.parse(doc), bad.debugDescription)
        }
        guard case .task(let t) = readTask("---\ntitle: a\u{01}b\nstatus: todo\n---\n") else { return XCTFail() }
        XCTAssertTrue(t.readOnly)
    }

    /// `+-999999999999999999y` trapped (overflow); `+100000y` and `-5000y` gave years outside
    /// 1…9999 that do not read back.
    func testDateArgumentsStayInsideYearsOneTo9999() {
        let today = LocalDate(year: 2026, month: 1, day: 6)!
        for raw in ["+-999999999999999999y", "+100000y", "-5000y", "+99999m", "+100000m"] {
            XCTAssertThrowsError(try DateArgument.parse(raw, today: today), raw)
        }
        XCTAssertEqual(try DateArgument.parse("+3d", today: today).date.description, "2026-01-09")
        XCTAssertEqual(try DateArgument.parse("-2y", today: today).date.description, "2024-01-06")
    }

    /// Setting a key whose value defines an anchor another key uses left `*a` dangling and the
    /// file unreadable: refused instead.
    func testAnEditNeverLeavesAnAliasDangling() throws {
        let text = "---\ntitle: T\nstatus: todo\nbase: &a [1]\nmore: *a\ncreated: 2025-01-01T00:00:00Z\nsource: user\n---\n"
        XCTAssertThrowsError(try MarkdownTaskFormat().apply([FieldChange("base", .string("x"))], to: Array(text.utf8)))
        XCTAssertThrowsError(try MarkdownTaskFormat().apply([FieldChange("base", nil)], to: Array(text.utf8)))
        // Other keys, and an anchor nobody uses, are edited as usual.
        XCTAssertNoThrow(try MarkdownTaskFormat().apply([FieldChange("title", .string("U"))], to: Array(text.utf8)))
        let lone = text.replacingOccurrences(of: "more: *a\n", with: "")
        XCTAssertNoThrow(try MarkdownTaskFormat().apply([FieldChange("base", .string("x"))], to: Array(lone.utf8)))
    }

    /// `created: …\rsource: user` is two lines for YAML and one for the line editor: setting
    /// `created` dropped `source`. Refused now.
    func testALoneCRIsNeverEditedAcross() {
        let text = "---\ntitle: T\nstatus: todo\ncreated: 2025-01-01T00:00:00Z\rsource: user\n---\n"
        XCTAssertThrowsError(try MarkdownTaskFormat().apply([FieldChange("created", .string("2026-02-01T00:00:00Z"))], to: Array(text.utf8)))
        // CRLF files are edited as always.
        let crlf = text.replacingOccurrences(of: "\r", with: "\r\n").replacingOccurrences(of: "\n", with: "\r\n").replacingOccurrences(of: "\r\r\n", with: "\r\n")
        XCTAssertNoThrow(try MarkdownTaskFormat().apply([FieldChange("created", .string("2026-02-01T00:00:00Z"))], to: Array(crlf.utf8)))
    }

    /// Two set positions were described as "the 1st and the last weekday", which reads back as
    /// another rule.
    func testDescribedRulesReadBackAsThemselves() throws {
        let rule = "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1"
        let parsed = try RecurrenceRule(rrule: rule)
        let text = TextRule.describe(parsed)
        XCTAssertFalse(text.contains("1st and the last weekday"), text)
        XCTAssertEqual(try TextRule.parse(text).rule, parsed, text)
    }

    /// A key that is not plain (`"a: b"`) is quoted when a file is written from a task.
    func testRenderedKeysStayOneKey() {
        var t = TodoTask(path: "t.md", title: "T")
        t.created = Date(timeIntervalSince1970: 0)
        t.source = "user"
        t.extra = [("a: b", .int(1))]
        let bytes = MarkdownTaskFormat().render(t)
        guard case .task(let back) = MarkdownTaskFormat().read(path: "t.md", bytes: bytes, zone: .current) else { return XCTFail() }
        XCTAssertEqual(back.problems, [])
        XCTAssertEqual(back.extra.first?.0, "a: b")
    }

    /// A `status:` line inside a title quoted over two lines was taken for the key: `set
    /// status=done` rewrote the title. Edits of such files, and of keys that need quoting, are
    /// refused (edit by hand).
    func testAQuotedValueOverSeveralLinesIsNotEditedAcross() {
        let text = "---\ntitle: \"Two\nstatus: todo\"\nstatus: todo\ncreated: 2025-01-01T00:00:00Z\nsource: user\n---\n"
        XCTAssertThrowsError(try MarkdownTaskFormat().apply([FieldChange("status", .string("done"))], to: Array(text.utf8)))
        let plain = "---\ntitle: \"One line\"\nstatus: todo\n---\n"
        XCTAssertThrowsError(try MarkdownTaskFormat().apply([FieldChange("a b", .string("x"))], to: Array(plain.utf8)))
        XCTAssertNoThrow(try MarkdownTaskFormat().apply([FieldChange("status", .string("done"))], to: Array(plain.utf8)))
    }

    /// The same inside a flow list: `tags: [one, 'th-` … `title: T` … `s']` — `set title=…`
    /// rewrote the line inside the list and the file stopped parsing. Refused now; a list on
    /// one line (quotes and apostrophes in it included) is still edited.
    func testAFlowListOverSeveralLinesIsNotEditedAcross() {
        let text = "---\nstatus: todo\ntags: [one, \"two words\", 'th-\ntitle: T\nmore''s']\n---\nbody\n"
        XCTAssertThrowsError(try MarkdownTaskFormat().apply([FieldChange("title", .string("new"))], to: Array(text.utf8)))
        let open = "---\ntitle: T\nstatus: todo\ntags: [a,\n  b]\n---\n"
        XCTAssertThrowsError(try MarkdownTaskFormat().apply([FieldChange("status", .string("done"))], to: Array(open.utf8)))
        for ok in ["[it's, \"x, y\", 'a''b']", "{a: [1, 2]}", "[a] # note"] {
            let one = "---\ntitle: T\nstatus: todo\ntags: \(ok)\n---\n"
            XCTAssertNoThrow(try MarkdownTaskFormat().apply([FieldChange("status", .string("done"))], to: Array(one.utf8)), ok)
        }
    }

    /// Behind a key the line editor does not see as one (`?ags:`), the list running over lines
    /// went unnoticed and `set title=…` broke the file: every edit is now checked by reading
    /// the file before and after, and refused when more than the edited fields would change.
    func testAnEditThatWouldBreakTheFileIsRefused() throws {
        let text = "---\nstatus: todo # why\npriority: high\n?ags: [one, \"two words\", 'th-\ntitle: T\nttsauree''s']\n---\nbody\n"
        XCTAssertThrowsError(try MarkdownTaskFormat().apply([FieldChange("title", .string("new"))], to: Array(text.utf8)))
        // (priority would be refused too: the editor takes the `?ags` lines for part of its value.)
        XCTAssertNoThrow(try MarkdownTaskFormat().apply([FieldChange("status", .string("done"))], to: Array(text.utf8)))
    }

    /// The anchor check searched with Foundation's `contains`, which trapped ("String index is
    /// out of bounds") on a key holding invalid UTF-8. It searches bytes now.
    func testTheAnchorCheckSurvivesInvalidUTF8() {
        var bytes = Array("---\ntitle: T\nstatus: todo\nbase: &a`[1]\nm".utf8) + [0xFF] + Array("re: *a\n---\n".utf8)
        _ = try? MarkdownTaskFormat().apply([FieldChange("base", .string("x"))], to: bytes)
        bytes = Array("---\ntitle: T\nstatus: todo\nbase: &a [1]\nmore: *a\n---\n".utf8)
        XCTAssertThrowsError(try MarkdownTaskFormat().apply([FieldChange("base", .string("x"))], to: bytes))
    }

    /// FuzzQuery: the items of a bare list were trimmed of spaces but not of form feeds, which
    /// the printer counts as whitespace: it quoted the list, which then read back as one value.
    /// And an item starting with a combining mark joined the comma before it into one character,
    /// as a backslash before one escaped nothing.
    func testAQueryValueWithControlCharactersRoundTrips() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Regressions/FuzzQuery/value-with-control-characters")
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        func regression(_ name: String) throws -> String {
            String(decoding: try Data(contentsOf: url.deletingLastPathComponent().appendingPathComponent(name)), as: UTF8.self)
        }
        let combining = try regression("comma-before-combining-mark"), backslash = try regression("backslash-before-combining-mark")
        // A comma or quote followed by a combining mark is one character: the parser reads scalars.
        for q in [text, combining, backslash, "\"a\\\u{0730}b\"", "area:a\u{0C},\u{0C}b", "area:a\u{0}b,c", "area:\"a\u{0},b\"", "area:a, \u{0730}b", "area:\"\u{0301}x\"", "#\u{0301}t"] {
            let tree = try QueryText.parse(q)
            let printed = QueryText.print(tree)
            XCTAssertEqual(try QueryText.parse(printed), tree.normalized, q.debugDescription + " → " + printed.debugDescription)
            XCTAssertEqual(QueryText.print(try QueryText.parse(printed)), printed)
        }
    }

    /// FuzzQuery: NOT of NOT printed as `!(!(…))`, so 40 `!` read back as 80 levels, past the
    /// limit: the printer now adds parentheses only where the text needs them.
    func testPrintedQueriesNestNoDeeperThanTheirText() throws {
        for q in [String(repeating: "!", count: 64) + "p1", String(repeating: "!(", count: 32) + "p1" + String(repeating: ")", count: 32),
                  String(repeating: "(p1 | p2 & ", count: 30) + "p3" + String(repeating: ")", count: 30)] {
            let tree = try QueryText.parse(q)
            XCTAssertEqual(try QueryText.parse(QueryText.print(tree)), tree.normalized, q)
        }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fuzz/Regressions/FuzzQuery/nots-of-nots")
        if let tree = try? QueryText.parse(String(decoding: try Data(contentsOf: url), as: UTF8.self)) {
            XCTAssertEqual(try QueryText.parse(QueryText.print(tree)), tree.normalized)
        }
    }
}
