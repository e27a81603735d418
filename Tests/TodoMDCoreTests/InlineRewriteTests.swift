import XCTest
@testable import TodoMDCore

/// Line rewrites checked byte for byte: only what changed changes.
final class InlineRewriteTests: XCTestCase {
    typealias Op = (InlineTaskLine) throws -> String
    static let today = LocalDate("2026-01-06")!

    static func complete(_ t: InlineTaskLine) throws -> String { try t.completed(on: today) }
    static func cancel(_ t: InlineTaskLine) throws -> String { try t.cancelled(on: today) }
    static func reopen(_ t: InlineTaskLine) throws -> String { try t.reopened() }
    static func edit(_ f: @escaping (inout InlineLineEdit) -> Void) -> Op {
        { t in
            var e = InlineLineEdit()
            f(&e)
            return try t.rewritten(e)
        }
    }
    static func due(_ d: String?) -> Op { edit { $0.setDate(.due, d.map { LocalDate($0)! }) } }
    static func priority(_ p: InlinePriority?) -> Op { edit { $0.setPriority(p) } }

    static let rows: [(String, Op, String)] = [
        // Complete / cancel / reopen, emoji
        ("- [ ] Buy milk 📅 2026-01-05", complete, "- [x] Buy milk 📅 2026-01-05 ✅ 2026-01-06"),
        ("- [ ] Buy 📅 2026-01-05 ^abc", complete, "- [x] Buy 📅 2026-01-05 ✅ 2026-01-06 ^abc"),
        ("- [ ] Buy 📅 2026-01-05 #home", complete, "- [x] Buy 📅 2026-01-05 #home ✅ 2026-01-06"),
        ("- [x] Buy 📅 2026-01-05 ✅ 2026-01-06", reopen, "- [ ] Buy 📅 2026-01-05"),
        ("- [X] Buy ✅ 2026-01-05", complete, "- [X] Buy ✅ 2026-01-05"),
        ("- [x] Buy", complete, "- [x] Buy"),
        ("- [ ] Buy 📅 2026-01-05", cancel, "- [-] Buy 📅 2026-01-05 ❌ 2026-01-06"),
        ("- [x] Buy ✅ 2026-01-05", cancel, "- [-] Buy ❌ 2026-01-06"),
        ("- [-] Buy ❌ 2026-01-05 ^b1", reopen, "- [ ] Buy ^b1"),
        ("- [>] Forwarded", reopen, "- [>] Forwarded"),
        ("- [>] Forwarded", complete, "- [x] Forwarded ✅ 2026-01-06"),
        ("- [ ] Stale ✅ 2025-12-01", complete, "- [x] Stale ✅ 2026-01-06"),
        (">   1) [ ] Buy ⏫", complete, ">   1) [x] Buy ⏫ ✅ 2026-01-06"),
        ("\t- [ ]\tBuy", complete, "\t- [x]\tBuy ✅ 2026-01-06"),
        ("- [ ] Buy", { try $0.rewritten(status: .inProgress, on: today) }, "- [/] Buy"),
        ("- [/] Buy", { try $0.rewritten(status: .todo, on: today) }, "- [ ] Buy"),
        // Complete / reopen, Dataview
        ("- [ ] Buy  [due:: 2026-01-05]", complete, "- [x] Buy  [due:: 2026-01-05]  [completion:: 2026-01-06]"),
        ("- [ ] Buy (due:: 2026-01-05)", complete, "- [x] Buy (due:: 2026-01-05)  [completion:: 2026-01-06]"),
        ("- [x] Buy  [due:: 2026-01-05]  [completion:: 2026-01-06]", reopen, "- [ ] Buy  [due:: 2026-01-05]"),
        ("- [ ] Buy [priority:: high], [due:: 2026-01-05]", complete,
         "- [x] Buy [priority:: high], [due:: 2026-01-05]  [completion:: 2026-01-06]"),
        ("- [ ] Buy  [due:: 2026-01-05]", cancel, "- [-] Buy  [due:: 2026-01-05]  [cancelled:: 2026-01-06]"),
        // Set / change / clear due
        ("- [ ] Buy milk", due("2026-02-01"), "- [ ] Buy milk 📅 2026-02-01"),
        ("- [ ] Buy 📆 2026-01-05", due("2026-02-01"), "- [ ] Buy 📆 2026-02-01"),
        ("- [ ] Buy 🗓\u{FE0F}  2026-01-05 ⏫", due("2026-02-01"), "- [ ] Buy 🗓\u{FE0F}  2026-02-01 ⏫"),
        ("- [ ] Buy (due:: 2026-01-05)", due("2026-02-01"), "- [ ] Buy (due:: 2026-02-01)"),
        ("- [ ] Buy  [ due::  2026-01-05 ]", due("2026-02-01"), "- [ ] Buy  [ due::  2026-02-01 ]"),
        ("- [ ] Buy 📅 2026-01-05 ⏫", due(nil), "- [ ] Buy ⏫"),
        ("- [ ] Buy  📅 2026-01-05", due(nil), "- [ ] Buy"),
        ("- [ ] 📅 2026-01-05 ⏫", due(nil), "- [ ] ⏫"),
        ("- [ ] Buy  [due:: 2026-01-05]  [priority:: low]", due(nil), "- [ ] Buy  [priority:: low]"),
        ("- [ ] Buy milk", due(nil), "- [ ] Buy milk"),
        ("- [ ] Buy  ", due("2026-02-01"), "- [ ] Buy 📅 2026-02-01  "),
        ("- [ ] Buy ^abc", due("2026-02-01"), "- [ ] Buy 📅 2026-02-01 ^abc"),
        ("- [ ] Buy ✅ 2026-01-05", due("2026-02-01"), "- [ ] Buy 📅 2026-02-01 ✅ 2026-01-05"),
        ("- [ ]", due("2026-02-01"), "- [ ] 📅 2026-02-01"),
        ("- [ ] Buy  [priority:: high]", due("2026-02-01"), "- [ ] Buy  [priority:: high]  [due:: 2026-02-01]"),
        // Priority
        ("- [ ] Buy 📅 2026-01-05", priority(.high), "- [ ] Buy ⏫ 📅 2026-01-05"),
        ("- [ ] Buy", priority(.lowest), "- [ ] Buy ⏬"),
        ("- [ ] Buy  [due:: 2026-01-05]", priority(.high), "- [ ] Buy  [priority:: high]  [due:: 2026-01-05]"),
        ("- [ ] Buy 🔼", priority(.highest), "- [ ] Buy 🔺"),
        ("- [ ] Buy 🔼\u{FE0F} ^k", priority(.low), "- [ ] Buy 🔽\u{FE0F} ^k"),
        ("- [ ] Buy (priority:: low)", priority(.high), "- [ ] Buy (priority:: high)"),
        ("- [ ] Buy ⏫ 📅 2026-01-05", priority(nil), "- [ ] Buy 📅 2026-01-05"),
        ("- [ ] Buy [priority:: high], [due:: 2026-01-05]", priority(nil), "- [ ] Buy [due:: 2026-01-05]"),
        // Other fields, canonical placement
        ("- [ ] Buy 📅 2026-01-05", edit { $0.setDate(.start, LocalDate("2026-01-01")) },
         "- [ ] Buy 🛫 2026-01-01 📅 2026-01-05"),
        ("- [ ] Buy ^abc", edit { $0.setDate(.scheduled, LocalDate("2026-01-04")) }, "- [ ] Buy ⏳ 2026-01-04 ^abc"),
        ("- [ ] Trash 📅 2026-01-05", edit { $0.setRecurrence("every week") }, "- [ ] Trash 🔁 every week 📅 2026-01-05"),
        ("- [ ] Trash 🔁 every week 📅 2026-01-05", edit { $0.setRecurrence(nil) }, "- [ ] Trash 📅 2026-01-05"),
        ("- [ ] Trash 🔁 every week 📅 2026-01-05", edit { $0.setRecurrence("every 2 weeks when done") },
         "- [ ] Trash 🔁 every 2 weeks when done 📅 2026-01-05"),
        ("- [ ] Buy  [due:: 2026-01-05]", edit { $0.setDate(.created, LocalDate("2026-01-01")) },
         "- [ ] Buy  [created:: 2026-01-01]  [due:: 2026-01-05]"),
        ("- [ ] Buy ⏫", edit { $0.fields[.id] = .set("abc") }, "- [ ] Buy 🆔 abc ⏫"),
        ("- [ ] Buy ⏫", edit { $0.fields[.onCompletion] = .set("delete") }, "- [ ] Buy ⏫ 🏁 delete"),
        ("- [ ] Buy", edit { $0.setDate(.due, LocalDate("2026-01-05")); $0.setPriority(.medium); $0.setDate(.start, LocalDate("2026-01-01")) },
         "- [ ] Buy 🔼 🛫 2026-01-01 📅 2026-01-05"),
        ("- [ ] Buy", edit { $0.statusChar = "x"; $0.setDate(.done, LocalDate("2026-01-06")) }, "- [x] Buy ✅ 2026-01-06"),
        // Tags
        ("- [ ] Buy 📅 2026-01-05", edit { $0.addTags = ["home"] }, "- [ ] Buy #home 📅 2026-01-05"),
        ("- [ ] Buy", edit { $0.addTags = ["home"] }, "- [ ] Buy #home"),
        ("- [ ] Buy #home", edit { $0.addTags = ["Home"] }, "- [ ] Buy #home"),
        ("- [ ] Buy #a 📅 2026-01-05 ^z", edit { $0.addTags = ["b"] }, "- [ ] Buy #a #b 📅 2026-01-05 ^z"),
        ("- [ ] Buy #home #errand 📅 2026-01-05", edit { $0.removeTags = ["home"] }, "- [ ] Buy #errand 📅 2026-01-05"),
        ("- [ ] Buy #home/sub #home", edit { $0.removeTags = ["home"] }, "- [ ] Buy #home/sub"),
        ("- [ ] #Home buy", edit { $0.removeTags = ["home"] }, "- [ ] buy"),
    ]

    func testRewriteGolden() throws {
        for (input, op, expected) in Self.rows {
            let out = try op(inlineLine(input))
            XCTAssertEqual(out, expected, "from: \(input)")
            // The result must read back as a task with the same prefix.
            XCTAssertEqual(InlineTaskLine.parse(out)?.prefix, inlineLine(input).prefix, "from: \(input)")
        }
    }

    func testCompletingRoundTripsFieldsFormat() throws {
        let dv = try inlineLine("- [ ] A  [due:: 2026-01-05]").completed(on: Self.today)
        XCTAssertEqual(InlineTaskLine.parse(dv)?.doneDate, Self.today)
        XCTAssertEqual(InlineTaskLine.parse(dv)?.format, .dataview)
        let em = try inlineLine("- [ ] A 📅 2026-01-05").completed(on: Self.today)
        XCTAssertEqual(InlineTaskLine.parse(em)?.format, .emoji)
        XCTAssertEqual(InlineTaskLine.parse(em)?.status, .done)
    }

    func testInvalidValuesThrow() {
        let t = inlineLine("- [ ] Buy")
        var e = InlineLineEdit()
        e.setRecurrence("every day; twice")
        XCTAssertThrowsError(try t.rewritten(e))
        XCTAssertThrowsError(try t.rewritten(InlineLineEdit(fields: [.due: .set("2026-02-30")])))
        XCTAssertThrowsError(try t.rewritten(InlineLineEdit(fields: [.priority: .set("urgent")])))
        XCTAssertThrowsError(try t.rewritten(InlineLineEdit(fields: [.dependsOn: .set("a,,b")])))
        XCTAssertThrowsError(try t.rewritten(status: .someday, on: Self.today))
        XCTAssertThrowsError(try t.rewritten(InlineLineEdit(statusChar: "]")))
        XCTAssertThrowsError(try t.rewritten(InlineLineEdit(statusChar: "\n")))
        XCTAssertThrowsError(try t.rewritten(InlineLineEdit(addTags: ["#home"])))
        XCTAssertThrowsError(try t.rewritten(InlineLineEdit(addTags: ["123"])))
        XCTAssertThrowsError(try t.rewritten(InlineLineEdit(addTags: ["two words"])))
        // Nothing applies when any value is bad.
        XCTAssertThrowsError(try t.rewritten(InlineLineEdit(fields: [.due: .set("2026-01-05"), .priority: .set("urgent")])))
    }

    func testSomedayWithConfiguredCharacter() throws {
        var map = InlineStatusMap.default
        map.characters[.someday] = "s"
        map.statuses["s"] = .someday
        XCTAssertEqual(try inlineLine("- [ ] Learn piano").rewritten(status: .someday, on: Self.today, statusMap: map),
                       "- [s] Learn piano")
    }

    func testStatusWithExtraEdit() throws {
        var e = InlineLineEdit()
        e.setPriority(.high)
        XCTAssertEqual(try inlineLine("- [ ] Buy 📅 2026-01-05").rewritten(status: .done, on: Self.today, also: e),
                       "- [x] Buy ⏫ 📅 2026-01-05 ✅ 2026-01-06")
    }
}
