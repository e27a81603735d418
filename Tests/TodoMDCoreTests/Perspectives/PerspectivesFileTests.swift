import Foundation
import XCTest
@testable import TodoMDCore

final class PerspectivesFileTests: XCTestCase {
    func write(_ dir: TempDir, _ text: String) {
        FileManager.default.createFile(atPath: dir.path + "/" + PerspectivesFile.fileName, contents: Data(text.utf8))
    }

    func bytes(_ dir: TempDir) -> String { (try? String(contentsOfFile: dir.path + "/" + PerspectivesFile.fileName, encoding: .utf8)) ?? "" }

    func testTheSpecExampleReads() throws {
        let dir = TempDir()
        write(dir, PerspectiveFixtures.specExample)
        let f = PerspectivesFile.load(root: dir.path)
        XCTAssertEqual(f.problems, [])
        let p = try XCTUnwrap(f.find("work-available"))
        XCTAssertEqual(p.name, "Work — Available Now")
        XCTAssertEqual(p.sort, [Perspective.SortKey(.priority, descending: true)])
        XCTAssertEqual(p.groupBy, .project)
        XCTAssertEqual(QueryText.print(p.filter!), "@Work & status:in:todo,in-progress & defer:before_or_none:today")
        XCTAssertEqual(f.find("Work — Available Now")?.id, "work-available", "found by name too")
    }

    /// Each malformed case is reported with its place in the file; the other perspectives still work.
    func testMalformedCasesAreReportedAndTheRestWork() {
        let good = #"{"id": "good", "filter": {"field": "flagged"}}"#
        let cases: [(String, String)] = [
            (#"{"name": "no id"}"#, "perspectives[0].id: missing"),
            (#"{"id": "has space"}"#, "perspectives[0].id: \"has space\" is not an id"),
            (#"{"id": "x", "filter": {"field": "aera", "op": "equals", "value": "W"}}"#, "perspectives[0].filter.field: unknown field \"aera\"; did you mean \"area\"?"),
            (#"{"id": "x", "filter": {"field": "due", "op": "whenever", "value": "today"}}"#, "perspectives[0].filter.op: unknown operator \"whenever\""),
            (#"{"id": "x", "filter": {"field": "due", "op": "before", "value": "someday soon"}}"#, "perspectives[0].filter.value: \"someday soon\" is not a date"),
            (#"{"id": "x", "filter": {"operator": "XOR", "conditions": []}}"#, "perspectives[0].filter.operator: unknown operator \"XOR\""),
            (#"{"id": "x", "filter": {"operator": "AND", "conditions": [{"field": "status", "value": "bogus"}]}}"#, "perspectives[0].filter.conditions[0].value: unknown status"),
            (#"{"id": "x", "filter": {"operator": "NOT", "conditions": []}}"#, "NOT needs a condition"),
            (#"{"id": "x", "sort": {"field": "colour"}}"#, "perspectives[0].sort.field: cannot sort by \"colour\""),
            (#"{"id": "x", "sort": {"field": "due", "direction": "up"}}"#, "perspectives[0].sort.direction: expected asc or desc"),
            (#"{"id": "x", "group_by": "mood"}"#, "perspectives[0].group_by: unknown grouping"),
            (#"{"id": "x", "sections": [{"name": "A"}]}"#, "perspectives[0].sections[0]"),
            (#"{"id": "good"}"#, "perspectives[0].id: \"good\" is used by an earlier perspective"),
            ("42", "perspectives[0]: expected an object"),
            ("{\"id\": \"deep\", \"filter\": " + String(repeating: #"{"operator": "NOT", "conditions": ["#, count: 25) + #"{"field": "flagged"}"#
                + String(repeating: "]}", count: 25) + "}", "groups nest deeper than 24 levels"),
        ]
        for (entry, problem) in cases {
            let dir = TempDir()
            // The bad entry first, then a good one: the good one still works.
            let text = entry.hasPrefix(#"{"id": "good"}"#) ? "{\"perspectives\": [\(good), \(entry)]}" : "{\"perspectives\": [\(entry), \(good)]}"
            write(dir, text)
            let f = PerspectivesFile.load(root: dir.path)
            XCTAssertNotNil(f.find("good"), entry)
            XCTAssertEqual(f.problems.count, 1, entry)
            let shown = f.problems.first?.description.replacingOccurrences(of: "perspectives[1]", with: "perspectives[0]") ?? ""
            XCTAssertTrue(shown.contains(problem), "\(entry)\n\(shown)")
        }
    }

    /// A file that is not usable as a whole is one problem, and is never overwritten.
    func testABrokenFileIsReportedAndNotOverwritten() throws {
        for (text, problem) in [("{\"perspectives\": [", "not valid JSON"), ("[1, 2]", "expected an object"),
                                ("{\"perspectives\": 3}", "\"perspectives\" is not a list"), ("{\"a\": tru}", "line 1, column 7")] {
            let dir = TempDir()
            write(dir, text)
            let f = PerspectivesFile.load(root: dir.path)
            XCTAssertEqual(f.perspectives.count, 0)
            XCTAssertTrue(f.problems.first?.message.contains(problem) == true, "\(text): \(f.problems)")
            XCTAssertThrowsError(try PerspectivesFile.apply(.add(Perspective(id: "new", name: "New")), root: dir.path)) { e in
                XCTAssertTrue("\(e)".contains("fix it by hand"), "\(e)")
            }
            XCTAssertEqual(bytes(dir), text, "the user's file is untouched")
        }
    }

    /// A rewrite keeps unknown keys (top level and per perspective), entries it cannot read,
    /// and the other perspectives as they were.
    func testWritesKeepWhatTheyDoNotChange() throws {
        let dir = TempDir()
        write(dir, """
            {"version": 1, "x-editor": {"theme": "dark"}, "perspectives": [
              {"id": "a", "name": "A", "x-pinned": true, "filter": {"field": "flagged"}},
              {"id": "broken", "filter": {"field": "nope"}},
              {"id": "b", "name": "B", "filter": {"operator": "OR", "conditions": [{"field": "tags", "op": "contains", "value": "x"}]}}
            ]}
            """)
        try PerspectivesFile.apply(.add(Perspective(id: "c", name: "C", filter: try QueryText.parse("p1"))), root: dir.path)
        var f = PerspectivesFile.load(root: dir.path)
        XCTAssertEqual(f.perspectives.map(\.id), ["a", "b", "c"])
        XCTAssertEqual(f.problems.count, 1, "the broken entry is still there, still reported")
        let text = bytes(dir)
        XCTAssertTrue(text.contains(#""x-editor": {"#) && text.contains(#""theme": "dark""#) && text.contains(#""x-pinned": true"#), text)
        XCTAssertTrue(text.contains(#"{ "field": "nope" }"#), text)
        XCTAssertTrue(text.hasPrefix("{\n  \"version\": 1,"), "key order kept")

        // Update keeps `x-pinned`.
        var a = try XCTUnwrap(f.find("a"))
        a.name = "A2"
        try PerspectivesFile.apply(.update(id: "a", a, expected: f.versions["a"]), root: dir.path)
        f = PerspectivesFile.load(root: dir.path)
        XCTAssertEqual(f.find("a")?.name, "A2")
        XCTAssertTrue(bytes(dir).contains(#""x-pinned": true"#))
    }

    /// Two writers who read the same file: changes to different perspectives both land; a
    /// change to one that moved on since it was read is refused.
    func testWritersMergeByPerspective() throws {
        let dir = TempDir()
        write(dir, PerspectiveFixtures.specExample)
        try PerspectivesFile.apply(.add(Perspective(id: "other", name: "Other")), root: dir.path)
        let seen = PerspectivesFile.load(root: dir.path)  // both writers read this

        var mine = seen.find("work-available")!
        mine.name = "Work now"
        var theirs = seen.find("other")!
        theirs.groupBy = .tag
        try PerspectivesFile.apply(.update(id: "other", theirs, expected: seen.versions["other"]), root: dir.path)
        try PerspectivesFile.apply(.update(id: "work-available", mine, expected: seen.versions["work-available"]), root: dir.path)
        let after = PerspectivesFile.load(root: dir.path)
        XCTAssertEqual(after.find("work-available")?.name, "Work now")
        XCTAssertEqual(after.find("other")?.groupBy, .tag)

        // A third writer with the old version of "other" is refused, and nothing changes.
        let before = bytes(dir)
        var stale = seen.find("other")!
        stale.name = "Stale"
        XCTAssertThrowsError(try PerspectivesFile.apply(.update(id: "other", stale, expected: seen.versions["other"]), root: dir.path)) { e in
            XCTAssertTrue("\(e)".contains("changed since it was read"), "\(e)")
        }
        XCTAssertThrowsError(try PerspectivesFile.apply(.remove(id: "other", expected: seen.versions["other"]), root: dir.path))
        XCTAssertThrowsError(try PerspectivesFile.apply(.add(Perspective(id: "OTHER", name: "dup")), root: dir.path))
        XCTAssertEqual(bytes(dir), before)
    }

    /// The JSON reader keeps what it reads exactly, and refuses what JSON does not allow.
    func testJSONText() throws {
        let v = try JSONText.parse(Array(#"{"b": [1, 2.5, -3e2, true, null], "a": "\u00e9\ud83d\ude00\n\"", "c": {}}"#.utf8))
        XCTAssertEqual(v, .object([("b", .array([.int(1), .double(2.5), .double(-300), .bool(true), .null])),
                                   ("a", .string("é😀\n\"")), ("c", .object([]))]))
        XCTAssertEqual(try JSONText.parse(Array(JSONText.pretty(v).utf8)), v, "what it writes it reads back")
        for bad in ["{", "[1,]", "{\"a\" 1}", "01x", "\"\u{01}\"", "nul", "[1] 2", "+1", "\"\\x\""] {
            XCTAssertThrowsError(try JSONText.parse(Array(bad.utf8)), bad)
        }
        XCTAssertThrowsError(try JSONText.parse(Array((String(repeating: "[", count: 100) + String(repeating: "]", count: 100)).utf8)))
    }
}
