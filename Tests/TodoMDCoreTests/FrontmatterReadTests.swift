import XCTest
@testable import TodoMDCore

final class FrontmatterReadTests: XCTestCase {
    let specExample = """
    ---
    title: "Buy groceries for meal prep"
    status: "todo"
    due: "2025-03-01"
    defer: "2025-02-28"
    scheduled: "2025-02-28"
    priority: "medium"
    flagged: false
    area: "Personal"
    project: "Meal Prep"
    tags:
      - errands
      - food
    recurrence: "FREQ=WEEKLY;BYDAY=SA"
    estimated_minutes: 45
    description: "Weekly Trader Joe's run for meal prep ingredients"
    created: "2025-02-26T14:30:00Z"
    modified: "2025-02-26T14:30:00Z"
    completed: null
    source: "user"
    ---

    Pick up chicken, rice, broccoli, and sweet potatoes from Trader Joe's.
    Don't forget the sriracha this time.

    """

    func testReadsEveryFieldOfTheSpecExample() {
        let t = task(specExample, path: "20250226-1430-buy-groceries.md")
        XCTAssertEqual(t.title, "Buy groceries for meal prep")
        XCTAssertEqual(t.status, .todo)
        XCTAssertEqual(t.due, ldt("2025-03-01"))
        XCTAssertEqual(t.deferDate, ldt("2025-02-28"))
        XCTAssertEqual(t.scheduled, ldt("2025-02-28"))
        XCTAssertEqual(t.priority, .medium)
        XCTAssertFalse(t.flagged)
        XCTAssertEqual(t.area, "Personal")
        XCTAssertEqual(t.project, "Meal Prep")
        XCTAssertEqual(t.tags, ["errands", "food"])
        XCTAssertEqual(t.recurrence, "FREQ=WEEKLY;BYDAY=SA")
        XCTAssertEqual(t.estimatedMinutes, 45)
        XCTAssertEqual(t.description, "Weekly Trader Joe's run for meal prep ingredients")
        XCTAssertEqual(t.created.map(Timestamp.format), "2025-02-26T14:30:00Z")
        XCTAssertNil(t.completed)
        XCTAssertEqual(t.source, "user")
        XCTAssertTrue(t.body.hasPrefix("\nPick up chicken"))
        XCTAssertEqual(t.problems, [])
        XCTAssertFalse(t.readOnly)
    }

    func testRenderThenReadIsTheSameTask() {
        let original = task(specExample)
        let rendered = MarkdownTaskFormat().render(original)
        var again = task(String(decoding: rendered, as: UTF8.self))
        again.body = original.body  // render writes one blank line before the body
        XCTAssertEqual(again.title, original.title)
        XCTAssertEqual(again.tags, original.tags)
        XCTAssertEqual(again.due, original.due)
        XCTAssertEqual(again.estimatedMinutes, original.estimatedMinutes)
        XCTAssertEqual(again.created, original.created)
        XCTAssertEqual(again.value(forKey: "flagged"), original.value(forKey: "flagged"))
    }

    func testUnquotedValuesAndUnknownKeysAreRead() {
        let t = task("""
        ---
        title: Plain title
        status: in-progress
        due: 2025-03-01
        scheduled: 2025-03-01T09:30
        flagged: yes
        tags: [a, "b c", '#d']
        custom: 42
        nested:
          key: [1, 2]
        ---
        """)
        XCTAssertEqual(t.title, "Plain title")
        XCTAssertEqual(t.status, .inProgress)
        XCTAssertEqual(t.due, ldt("2025-03-01"))
        XCTAssertEqual(t.scheduled, ldt("2025-03-01T09:30"))
        XCTAssertTrue(t.flagged)
        XCTAssertEqual(t.tags, ["a", "b c", "d"])
        XCTAssertEqual(t.extra.map(\.0), ["custom", "nested"])
        XCTAssertEqual(t.extra[0].1, .int(42))
        XCTAssertEqual(t.extra[1].1, .object([("key", .array([.int(1), .int(2)]))]))
        // Missing created/source is normal in hand-written files: not a problem (doctor --strict).
        XCTAssertEqual(t.problems, [])
    }

    func testMissingTitleFallsBackToTheFileName() {
        let t = task("---\nstatus: todo\ncreated: 2025-01-01T00:00:00Z\nsource: x\n---\n", path: "Work/20250226-1430-review-pr-for-auth.md")
        XCTAssertEqual(t.title, "review pr for auth")
        XCTAssertEqual(t.problems, ["missing required key: title"])
        XCTAssertFalse(t.readOnly)
    }

    func testNotesAreNotTasks() {
        for text in ["# Just a note\n", "---\ntags: [x]\n---\nbody", "---\ntitle: A note with a title\n---\n", "", "---\n---\n", "---\n- a\n- b\n---\n"] {
            guard case .notATask = readTask(text) else { return XCTFail("read as a task: \(text)") }
        }
    }

    func testBadValuesAreReportedAndTheRestIsRead() {
        let t = task("""
        ---
        title: "Fine"
        status: "waiting"
        due: "next week"
        priority: "urgent"
        flagged: "maybe"
        estimated_minutes: "half an hour"
        tags: {a: 1}
        created: "yesterday"
        source: "user"
        ---
        """)
        XCTAssertEqual(t.title, "Fine")
        XCTAssertEqual(t.status, .todo)
        XCTAssertNil(t.due)
        XCTAssertEqual(t.priority, .none)
        XCTAssertEqual(t.problems.count, 7, "\(t.problems)")
        XCTAssertTrue(t.problems.contains { $0.hasPrefix("status: unknown status \"waiting\"") })
        XCTAssertTrue(t.problems.contains { $0.hasPrefix("due: not a date") })
        XCTAssertFalse(t.readOnly, "bad values can be fixed with set, so the file stays editable")
    }

    /// Keys JSON cannot hold as written (a complex `?` key, `1` beside `"1"`) are reported, at
    /// any depth; the task still reads and stays editable (the fuzzer found two `?` keys
    /// rendered as one duplicated key).
    func testKeysJSONCannotHoldAreReported() {
        for (yaml, says) in [("nest:\n  a:\n    ? [x, y]\n    : 1\n", "not text"), ("nest: {1: a, \"1\": b}\n", "appears twice"),
                             ("nest:\n  - k: 1\n    ? {a: b}\n    : 2\n", "not text")] {
            let t = task("---\ntitle: Keys\nstatus: todo\n" + yaml + "---\n")
            XCTAssertEqual(t.title, "Keys")
            XCTAssertFalse(t.readOnly)
            XCTAssertTrue(t.problems.contains { $0.contains(says) }, "\(yaml): \(t.problems)")
        }
        XCTAssertTrue(task("---\ntitle: Keys\nstatus: todo\nnest: {a: 1, b: {a: 2}}\n---\n").problems.isEmpty, "the same key in two mappings is fine")
    }

    /// Malformed files: each is a task marked read-only with a clear reason, or not a task.
    func testMalformedInputIsReportedNeverCrashes() {
        let deepFlow = "---\ntitle: x\nstatus: todo\nx: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n---\n"
        let deepBlock = "---\ntitle: x\nstatus: todo\nx:\n" + (1...100).map { String(repeating: " ", count: $0) + "k\($0):" }.joined(separator: "\n") + " v\n---\n"
        let compact = "---\ntitle: x\nstatus: todo\nx: " + String(repeating: "- ", count: 5_000) + "v\n---\n"
        var laughs = "---\ntitle: x\nstatus: todo\na0: &a0 [\"lol\"]\n"
        for i in 1...30 { laughs += "a\(i): &a\(i) [*a\(i - 1), *a\(i - 1), *a\(i - 1)]\n" }
        laughs += "---\n"
        let cases: [(String, String)] = [
            ("---\ntitle: x\nstatus: todo\n", "no closing ---"),
            ("---\ntitle: \"x\nstatus: todo\n---\n", "invalid YAML"),
            ("---\ntitle: x\nstatus: todo\ntitle: y\n---\n", "invalid YAML"),
            (deepFlow, "nests deeper than 64"),
            (deepBlock, "nests deeper than 64"),
            (compact, "nests deeper than 64"),
            (laughs, "aliases"),
            ("---\ntitle: x\nstatus: todo\nbad: [unclosed\n---\n", "invalid YAML"),
            ("---\ntitle: x\nstatus: todo\n\t- tab\n---\n", "invalid YAML"),
        ]
        for (text, reason) in cases {
            guard case .task(let t) = readTask(text) else { XCTFail("not reported: \(reason)"); continue }
            XCTAssertTrue(t.readOnly, reason)
            XCTAssertTrue(t.problems.contains { $0.contains(reason) }, "\(reason): \(t.problems)")
        }
    }

    /// The limits hold for every line ending, comment and quoting style (a CRLF file with a
    /// comment on a line before a 129-deep value once passed the pre-scan as one long comment).
    func testYAMLLimitsHoldForEveryLineEndingCommentAndQuoting() {
        let deep = String(repeating: "[", count: 129) + "1" + String(repeating: "]", count: 129)
        var aliases = "a0: &a0 [x]\n"
        for i in 1...20 { aliases += "a\(i): *a0\n" }
        let statusLines = ["status: todo", "status: todo # c", "status: todo\t# c", "status: \"todo\" # c",
                           "status: 'todo' #c\"", "# c\nstatus: todo", "status: todo # c 'quote", "status: todo # c \"quote"]
        let breaks = ["\n", "\r\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"]
        var checked = 0
        for br in breaks {
            for status in statusLines {
                for (payload, reason) in [("p: " + deep, "nests deeper than 64"), (aliases, "aliases")] {
                    let lines = ["title: \"Deep\"", status, "created: 2026-11-01T10:00:00Z", "source: user"]
                        + payload.split(separator: "\n").map(String.init)
                    let text = "---" + br + lines.joined(separator: br).replacingOccurrences(of: "\n", with: br) + br + "---" + br
                    guard let refusal = YAMLSafety.check(String(text.dropFirst(3 + br.count).dropLast(3 + br.count))) else {
                        XCTFail("pre-scan let through \(reason) with break \(Array(br.unicodeScalars)) after \(status)")
                        continue
                    }
                    XCTAssertTrue(refusal.contains(reason), refusal)
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, breaks.count * statusLines.count * 2)
        // The exact file of the report, read end to end: a read-only task naming the reason.
        let crlf = ["---", "title: \"Deep\"", "status: todo # c", "created: 2026-11-01T10:00:00Z", "source: user", "p: " + deep, "---", ""]
            .joined(separator: "\r\n")
        guard case .task(let t) = readTask(crlf) else { return XCTFail("not reported") }
        XCTAssertTrue(t.readOnly)
        XCTAssertTrue(t.problems.contains { $0.contains("nests deeper than 64") }, "\(t.problems)")
        // And behind the pre-scan, the reader cuts depth off itself.
        XCTAssertNil(YAMLSafety.check("a: 1\nb: [x, 'y']\nc: \"# not a comment [\"\n"))
    }

    func testInvalidUTF8AndLimits() {
        var bytes = Array("---\ntitle: \"caf".utf8) + [0xC3, 0x28] + Array("\"\nstatus: todo\n---\n".utf8)
        guard case .task(let t) = MarkdownTaskFormat().read(path: "x.md", bytes: bytes, zone: .current) else { return XCTFail() }
        XCTAssertTrue(t.readOnly)
        XCTAssertEqual(t.problems, ["frontmatter is not valid UTF-8"])

        bytes = Array("---\ntitle: x\nstatus: todo\ncreated: 2025-01-01T00:00:00Z\nsource: u\n---\n".utf8) + [0xFF, 0xFE]
        guard case .task(let t2) = MarkdownTaskFormat().read(path: "x.md", bytes: bytes, zone: .current) else { return XCTFail() }
        XCTAssertEqual(t2.problems, ["body is not valid UTF-8"])

        let long = task("---\ntitle: \"\(String(repeating: "a", count: 600))\"\nstatus: todo\ndescription: \"\(String(repeating: "d", count: 2500))\"\ncreated: 2025-01-01T00:00:00Z\nsource: u\n---\n" + String(repeating: "b", count: 200_000))
        XCTAssertEqual(long.title.count, 500)
        XCTAssertEqual(long.description?.count, 2000)
        XCTAssertEqual(long.body.utf8.count, Limits.bodyBytes)
        XCTAssertEqual(long.problems.count, 3, "\(long.problems)")

        let huge = Array("---\ntitle: x\nstatus: todo\n---\n".utf8) + [UInt8](repeating: 0x61, count: 1_100_000)
        guard case .task(let h) = MarkdownTaskFormat().read(path: "big.md", bytes: huge, zone: .current) else { return XCTFail() }
        XCTAssertTrue(h.readOnly)
        XCTAssertEqual(h.problems, ["file is larger than 1 MB; not parsed"])
    }

    func testRandomGarbageNeverCrashes() {
        var rng = SplitMix(seed: 7)
        let alphabet = Array("---\n:-[]{}&*!|>'\"#%@` \tabc123\r\u{FEFF}é".utf8)
        for _ in 0..<3000 {
            var bytes = Array("---\ntitle: t\nstatus: todo\n".utf8)
            for _ in 0..<Int(rng.next() % 200) { bytes.append(alphabet[Int(rng.next() % UInt64(alphabet.count))]) }
            if rng.next() % 2 == 0 { bytes += Array("\n---\nbody".utf8) }
            _ = MarkdownTaskFormat().read(path: "g.md", bytes: bytes, zone: .current)
        }
    }
}

/// The property tests' seeded generator (SplitMix64, shared with the recurrence tests).
typealias SplitMix = RecurrenceTestRandom
