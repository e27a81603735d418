import Foundation
@testable import TodoMDCore
import XCTest

/// A task file's checklist (issue 21 item 2): the checkbox lines of its notes, outside code
/// blocks, in any list style; a tick changes one character.
final class ChecklistTests: XCTestCase {
    func testWhichLinesAreItems() {
        let body = """

            Packing:
            - [ ] charger
            * [x] passport
            + [X] tickets
              - [ ] nested sock
            1. [ ] numbered
            2) [-] dropped
            - [?] a custom mark
            -[ ] no space
            - [ ]no text space
            - [] empty brackets
            ```
            - [ ] in a code block
            ```
            ~~~md
            - [x] in a tilde block
            ~~~
            text - [ ] mid-line
            - [ ]
            """
        let items = Checklist.items(in: body)
        XCTAssertEqual(items.map(\.text), ["charger", "passport", "tickets", "nested sock", "numbered", "dropped", "a custom mark", ""])
        XCTAssertEqual(items.map(\.done), [false, true, true, false, false, true, false, false])
        XCTAssertEqual(items.map(\.index), Array(1...8))
        XCTAssertEqual(items.first?.line, 2, "lines count from the start of the notes")
        XCTAssertNil(Checklist.progress(of: "no list here"))
        XCTAssertEqual(Checklist.progress(of: body)?.done, 3)
        XCTAssertEqual(Checklist.items(in: "- [ ] a\r\n- [x] b\r\n").map(\.text), ["a", "b"], "CRLF")
    }

    /// Property: lines passed over by their first byte are lines the full parse rejects too —
    /// over random bodies of bullets, fences, combining marks, tabs and CRLF, the items are
    /// those of parsing every line.
    func testSkippingLinesByTheirFirstByteChangesNoItem() {
        func everyLine(_ body: String) -> [ChecklistItem] {
            var out: [ChecklistItem] = [], fence: Substring?
            for (i, raw) in Checklist.lines(body).enumerated() {
                let line = raw.hasSuffix("\r") ? Substring(raw.dropLast()) : Substring(raw)
                let trimmed = line.drop { $0 == " " || $0 == "\t" }
                if let f = fence { if trimmed.hasPrefix(f) { fence = nil }; continue }
                if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { fence = trimmed.prefix(3); continue }
                guard let (mark, text) = Checklist.checkbox(trimmed) else { continue }
                out.append(ChecklistItem(index: out.count + 1, text: text, done: "xX-".contains(mark), mark: mark, line: i))
            }
            return out
        }
        let pieces = ["- [ ] a", "* [x] b", "+ [X] c", "1. [ ] d", "12) [-] e", "  - [ ] f", "\t- [x] g", "```", "~~~", "text",
                      " \u{301}- [ ] h", "-\u{301} [ ] i", "- [é] j", "", "\r", "- [ ]", "[ ] k", "#", "- [ ] l\r"]
        var g = SeededGenerator(seed: 21)
        for _ in 0..<2000 {
            let body = (0..<Int.random(in: 1...8, using: &g)).map { _ in pieces.randomElement(using: &g)! }.joined(separator: "\n") + "["
            XCTAssertEqual(Checklist.items(in: body), everyLine(body), body.debugDescription)
        }
    }

    func testFindingAnItem() throws {
        let items = Checklist.items(in: "- [ ] charger\n- [ ] phone charger\n- [x] Passport\n")
        XCTAssertEqual(try Checklist.find("2", in: items).text, "phone charger")
        XCTAssertEqual(try Checklist.find("passport", in: items).index, 3, "case-insensitive")
        XCTAssertEqual(try Checklist.find("charger", in: items).index, 1, "an exact text wins over parts")
        XCTAssertThrowsError(try Checklist.find("char", in: items)) { XCTAssertTrue("\($0)".contains("matches 2 checklist items")) }
        XCTAssertThrowsError(try Checklist.find("4", in: items)) { XCTAssertTrue("\($0)".contains("has 3 items")) }
        XCTAssertThrowsError(try Checklist.find("x", in: [])) { XCTAssertTrue("\($0)".contains("no checklist")) }
    }

    func testATickChangesOneCharacter() throws {
        let body = "Notes\r\n- [ ] charger  \r\n  * [x] passport\r\nend"
        let items = Checklist.items(in: body)
        let ticked = try Checklist.setting(items[0], done: true, in: body)
        XCTAssertEqual(ticked, "Notes\r\n- [x] charger  \r\n  * [x] passport\r\nend")
        XCTAssertEqual(try Checklist.setting(items[1], done: false, in: body), "Notes\r\n- [ ] charger  \r\n  * [ ] passport\r\nend")
        // The item moved or changed since it was read: refused, nothing guessed.
        XCTAssertThrowsError(try Checklist.setting(items[0], done: true, in: "inserted\n" + body))
    }
}
