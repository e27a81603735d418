import Foundation
@testable import TodoMDCore
import XCTest

/// Links to a renamed task file are rewritten in their own style (issue 21 item 1).
final class ReferenceRenameTests: XCTestCase {
    func testEachStyleIsKept() {
        let old = "Projects/plan-trip.md", new = "Trips/2027 trip.md"
        let names = Set(TaskDependencies.names(ofPath: old))
        let table: [(String, String?)] = [
            ("plan-trip.md", "2027 trip.md"),
            ("plan-trip", "2027 trip"),
            ("Plan-Trip", "2027 trip"),
            ("Projects/plan-trip.md", "Trips/2027 trip.md"),
            ("projects/plan-trip", "Trips/2027 trip"),
            ("./Projects/plan-trip.md", "./Trips/2027 trip.md"),
            ("[[plan-trip]]", "[[2027 trip]]"),
            ("[[plan-trip|the plan]]", "[[2027 trip|the plan]]"),
            ("[[Projects/plan-trip#Steps|x]]", "[[Trips/2027 trip#Steps|x]]"),
            ("[[plan-trip.md]]", "[[2027 trip.md]]"),
            ("other", nil),
            ("[[plan]]", nil),
            ("Other/plan-trip-2.md", nil),
        ]
        for (reference, want) in table {
            XCTAssertEqual(ReferenceRename.rewrite(reference, names: names, newPath: new), want, reference)
        }
    }

    func testFieldsOfAReferringTask() {
        var t = TodoTask(path: "child.md", title: "Child")
        t.extra = [("parent", .string("plan.md")),
                   ("blocked_by", .array([.string("[[plan]]"), .string("other")])),
                   ("blockedBy", .array([.object([("uid", .string("[[plan|P]]")), ("reltype", .string("FINISHTOSTART"))])]))]
        let changes = ReferenceRename.changes(for: t, oldPath: "plan.md", newPath: "Trips/trip.md")
        XCTAssertEqual(changes, [
            FieldChange("parent", .string("trip.md")),
            FieldChange("blocked_by", .list(["[[trip]]", "other"])),
            FieldChange("blockedBy", .raw(#"[{uid: "[[trip|P]]", reltype: "FINISHTOSTART"}]"#)),
        ])
        XCTAssertEqual(ReferenceRename.changes(for: t, oldPath: "elsewhere.md", newPath: "x.md"), [])
    }
}
