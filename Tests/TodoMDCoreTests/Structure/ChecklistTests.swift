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
