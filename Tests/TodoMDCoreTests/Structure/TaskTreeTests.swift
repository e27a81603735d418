import Foundation
@testable import TodoMDCore
import XCTest

/// Subtasks (issue 21 item 1): `parent` by file name, path or wiki link; children under their
/// parent in a group, alone (with the parent's title) when the parent is elsewhere; loops and
/// missing parents reported, never followed.
final class TaskTreeTests: XCTestCase {
    private func t(_ path: String, _ title: String, parent: String? = nil, status: TaskStatus = .todo) -> TodoTask {
        var x = TodoTask(path: path, title: title, status: status)
        if let parent { x.extra = [("parent", .string(parent))] }
        return x
    }

    func testLinksNestingAndDescendants() {
        let tasks = [
            t("Trips/plan.md", "Plan trip"),
            t("Trips/flights.md", "Book flights", parent: "plan.md"),
            t("compare.md", "Compare prices", parent: "[[Trips/flights|the flights]]"),
            t("hotel.md", "Book hotel", parent: "Trips/plan"),
            t("done.md", "Renew passport", parent: "plan", status: .done),
            t("other.md", "Unrelated"),
        ]
        let tree = TaskTree(tasks)
        XCTAssertEqual(tree.parentOf["compare.md"], "Trips/flights.md")
        XCTAssertEqual(tree.childrenOf["Trips/plan.md"], ["Trips/flights.md", "hotel.md", "done.md"])
        XCTAssertEqual(tree.depth(of: "compare.md"), 2)
        XCTAssertEqual(tree.openDescendants(of: "Trips/plan.md"), ["Trips/flights.md", "compare.md", "hotel.md"])
        // A group sorted by title: children move under their parent, in the group's order.
        let sorted = tasks.sorted { $0.title < $1.title }
        let (nested, depth) = tree.nest(sorted)
        XCTAssertEqual(nested.map(\.title), ["Plan trip", "Book flights", "Compare prices", "Book hotel", "Renew passport", "Unrelated"])
        XCTAssertEqual(depth, ["Trips/flights.md": 1, "compare.md": 2, "hotel.md": 1, "done.md": 1])
        // Without its parent in the group, a child shows alone, naming the parent.
        let g = tree.nested(ViewGroup(name: nil, tasks: [tasks[2], tasks[5]]))
        XCTAssertEqual(g.nesting["compare.md"], ViewGroup.Nesting(depth: 0, parent: "Trips/flights.md", parentTitle: "Book flights"))
        XCTAssertNil(g.nesting["other.md"])
    }

    func testLoopsAndMissingParentsNeverLoop() {
        let tasks = [t("a.md", "A", parent: "b"), t("b.md", "B", parent: "c"), t("c.md", "C", parent: "a"),
                     t("self.md", "Self", parent: "self.md"), t("lost.md", "Lost", parent: "nowhere"), t("num.md", "Num")]
        var n = tasks[5]
        n.extra = [("parent", .int(3))]
        let tree = TaskTree(tasks.dropLast() + [n])
        XCTAssertEqual(tree.problems.count, 4)
        XCTAssertTrue(tree.problems.values.contains { $0.hasPrefix("parent makes a loop") })
        XCTAssertEqual(tree.problems["self.md"], "parent is the task itself")
        XCTAssertEqual(tree.problems["lost.md"], "parent \"nowhere\" is no task")
        XCTAssertEqual(tree.problems["num.md"], "parent must be a file name or path")
        let (nested, _) = tree.nest(tasks)
        XCTAssertEqual(Set(nested.map(\.key)), Set(tasks.map(\.key)), "every task shows once")
        XCTAssertEqual(nested.count, tasks.count)
        for k in ["a.md", "b.md", "c.md"] { XCTAssertLessThan(tree.depth(of: k), 3) }
    }

    /// Property: over random forests (and random extra links that may loop), nesting keeps every
    /// task exactly once and puts each child after its parent when both are present.
    func testNestingKeepsEveryTaskOnceAndChildrenAfterParents() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<300 {
            let n = Int.random(in: 1...12, using: &rng)
            let tasks = (0..<n).map { i -> TodoTask in
                let parent = Int.random(in: 0...2, using: &rng) == 0 ? nil : "t\(Int.random(in: 0..<(n + 1), using: &rng))"
                return t("t\(i).md", "T\(i)", parent: parent)
            }
            let tree = TaskTree(tasks)
            let subset = tasks.filter { _ in Bool.random(using: &rng) }.shuffled(using: &rng)
            let (nested, _) = tree.nest(subset)
            XCTAssertEqual(nested.map(\.key).sorted(), subset.map(\.key).sorted())
            let at = Dictionary(uniqueKeysWithValues: nested.enumerated().map { ($0.element.key, $0.offset) })
            for (child, parent) in tree.parentOf {
                if let c = at[child], let p = at[parent] { XCTAssertLessThan(p, c) }
            }
            // A view's sort given as indices nests exactly as the sorted tasks do.
            let order = Array(subset.indices).shuffled(using: &rng)
            let byIndex = tree.nested(ViewGroup(name: nil, tasks: subset), order: order)
            let bySorting = tree.nested(ViewGroup(name: nil, tasks: order.map { subset[$0] }))
            XCTAssertEqual(byIndex.tasks.map(\.key), bySorting.tasks.map(\.key))
            XCTAssertEqual(byIndex.nesting, bySorting.nesting)
        }
    }
}
