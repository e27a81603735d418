import Foundation
import TodoMDCore
import XCTest

/// Todoist's project CSV (issue 17). The clock is Friday 2026-11-27 09:00 in Berlin.
final class TodoistCSVTests: XCTestCase {
    static let fixture = "todoist/Home Renovation [2203306141].csv"

    func d(_ s: String) -> LocalDateTime? { LocalDateTime(s) }

    func testRecognizesTodoistHeaderOnly() throws {
        let todoist = TodoistCSV()
        XCTAssertTrue(todoist.recognizes(try Fixture.input(Self.fixture)))
        XCTAssertTrue(todoist.recognizes(ImportInput(text: "TYPE,CONTENT,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DUE_DATE,DUE_DATE_LANG\n")))
        XCTAssertFalse(todoist.recognizes(try Fixture.input("todoist/not-todoist.csv")))
        XCTAssertFalse(todoist.recognizes(ImportInput(text: "Type,Title\ntask,x\n")))
        XCTAssertEqual(try Interchange.guess(try Fixture.input(Self.fixture)).format, "todoist")
    }

    func testGoldenTasks() throws {
        let batch = try Fixture.read("todoist", Self.fixture)
        XCTAssertEqual(batch.tasks.map(\.task.title), [
            "Buy paint", "Primer", "Sandpaper 120 grit", "Brushes", "Call the plumber", "Water the herbs", "Order tiles",
            "Fliesen für das Bad auswählen 🛁", "Read [the manual](https://example.com/manual)",
        ])
        // The project is the file name, without the backup's id.
        XCTAssertTrue(batch.tasks.allSatisfy { $0.task.project == "Home Renovation" })

        let paint = try XCTUnwrap(Fixture.task(batch, "Buy paint"))
        XCTAssertEqual(paint.task.tags, ["errands", "home_depot"])
        XCTAssertEqual(paint.task.description, "Two cans, matte \"white\"")
        XCTAssertEqual(paint.task.priority, .high)
        XCTAssertEqual(paint.task.due, d("2026-11-28"))
        XCTAssertEqual(paint.task.estimatedMinutes, 30)
        // Both notes (comments) join the body; the multi-line one keeps its lines.
        XCTAssertEqual(paint.task.body, "Colour code: RAL 9010\nask for a sample\n\nBring the old can")
        XCTAssertEqual(paint.task.extra.first { $0.0 == "todoist_author" }?.1, .string("Anna (48213311)"))
        XCTAssertNil(paint.task.extra.first { $0.0 == "todoist_timezone" }, "the vault's own zone is not kept")
        XCTAssertNil(paint.parent)

        // INDENT: the nearest task above with a smaller indent is the parent.
        let primer = try XCTUnwrap(Fixture.task(batch, "Primer"))
        let sandpaper = try XCTUnwrap(Fixture.task(batch, "Sandpaper 120 grit"))
        let brushes = try XCTUnwrap(Fixture.task(batch, "Brushes"))
        XCTAssertEqual(primer.parent, paint.id)
        XCTAssertEqual(sandpaper.parent, primer.id)
        XCTAssertEqual(brushes.parent, paint.id)
        XCTAssertEqual(primer.task.priority, .none)
        XCTAssertEqual(sandpaper.task.priority, .low)
        XCTAssertEqual(brushes.task.priority, .medium)
        XCTAssertEqual(brushes.task.due, d("2026-12-24"))
        // A description of several lines is the start of the notes.
        XCTAssertNil(brushes.task.description)
        XCTAssertEqual(brushes.task.body, "Sizes:\n- 2 cm\n- 5 cm")

        // A section is a tag of the tasks below it.
        let plumber = try XCTUnwrap(Fixture.task(batch, "Call the plumber"))
        XCTAssertEqual(plumber.task.tags, ["Kitchen-sink"])
        XCTAssertNil(plumber.parent)
        XCTAssertEqual(plumber.task.recurrence, "FREQ=WEEKLY;BYDAY=MO")
        XCTAssertEqual(plumber.task.due, d("2026-11-30"))
        XCTAssertNil(plumber.task.repeatMode)
        XCTAssertEqual(plumber.task.extra.first { $0.0 == "todoist_responsible" }?.1, .string("Jonas (51234567)"))

        // `every!` repeats from the completion.
        let herbs = try XCTUnwrap(Fixture.task(batch, "Water the herbs"))
        XCTAssertEqual(herbs.task.recurrence, "FREQ=DAILY;INTERVAL=3")
        XCTAssertEqual(herbs.task.repeatMode, .dueAgain)
        XCTAssertEqual(herbs.task.due, d("2026-11-27"))

        // A deadline is due; DATE is then when you plan to do it.
        let tiles = try XCTUnwrap(Fixture.task(batch, "Order tiles"))
        XCTAssertEqual(tiles.task.due, d("2026-12-10"))
        XCTAssertEqual(tiles.task.scheduled, d("2026-12-05T09:30"))
        XCTAssertEqual(tiles.task.estimatedMinutes, 24 * 60)
        XCTAssertEqual(tiles.task.description, "Compare [offers](https://example.com/tiles)")
        XCTAssertEqual(tiles.task.extra.first { $0.0 == "todoist_timezone" }?.1, .string("America/New_York"))

        // A date in another language is kept as it was.
        let fliesen = try XCTUnwrap(Fixture.task(batch, "Fliesen für das Bad auswählen 🛁"))
        XCTAssertNil(fliesen.task.due)
        XCTAssertEqual(fliesen.task.extra.first { $0.0 == "todoist_date" }?.1, .string("übermorgen"))
        XCTAssertEqual(fliesen.task.extra.first { $0.0 == "todoist_date_lang" }?.1, .string("de"))
        XCTAssertEqual(batch.problems.map(\.location), [fliesen.location])

        let manual = try XCTUnwrap(Fixture.task(batch, "Read [the manual](https://example.com/manual)"))
        XCTAssertEqual(manual.task.tags, ["Kitchen-sink", "reading"])
        XCTAssertEqual(manual.task.recurrence, "FREQ=WEEKLY;INTERVAL=2")
        XCTAssertEqual(manual.task.due, d("2027-01-05"))

        // The same file gives the same ids.
        XCTAssertEqual(try Fixture.read("todoist", Self.fixture).tasks.map(\.id), batch.tasks.map(\.id))
        XCTAssertEqual(Set(batch.tasks.map(\.id)).count, batch.tasks.count)
    }

    func testOddRowsAreProblems() throws {
        let batch = try Fixture.read("todoist", "todoist/odd-rows.csv")
        XCTAssertEqual(batch.tasks.map(\.task.title), ["Fine task", "Odd priority", "Odd indent", "Odd date", "Odd duration", "Ages long"])
        let problems = Dictionary(grouping: batch.problems, by: \.location).mapValues { $0.map(\.message).joined(separator: "; ") }
        XCTAssertTrue(problems["line 2"]?.contains("project comment") == true, "\(problems)")
        XCTAssertTrue(problems["line 4"]?.contains("PRIORITY \"7\"") == true)
        XCTAssertTrue(problems["line 5"]?.contains("INDENT \"x\"") == true)
        XCTAssertTrue(problems["line 6"]?.contains("heading") == true)
        XCTAssertTrue(problems["line 7"]?.contains("DATE \"someday maybe\"") == true)
        XCTAssertTrue(problems["line 8"]?.contains("DURATION") == true)
        XCTAssertTrue(problems["line 9"]?.contains("no title") == true)
        XCTAssertTrue(problems["line 10"]?.contains("DURATION \"999999 day\"") == true, "past Limits.estimateMinutes")
        XCTAssertNil(Fixture.task(batch, "Ages long")?.task.estimatedMinutes)
        XCTAssertEqual(Fixture.task(batch, "Odd priority")?.task.extra.first { $0.0 == "todoist_priority" }?.1, .string("7"))
        XCTAssertEqual(Fixture.task(batch, "Odd date")?.task.extra.first { $0.0 == "todoist_date" }?.1, .string("someday maybe"))
    }

    func testNotTodoistIsAFormatError() throws {
        XCTAssertThrowsError(try Fixture.read("todoist", "todoist/not-todoist.csv")) { e in
            XCTAssertEqual((e as? ImportFormatError)?.location, "line 1")
        }
        XCTAssertThrowsError(try Fixture.read("todoist", "todoist/unterminated.csv")) { e in
            XCTAssertEqual((e as? ImportFormatError)?.location, "line 3")
        }
        XCTAssertThrowsError(try TodoistCSV().read(ImportInput(text: ""), options: ImportOptions(clock: Fixture.clock))) { e in
            XCTAssertEqual((e as? ImportFormatError)?.location, "line 1")
        }
    }

    func testExportWritesTodoistsTemplate() throws {
        let parent = sampleTask("Plan trip") { t in
            t.priority = .high
            t.tags = ["travel", "long weekend"]
            t.due = LocalDateTime("2026-12-10")
            t.scheduled = LocalDateTime("2026-12-05T09:30")
            t.body = "Check the \"visa\", rules"
        }
        let child = sampleTask("Book hotel") { t in t.extra = [("parent", .string(parent.filename))] }
        // The child comes first in the input: it is written right below its parent all the same.
        let out = try Fixture.export("todoist", [child, parent])
        let lines = out.components(separatedBy: "\r\n")
        XCTAssertEqual(lines[0], "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT,DEADLINE,DEADLINE_LANG")
        XCTAssertEqual(lines[1], "meta,view_style=list,,,,,,,,,,,,")
        XCTAssertEqual(lines[2], "task,Plan trip @travel @long_weekend,,1,1,,,2026-12-05 09:30,en,Europe/Berlin,,,2026-12-10,en")
        XCTAssertEqual(lines[3], "note,\"Check the \"\"visa\"\", rules\",,,,,,,,,,,,")
        XCTAssertEqual(lines[4], "task,Book hotel,,4,2,,,,,,,,,")
        XCTAssertEqual(lines[5], "")
    }

    func testExportRepeatsInTodoistsWords() throws {
        let weekly = sampleTask("Water plants") { t in
            t.recurrence = "FREQ=WEEKLY;BYDAY=SA"
            t.due = LocalDateTime("2026-11-28")
        }
        let afterDone = sampleTask("Mow lawn") { t in
            t.recurrence = "FREQ=WEEKLY;INTERVAL=2"
            t.repeatMode = .dueAgain
        }
        let rows = try Fixture.export("todoist", [weekly, afterDone]).components(separatedBy: "\r\n")
        XCTAssertTrue(rows[2].contains(",every saturday starting 2026-11-28,en,"), rows[2])
        XCTAssertTrue(rows[3].contains(",every! 2 weeks,en,"), rows[3])
    }

    /// Our export read back by our importer gives the same fields.
    func testRoundTrip() throws {
        let rent = sampleTask("Pay rent") { t in
            t.project = "Home"
            t.priority = .high
            t.tags = ["bills", "home"]
            t.description = "landlord portal"
            t.body = "Account 42\n\nCall first if late"
            t.estimatedMinutes = 15
            t.due = LocalDateTime("2026-12-01")
            t.recurrence = "FREQ=MONTHLY;BYMONTHDAY=1"
        }
        let receipt = sampleTask("Find the receipt") { t in
            t.project = "Home"
            t.priority = .low
            t.extra = [("parent", .string(rent.filename))]
        }
        let scan = sampleTask("Scan it") { t in
            t.project = "Home"
            t.priority = .medium
            t.due = LocalDateTime("2026-11-29T17:00")
            t.extra = [("parent", .string(receipt.filename))]
        }
        let release = sampleTask("Ship release") { t in
            t.project = "Home"
            t.due = LocalDateTime("2026-12-10")
            t.scheduled = LocalDateTime("2026-12-05T09:30")
        }
        let plants = sampleTask("Water plants") { t in
            t.project = "Home"
            t.due = LocalDateTime("2026-11-28")
            t.recurrence = "FREQ=WEEKLY;BYDAY=SA"
        }
        let lawn = sampleTask("Mow lawn") { t in
            t.project = "Home"
            t.due = LocalDateTime("2026-11-30")
            t.recurrence = "FREQ=WEEKLY;INTERVAL=2"
            t.repeatMode = .dueAgain
        }
        let standup = sampleTask("Stand-up") { t in
            t.project = "Home"
            t.due = LocalDateTime("2026-11-30T09:15")
            t.recurrence = "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
        }
        let source = [rent, receipt, scan, release, plants, lawn, standup]
        let csv = try Fixture.export("todoist", source)
        let batch = try TodoistCSV().read(ImportInput(text: csv, name: "Home.csv"), options: ImportOptions(clock: Fixture.clock))
        XCTAssertEqual(batch.problems, [])
        XCTAssertEqual(batch.tasks.count, source.count)
        var idOf: [String: String] = [:]
        for (s, got) in zip(source, batch.tasks) {
            let t = got.task
            idOf[s.filename] = got.id
            XCTAssertEqual(t.title, s.title)
            XCTAssertEqual(t.project, s.project, s.title)
            XCTAssertEqual(t.priority, s.priority, s.title)
            XCTAssertEqual(t.tags, s.tags, s.title)
            XCTAssertEqual(t.description, s.description, s.title)
            XCTAssertEqual(t.body, s.body, s.title)
            XCTAssertEqual(t.estimatedMinutes, s.estimatedMinutes, s.title)
            XCTAssertEqual(t.due, s.due, s.title)
            XCTAssertEqual(t.scheduled, s.scheduled, s.title)
            XCTAssertEqual(t.recurrence, s.recurrence, s.title)
            XCTAssertEqual(t.repeatMode, s.repeatMode, s.title)
            XCTAssertEqual(t.extra.count, 0, "\(s.title): \(t.extra)")
            XCTAssertEqual(got.parent, s.parentName.flatMap { idOf[$0] }, s.title)
        }
    }
}
