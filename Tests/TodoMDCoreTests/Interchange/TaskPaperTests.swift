import Foundation
import TodoMDCore
import XCTest

/// OmniFocus TaskPaper (issue 17). The clock is Friday 2026-11-27 09:00 in Berlin.
final class TaskPaperTests: XCTestCase {
    static let omnifocus = "taskpaper/omnifocus.taskpaper"

    func d(_ s: String) -> LocalDateTime? { LocalDateTime(s) }

    func extra(_ t: ImportedTask, _ key: String) -> JSONValue? { t.task.extra.first { $0.0 == key }?.1 }

    func testRecognizes() throws {
        let tp = TaskPaperFormat()
        XCTAssertTrue(tp.recognizes(try Fixture.input(Self.omnifocus)))
        XCTAssertTrue(tp.recognizes(try Fixture.input("taskpaper/plain.taskpaper")))
        XCTAssertTrue(tp.recognizes(ImportInput(text: "Errands:\n\t- Milk\n\t- Eggs\n", name: "list.txt")))
        XCTAssertTrue(tp.recognizes(ImportInput(text: "- Call Bob @due(2026-12-01)\n")))
        XCTAssertFalse(tp.recognizes(try Fixture.input("taskpaper/not-taskpaper.txt")))
        XCTAssertFalse(tp.recognizes(ImportInput(text: "(A) Call Bob +Work @phone due:2026-12-01\n", name: "todo.txt")))
        XCTAssertFalse(tp.recognizes(ImportInput(text: "- [ ] a markdown list\n", name: "notes.md")))
        XCTAssertEqual(try Interchange.guess(try Fixture.input(Self.omnifocus)).format, "taskpaper")
        XCTAssertEqual(try Interchange.importer("omnifocus").format, "taskpaper")
    }

    func testOmniFocusGolden() throws {
        let batch = try Fixture.read("taskpaper", Self.omnifocus)
        XCTAssertEqual(batch.tasks.map(\.task.title), [
            "Renew passport", "Draft wireframes", "Review copy", "Plan launch", "Book venue", "Send invites",
            "Inbox zero", "Send invoice", "Water plants", "Call mom – Grüße aus Berlin 👋 mail me@example.com", "Fix the shelf",
        ])

        // Top level: no project (OmniFocus's inbox).
        let passport = try XCTUnwrap(Fixture.task(batch, "Renew passport"))
        XCTAssertNil(passport.task.project)
        XCTAssertNil(passport.task.area)
        XCTAssertTrue(passport.task.flagged)
        XCTAssertEqual(passport.task.due, d("2026-12-01T17:00"))
        XCTAssertEqual(passport.task.tags, ["Errands"])

        // A folder holding a project: area and project; the note is the body, blank line kept.
        let wire = try XCTUnwrap(Fixture.task(batch, "Draft wireframes"))
        XCTAssertEqual(wire.task.area, "Work")
        XCTAssertEqual(wire.task.project, "Website Redesign")
        XCTAssertEqual(wire.task.deferDate, d("2026-11-30T09:00"))
        XCTAssertEqual(wire.task.due, d("2026-12-02T17:00"))
        XCTAssertEqual(wire.task.estimatedMinutes, 90)
        XCTAssertEqual(wire.task.tags, ["Work/Calls", "Office"])
        XCTAssertEqual(extra(wire, "taskpaper_parallel"), .bool(true))
        XCTAssertEqual(extra(wire, "taskpaper_autodone"), .bool(false))
        XCTAssertEqual(wire.task.body, "Start with the landing page.\nSee the brief: https://example.com/brief\n\nThen the checkout.")
        XCTAssertNil(wire.parent)

        let review = try XCTUnwrap(Fixture.task(batch, "Review copy"))
        XCTAssertEqual(review.task.status, .done)
        XCTAssertEqual(review.task.completed, Timestamp.parse("2026-11-20T15:45:00Z"))

        // An action group: its actions are subtasks.
        let plan = try XCTUnwrap(Fixture.task(batch, "Plan launch"))
        let venue = try XCTUnwrap(Fixture.task(batch, "Book venue"))
        let invites = try XCTUnwrap(Fixture.task(batch, "Send invites"))
        XCTAssertEqual(venue.parent, plan.id)
        XCTAssertEqual(invites.parent, plan.id)
        XCTAssertEqual(venue.task.project, "Website Redesign")
        XCTAssertEqual(venue.task.status, .cancelled)
        XCTAssertEqual(extra(venue, "taskpaper_dropped"), .string("2026-11-25 10:00"))
        XCTAssertEqual(invites.task.recurrence, "FREQ=WEEKLY;BYDAY=MO")
        XCTAssertEqual(invites.task.repeatMode, .dueAgain)
        XCTAssertEqual(invites.task.body, "Guest list in the shared folder")

        // Right under a folder that holds projects: an area only. Deeper folders are kept.
        let inbox = try XCTUnwrap(Fixture.task(batch, "Inbox zero"))
        XCTAssertEqual(inbox.task.area, "Work")
        XCTAssertNil(inbox.task.project)
        XCTAssertEqual(inbox.task.estimatedMinutes, 120)
        let invoice = try XCTUnwrap(Fixture.task(batch, "Send invoice"))
        XCTAssertEqual(invoice.task.area, "Work")
        XCTAssertEqual(invoice.task.project, "ACME")
        XCTAssertEqual(extra(invoice, "taskpaper_folders"), .array([.string("Work"), .string("Clients"), .string("ACME")]))
        XCTAssertEqual(invoice.task.scheduled, d("2026-12-02"))

        let plants = try XCTUnwrap(Fixture.task(batch, "Water plants"))
        XCTAssertEqual(plants.task.project, "Home")
        XCTAssertNil(plants.task.area)
        XCTAssertEqual(plants.task.recurrence, "FREQ=DAILY;INTERVAL=2")
        XCTAssertEqual(plants.task.repeatMode, .deferAnother)
        XCTAssertEqual(plants.task.created, Timestamp.parse("2026-11-01T07:00:00Z"))
        XCTAssertEqual(plants.task.tags, ["home"])
        XCTAssertEqual(extra(plants, "taskpaper_energy"), .string("low"))

        // An e-mail address is text, not a tag.
        let mom = try XCTUnwrap(Fixture.task(batch, "Call mom – Grüße aus Berlin 👋 mail me@example.com"))
        XCTAssertEqual(mom.task.priority, .high)
        XCTAssertEqual(mom.task.estimatedMinutes, 45)

        // Unreadable values: problems, kept.
        let shelf = try XCTUnwrap(Fixture.task(batch, "Fix the shelf"))
        XCTAssertNil(shelf.task.due)
        XCTAssertEqual(extra(shelf, "taskpaper_due"), .string("someday soon"))
        XCTAssertEqual(extra(shelf, "taskpaper_estimate"), .string("3w"))
        let lines = batch.problems.map(\.location)
        XCTAssertEqual(batch.problems.filter { $0.location == "line 22" }.count, 2, "\(batch.problems)")
        // The project's own note and due date are reported, its @parallel/@autodone are not.
        let project = try XCTUnwrap(batch.problems.first { $0.location == "line 3" }, "\(lines)")
        XCTAssertTrue(project.message.contains("its note"), project.message)
        XCTAssertTrue(project.message.contains("@due(2026-12-15)"), project.message)
        XCTAssertFalse(project.message.contains("parallel"), project.message)

        // Ids: stable, unique, the same on a second read.
        XCTAssertEqual(Set(batch.tasks.map(\.id)).count, batch.tasks.count)
        XCTAssertEqual(try Fixture.read("taskpaper", Self.omnifocus).tasks.map(\.id), batch.tasks.map(\.id))
    }

    /// OmniFocus's `@parallel(false)` project is sequential in todo.md (issue 21); action groups
    /// (tasks under tasks) are subtasks.
    func testSequentialProjectsAndActionGroups() throws {
        let batch = try Fixture.read("taskpaper", Self.omnifocus)
        XCTAssertEqual(batch.sequentialProjects, ["Website Redesign"])
        let plan = try XCTUnwrap(Fixture.task(batch, "Plan launch"))
        XCTAssertEqual(Fixture.task(batch, "Book venue")?.parent, plan.id)
    }

    /// A sequential project goes out as OmniFocus writes one, and comes back sequential.
    func testSequentialProjectRoundTrip() throws {
        let tasks = [sampleTask("Hire the van") { $0.project = "Move" }, sampleTask("Water plants") { $0.project = "Home" }]
        var context = ExportContext(clock: Fixture.clock, tasks: tasks)
        context.isSequential = { $0 == "Move" }
        var out = ""
        try TaskPaperFormat().export(tasks, context: context) { out += $0 }
        XCTAssertTrue(out.contains("Move: @parallel(false)\n") && out.contains("Home:\n"), out)
        let back = try TaskPaperFormat().read(ImportInput(text: out, name: "x.taskpaper"), options: ImportOptions(clock: Fixture.clock))
        XCTAssertEqual(back.sequentialProjects, ["Move"])
    }

    func testMarkingSequentialInTheSettingsFile() throws {
        XCTAssertEqual(try VaultSettings.markingSequential(["Move"], in: nil).map { String(decoding: $0, as: UTF8.self) },
                       "{\n  \"projects\": {\n    \"Move\": { \"sequential\": true }\n  }\n}\n")
        let mine = Array(#"{"inbox_folder": "In", "projects": {"move": {"review_interval_days": 14}, "Trip": {"sequential": false}}}"#.utf8)
        let out = try XCTUnwrap(try VaultSettings.markingSequential(["Move", "Trip"], in: mine))
        guard case .object(let root) = try JSONText.parse(out), case .object(let projects)? = root.last?.1 else { return XCTFail() }
        XCTAssertEqual(root.map(\.0), ["inbox_folder", "projects"], "order kept")
        XCTAssertEqual(projects.first?.1, .object([("review_interval_days", .int(14)), ("sequential", .bool(true))]), "matched ignoring case")
        XCTAssertEqual(projects.last?.1, .object([("sequential", .bool(false))]), "what the user said stays")
        XCTAssertNil(try VaultSettings.markingSequential(["Trip"], in: mine), "nothing to change")
        XCTAssertThrowsError(try VaultSettings.markingSequential(["X"], in: Array("[1]".utf8)))
    }

    func testPlainTaskPaperWithSpacesCRLFAndBOM() throws {
        let batch = try Fixture.read("taskpaper", "taskpaper/plain.taskpaper")
        XCTAssertEqual(batch.tasks.map(\.task.title), ["Buy stamps", "Eggs", "Milk", "Bread"])
        let stamps = try XCTUnwrap(Fixture.task(batch, "Buy stamps"))
        XCTAssertNil(stamps.task.project, "a top-level Inbox: is no project")
        XCTAssertEqual(stamps.task.tags, ["today"])
        let milk = try XCTUnwrap(Fixture.task(batch, "Milk"))
        XCTAssertEqual(milk.task.project, "Groceries")
        XCTAssertEqual(milk.task.priority, .high)
        // Checklist lines and `Name:` lines under a task are its note.
        XCTAssertEqual(milk.task.body, "Get the organic one\n- [ ] whole\n- [x] skimmed\nNotes: none")
        let bread = try XCTUnwrap(Fixture.task(batch, "Bread"))
        XCTAssertEqual(bread.task.status, .done)
        XCTAssertEqual(batch.problems, [ImportProblem("line 11", "a note outside any project or task; not imported")])
    }

    func testParameterSpellings() throws {
        let text = """
            - A @due(2016-04-19 5pm) @defer(2026-12-01 9:00) @done(2026-11-20)
            - B @flagged(false) @tags(x) @unclosed(value runs on
            - C @context(Phone) @start(tomorrow) @created(2026-11-01T08:00:00Z) @repeat-method(sometimes)
            """
        let batch = try TaskPaperFormat().read(ImportInput(text: text), options: ImportOptions(clock: Fixture.clock))
        let a = try XCTUnwrap(Fixture.task(batch, "A")).task
        XCTAssertEqual(a.due, d("2016-04-19T17:00"))
        XCTAssertEqual(a.deferDate, d("2026-12-01T09:00"))
        XCTAssertEqual(a.status, .done)
        XCTAssertEqual(a.completed, Timestamp.parse("2026-11-19T23:00:00Z"), "a day alone is its midnight in the vault's zone")
        let b = try XCTUnwrap(Fixture.task(batch, "B")).task
        XCTAssertFalse(b.flagged)
        XCTAssertEqual(extra(try XCTUnwrap(Fixture.task(batch, "B")), "taskpaper_unclosed"), .string("value runs on"))
        let c = try XCTUnwrap(Fixture.task(batch, "C"))
        XCTAssertEqual(c.task.tags, ["Phone"])
        XCTAssertEqual(c.task.deferDate, d("2026-11-28"))
        XCTAssertEqual(c.task.created, Timestamp.parse("2026-11-01T08:00:00Z"))
        XCTAssertEqual(extra(c, "taskpaper_repeat_method"), .string("sometimes"))
        XCTAssertEqual(batch.problems.map(\.location), ["line 3"])
    }

    /// Estimates past any clock are refused as problems and kept as text, never trapped on
    /// (the fuzzer found `Double → Int` overflowing on `@estimate(99999999999999999999h)`).
    func testEstimatesTooLargeToHold() throws {
        let text = """
            - Huge @estimate(99999999999999999999h)
            - Colon @estimate(9223372036854775807:59)
            - Days @estimate(1e300d)
            - Minus @estimate(-5:00)
            - Fine @estimate(1.5h)
            """
        let batch = try TaskPaperFormat().read(ImportInput(text: text), options: ImportOptions(clock: Fixture.clock))
        for title in ["Huge", "Colon", "Days", "Minus"] {
            let t = try XCTUnwrap(Fixture.task(batch, title))
            XCTAssertNil(t.task.estimatedMinutes, title)
            XCTAssertNotNil(extra(t, "taskpaper_estimate"), title)
        }
        XCTAssertEqual(try XCTUnwrap(Fixture.task(batch, "Fine")).task.estimatedMinutes, 90)
        XCTAssertEqual(FieldMapping.minutes("PT1H30M"), 90)
        XCTAssertEqual(FieldMapping.minutes("2d"), 960)
        XCTAssertEqual(FieldMapping.minutes("1:30"), 90)
        XCTAssertNil(FieldMapping.minutes("\(Int.max)"))
    }

    func testNotTaskPaper() throws {
        XCTAssertThrowsError(try Fixture.read("taskpaper", "taskpaper/not-taskpaper.txt")) { e in
            XCTAssertEqual((e as? ImportFormatError)?.location, "line 1")
        }
        XCTAssertThrowsError(try TaskPaperFormat().read(ImportInput(text: "[{\"a\": 1}]"), options: ImportOptions(clock: Fixture.clock)))
        XCTAssertEqual(try TaskPaperFormat().read(ImportInput(text: ""), options: ImportOptions(clock: Fixture.clock)).tasks.count, 0)
        // A project whose name starts like JSON or XML is still a project line (the fuzzer found
        // our own export of such a project refused).
        for name in ["{Draft} ideas", "[2027] plans", "<Someday>", "BEGIN: here"] {
            let batch = try TaskPaperFormat().read(ImportInput(text: "\(name):\n\t- Sketch\n"), options: ImportOptions(clock: Fixture.clock))
            XCTAssertEqual(batch.tasks.map(\.task.project), [name])
        }
    }

    func testExportShape() throws {
        let parent = sampleTask("Plan launch") { $0.area = "Work"; $0.project = "Website"; $0.flagged = true }
        let child = sampleTask("Book venue") {
            $0.area = "Work"; $0.project = "Website"
            $0.extra = [("parent", .string(parent.filename))]
            $0.due = LocalDateTime("2026-12-01T09:00")
            $0.body = "Call first\n- bring the contract\n\n- [ ] deposit"
        }
        let inbox = sampleTask("Loose end") { $0.tags = ["home/garden", "quick"]; $0.estimatedMinutes = 90 }
        let out = try Fixture.export("taskpaper", [inbox, parent, child])
        XCTAssertEqual(out, """
            - Loose end @estimate(1h30m) @tags(home : garden, quick)
            Work:
            \tWebsite:
            \t\t- Plan launch @flagged
            \t\t\t- Book venue @due(2026-12-01 09:00)
            \t\t\t\tCall first
            \t\t\t\t* bring the contract

            \t\t\t\t* [ ] deposit

            """)
    }

    func testRoundTrip() throws {
        let parent = sampleTask("Plan launch") {
            $0.area = "Work"; $0.project = "Website"; $0.flagged = true
            $0.deferDate = LocalDateTime("2026-11-30T08:00")
            $0.due = LocalDateTime("2026-12-10")
            $0.scheduled = LocalDateTime("2026-12-01")
            $0.tags = ["work/calls", "office"]
            $0.estimatedMinutes = 45
            $0.body = "Line one\n\nLine three"
            $0.priority = .medium
        }
        let child = sampleTask("Book venue") {
            $0.area = "Work"; $0.project = "Website"
            $0.extra = [("parent", .string(parent.filename))]
            $0.recurrence = "FREQ=WEEKLY;BYDAY=MO"
            $0.repeatMode = .deferAnother
            $0.status = .done
            $0.completed = Timestamp.parse("2026-11-26T16:30:00Z")
        }
        let other = sampleTask("Errand") { $0.project = "Home"; $0.status = .someday }
        let dropped = sampleTask("Old idea") { $0.status = .cancelled }
        // An area with projects is an OmniFocus folder: a task right under it has only the area.
        let areaOnly = sampleTask("Inbox zero") { $0.area = "Work"; $0.status = .inProgress }
        let tasks = [dropped, parent, child, areaOnly, other]
        let text = try Fixture.export("taskpaper", tasks)
        let batch = try TaskPaperFormat().read(ImportInput(text: text), options: ImportOptions(clock: Fixture.clock))
        XCTAssertEqual(batch.problems, [])
        XCTAssertEqual(batch.tasks.map(\.task.title), tasks.map(\.title))
        for (original, imported) in zip(tasks, batch.tasks.map(\.task)) {
            XCTAssertEqual(imported.status, original.status, original.title)
            XCTAssertEqual(imported.area, original.area, original.title)
            XCTAssertEqual(imported.project, original.project, original.title)
            XCTAssertEqual(imported.due, original.due, original.title)
            XCTAssertEqual(imported.deferDate, original.deferDate, original.title)
            XCTAssertEqual(imported.scheduled, original.scheduled, original.title)
            XCTAssertEqual(imported.flagged, original.flagged, original.title)
            XCTAssertEqual(imported.tags, original.tags, original.title)
            XCTAssertEqual(imported.estimatedMinutes, original.estimatedMinutes, original.title)
            XCTAssertEqual(imported.recurrence, original.recurrence, original.title)
            XCTAssertEqual(imported.repeatMode, original.repeatMode ?? (original.recurrence == nil ? nil : .every), original.title)
            XCTAssertEqual(imported.priority, original.priority, original.title)
            XCTAssertEqual(imported.body, original.body, original.title)
            XCTAssertEqual(imported.completed, original.completed, original.title)
        }
        XCTAssertEqual(batch.tasks[2].parent, batch.tasks[1].id)
    }
}
