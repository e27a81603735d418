import XCTest
@testable import TodoMDCore

final class FrontmatterEditTests: XCTestCase {
    func edit(_ text: String, _ changes: [FieldChange]) throws -> String {
        String(decoding: try MarkdownTaskFormat().apply(changes, to: Array(text.utf8)), as: UTF8.self)
    }

    /// Golden edits: input, change, exact expected output.
    func testGoldenEdits() throws {
        let cases: [(String, String, [FieldChange], String)] = [
            ("replace keeps double quotes",
             "---\ntitle: \"A\"\nstatus: \"todo\"\n---\nbody\n", [FieldChange("status", .string("done"))],
             "---\ntitle: \"A\"\nstatus: \"done\"\n---\nbody\n"),
            ("replace keeps plain style",
             "---\ntitle: A\nstatus: todo\ndue: 2025-03-01\n---\n", [FieldChange("due", .string("2025-03-08"))],
             "---\ntitle: A\nstatus: todo\ndue: 2025-03-08\n---\n"),
            ("replace keeps single quotes and escapes",
             "---\ntitle: 'it''s'\nstatus: todo\n---\n", [FieldChange("title", .string("Bob's \"x\""))],
             "---\ntitle: 'Bob''s \"x\"'\nstatus: todo\n---\n"),
            ("plain becomes quoted when it must",
             "---\ntitle: A\nstatus: todo\n---\n", [FieldChange("title", .string("a: b #c"))],
             "---\ntitle: \"a: b #c\"\nstatus: todo\n---\n"),
            ("trailing comment kept",
             "---\ntitle: A\ndue: 2025-03-01   # hard deadline\nstatus: todo\n---\n", [FieldChange("due", .string("2025-04-01"))],
             "---\ntitle: A\ndue: 2025-04-01   # hard deadline\nstatus: todo\n---\n"),
            ("new key goes before the closing line",
             "---\ntitle: A\nstatus: todo\n# trailing comment\n---\nbody", [FieldChange("flagged", .bool(true))],
             "---\ntitle: A\nstatus: todo\n# trailing comment\nflagged: true\n---\nbody"),
            ("clear removes only that key's lines",
             "---\ntitle: A\ntags:\n  - x\n  - y\n\n# about status\nstatus: todo\n---\n", [FieldChange("tags", nil)],
             "---\ntitle: A\n\n# about status\nstatus: todo\n---\n"),
            ("block list keeps its indentation",
             "---\ntitle: A\ntags:\n- x\nstatus: todo\n---\n", [FieldChange("tags", .list(["x", "y z", "true"]))],
             "---\ntitle: A\ntags:\n- x\n- y z\n- \"true\"\nstatus: todo\n---\n"),
            ("flow list stays flow",
             "---\ntitle: A\ntags: [x, y]\nstatus: todo\n---\n", [FieldChange("tags", .list(["x", "a,b"]))],
             "---\ntitle: A\ntags: [x, \"a,b\"]\nstatus: todo\n---\n"),
            ("block scalar replaced whole",
             "---\ntitle: A\ndescription: |\n  line one\n\n  line two\nstatus: todo\n---\n", [FieldChange("description", .string("short"))],
             "---\ntitle: A\ndescription: \"short\"\nstatus: todo\n---\n"),
            ("CRLF and BOM kept, new lines use CRLF",
             "\u{FEFF}---\r\ntitle: A\r\nstatus: todo\r\n---\r\nbody\r\n", [FieldChange("status", .string("done")), FieldChange("completed", .string("2025-01-01T00:00:00Z"))],
             "\u{FEFF}---\r\ntitle: A\r\nstatus: done\r\ncompleted: \"2025-01-01T00:00:00Z\"\r\n---\r\nbody\r\n"),
            ("quoted key keeps its quotes",
             "---\n\"title\": A\n'status': todo\n---\n", [FieldChange("status", .string("done"))],
             "---\n\"title\": A\n'status': done\n---\n"),
            ("control characters escaped",
             "---\ntitle: A\nstatus: todo\n---\n", [FieldChange("note", .string("a\u{7}b\nc"))],
             "---\ntitle: A\nstatus: todo\nnote: \"a\\x07b\\nc\"\n---\n"),
            ("closing ... kept",
             "---\ntitle: A\nstatus: todo\n...\nbody", [FieldChange("status", .string("done"))],
             "---\ntitle: A\nstatus: done\n...\nbody"),
            ("empty list",
             "---\ntitle: A\ntags:\n  - a\nstatus: todo\n---\n", [FieldChange("tags", .list([]))],
             "---\ntitle: A\ntags: []\nstatus: todo\n---\n"),
        ]
        for (name, input, changes, expected) in cases {
            XCTAssertEqual(try edit(input, changes), expected, name)
        }
    }

    func testEditedValuesReadBack() throws {
        let tricky = ["", " lead", "trail ", "null", "true", "123", "2025-01-01", "a: b", "# x", "- x", "'q'", "\"dq\"",
                      "back\\slash", "tab\tin", "multi\nline", "émoji 🎉", "[x]", "{y}", "&anchor", "*alias", "!tag", "%", "@", "`"]
        for s in tricky {
            for base in ["---\ntitle: A\nstatus: todo\nx: plain\n---\n", "---\ntitle: A\nstatus: todo\nx: 'single'\n---\n",
                         "---\ntitle: A\nstatus: todo\nx: \"double\"\n---\n"] {
                let out = try edit(base, [FieldChange("x", .string(s))])
                let t = task(out)
                XCTAssertEqual(t.extra.first?.1, .string(s), "\(s.debugDescription) from \(base.debugDescription) → \(out.debugDescription)")
            }
            let listOut = try edit("---\ntitle: A\nstatus: todo\ntags: [a]\n---\n", [FieldChange("tags", .list(["t" + s]))])
            XCTAssertEqual(task(listOut).tags, [("t" + s).trimmingCharacters(in: .whitespaces)], listOut)
        }
    }
}
