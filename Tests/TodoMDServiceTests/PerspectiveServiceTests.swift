import Foundation
import XCTest
import TodoMDCore
import TodoMDService

/// Perspectives through the service, as every front end reaches them: `.perspectives.json`,
/// `list NAME`, queries, writes with versions, doctor.
final class PerspectiveServiceTests: XCTestCase {
    func seed(_ s: TodoService) throws {
        for text in ["Write report =Work !high due tomorrow", "Fix bug =Work #waiting", "Buy milk =Personal due today",
                     "Later thing =Work", "Old one =Work +Launch due 2026-11-20", "Plan trip =Personal"] {
            _ = try s.add(TaskDraft(text: text))
        }
        _ = try s.set("Later thing", assignments: ["defer=2026-12-10"])
    }

    func titles(_ page: ViewPage) -> [[String]] {
        guard case .perspective(_, let groups) = page.content else { XCTFail("not a perspective: \(page.content)"); return [] }
        return groups.map { $0.tasks.map(\.title) }
    }

    /// The issue's "done when": the spec's example in `.perspectives.json` is `list work-available`;
    /// the same with the text syntax gives the same tasks.
    func testTheSpecExampleRunsByIdAndAsAQuery() throws {
        for useIndex in [true, false] {
            let f = ServiceFixture()
            let s = f.service(useIndex: useIndex)
            try seed(s)
            f.vault.write(PerspectivesFile.fileName, PerspectiveFixtures.specExample)
            let page = try s.view("work-available")
            XCTAssertEqual(titles(page), [["Old one"], ["Write report", "Fix bug"]], "grouped by project (No Project last), by priority")
            let same = try s.view("area:Work & status:todo,in-progress & defer:before_or_none:today", sort: [Perspective.SortKey(.priority, descending: true)],
                                  groupBy: .project)
            XCTAssertEqual(titles(same), titles(page))
            XCTAssertEqual(titles(try s.view("Work — Available Now")), titles(page), "by name too")
            XCTAssertEqual(titles(try s.view("overdue | (today & =Personal)".replacingOccurrences(of: "=", with: "@"))), [["Buy milk", "Old one"]])
            XCTAssertEqual(titles(try s.view("\"milk\" | \"trip\"")), [["Buy milk", "Plan trip"]], "full text, index \(useIndex)")
            XCTAssertEqual(titles(try s.view("\"milk\" | \"trip\"", filter: TaskFilter(tags: []))), [["Buy milk", "Plan trip"]])
        }
    }

    func testQueryErrorsAndUnknownNames() throws {
        let f = ServiceFixture()
        let s = f.service()
        try seed(s)
        XCTAssertThrowsError(try s.view("area:Work & aera:x")) { e in
            XCTAssertTrue("\(e)".contains("column 13"), "\(e)")
        }
        XCTAssertThrowsError(try s.view("tody")) { e in
            XCTAssertTrue("\(e)".contains("unknown view \"tody\"; did you mean \"today\"?"), "\(e)")
        }
    }

    /// A perspective whose id is a built-in view's is hidden by it, and `list` says so.
    func testClashesAreReported() throws {
        let f = ServiceFixture()
        let s = f.service()
        try seed(s)
        f.vault.write(PerspectivesFile.fileName, #"{"perspectives": [{"id": "today", "filter": {"field": "flagged"}}]}"#)
        let page = try s.view("today")
        guard case .builtIn = page.content else { return XCTFail("the built-in view wins") }
        XCTAssertTrue(page.warnings.contains { $0.contains("perspective \"today\"") }, "\(page.warnings)")
        XCTAssertTrue(s.perspectives().problems.contains { $0.contains("is a built-in view") })
    }

    func testWritesCheckVersionsAndKeepACopy() throws {
        let f = ServiceFixture()
        let s = f.service()
        try seed(s)
        let added = try s.addPerspective(Perspective(id: "quick", name: "Quick", filter: try QueryText.parse("estimated_minutes<=15")))
        XCTAssertNotNil(added.version)
        XCTAssertThrowsError(try s.addPerspective(Perspective(id: "quick", name: "Again")))
        XCTAssertThrowsError(try s.addPerspective(Perspective(id: "today", name: "Mine"))) { e in XCTAssertTrue("\(e)".contains("built-in")) }
        XCTAssertThrowsError(try s.addPerspective(Perspective(id: "bad", name: "Bad", filter: .condition(QueryCondition(.due, .on, .string("whenever"))))))
        var p = added.perspective
        p.name = "Quick wins"
        let updated = try s.updatePerspective("quick", with: p, expected: added.version)
        XCTAssertNotEqual(updated.version, added.version)
        p.name = "Stale"
        XCTAssertThrowsError(try s.updatePerspective("quick", with: p, expected: added.version)) { e in
            guard case TodoError.conflict = e else { return XCTFail("\(e)") }
        }
        XCTAssertThrowsError(try s.updatePerspective("today", with: p, expected: nil))
        XCTAssertThrowsError(try s.removePerspective("quick", expected: added.version))
        let removed = try s.removePerspective("quick", expected: updated.version)
        XCTAssertEqual(removed.removed.name, "Quick wins")
        XCTAssertTrue(removed.copy.hasPrefix(".trash/perspectives/quick-"))
        XCTAssertTrue(f.vault.read(removed.copy).contains("\"Quick wins\""))
        XCTAssertThrowsError(try s.perspective("quick")) { e in
            guard case TodoError.missing = e else { return XCTFail("\(e)") }
        }
        // The trash folder's JSON copy is not a task.
        XCTAssertTrue(s.trash().isEmpty)
    }

    /// An id of 100 four-byte letters is a valid id; its trash copy's name is cut to fit, and
    /// the perspective is only gone once the copy is kept.
    func testRemovingALongIdKeepsItsCopy() throws {
        let f = ServiceFixture()
        let s = f.service()
        let id = String(repeating: "𝒜", count: 100)
        _ = try s.addPerspective(Perspective(id: id, name: "Long"))
        let removed = try s.removePerspective(id, expected: nil)
        XCTAssertTrue(f.vault.read(removed.copy).contains("\"Long\""))
        XCTAssertLessThan((removed.copy as NSString).lastPathComponent.utf8.count, 256)
        XCTAssertTrue(s.perspectives().entries.allSatisfy(\.builtIn))
    }

    /// `doctor` names a bad perspective with its place in the file; the others still run.
    func testDoctorReportsBadPerspectives() throws {
        let f = ServiceFixture()
        let s = f.service()
        try seed(s)
        f.vault.write(PerspectivesFile.fileName, """
            {"perspectives": [{"id": "broken", "filter": {"field": "due", "op": "before", "value": "soonish"}}, {"id": "ok", "filter": {"field": "flagged"}}]}
            """)
        let report = s.doctor()
        let problem = report.problems.first { $0.path == PerspectivesFile.fileName }
        XCTAssertEqual(problem?.reasons.count, 1)
        XCTAssertTrue(problem?.reasons.first?.hasPrefix("perspectives[0].filter.value: \"soonish\" is not a date") == true, "\(report.problems)")
        XCTAssertNoThrow(try s.view("ok"))
        XCTAssertEqual(s.perspectives().entries.filter { !$0.builtIn }.map(\.perspective.id), ["ok"])
    }

    /// `--sort` / `--group-by` rearrange a built-in view through its perspective.
    func testBuiltInViewsCanBeRearranged() throws {
        let f = ServiceFixture()
        let s = f.service()
        try seed(s)
        let page = try s.view("anytime", groupBy: .area)
        guard case .perspective(_, let groups) = page.content else { return XCTFail() }
        XCTAssertEqual(groups.map(\.name), ["Personal", "Work"])
        XCTAssertThrowsError(try s.view("tags", groupBy: .area))
    }
}
