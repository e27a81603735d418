import Foundation
import XCTest
@testable import TodoMDCore

/// The Next view (issue 21 item 5): each project's first available task in its manual order,
/// and every available task with no project; grouped by project, "No Project" last.
final class NextViewTests: XCTestCase {
    typealias F = SequenceFixture

    struct Case {
        var name: String
        var tasks: [TodoTask]
        var sequential: [String] = []
        var order: [String: [String]] = [:]
        var filter = TaskFilter()
        var archiveTag: String?
        /// Group name → task titles, in order.
        var groups: [String]
    }

    static let cases: [Case] = [
        Case(name: "one task per project, projects alphabetically, No Project last",
             tasks: [F.task("p2", project: "Party", n: 2), F.task("p1", project: "Party", n: 1), F.task("loose2", n: 4), F.task("loose1", n: 3),
                     F.task("b1", project: "bathroom", n: 5), F.task("b2", project: "bathroom", n: 6)],
             groups: ["bathroom: b1", "Party: p1", "No Project: loose1, loose2"]),
        Case(name: "the project's manual order picks the task; `next` orders the tasks without a project",
             tasks: [F.task("p1", project: "Party", n: 1), F.task("p2", project: "Party", n: 2), F.task("l1", n: 3), F.task("l2", n: 4)],
             order: ["project:Party": ["p2.md"], "next": ["l2.md"]], groups: ["Party: p2", "No Project: l2, l1"]),
        Case(name: "the first available: deferred, blocked, done and someday tasks are passed over in a parallel project",
             tasks: [F.task("x", .someday, n: 0), F.task("p1", project: "Party", n: 1, defer: "2026-12-01"), F.task("p2", project: "Party", n: 2, blockedBy: ["p5"]),
                     F.task("p3", project: "Party", .done, n: 3), F.task("p4", project: "Party", .someday, n: 4), F.task("p5", project: "Party", n: 5)],
             groups: ["Party: p5"]),
        Case(name: "a sequential project whose first task is deferred shows nothing",
             tasks: [F.task("m1", project: "Move house", n: 1, defer: "2026-12-01"), F.task("m2", project: "Move house", n: 2), F.task("l", n: 3)],
             sequential: ["Move house"], groups: ["No Project: l"]),
        Case(name: "a sequential project shows its first open task",
             tasks: [F.task("m1", project: "Move house", .done, n: 1), F.task("m2", project: "Move house", n: 2), F.task("m3", project: "Move house", n: 3)],
             sequential: ["Move house"], order: ["project:Move house": ["m3.md", "m2.md"]], groups: ["Move house: m3"]),
        Case(name: "unavailable tasks without a project are left out",
             tasks: [F.task("l1", n: 1, defer: "2026-11-30"), F.task("l2", n: 2, blockedBy: ["l3"]), F.task("l3", .inProgress, n: 3), F.task("l4", .done, n: 4)],
             groups: ["No Project: l3"]),
        Case(name: "a filter narrows what is shown after each project's first task is chosen",
             tasks: [F.task("p1", project: "Party", n: 1), F.task("p2", project: "Party", n: 2, tags: ["errand"]),
                     F.task("g1", project: "Garden", n: 3, tags: ["errand"]), F.task("l1", n: 4, tags: ["errand"]), F.task("l2", n: 5)],
             filter: TaskFilter(tags: ["errand"]), groups: ["Garden: g1", "No Project: l1"]),
        Case(name: "a project filter keeps that project",
             tasks: [F.task("p1", project: "Party", n: 1), F.task("p2", project: "Party", n: 2), F.task("g1", project: "Garden", n: 3), F.task("l1", n: 4)],
             filter: TaskFilter(project: "party"), groups: ["Party: p1"]),
        Case(name: "archived tasks are out before the first is chosen",
             tasks: [F.task("p1", project: "Party", n: 1, tags: ["archived"]), F.task("p2", project: "Party", n: 2), F.task("l1", n: 3, tags: ["archived"])],
             archiveTag: "archived", groups: ["Party: p2"]),
        Case(name: "an empty vault shows nothing", tasks: [], groups: []),
    ]

    func testTable() {
        for c in Self.cases {
            let order = F.order(c.order)
            let engine = ViewEngine(clock: F.clock, order: order, archiveTag: c.archiveTag)
            let deps = F.dependencies(c.tasks, F.settings(sequential: c.sequential), order)
            let r = engine.build(.next, tasks: c.tasks, filter: c.filter, dependencies: deps)
            XCTAssertEqual(r.kind, .next)
            XCTAssertEqual(r.groups.map { "\($0.name ?? "-"): " + $0.tasks.map(\.title).joined(separator: ", ") }, c.groups, c.name)
            for g in r.groups where g.name != "No Project" { XCTAssertEqual(g.project, g.name, c.name) }
        }
    }

    /// Next is a built-in view but no perspective (it is not a filter): it cannot be printed as one.
    func testNextIsAViewKindNotAPerspective() {
        XCTAssertEqual(ViewKind(rawValue: "next"), .next)
        XCTAssertTrue(ViewKind.allCases.contains(.next))
        XCTAssertNil(BuiltInPerspectives.perspective(for: .next))
        XCTAssertTrue(ViewKind.next.isManuallyOrdered)
    }
}
