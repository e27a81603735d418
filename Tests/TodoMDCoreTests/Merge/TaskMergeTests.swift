import Foundation
import TodoMDCore
import XCTest

/// Three-way merges of task files, field by field (issue 16): a table of cases, and a property
/// test over random edits on both sides.
final class TaskMergeTests: XCTestCase {
    private func file(_ fields: [(String, String)], body: String = "Line one\nLine two\n") -> [UInt8] {
        Array(("---\n" + fields.map { "\($0.0): \($0.1)\n" }.joined() + "---\n" + body).utf8)
    }

    private let base: [(String, String)] = [("title", "\"Plan\""), ("status", "\"todo\""), ("priority", "\"low\""),
                                            ("tags", "[\"a\", \"b\"]"), ("modified", "\"2026-11-20T09:00:00Z\"")]

    private func with(_ changes: [(String, String?)]) -> [(String, String)] {
        var out = base
        for (k, v) in changes {
            if let i = out.firstIndex(where: { $0.0 == k }) {
                if let v { out[i].1 = v } else { out.remove(at: i) }
            } else if let v {
                out.append((k, v))
            }
        }
        return out
    }

    func testTable() {
        struct Case {
            var name: String
            var mine: [(String, String?)]
            var theirs: [(String, String?)]
            var mineBody = "Line one\nLine two\n", theirsBody = "Line one\nLine two\n"
            var expect: [(String, String)]?
            var body = "Line one\nLine two\n"
            var conflicts: [String] = []
        }
        let cases: [Case] = [
            Case(name: "different fields merge", mine: [("title", "\"Plan it\"")], theirs: [("priority", "\"high\"")],
                 expect: with([("title", "\"Plan it\""), ("priority", "\"high\"")])),
            Case(name: "the same change on both sides is no conflict", mine: [("status", "\"done\"")], theirs: [("status", "\"done\"")],
                 expect: with([("status", "\"done\"")])),
            Case(name: "the same field changed differently conflicts", mine: [("priority", "\"medium\"")], theirs: [("priority", "\"high\"")],
                 conflicts: ["priority"]),
            Case(name: "a key added on their side is appended", mine: [], theirs: [("due", "\"2026-12-01\"")],
                 expect: with([("due", "\"2026-12-01\"")])),
            Case(name: "a key removed on their side is removed", mine: [("title", "\"Plan it\"")], theirs: [("priority", nil)],
                 expect: with([("title", "\"Plan it\""), ("priority", nil)])),
            Case(name: "removed here, changed there: a conflict", mine: [("priority", nil)], theirs: [("priority", "\"high\"")],
                 conflicts: ["priority"]),
            Case(name: "tags merge as sets", mine: [("tags", "[\"a\", \"b\", \"c\"]")], theirs: [("tags", "[\"b\", \"d\"]")]),
            Case(name: "modified takes the later", mine: [("modified", "\"2026-11-21T09:00:00Z\"")], theirs: [("modified", "\"2026-11-22T09:00:00Z\"")],
                 expect: with([("modified", "\"2026-11-22T09:00:00Z\"")])),
            Case(name: "body lines merge", mine: [], theirs: [], mineBody: "Line ONE\nLine two\n", theirsBody: "Line one\nLine two\nLine three\n",
                 expect: base, body: "Line ONE\nLine two\nLine three\n"),
            Case(name: "the same body line changed differently conflicts", mine: [], theirs: [],
                 mineBody: "Line uno\nLine two\n", theirsBody: "Line eins\nLine two\n", conflicts: ["body"]),
        ]
        for c in cases {
            let r = TaskMerge.merge(base: file(base), mine: file(with(c.mine), body: c.mineBody), theirs: file(with(c.theirs), body: c.theirsBody))
            XCTAssertEqual(r.conflicts.map(\.key), c.conflicts, c.name)
            if c.name == "tags merge as sets" {
                // a removed there, c added here, d added there; b kept.
                XCTAssertEqual(FileFields(r.bytes).valueText("tags"), "- b\n  - c\n  - d", c.name)
                continue
            }
            if let expect = c.expect {
                XCTAssertEqual(String(decoding: r.bytes, as: UTF8.self), String(decoding: file(expect, body: c.body), as: UTF8.self), c.name)
            } else {
                XCTAssertEqual(r.bytes, file(with(c.mine), body: c.mineBody), "\(c.name): a conflict keeps mine's lines")
            }
        }
    }

    /// Keys mine keeps stay byte for byte (quoting, comments, unknown keys, order).
    func testUntouchedLinesStayByteForByte() {
        let o = Array("---\ntitle: 'Plan'   # a comment\nstatus: todo\nx-custom: {a: 1}\n---\nBody\n".utf8)
        let a = Array("---\ntitle: 'Plan'   # a comment\nstatus: todo\nx-custom: {a: 1}\n---\nBody\n".utf8)
        let b = Array("---\ntitle: 'Plan'   # a comment\nstatus: \"done\"\nx-custom: {a: 1}\n---\nBody\n".utf8)
        let r = TaskMerge.merge(base: o, mine: a, theirs: b)
        XCTAssertEqual(String(decoding: r.bytes, as: UTF8.self), "---\ntitle: 'Plan'   # a comment\nstatus: \"done\"\nx-custom: {a: 1}\n---\nBody\n")
        XCTAssertEqual(r.fromTheirs, ["status"])
    }

    func testMarkersOnlyAroundTheConflictingField() {
        let r = FileMerge.merge(path: "plan.md", base: file(base), mine: file(with([("priority", "\"medium\""), ("title", "\"Mine\"")])),
                                theirs: file(with([("priority", "\"high\""), ("status", "\"done\"")])))
        XCTAssertEqual(r.conflicts, ["priority"])
        let text = String(decoding: r.bytes, as: UTF8.self)
        XCTAssertEqual(text, """
            ---
            title: "Mine"
            status: "done"
            <<<<<<< ours
            priority: "medium"
            =======
            priority: "high"
            >>>>>>> theirs
            tags: ["a", "b"]
            modified: "2026-11-20T09:00:00Z"
            ---
            Line one
            Line two

            """)
        // A file both sides added (an empty ancestor): every differing key conflicts.
        let added = FileMerge.merge(path: "new.md", base: [], mine: file(base), theirs: file(with([("title", "\"Other\"")])))
        XCTAssertEqual(added.conflicts, ["title"])
        // JSON that cannot be read is marked whole.
        let json = FileMerge.merge(path: "vault/.order.json", base: [], mine: Array("{".utf8), theirs: Array("{}".utf8))
        XCTAssertEqual(json.conflicts, ["file"])
        XCTAssertEqual(String(decoding: json.bytes, as: UTF8.self), "<<<<<<< ours\n{\n=======\n{}\n>>>>>>> theirs\n")
    }

    /// Random edits on both sides: a key changed on one side only takes that side's value; the
    /// same value on both is no conflict; different values conflict; nothing else changes.
    func testPropertyRandomEditsLoseNothing() {
        var rng = SystemRandomNumberGenerator()
        let keys = ["title", "status", "priority", "due", "area", "project"]
        let values = ["\"x\"", "\"y\"", "\"z\""]
        for round in 0..<300 {
            var o: [(String, String)] = keys.filter { _ in Bool.random(using: &rng) }.map { ($0, values.randomElement(using: &rng)!) }
            o.insert(("title", "\"T\""), at: 0)
            o = o.reduce(into: []) { acc, kv in if !acc.contains(where: { $0.0 == kv.0 }) { acc.append(kv) } }
            func edit() -> [String: String?] {
                var e: [String: String?] = [:]
                for k in keys where Int.random(in: 0..<4, using: &rng) == 0 {
                    e[k] = Int.random(in: 0..<5, using: &rng) == 0 ? .some(nil) : .some(values.randomElement(using: &rng)!)
                }
                return e
            }
            let ea = edit(), eb = edit()
            func apply(_ e: [String: String?]) -> [(String, String)] {
                var out = o
                for k in keys { if let v = e[k] {
                    if let i = out.firstIndex(where: { $0.0 == k }) { if let v { out[i].1 = v } else { out.remove(at: i) } } else if let v { out.append((k, v)) }
                } }
                return out
            }
            let a = apply(ea), b = apply(eb)
            let r = TaskMerge.merge(base: file(o), mine: file(a), theirs: file(b))
            let merged = FileFields(r.bytes)
            for k in keys {
                let va = a.first { $0.0 == k }?.1, vb = b.first { $0.0 == k }?.1, vo = o.first { $0.0 == k }?.1
                let got = merged.valueText(k)
                if va == vb {
                    XCTAssertEqual(got, va, "round \(round) \(k): same on both sides")
                } else if va == vo {
                    XCTAssertEqual(got, vb, "round \(round) \(k): only theirs changed it")
                } else if vb == vo {
                    XCTAssertEqual(got, va, "round \(round) \(k): only mine changed it")
                } else {
                    XCTAssertTrue(r.conflicts.contains { $0.key == k }, "round \(round) \(k): both changed it differently")
                }
            }
        }
    }
}

/// Without an ancestor, the later `modified` decides; when it cannot, nothing is chosen silently.
final class TaskMergeWithoutBaseTests: XCTestCase {
    private func file(_ title: String, modified: String?) -> [UInt8] {
        Array(("---\ntitle: \"\(title)\"\nstatus: \"todo\"\n" + (modified.map { "modified: \"\($0)\"\n" } ?? "") + "---\nBody\n").utf8)
    }

    func testModifiedDecidesElseEveryDifferenceConflicts() {
        let later = TaskMerge.merge(base: nil, mine: file("Mine", modified: "2026-11-20T09:00:00Z"), theirs: file("Theirs", modified: "2026-11-21T09:00:00Z"))
        XCTAssertEqual(later.conflicts, [])
        XCTAssertEqual(FileFields(later.bytes).scalar("title"), "Theirs")
        let earlier = TaskMerge.merge(base: nil, mine: file("Mine", modified: "2026-11-22T09:00:00Z"), theirs: file("Theirs", modified: "2026-11-21T09:00:00Z"))
        XCTAssertEqual(FileFields(earlier.bytes).scalar("title"), "Mine")
        let unknown = TaskMerge.merge(base: nil, mine: file("Mine", modified: nil), theirs: file("Theirs", modified: nil))
        XCTAssertEqual(unknown.conflicts.map(\.key), ["title"])
        XCTAssertEqual(TaskMerge.Conflict.text(unknown.conflicts.first?.theirs, key: "title"), "Theirs")
    }
}
