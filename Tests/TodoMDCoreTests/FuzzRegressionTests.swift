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
}
