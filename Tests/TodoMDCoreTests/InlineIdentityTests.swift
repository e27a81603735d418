import XCTest
@testable import TodoMDCore

/// Identities survive lines inserted or removed above the task.
final class InlineIdentityTests: XCTestCase {
    let note = "# Home\n- [ ] Water plants\n- [ ] Pay rent 📅 2026-01-05\n- [ ] Water plants\n- [ ] Call mum ^call\n- [ ] Fix bike 🆔 bike1\n"

    func testIdentitySchemes() {
        let ids = InlineTaskScanner.scan(note).map(\.identity)
        XCTAssertEqual(ids.count, 5)
        XCTAssertTrue(ids[0].hasPrefix("text:") && ids[0].hasSuffix(":0"))
        XCTAssertTrue(ids[2].hasSuffix(":1"))
        XCTAssertEqual(ids[0].dropLast(2), ids[2].dropLast(2))
        XCTAssertNotEqual(ids[0], ids[2])
        XCTAssertEqual(ids[3], "block:call")
        XCTAssertEqual(ids[4], "id:bike1")
        XCTAssertEqual(Set(ids).count, 5)
    }

    func testLocateAfterInsertionsAbove() {
        let before = InlineTaskScanner.scan(note)
        let edited = "# Home\nnew paragraph\n\n- [ ] Brand new task\n" + note.dropFirst("# Home\n".count)
        let after = InlineTaskScanner.scan(edited)
        for t in before {
            let n = InlineTaskLine.locate(identity: t.identity, in: after)
            XCTAssertEqual(n, t.lineNumber + 3, t.identity)
            XCTAssertEqual(InlineNote.locate(identity: t.identity, expecting: t.text, in: edited), t.lineNumber + 3)
        }
    }

    func testIdentityIgnoresDatesStatusAndSpacing() throws {
        let t = inlineLine("- [ ] Pay  rent 📅 2026-01-05")
        let done = inlineLine(try t.completed(on: LocalDate("2026-01-06")!))
        let moved = inlineLine(try t.rewritten(InlineLineEdit(fields: [.due: .set("2026-02-01"), .priority: .set("high")])))
        XCTAssertEqual(t.identity, done.identity)
        XCTAssertEqual(t.identity, moved.identity)
        XCTAssertEqual(t.identity, inlineLine("  * [/] pay rent").identity)
        XCTAssertNotEqual(t.identity, inlineLine("- [ ] Pay rent today").identity)
    }

    func testLocateRefusesChangedOrMissingLine() {
        let t = InlineTaskScanner.scan(note)[1]
        let changed = note.replacingOccurrences(of: "Pay rent 📅 2026-01-05", with: "Pay rent 📅 2026-01-09")
        XCTAssertEqual(InlineNote.locate(identity: t.identity, in: changed), 2)
        XCTAssertNil(InlineNote.locate(identity: t.identity, expecting: t.text, in: changed))
        XCTAssertNil(InlineNote.locate(identity: t.identity, in: "nothing here\n"))
    }

    func testGlobalFilterDoesNotChangeIdentity() {
        let a = InlineTaskLine.parse("- [ ] #task Buy milk", globalFilter: "#task")!
        let b = InlineTaskLine.parse("- [ ] #task Buy milk")!
        XCTAssertEqual(a.identity, b.identity)
    }
}
