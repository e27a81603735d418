import XCTest
@testable import TodoMDCore

/// The fast frontmatter reader must read exactly what the YAML parser reads, or step aside.
final class FastFrontmatterTests: XCTestCase {
    func read(_ text: String, fast: Bool) -> String {
        MarkdownTaskFormat.fastPath = fast
        defer { MarkdownTaskFormat.fastPath = true }
        switch MarkdownTaskFormat().read(path: "20260101-0000-x.md", bytes: Array(text.utf8), zone: TimeZone(identifier: "UTC")!) {
        case .task(let t): return "task \(t.title)|\(t.status)|\(String(describing: t.due))|\(t.tags)|\(t.priority)|\(t.flagged)|\(String(describing: t.estimatedMinutes))|\(String(describing: t.description))|\(String(describing: t.created))|\(t.extra.map { "\($0.0)=\($0.1)" })|\(t.problems)|\(t.readOnly)|\(t.body)"
        case .notATask: return "note"
        case .unreadable(let r): return "unreadable \(r)"
        }
    }

    func testAgreesWithTheYAMLParserOnRandomFrontmatter() {
        var rng = SplitMix(seed: 99)
        let keys = ["title", "status", "due", "tags", "priority", "flagged", "estimated_minutes", "description", "created",
                    "source", "custom", "x-y", "a.b", "rating"]
        let values = ["plain words", "\"double \\\"quoted\\\" \\u00e9 \\t\"", "'single ''quoted'''", "2026-11-22", "2026-11-22T09:30",
                      "42", "-7", "3.5", "true", "no", "~", "null", "", "[a, b]", "[\"x y\", 'z']", "[]", "a # comment",
                      "\"q\" # c", "a: b", "x:", "- x", "-x", "?x", "? x", "#tag", "@at", "`tick`", "&anchor v", "*alias", "!tag v",
                      "|", ">", "{a: 1}", "[a, [b]]", "'unterminated", "\"bad \\q escape\"", "todo", "done", "high", "[a, b", "a#b",
                      "é ü ß", "\"\"", "''", "\"back\\\\slash \\x41 \\U0001F600\"", "'it''s' # c", "[a , b ]", "[ 'x' ]", "[\"a,b\"]", "2026-11-22T09:30:00Z", "yes", "0x1F", "1e3", ".5", "+5", "09"]
        var fastUsed = 0
        for _ in 0..<4000 {
            var lines = ["---"]
            let count = 1 + Int(rng.next() % 8)
            for _ in 0..<count {
                let k = keys[Int(rng.next() % UInt64(keys.count))]
                switch rng.next() % 10 {
                case 0: lines.append("# a comment")
                case 1: lines.append("")
                case 2:
                    lines.append("\(k):")
                    for _ in 0..<Int(rng.next() % 3) {
                        let indent = ["", "  ", "    "][Int(rng.next() % 3)]
                        lines.append(indent + "- " + values[Int(rng.next() % UInt64(values.count))])
                    }
                case 3: lines.append("\(k): \(values[Int(rng.next() % UInt64(values.count))])\n  continued")
                default: lines.append("\(k): \(values[Int(rng.next() % UInt64(values.count))])")
                }
            }
            if rng.next() % 2 == 0 { lines.append("status: todo") }
            if rng.next() % 3 == 0 { lines.append("title: T") }
            lines.append("---")
            lines.append("body")
            let text = lines.joined(separator: "\n") + "\n"
            if let doc = FrontmatterDocument(bytes: Array(text.utf8)), FastFrontmatter.parse(doc) != nil { fastUsed += 1 }
            XCTAssertEqual(read(text, fast: true), read(text, fast: false), text)
        }
        XCTAssertGreaterThan(fastUsed, 800, "the fast path should handle the common cases")
    }

    func testHandlesTheCanonicalFormat() throws {
        let text = "---\ntitle: \"Buy groceries\"\nstatus: \"todo\"\ndue: \"2025-03-01\"\ntags:\n  - errands\n  - food\nestimated_minutes: 45\nflagged: false\ncreated: \"2025-02-26T14:30:00Z\"\nsource: \"user\"\n---\n"
        let doc = try XCTUnwrap(FrontmatterDocument(bytes: Array(text.utf8)))
        XCTAssertEqual(FastFrontmatter.parse(doc)?.map(\.0), ["title", "status", "due", "tags", "estimated_minutes", "flagged", "created", "source"])
        XCTAssertEqual(read(text, fast: true), read(text, fast: false))
    }
}
