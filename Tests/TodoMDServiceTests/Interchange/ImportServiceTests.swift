import Foundation
import TodoMDCore
import TodoMDService
import XCTest

/// `importTasks` (issue 17): records become ordinary task files; a second import of the same
/// file creates nothing, updates what changed in the source, keeps what the user changed since;
/// subtasks point at their parent's file; a file that is not the format writes nothing; one
/// undo takes an import back; exports stream the selection.
final class ImportServiceTests: XCTestCase {
    private let csv = """
        Title,Due Date,List,Labels,Notes,ID,Parent
        Plan the trip,2026-12-01,Travel,"holiday, family","Book flights
        and the hotel",t1,
        Book flights,2026-11-30,Travel,,,t2,t1
        Pack,,Travel,,,t3,t1
        Pay rent,2026-12-01,,,,t4,

        """

    private func run(_ s: TodoService, _ text: String, format: String? = "csv", dryRun: Bool = false, name: String = "tasks.csv") throws -> ImportReport {
        try s.importTasks(ImportRequest(format: format, input: ImportInput(text: text, name: name), dryRun: dryRun))
    }

    func testImportWritesOrdinaryTasksWithParentsAndIsIdempotent() throws {
        let f = ServiceFixture()
        let s = f.service()
        let first = try run(s, csv)
        XCTAssertEqual(first.count(.create), 4, first.summary)
        XCTAssertEqual(first.summary, "Created 4 tasks across 1 project.")
        XCTAssertEqual(f.vault.files().count, 4)
        let plan = try XCTUnwrap(first.items.first { $0.task.title == "Plan the trip" }?.task)
        XCTAssertEqual(plan.due, LocalDateTime("2026-12-01"))
        XCTAssertEqual(plan.project, "Travel")
        XCTAssertEqual(plan.tags, ["holiday", "family"])
        XCTAssertEqual(plan.body.trimmingCharacters(in: .newlines), "Book flights\nand the hotel")
        XCTAssertEqual(plan.source, "import-csv")
        XCTAssertEqual(plan.importID, "csv:t1")
        let pack = try XCTUnwrap(first.items.first { $0.task.title == "Pack" }?.task)
        XCTAssertEqual(pack.parentName, plan.filename)
        // The tasks show in the views as any others.
        XCTAssertEqual(try s.selection(view: "all", filter: TaskFilter(project: "Travel")).count, 3)

        let again = try run(s, csv)
        XCTAssertEqual(again.count(.create), 0)
        XCTAssertEqual(again.count(.unchanged), 4, again.summary)
        XCTAssertEqual(again.summary, "Created 0 tasks; 4 already imported and unchanged.")
        XCTAssertEqual(f.vault.files().count, 4)
    }

    func testReimportUpdatesWhatChangedInTheSourceAndKeepsWhatTheUserChanged() throws {
        let f = ServiceFixture()
        let s = f.service()
        let first = try run(s, csv)
        let rent = try XCTUnwrap(first.items.first { $0.task.title == "Pay rent" }?.task)
        let trip = try XCTUnwrap(first.items.first { $0.task.title == "Plan the trip" }?.task)
        // The user edits "Plan the trip" in the vault; the source changes both it and "Pay rent".
        _ = try s.set(trip.path, assignments: ["priority=high"])
        let changed = csv.replacingOccurrences(of: "Pay rent,2026-12-01", with: "Pay rent,2026-12-03")
            .replacingOccurrences(of: "Plan the trip,2026-12-01", with: "Plan the trip,2026-12-02")
        let second = try run(s, changed)
        XCTAssertEqual(second.count(.update), 1, second.summary)
        XCTAssertEqual(second.count(.keep), 1)
        XCTAssertEqual(second.count(.unchanged), 2)
        XCTAssertTrue(second.summary.contains("1 kept as you changed them since the last import"), second.summary)
        let (rentNow, _) = try Vault(root: f.vault.path, clock: f.clock.now).readTask(rent.path)
        XCTAssertEqual(rentNow.due, LocalDateTime("2026-12-03"))
        let (tripNow, _) = try Vault(root: f.vault.path, clock: f.clock.now).readTask(trip.path)
        XCTAssertEqual(tripNow.due, LocalDateTime("2026-12-01"), "the user's copy is left alone")
        XCTAssertEqual(tripNow.priority, .high)
        // Updated in place: the body and unknown keys the user did not touch are kept byte for byte.
        XCTAssertEqual(f.vault.files().count, 4)
        XCTAssertEqual(try run(s, changed).count(.unchanged), 3)
    }

    func testDryRunWritesNothingAndShowsTheMapping() throws {
        let f = ServiceFixture()
        let r = try run(f.service(), csv, dryRun: true)
        XCTAssertEqual(r.count(.create), 4)
        XCTAssertEqual(r.summary, "Would create 4 tasks across 1 project.")
        XCTAssertEqual(f.vault.files(), [])
        XCTAssertEqual(r.mapping.map { "\($0.column)=\($0.field ?? "-")" },
                       ["Title=title", "Due Date=due", "List=project", "Labels=tags", "Notes=body", "ID=id", "Parent=parent"])
    }

    func testAFileThatIsNotTheFormatWritesNothing() throws {
        let f = ServiceFixture()
        XCTAssertThrowsError(try run(f.service(), "[{\"uuid\": \"x\"", format: "taskwarrior", name: "x.json")) { e in
            XCTAssertTrue("\(e)".contains("x.json is not Taskwarrior JSON: line 1"), "\(e)")
        }
        XCTAssertThrowsError(try run(f.service(), "Name,Due\n\"unclosed,2026-12-01\n")) { e in
            XCTAssertTrue("\(e)".contains("line 2: expected a closing quote"), "\(e)")
        }
        XCTAssertEqual(f.vault.files(), [])
    }

    func testProblemsNameTheirLineAndTheRestImports() throws {
        let f = ServiceFixture()
        let r = try run(f.service(), "Title,Due\nGood,2026-12-01\n,2026-12-02\nOdd date,the 5th of never\n")
        XCTAssertEqual(r.count(.create), 2)
        XCTAssertEqual(r.problems.map(\.description), ["line 3: no title; not imported",
                                                        "line 4: Due \"the 5th of never\" is not a date I can read; kept"])
        XCTAssertTrue(r.summary.hasSuffix("2 had problems:"), r.summary)
        let odd = try XCTUnwrap(r.items.first { $0.task.title == "Odd date" }?.task)
        XCTAssertEqual(odd.extra.first { $0.0 == "csv_due" }?.1, .string("the 5th of never"))
    }

    func testAreaAndProjectOptionsAndUndo() throws {
        let f = ServiceFixture()
        let s = f.service()
        let r = try s.importTasks(ImportRequest(format: "csv", input: ImportInput(text: csv), area: "Personal", project: "Imported"))
        XCTAssertTrue(r.items.allSatisfy { $0.task.area == "Personal" && $0.task.project == "Imported" })
        XCTAssertEqual(f.vault.files().count, 4)
        _ = try s.undo()
        XCTAssertEqual(f.vault.files().filter { !$0.hasPrefix(".trash/") }, [], "one undo takes the whole import back (to the trash)")
    }

    func testGuessesTheFormat() throws {
        let f = ServiceFixture()
        let tw = #"[{"uuid":"0b5a1f0e-0000-4000-8000-000000000001","description":"Fix the fence","entry":"20261101T100000Z","status":"pending"}]"#
        XCTAssertEqual(try run(f.service(), tw, format: nil, name: "export.json").format, "taskwarrior")
        XCTAssertEqual(try run(f.service(), csv, format: nil).format, "csv")
        XCTAssertThrowsError(try run(f.service(), "just some words", format: nil, name: "notes")) { e in
            XCTAssertTrue("\(e)".contains("cannot tell the format of notes"), "\(e)")
        }
    }

    func testExportSelectsAndStreams() throws {
        let f = ServiceFixture()
        let s = f.service()
        _ = try run(s, csv)
        var pieces = 0, out = ""
        let n = try s.export(ExportRequest(format: "json", project: "Travel")) { pieces += 1; out += $0 }
        XCTAssertEqual(n, 3)
        XCTAssertGreaterThan(pieces, 3, "written piece by piece")
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]])
        XCTAssertEqual(Set(parsed.compactMap { $0["title"] as? String }), ["Plan the trip", "Book flights", "Pack"])
        XCTAssertTrue(parsed.contains { $0["import_id"] as? String == "csv:t2" }, "every key, unknown ones too")
        XCTAssertThrowsError(try s.export(ExportRequest(format: "docx")) { _ in }) { e in
            XCTAssertTrue("\(e)".contains("no exporter \"docx\""), "\(e)")
        }
    }

    /// Taskwarrior's `depends` is a dependency (issue 21): the task waits for the other's file,
    /// the blocker is written first, a second import changes nothing, and the view holds it.
    func testTaskwarriorDependsBecomesBlockedBy() throws {
        let f = ServiceFixture(at: "2026-11-27T10:00")
        let s = f.service()
        let tw = """
            [{"uuid":"a1","description":"Paint the fence","entry":"20261101T100000Z","status":"pending","depends":["a2","a9"]},
             {"uuid":"a2","description":"Buy paint","entry":"20261101T100000Z","status":"pending"}]
            """
        let r = try run(s, tw, format: "taskwarrior", name: "tw.json")
        XCTAssertEqual(r.count(.create), 2, r.summary)
        XCTAssertEqual(r.problems.map(\.message), ["it waits for a9, which is not in the file; left out of blocked_by"])
        let paint = try XCTUnwrap(r.items.first { $0.task.title == "Buy paint" }?.task)
        let fence = try XCTUnwrap(r.items.first { $0.task.title == "Paint the fence" }?.task)
        XCTAssertTrue(f.vault.read(fence.path).contains("blocked_by:\n  - \"\(paint.filename)\"\n"), f.vault.read(fence.path))
        guard case .builtIn(let anytime) = try s.view("anytime").content else { return XCTFail() }
        XCTAssertEqual(anytime.tasks.map(\.title), ["Buy paint"], "the fence waits for the paint")
        let again = try run(s, tw, format: "taskwarrior", name: "tw.json")
        XCTAssertEqual(again.count(.unchanged), 2, again.summary)
    }

    /// OmniFocus's sequential project (`@parallel(false)`) becomes one in `.todomd.json`.
    func testSequentialProjectFromOmniFocus() throws {
        let f = ServiceFixture(at: "2026-11-27T10:00")
        f.vault.write(".todomd.json", #"{"inbox_folder": "Inbox"}"#)
        let s = f.service()
        let tp = "Move house: @parallel(false) @autodone(false)\n\t- Hire the van\n\t- Load the van\n"
        let r = try run(s, tp, format: "taskpaper", name: "of.taskpaper")
        XCTAssertEqual(r.count(.create), 2, r.summary)
        XCTAssertTrue(r.problems.map(\.message).contains { $0.contains("Move house are marked so in .todomd.json") }, "\(r.problems)")
        XCTAssertTrue(f.vault.read(".todomd.json").contains("\"inbox_folder\": \"Inbox\""))
        let again = f.service()
        guard case .builtIn(let anytime) = try again.view("anytime").content else { return XCTFail() }
        XCTAssertEqual(anytime.tasks.map(\.title), ["Hire the van"], "only the first task is available")
    }
}
