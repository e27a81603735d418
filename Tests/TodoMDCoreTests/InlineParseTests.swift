import XCTest
@testable import TodoMDCore

/// Golden parse vectors, written from Obsidian Tasks' "Tasks Emoji Format", "Dataview Format"
/// and "Statuses" documentation.
final class InlineParseTests: XCTestCase {
    static let emojiRows: [(String, String)] = [
        // Statuses
        ("- [ ] Buy milk", "todo «Buy milk»"),
        ("- [x] Buy milk ✅ 2026-01-06", "done «Buy milk» done=2026-01-06"),
        ("- [X] Upper X", "done «Upper X»"),
        ("- [/] Half done", "in-progress «Half done»"),
        ("- [-] Dropped ❌ 2026-01-07", "cancelled «Dropped» cancelled=2026-01-07"),
        ("- [>] Forwarded", "todo «Forwarded»"),
        ("- [?] Question", "todo «Question»"),
        // Every date signifier and its alternatives
        ("- [ ] Due 📅 2026-01-05", "todo «Due» due=2026-01-05"),
        ("- [ ] Due alt 📆 2026-01-05", "todo «Due alt» due=2026-01-05"),
        ("- [ ] Due alt2 🗓 2026-01-05", "todo «Due alt2» due=2026-01-05"),
        ("- [ ] Due vs 🗓\u{FE0F} 2026-01-05", "todo «Due vs» due=2026-01-05"),
        ("- [ ] Sched ⏳ 2026-01-04", "todo «Sched» scheduled=2026-01-04"),
        ("- [ ] Sched alt ⌛ 2026-01-04", "todo «Sched alt» scheduled=2026-01-04"),
        ("- [ ] Start 🛫 2026-01-03", "todo «Start» start=2026-01-03"),
        ("- [ ] Created ➕ 2026-01-01", "todo «Created» created=2026-01-01"),
        ("- [ ] Done vs ✅\u{FE0F} 2026-01-06", "todo «Done vs» done=2026-01-06"),
        // Recurrence, on completion, dependencies
        ("- [ ] Rec 🔁 every week on Sunday when done", "todo «Rec» recurrence=every week on Sunday when done"),
        ("- [ ] Rec vs 🔁\u{FE0F} every day", "todo «Rec vs» recurrence=every day"),
        ("- [ ] Keep 🏁 keep", "todo «Keep» onCompletion=keep"),
        ("- [ ] Del 🔁 every day 🏁 delete", "todo «Del» recurrence=every day onCompletion=delete"),
        ("- [ ] First 🆔 dcf64c", "todo «First» id=dcf64c"),
        ("- [ ] After ⛔ dcf64c,0h17ye", "todo «After» dependsOn=dcf64c,0h17ye"),
        ("- [ ] After sp ⛔\u{FE0F} dcf64c, 0h17ye", "todo «After sp» dependsOn=dcf64c, 0h17ye"),
        ("- [ ] Bad dep ⛔ ,abc", "todo «Bad dep ⛔ ,abc»"),
        // Priorities
        ("- [ ] P1 🔺", "todo «P1» priority=highest"),
        ("- [ ] P2 ⏫", "todo «P2» priority=high"),
        ("- [ ] P3 🔼", "todo «P3» priority=medium"),
        ("- [ ] P4 🔽", "todo «P4» priority=low"),
        ("- [ ] P5 ⏬", "todo «P5» priority=lowest"),
        ("- [ ] P vs ⏫\u{FE0F}", "todo «P vs» priority=high"),
        // Spacing
        ("- [ ] No space 📅2026-01-05", "todo «No space» due=2026-01-05"),
        ("- [ ] Double  📅  2026-01-05", "todo «Double» due=2026-01-05"),
        ("- [ ] Tabs\t📅 2026-01-05\t⏫", "todo «Tabs» priority=high due=2026-01-05"),
        ("-   [ ]   Wide markers", "todo «Wide markers»"),
        ("- [ ]\tTab after box", "todo «Tab after box»"),
        ("- [ ] Trailing blanks 📅 2026-01-05   ", "todo «Trailing blanks» due=2026-01-05"),
        // All fields, canonical order and reversed
        ("- [ ] All 🆔 abc ⛔ def ⏫ 🔁 every week 🏁 keep ➕ 2026-01-01 🛫 2026-01-02 ⏳ 2026-01-03 📅 2026-01-04 ❌ 2026-01-05 ✅ 2026-01-06 ^blk",
         "todo «All» id=abc dependsOn=def priority=high recurrence=every week onCompletion=keep created=2026-01-01 start=2026-01-02 scheduled=2026-01-03 due=2026-01-04 cancelled=2026-01-05 done=2026-01-06 ^blk"),
        ("- [ ] Rev 📅 2026-01-04 ⏳ 2026-01-03 🛫 2026-01-02 ⏫",
         "todo «Rev» priority=high start=2026-01-02 scheduled=2026-01-03 due=2026-01-04"),
        // Tags
        ("- [ ] Do #a 📅 2026-01-05 #b ⏫", "todo «Do #a #b» priority=high due=2026-01-05 tags=a,b"),
        ("- [ ] #work/backend fix bug", "todo «#work/backend fix bug» tags=work/backend"),
        ("- [ ] Issue #123 fix", "todo «Issue #123 fix»"),
        ("- [ ] Year #y2026 and #2026-x", "todo «Year #y2026 and #2026-x» tags=y2026,2026-x"),
        ("- [ ] Url http://x.com/#anchor", "todo «Url http://x.com/#anchor»"),
        ("- [ ] Dup #Home and #home", "todo «Dup #Home and #home» tags=Home"),
        ("- [ ] Punct #tag, then", "todo «Punct #tag, then» tags=tag"),
        // Fields must trail the description
        ("- [ ] Middle 📅 2026-01-05 then text", "todo «Middle 📅 2026-01-05 then text»"),
        ("- [ ] Lonely 📅", "todo «Lonely 📅»"),
        ("- [ ] 📅 2026-01-05", "todo «» due=2026-01-05"),
        ("- [ ] Bad 📅 2026-02-30", "todo «Bad» due=2026-02-30 problems=1"),
        // Links are description, not fields or tags
        ("- [ ] Read [[Note]] 📅 2026-01-05", "todo «Read [[Note]]» due=2026-01-05"),
        ("- [ ] Read [[Note]]", "todo «Read [[Note]]»"),
        ("- [ ] See [docs](http://x.y/a#b) ⏫", "todo «See [docs](http://x.y/a#b)» priority=high"),
        ("- [ ] Ask (someone) 🔽", "todo «Ask (someone)» priority=low"),
        // Block ids
        ("- [ ] Block 📅 2026-01-05 ^abc-123", "todo «Block» due=2026-01-05 ^abc-123"),
        ("- [ ] Just block ^x1", "todo «Just block» ^x1"),
        ("- [ ] Word^abc", "todo «Word^abc»"),
        // Markers, numbered lists, callouts, indentation
        ("* [ ] Star marker", "todo «Star marker»"),
        ("+ [ ] Plus marker", "todo «Plus marker»"),
        ("1. [/] Numbered", "in-progress «Numbered»"),
        ("2) [x] Paren numbered", "done «Paren numbered»"),
        ("10. [ ] Two digits", "todo «Two digits»"),
        ("> - [ ] Quoted", "todo «Quoted»"),
        (">> - [ ] Double quoted", "todo «Double quoted»"),
        ("> > - [ ] Nested quote", "todo «Nested quote»"),
        ("    - [ ] Indented subtask", "todo «Indented subtask»"),
        ("\t\t- [ ] Tab indented", "todo «Tab indented»"),
        ("- [ ]", "todo «»"),
        // Not tasks
        ("- [x]text", "nil"),
        ("-[ ] no space", "nil"),
        ("[ ] no marker", "nil"),
        ("- not a task", "nil"),
        ("- [xx] two chars", "nil"),
        ("1234567890. [ ] too many digits", "nil"),
        ("a. [ ] letter marker", "nil"),
        ("", "nil"),
    ]

    static let dataviewRows: [(String, String)] = [
        ("- [ ] DV due [due:: 2026-01-05]", "todo «DV due» due=2026-01-05 dv"),
        ("- [ ] DV paren (due:: 2026-01-05)", "todo «DV paren» due=2026-01-05 dv"),
        ("- [ ] DV sched  [scheduled:: 2026-01-04]", "todo «DV sched» scheduled=2026-01-04 dv"),
        ("- [ ] DV start  [start:: 2026-01-03]", "todo «DV start» start=2026-01-03 dv"),
        ("- [ ] DV created  [created:: 2026-01-01]", "todo «DV created» created=2026-01-01 dv"),
        ("- [x] DV done  [completion:: 2026-01-06]", "done «DV done» done=2026-01-06 dv"),
        ("- [-] DV cancelled  [cancelled:: 2026-01-07]", "cancelled «DV cancelled» cancelled=2026-01-07 dv"),
        ("- [ ] DV repeat [repeat:: every day when done]", "todo «DV repeat» recurrence=every day when done dv"),
        ("- [ ] DV oncompletion  [onCompletion:: delete]", "todo «DV oncompletion» onCompletion=delete dv"),
        ("- [ ] DV id  [id:: dcf64c]", "todo «DV id» id=dcf64c dv"),
        ("- [ ] DV deps  [dependsOn:: dcf64c,0h17ye]", "todo «DV deps» dependsOn=dcf64c,0h17ye dv"),
        ("- [ ] DV prio  [priority:: highest]", "todo «DV prio» priority=highest dv"),
        ("- [ ] DV prio low (priority:: lowest)", "todo «DV prio low» priority=lowest dv"),
        ("- [ ] DV comma [priority:: high], [due:: 2026-01-05]", "todo «DV comma» priority=high due=2026-01-05 dv"),
        ("- [ ] DV trailing comma [due:: 2026-01-05],", "todo «DV trailing comma» due=2026-01-05 dv"),
        ("- [ ] DV spaces [ due::   2026-01-05 ]", "todo «DV spaces» due=2026-01-05 dv"),
        ("- [ ] DV key case [Due:: 2026-01-05]", "todo «DV key case [Due:: 2026-01-05]»"),  // keys are case-sensitive
        ("- [ ] DV unknown [estimate:: 2h] [due:: 2026-01-05]", "todo «DV unknown [estimate:: 2h]» due=2026-01-05 dv"),
        ("- [ ] DV unknown last [due:: 2026-01-05] [estimate:: 2h]", "todo «DV unknown last [due:: 2026-01-05] [estimate:: 2h]»"),
        ("- [ ] DV mismatched [due:: 2026-01-05)", "todo «DV mismatched [due:: 2026-01-05)»"),
        ("- [ ] DV bad prio [priority:: urgent]", "todo «DV bad prio [priority:: urgent]»"),
        ("- [ ] Mixed 📅 2026-01-05 [priority:: high]", "todo «Mixed» priority=high due=2026-01-05 dv"),
        ("- [ ] DV tags #a [due:: 2026-01-05] #b ^blk", "todo «DV tags #a #b» due=2026-01-05 tags=a,b ^blk dv"),
        ("> - [ ] DV callout  [due:: 2026-01-05]  [priority:: low]", "todo «DV callout» priority=low due=2026-01-05 dv"),
    ]

    func check(_ rows: [(String, String)], file: StaticString = #filePath, line: UInt = #line) {
        for (input, expected) in rows {
            let t = InlineTaskLine.parse(input)
            XCTAssertEqual(inlineSummary(t), expected, "line: \(input)", file: file, line: line)
            if let t {
                // The split must put the line back together byte for byte.
                XCTAssertEqual(t.prefix + "[\(t.statusChar)]" + t.separator + t.body, input, file: file, line: line)
                XCTAssertEqual(t.text, input, file: file, line: line)
                for f in t.fields {
                    let s = Array(t.body.unicodeScalars)
                    XCTAssertEqual(InlineScalars.string(s[f.range]), f.text, file: file, line: line)
                }
            }
        }
    }

    func testEmojiFormatGolden() { check(Self.emojiRows) }
    func testDataviewFormatGolden() { check(Self.dataviewRows) }

    func testPrefixStatusAndSeparatorPieces() {
        let t = inlineLine(">   12) [/]  Call Bob ⏫")
        XCTAssertEqual(t.prefix, ">   12) ")
        XCTAssertEqual(t.statusChar, "/")
        XCTAssertEqual(t.separator, "  ")
        XCTAssertEqual(t.body, "Call Bob ⏫")
        XCTAssertEqual(t.format, .emoji)
    }

    func testUTF8Ranges() {
        let t = inlineLine("> 1) [x] Café 📅 2026-01-05")
        let u = Array(t.text.utf8)
        XCTAssertEqual(String(decoding: u[t.statusUTF8Range], as: UTF8.self), "x")
        XCTAssertEqual(String(decoding: u[t.bodyUTF8Range], as: UTF8.self), "Café 📅 2026-01-05")
        XCTAssertEqual(String(decoding: u[t.utf8Range(of: t.fields[0])], as: UTF8.self), "📅 2026-01-05")
    }

    func testFieldRangesAndSpelling() {
        let t = inlineLine("- [ ] A 📆 2026-01-05 (priority:: high)")
        XCTAssertEqual(t.fields.map(\.kind), [.due, .priority])
        XCTAssertEqual(t.fields[0].text, "📆 2026-01-05")
        XCTAssertEqual(t.fields[0].format, .emoji)
        XCTAssertEqual(t.fields[1].text, "(priority:: high)")
        XCTAssertEqual(t.fields[1].format, .dataview)
        XCTAssertEqual(t.format, .dataview)
    }

    func testCustomStatusMap() {
        var map = InlineStatusMap.default
        map.statuses["s"] = .someday
        map.characters[.someday] = "s"
        let t = InlineTaskLine.parse("- [s] Learn piano", statusMap: map)
        XCTAssertEqual(t?.status, .someday)
        XCTAssertEqual(InlineTaskLine.parse("- [s] Learn piano")?.status, .todo)
    }

    func testDependsOnSplit() {
        XCTAssertEqual(inlineLine("- [ ] x ⛔ a1, b_2 ,c-3").dependsOn, ["a1", "b_2", "c-3"])
    }

    func testGlobalFilterOnOneLine() {
        XCTAssertNil(InlineTaskLine.parse("- [ ] Buy milk", globalFilter: "#task"))
        let t = InlineTaskLine.parse("- [ ] #task Buy milk #home 📅 2026-01-05", globalFilter: "#task", removeGlobalFilter: true)
        XCTAssertEqual(inlineSummary(t), "todo «Buy milk #home» due=2026-01-05 tags=home")
        XCTAssertEqual(inlineSummary(InlineTaskLine.parse("- [ ] Buy #task milk", globalFilter: "#task", removeGlobalFilter: true)),
                       "todo «Buy milk»")
        XCTAssertEqual(inlineSummary(InlineTaskLine.parse("- [ ] Buy milk", globalFilter: "")), "todo «Buy milk»")
    }
}
