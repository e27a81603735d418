import Foundation
import XCTest
import TodoMDAPI
import TodoMDCore

/// A new task's JSON (`POST /api/tasks`, MCP `add_tasks`) takes `parent` and `checklist` (issue 21).
final class NewTaskInputTests: XCTestCase {
    func testParentAndChecklist() throws {
        let draft = try JSONInput.draft([("title", .string("Book hotel")), ("parent", .string("Trips/plan.md")),
                                         ("checklist", .array([.string("compare prices"), .string("book")]))])
        XCTAssertEqual(draft.fields.parent, "Trips/plan.md")
        XCTAssertEqual(draft.fields.checklist, ["compare prices", "book"])
        XCTAssertThrowsError(try JSONInput.draft([("title", .string("x")), ("checklist", .string("a"))]))
        XCTAssertThrowsError(try JSONInput.draft([("title", .string("x")), ("checklist", .array([.int(1)]))]))
    }
}
