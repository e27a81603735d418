import Foundation
import TodoMDCore
import XCTest

/// todo.txt (issue 17). The clock is Friday 2026-11-27 09:00 in Berlin.
final class TodoTxtTests: XCTestCase {
    func d(_ s: String) -> LocalDateTime? { LocalDateTime(s) }
    func kept(_ t: ImportedTask?, _ key: String) -> JSONValue? { t?.task.extra.first { $0.0 == key }?.1 }
    /// Midnight of `day` in Berlin: what a todo.txt date means as an instant.
    func midnight(_ day: String) -> Date? { LocalDate(day)?.startInstant(in: Fixture.clock.timeZone) }

    func testRecognizes() throws {
        let todo = TodoTxt()
        XCTAssertTrue(todo.recognizes(try Fixture.input("todotxt/todo.txt")))
        XCTAssertTrue(todo.recognizes(ImportInput(text: "Buy milk\n", name: "done.txt")))
        XCTAssertTrue(todo.recognizes(ImportInput(text: "Buy milk\n(A) Call mom +Family\n")))
        XCTAssertFalse(todo.recognizes(ImportInput(text: "Buy milk\nCall mom\n", name: "notes.txt")))
        XCTAssertFalse(todo.recognizes(ImportInput(text: "(A) Call mom\n", name: "tasks.csv")))
        XCTAssertFalse(todo.recognizes(ImportInput(text: "BEGIN:VCALENDAR\nDUE;VALUE=DATE:20261127\n", name: "a.ics")))
        XCTAssertEqual(try Interchange.guess(try Fixture.input("todotxt/todo.txt")).format, "todotxt")
    }

    func testGoldenTasks() throws {
        let batch = try Fixture.read("todotxt", "todotxt/todo.txt")
        XCTAssertEqual(batch.tasks.map(\.task.title), [
            "Call mom", "Pay rent", "Water plants", "Mow lawn", "Learn Swift", "Trip to Japan",
            "Meeting at 10:30 with anna@example.com re: budget https://example.com/agenda", "Ünïcödé tâsk", "Daily standup",
        ])
        XCTAssertEqual(batch.problems, [])
        XCTAssertEqual(batch.tasks.map(\.location), ["line 1", "line 2", "line 3", "line 4", "line 7", "line 8", "line 9", "line 10", "line 11"])

        let mom = try XCTUnwrap(Fixture.task(batch, "Call mom"))
        XCTAssertEqual(mom.task.priority, .high)
        XCTAssertEqual(mom.task.created, midnight("2026-11-20"))
        XCTAssertEqual(mom.task.project, "Family")
        XCTAssertEqual(mom.task.tags, ["phone"])
        XCTAssertEqual(mom.task.due, d("2026-11-30"))
        XCTAssertEqual(mom.task.status, .todo)

        let rent = try XCTUnwrap(Fixture.task(batch, "Pay rent"))
        XCTAssertEqual(rent.task.status, .done)
        XCTAssertEqual(rent.task.completed, midnight("2026-11-25"))
        XCTAssertEqual(rent.task.created, midnight("2026-11-18"))
        XCTAssertEqual(rent.task.priority, .medium, "pri:B on a done task")
        XCTAssertEqual(rent.task.project, "Home")
        XCTAssertEqual(rent.task.tags, ["bills"])

        // The first +project is the project, the others are tags; `rec:+` is a fixed schedule.
        let plants = try XCTUnwrap(Fixture.task(batch, "Water plants"))
        XCTAssertEqual(plants.task.project, "Garden")
        XCTAssertEqual(plants.task.tags, ["Home", "outside"])
        XCTAssertEqual(plants.task.recurrence, "FREQ=WEEKLY")
        XCTAssertNil(plants.task.repeatMode)
        XCTAssertEqual(plants.task.due, d("2026-11-28"))

        // `rec:` without `+` counts from the completion: a task with only a threshold date defers another.
        let lawn = try XCTUnwrap(Fixture.task(batch, "Mow lawn"))
        XCTAssertEqual(lawn.task.recurrence, "FREQ=WEEKLY;INTERVAL=2")
        XCTAssertEqual(lawn.task.repeatMode, .deferAnother)
        XCTAssertEqual(lawn.task.deferDate, d("2026-12-01"))
        XCTAssertEqual(lawn.task.tags, ["garden"])

        let swift = try XCTUnwrap(Fixture.task(batch, "Learn Swift"))
        XCTAssertEqual(swift.task.priority, .low)
        XCTAssertEqual(kept(swift, "todotxt_priority"), .string("D"))
        XCTAssertEqual(kept(swift, "todotxt_id"), .string("42"))
        XCTAssertEqual(kept(swift, "todotxt_url"), .string("https://swift.org"))

        let japan = try XCTUnwrap(Fixture.task(batch, "Trip to Japan"))
        XCTAssertEqual(japan.task.status, .someday, "h:1")
        XCTAssertEqual(japan.task.project, "Travel")

        let unicode = try XCTUnwrap(Fixture.task(batch, "Ünïcödé tâsk"))
        XCTAssertEqual(unicode.task.tags, ["straße"])
        XCTAssertEqual(unicode.task.project, "Überprojekt")

        let standup = try XCTUnwrap(Fixture.task(batch, "Daily standup"))
        XCTAssertEqual(standup.task.recurrence, "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")
        XCTAssertNil(standup.task.repeatMode)

        XCTAssertEqual(try Fixture.read("todotxt", "todotxt/todo.txt").tasks.map(\.id), batch.tasks.map(\.id))
    }

    func testOddLinesAreProblems() throws {
        let batch = try Fixture.read("todotxt", "todotxt/odd.txt")
        XCTAssertEqual(batch.tasks.map(\.task.title), ["Fix bug", "Odd completion date", "Every other business day", "Good line"])
        let byLine = Dictionary(grouping: batch.problems, by: \.location).mapValues { $0.map(\.message).joined(separator: "; ") }
        XCTAssertTrue(byLine["line 1"]?.contains("due \"2026-13-45\"") == true, "\(byLine)")
        XCTAssertTrue(byLine["line 1"]?.contains("rec:3x") == true)
        XCTAssertTrue(byLine["line 2"]?.contains("completed date 2026-13-45") == true)
        XCTAssertTrue(byLine["line 3"]?.contains("no title") == true)
        XCTAssertTrue(byLine["line 4"]?.contains("rec:2b") == true)
        XCTAssertNil(byLine["line 5"])
        let bug = Fixture.task(batch, "Fix bug")
        XCTAssertEqual(kept(bug, "todotxt_due"), .string("2026-13-45"))
        XCTAssertEqual(kept(bug, "todotxt_rec"), .string("3x"))
        XCTAssertEqual(Fixture.task(batch, "Odd completion date")?.task.status, .done)
    }

    func testBinaryIsAFormatError() throws {
        XCTAssertThrowsError(try Fixture.read("todotxt", "todotxt/binary.txt")) { e in
            XCTAssertEqual((e as? ImportFormatError)?.location, "line 2")
        }
    }

    func testExportLines() throws {
        let open = sampleTask("Call mom") { t in
            t.priority = .high
            t.project = "Family Matters"
            t.tags = ["phone", "weekend calls"]
            t.due = LocalDateTime("2026-11-30T18:00")
        }
        let done = sampleTask("Pay rent") { t in
            t.status = .done
            t.completed = Timestamp.parse("2026-11-25T10:00:00Z")
            t.priority = .medium
        }
        let twiceAWeek = sampleTask("Gym") { t in
            t.recurrence = "FREQ=WEEKLY;BYDAY=MO,TH"
            t.due = LocalDateTime("2026-11-30")
        }
        let saturdays = sampleTask("Water plants") { t in
            t.recurrence = "FREQ=WEEKLY;BYDAY=SA"
            t.due = LocalDateTime("2026-11-28")
        }
        let lines = try Fixture.export("todotxt", [open, done, twiceAWeek, saturdays]).components(separatedBy: "\n")
        XCTAssertEqual(lines, [
            "(A) 2026-11-20 Call mom +Family_Matters @phone @weekend_calls due:2026-11-30T18:00",
            "x 2026-11-25 2026-11-20 Pay rent pri:B",
            // Monday and Thursday: no rec: can say it, so it is left out.
            "2026-11-20 Gym due:2026-11-30",
            // Every Saturday for a task due on a Saturday is every week from the due date.
            "2026-11-20 Water plants due:2026-11-28 rec:+1w",
            "",
        ])
    }

    /// Our export read back by our importer gives the same fields.
    func testRoundTrip() throws {
        let zone = Fixture.clock.timeZone
        let source = [
            sampleTask("Call mom") { t in
                t.priority = .high
                t.project = "Family"
                t.tags = ["phone", "errands"]
                t.due = LocalDateTime("2026-11-30")
            },
            sampleTask("Pay rent") { t in
                t.status = .done
                t.priority = .medium
                t.project = "Home"
                t.completed = Timestamp.parse("2026-11-25T10:00:00Z")
            },
            sampleTask("Trip to Japan") { t in t.status = .someday },
            sampleTask("Old idea") { t in
                t.status = .cancelled
                t.completed = Timestamp.parse("2026-11-26T10:00:00Z")
            },
            sampleTask("Write report") { t in
                t.status = .inProgress
                t.scheduled = LocalDateTime("2026-11-28T09:30")
            },
            sampleTask("Water plants") { t in
                t.due = LocalDateTime("2026-11-28")
                t.recurrence = "FREQ=WEEKLY;INTERVAL=2"
            },
            sampleTask("Mow lawn") { t in
                t.deferDate = LocalDateTime("2026-12-01")
                t.recurrence = "FREQ=MONTHLY"
                t.repeatMode = .deferAnother
            },
            sampleTask("Invoice") { t in
                t.due = LocalDateTime("2026-12-01")
                t.recurrence = "FREQ=DAILY;INTERVAL=3"
                t.repeatMode = .dueAgain
            },
            sampleTask("Learn Swift") { t in
                t.priority = .low
                t.extra = [("todotxt_priority", .string("D")), ("todotxt_id", .string("42"))]
            },
        ]
        let text = try Fixture.export("todotxt", source)
        let batch = try TodoTxt().read(ImportInput(text: text, name: "todo.txt"), options: ImportOptions(clock: Fixture.clock))
        XCTAssertEqual(batch.problems, [])
        XCTAssertEqual(batch.tasks.count, source.count)
        for (s, got) in zip(source, batch.tasks) {
            let t = got.task
            XCTAssertEqual(t.title, s.title)
            XCTAssertEqual(t.status, s.status, s.title)
            XCTAssertEqual(t.priority, s.priority, s.title)
            XCTAssertEqual(t.project, s.project, s.title)
            XCTAssertEqual(t.tags, s.tags, s.title)
            XCTAssertEqual(t.due, s.due, s.title)
            XCTAssertEqual(t.deferDate, s.deferDate, s.title)
            XCTAssertEqual(t.scheduled, s.scheduled, s.title)
            XCTAssertEqual(t.recurrence, s.recurrence, s.title)
            XCTAssertEqual(t.repeatMode, s.repeatMode, s.title)
            XCTAssertEqual(t.extra.map(\.0), s.extra.map(\.0), s.title)
            XCTAssertEqual(t.extra.map(\.1), s.extra.map(\.1), s.title)
            // Creation and completion dates carry the day.
            XCTAssertEqual(t.created.map { LocalDate($0, in: zone) }, s.created.map { LocalDate($0, in: zone) }, s.title)
            XCTAssertEqual(t.completed.map { LocalDate($0, in: zone) }, s.completed.map { LocalDate($0, in: zone) }, s.title)
        }
    }
}
