import Foundation
import XCTest
import TodoMDAPI
import TodoMDCore
import TodoMDTestSupport

/// The JSON contract: the fast writer and `Encodable` agree, documents read back into the same
/// values, every awkward string survives, and the pretty form is the one `--json` always printed.
final class JSONContractTests: XCTestCase {
    /// Random tasks (odd strings, every field set or not): encoded by the fast writer, pretty and
    /// compact, they decode back to the same DTO, and equal what JSONEncoder makes of them.
    func testFastWriterRoundTripsAndMatchesJSONEncoder() throws {
        var g = SeededGenerator(seed: 2026)
        let decoder = JSONDecoder()
        for i in 0..<400 {
            let dto = TaskDTO(Self.randomTask(&g, i), version: g.chance(0.5) ? TaskVersion.string(g.next()) : nil,
                              today: LocalDate(year: 2026, month: 11, day: 24)!)
            for pretty in [true, false] {
                let fast = APIJSON.encode(dto, pretty: pretty)
                var back = try decoder.decode(TaskDTO.self, from: Data(fast))
                XCTAssertTrue(Self.sameExtra(back.extra, dto.extra), "extra \(i)")
                back.extra = dto.extra
                XCTAssertEqual(back, dto, "round trip \(i)")
                let viaEncoder = try JSONEncoder().encode(dto)
                let a = try JSONSerialization.jsonObject(with: Data(fast)) as! NSDictionary
                let b = try JSONSerialization.jsonObject(with: viaEncoder) as! NSDictionary
                XCTAssertEqual(a, b, "fast writer and JSONEncoder disagree on task \(i)")
            }
        }
    }

    func testEscapingIsExactForEveryAwkwardString() throws {
        let cases = ["plain", "quote \" and backslash \\", "new\nline\ttab\rreturn", "\u{0}\u{1}\u{1F}\u{7F}",
                     "line\u{2028}separator\u{2029}", "emoji 🧑‍🚀 and ü", "</script>", ""]
        for s in cases {
            let bytes = APIJSON.encode(s, pretty: false)
            XCTAssertEqual(try JSONDecoder().decode(String.self, from: Data(bytes)), s)
            XCTAssertFalse(bytes.contains(0x0A), "no raw newline: NDJSON and SSE lines stay one line")
        }
        XCTAssertEqual(APIJSON.string("a\u{2028}b\u{1}", pretty: false), #""a\u2028b\u0001""#)
    }

    /// The pretty form, byte for byte: two-space indent, `"key": value`, `[]` and `{}` when
    /// empty, keys in the contract's order.
    func testPrettyFormIsStable() {
        var t = TodoTask(path: "a.md", title: "Buy milk")
        t.tags = ["errands"]
        t.created = Timestamp.parse("2026-11-22T09:00:00Z")
        t.extra = [("mood", .object([("level", .int(3))]))]
        let doc = TaskDocument(.init(task: t, version: "00000000000000ff"), today: LocalDate(year: 2026, month: 11, day: 22)!)
        let text = APIJSON.string(doc, pretty: true)
        XCTAssertTrue(text.hasPrefix("{\n  \"schema_version\": 1,\n  \"task\": {\n    \"path\": \"a.md\",\n    \"line\": null,\n"), text)
        XCTAssertTrue(text.contains("\"tags\": [\n      \"errands\"\n    ],\n"), text)
        XCTAssertTrue(text.contains("\"next_occurrences\": [],\n"), text)
        XCTAssertTrue(text.contains("\"extra\": {\n      \"mood\": {\n        \"level\": 3\n      }\n    },\n"), text)
        XCTAssertTrue(text.hasSuffix("\"problems\": []\n  }\n}"), text)
    }

    /// Every document starts with `schema_version`.
    func testEveryDocumentCarriesTheSchemaVersion() throws {
        let docs: [any JSONWritable] = [
            EmptyTrashDocument(deleted: 2), ErrorDocument(code: "x", message: "y"), PromptDocument(type: "todo", prompt: "p"),
            TagTreeDocument([]), AreasDocument([]), ViewsDocument([]),
        ]
        for d in docs {
            let text = APIJSON.string(AnyWritable(d), pretty: false)
            XCTAssertTrue(text.hasPrefix("{\"schema_version\":\(APISchema.version),"), text)
        }
    }

    // MARK: Generators

    static let words = ["milk", "Café", "\"quoted\"", "back\\slash", "tab\there", "new\nline", "日本語", "🧑‍🚀", "", " ", "\u{2028}", "a/b"]

    static func randomTask(_ g: inout SeededGenerator, _ i: Int) -> TodoTask {
        func text() -> String { (0..<g.int(4)).map { _ in g.pick(words) }.joined(separator: " ") }
        func maybe<T>(_ v: @autoclosure () -> T) -> T? { g.chance(0.5) ? v() : nil }
        var t = TodoTask(path: "f\(i)/" + text() + ".md", title: text(), status: g.pick(TaskStatus.allCases))
        if g.chance(0.3) { t.line = g.int(500) }
        let day = LocalDate(year: 2020 + g.int(10), month: 1 + g.int(12), day: 1 + g.int(28))!
        t.due = maybe(LocalDateTime(date: day, time: g.chance(0.3) ? LocalTime(hour: g.int(24), minute: g.int(60)) : nil))
        t.deferDate = maybe(LocalDateTime(date: day))
        t.scheduled = maybe(LocalDateTime(date: day.adding(days: 3)))
        t.priority = g.pick(Priority.allCases)
        t.flagged = g.chance(0.2)
        t.area = maybe(text())
        t.project = maybe(text())
        t.tags = (0..<g.int(4)).map { _ in g.pick(["work", "work/backend", "home", "Café"]) }
        if g.chance(0.2) { t.recurrence = g.pick(["FREQ=WEEKLY;BYDAY=SA", "FREQ=DAILY;INTERVAL=3", "FREQ=MONTHLY;BYMONTHDAY=-1"]) }
        t.repeatMode = maybe(g.pick(RepeatMode.allCases))
        t.estimatedMinutes = maybe(g.int(600))
        t.description = maybe(text())
        t.created = maybe(Date(timeIntervalSince1970: Double(1_700_000_000 + g.int(100_000_000))))
        t.modified = maybe(Date(timeIntervalSince1970: Double(1_700_000_000 + g.int(100_000_000))))
        t.completed = maybe(Date(timeIntervalSince1970: Double(1_700_000_000 + g.int(100_000_000))))
        t.source = maybe(g.pick(["user", "claude-agent", text()]))
        t.body = (0..<g.int(30)).map { _ in text() }.joined(separator: "\n")
        t.extra = (0..<g.int(4)).map { k in ("key\(k)", g.pick([.null, .bool(true), .int(-42), .double(2.5), .string(text()),
                                                                .array([.string(text()), .int(1)]), .object([("nested", .string(text()))])])) }
        t.problems = g.chance(0.1) ? [text()] : []
        return t
    }

    /// Objects compared without their key order (JSON decoders do not report it).
    static func sameExtra(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case let (.object(x), .object(y)):
            let dx = Dictionary(x, uniquingKeysWith: { f, _ in f }), dy = Dictionary(y, uniquingKeysWith: { f, _ in f })
            return dx.count == dy.count && dx.allSatisfy { k, v in dy[k].map { sameExtra(v, $0) } ?? false }
        case let (.array(x), .array(y)): return x.count == y.count && zip(x, y).allSatisfy(sameExtra)
        default: return a == b
        }
    }
}

/// Any contract value, for tests that loop over several document types.
struct AnyWritable: JSONWritable {
    let value: any JSONWritable
    init(_ v: any JSONWritable) { value = v }
    func writeJSON(to out: inout JSONOut) { value.writeJSON(to: &out) }
    func encode(to encoder: Encoder) throws { try value.encode(to: encoder) }
}
