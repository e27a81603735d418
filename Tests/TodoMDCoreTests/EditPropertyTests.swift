import XCTest
@testable import TodoMDCore

/// Property: for random edits over a corpus of odd files, every byte outside the edited keys'
/// lines is unchanged, edited keys read back as written, other keys read back as before.
final class EditPropertyTests: XCTestCase {
    static let corpus: [String] = [
        "---\ntitle: \"Plain\"\nstatus: \"todo\"\ncreated: \"2025-01-01T00:00:00Z\"\nsource: \"user\"\n---\nBody\n",
        "---\n# leading comment\ntitle: Commented   # inline\nstatus: todo # why\n\n# gap comment\ncreated: 2025-01-01T00:00:00Z\nsource: user\nunknown_key: {a: 1, b: [2, 3]}\n---\n\n## Notes\n- [ ] sub\n",
        "---\ntitle: 'Flow lists'\nstatus: todo\ntags: [one, \"two words\", three]\naliases: [x, y]\ncreated: '2025-01-01T00:00:00Z'\nsource: agent\n---\n",
        "---\ntitle: Block scalars\nstatus: todo\ndescription: >\n  folded text\n  more\nnotes: |\n  keep\n\n    indented\ncreated: 2025-01-01T00:00:00Z\nsource: user\n---\nbody with --- inside\n---\nnot frontmatter\n",
        "\u{FEFF}---\r\ntitle: \"CRLF and BOM\"\r\nstatus: \"todo\"\r\ntags:\r\n  - a\r\n  - b\r\ncreated: \"2025-01-01T00:00:00Z\"\r\nsource: \"user\"\r\n---\r\nline 1\r\nline 2\r\n",
        "---\ntitle: Unknown keys\nstatus: someday\nzeta: 1\nalpha:\n  nested:\n    deep: [1, {x: y}]\nlist_of_maps:\n- name: a\n  v: 1\n- name: b\ncreated: 2025-01-01T00:00:00Z\nsource: user\n\"quoted key\": value\n---\n",
        "---\ntitle: \"Escapes \\\" \\\\ \\t \\u00e9\"\nstatus: \"in-progress\"\ndue: 2025-02-28\nanchor: &a [1, 2]\nuse: *a\ncreated: 2025-01-01T00:00:00Z\nsource: user\n---\n",
        "---\ntitle: No trailing newline\nstatus: todo\ncreated: 2025-01-01T00:00:00Z\nsource: user\n---",
        "---   \ntitle: Spaces after delimiters\nstatus: todo\ncreated: 2025-01-01T00:00:00Z\nsource: user\n---   \n\u{00A0}odd body\n",
        "---\ntitle: Tabs\tinside\nstatus: todo\nempty:\nnull_key: ~\ncreated: 2025-01-01T00:00:00Z\nsource: user\n---\n",
    ]

    static let keys = ["title", "status", "due", "defer", "scheduled", "priority", "flagged", "tags", "area",
                       "estimated_minutes", "description", "unknown_key", "zeta", "brand_new", "notes", "aliases"]

    static func randomValue(for key: String, _ rng: inout SplitMix) -> FieldValue? {
        if rng.next() % 5 == 0, !["title", "status"].contains(key) { return nil }
        let words = ["milk", "a: b", "quote\"d", "it's", "#hash", "trailing ", "2025-05-05", "true", "ünï", "line\nbreak", "", "x"]
        func word() -> String { words[Int(rng.next() % UInt64(words.count))] }
        switch key {
        case "status": return .string(["todo", "done", "someday"][Int(rng.next() % 3)])
        case "priority": return .string(["none", "low", "medium", "high"][Int(rng.next() % 4)])
        case "due", "defer", "scheduled": return .string(["2025-03-01", "2026-12-31T09:30"][Int(rng.next() % 2)])
        case "flagged": return .bool(rng.next() % 2 == 0)
        case "estimated_minutes": return .int(Int(rng.next() % 500))
        case "tags", "aliases": return .list((0..<Int(rng.next() % 4)).map { _ in "t" + word() })
        case "title": return .string("T" + word())
        default: return .string(word())
        }
    }

    func testRandomEditsChangeNothingOutsideTheEditedKeys() throws {
        var rng = SplitMix(seed: 2026)
        let format = MarkdownTaskFormat()
        for iteration in 0..<2000 {
            let original = Self.corpus[iteration % Self.corpus.count]
            let bytes = Array(original.utf8)
            guard case .task(let before) = format.read(path: "p.md", bytes: bytes, zone: .current) else {
                return XCTFail("corpus file \(iteration % Self.corpus.count) is not a task")
            }
            XCTAssertFalse(before.readOnly, "\(before.problems)")
            var changes: [FieldChange] = []
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let key = Self.keys[Int(rng.next() % UInt64(Self.keys.count))]
                changes.removeAll { $0.key == key }
                changes.append(FieldChange(key, Self.randomValue(for: key, &rng)))
            }
            let out = try format.apply(changes, to: bytes)
            let edited = Set(changes.map(\.key))
            // 1. Every line that does not belong to an edited key is unchanged and in order.
            let keep = Self.linesOutside(edited, in: bytes)
            let keptAfter = Self.linesOutside(edited, in: out)
            XCTAssertEqual(keep, keptAfter, "iteration \(iteration): \(changes)\n\(String(decoding: out, as: UTF8.self))")
            // 2. The file still reads, edited keys have the new values, others the old ones.
            guard case .task(let after) = format.read(path: "p.md", bytes: out, zone: .current) else {
                return XCTFail("edit broke the file: \(String(decoding: out, as: UTF8.self))")
            }
            XCTAssertFalse(after.readOnly, "\(after.problems)\n\(String(decoding: out, as: UTF8.self))")
            for c in changes {
                XCTAssertEqual(after.value(forKey: c.key), Self.expected(c, before: before), "\(c) in\n\(String(decoding: out, as: UTF8.self))")
            }
            for key in Self.keys + ["created", "source", "anchor", "use", "alpha", "list_of_maps"] where !edited.contains(key) {
                XCTAssertEqual(after.value(forKey: key), before.value(forKey: key), key)
            }
            XCTAssertEqual(after.body, before.body)
        }
    }

    /// What reading back a change should give.
    static func expected(_ c: FieldChange, before: TodoTask) -> JSONValue {
        guard let v = c.value else {
            switch c.key {
            case "priority": return .string("none")
            case "flagged": return .bool(false)
            case "tags": return .array([])
            default: return .null
            }
        }
        switch v {
        case .string(let s):
            if ["area", "description", "project"].contains(c.key), s.trimmingCharacters(in: .whitespaces).isEmpty { return .null }
            if c.key == "due" || c.key == "defer" || c.key == "scheduled" { return .string(s) }
            return .string(s)
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .list(let l):
            return .array(l.map { .string(c.key == "tags" ? $0.trimmingCharacters(in: .whitespaces) : $0) })
        case .null: return .null
        case .raw(let r): return .string(r)
        }
    }

    /// The file's lines (with terminators) that are not part of an edited key's block.
    static func linesOutside(_ keys: Set<String>, in bytes: [UInt8]) -> [[UInt8]] {
        guard let doc = FrontmatterDocument(bytes: bytes) else { return [] }
        var skip = Set<Int>()
        for b in doc.keyBlocks() where keys.contains(b.key) { skip.formUnion(b.lineRange) }
        var out: [[UInt8]] = [Array(bytes[0..<(doc.lines.first?.lowerBound ?? doc.closeStart)])]
        for (i, r) in doc.lines.enumerated() where !skip.contains(i) { out.append(Array(bytes[r])) }
        out.append(Array(bytes[doc.closeStart...]))
        return out
    }
}
