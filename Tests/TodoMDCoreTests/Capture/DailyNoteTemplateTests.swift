import XCTest
@testable import TodoMDCore

/// Obsidian's core template variables, filled for Friday 2026-11-27 at 09:07.
final class DailyNoteTemplateTests: XCTestCase {
    func testVariables() {
        let rows: [(String, String)] = [
            ("# {{title}}\nCreated {{date}} {{time}}", "# 2026-11-27 Friday\nCreated 2026-11-27 09:07"),
            ("{{date:dddd, MMMM Do}}", "Friday, November 27th"),
            ("{{ date : YYYY }}", "2026"),
            ("{{ date }} {{ time }} {{ title }}", "2026-11-27 09:07 2026-11-27 Friday"),
            ("{{DATE}} {{Time:HH:mm:ss}}", "2026-11-27 09:07:00"),
            ("{{date:HH:mm}} {{time:h A}}", "09:07 9 AM"),
            ("{{date:[Week] W}}", "Week 48"),
            ("{{date:YYYY-MM-DD}}T{{time:HH:mm}}", "2026-11-27T09:07"),
            // Left as written: unknown variables, Templater, incomplete or malformed braces.
            ("{{weather}} {{ title }}", "{{weather}} 2026-11-27 Friday"),
            ("<% tp.date.now(\"YYYY\") %> {{date}}", "<% tp.date.now(\"YYYY\") %> 2026-11-27"),
            ("<%* tR += 'x' %>", "<%* tR += 'x' %>"),
            ("{{date:}} {{datex}} {{date YYYY}}", "{{date:}} {{datex}} {{date YYYY}}"),
            ("{{date\n}} {{date", "{{date\n}} {{date"),
            ("{{{date}}}", "{2026-11-27}"),
            ("📅 {{date}} ✓ ünïcödé", "📅 2026-11-27 ✓ ünïcödé"),
            ("", ""),
            ("no variables\n", "no variables\n"),
        ]
        for (template, expected) in rows {
            XCTAssertEqual(DailyNoteTemplate.render(template, date: date("2026-11-27"), title: "2026-11-27 Friday", hour: 9, minute: 7),
                           expected, template)
        }
    }

    /// A title that looks like a variable is not expanded again.
    func testTitleIsInsertedLiterally() {
        XCTAssertEqual(DailyNoteTemplate.render("{{title}}", date: date("2026-11-27"), title: "{{date}}", hour: 0, minute: 0), "{{date}}")
    }
}
