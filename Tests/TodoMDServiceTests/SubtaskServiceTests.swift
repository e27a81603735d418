import Foundation
import TodoMDCore
@testable import TodoMDService
import XCTest

/// Subtasks through the service (issue 21 item 1): views nest them, completing a parent with
/// open children is refused with their names unless they go with it, doctor reports bad links.
final class SubtaskServiceTests: XCTestCase {
    func testViewsCompletionAndDoctor() throws {
        let f = ServiceFixture(at: "2026-11-27T10:00")
        f.vault.write("plan.md", taskFile("Plan trip"))
        f.vault.write("flights.md", taskFile("Book flights", extra: "parent: plan.md\ndue: \"2026-11-27\"\n"))
        f.vault.write("compare.md", taskFile("Compare prices", extra: "parent: flights\n"))
        f.vault.write("lost.md", taskFile("Lost", extra: "parent: nowhere.md\n"))
        let s = f.service()
        guard case .builtIn(let anytime) = try s.view("anytime").content else { return XCTFail("not a built-in view") }
        let group = anytime.groups[0]
        XCTAssertEqual(group.tasks.map(\.title), ["Lost", "Plan trip", "Book flights", "Compare prices"])
        XCTAssertEqual(group.nesting["compare.md"]?.depth, 2)
        guard case .builtIn(let today) = try s.view("today").content else { return XCTFail("not a built-in view") }
        XCTAssertEqual(today.groups.flatMap(\.tasks).map(\.title), ["Book flights"])
        XCTAssertEqual(today.groups.first?.nesting["flights.md"]?.parentTitle, "Plan trip", "alone, with its parent's title")
        XCTAssertThrowsError(try s.complete("plan trip")) { e in
            XCTAssertTrue("\(e)".contains("2 open subtasks: Book flights, Compare prices"), "\(e)")
        }
        XCTAssertFalse(f.vault.read("plan.md").contains("status: \"done\""))
        _ = try s.complete("plan trip", withChildren: true)
        for p in ["plan.md", "flights.md", "compare.md"] { XCTAssertTrue(f.vault.read(p).contains("status: \"done\""), p) }
        XCTAssertEqual(s.doctor().problems.map(\.path), ["lost.md"])
    }
}
