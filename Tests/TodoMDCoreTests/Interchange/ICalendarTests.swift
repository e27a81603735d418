import Foundation
import TodoMDCore
import XCTest

/// iCalendar VTODO (issue 17). The clock is Friday 2026-11-27 09:00 in Berlin.
final class ICalendarTests: XCTestCase {
    func d(_ s: String) -> LocalDateTime? { LocalDateTime(s) }

    func extra(_ t: TodoTask, _ key: String) -> JSONValue? { t.extra.first { $0.0 == key }?.1 }

    func testRecognizes() throws {
        let ical = ICalendar()
        XCTAssertTrue(ical.recognizes(try Fixture.input("ical/reminders.ics")))
        XCTAssertTrue(ical.recognizes(ImportInput(text: "\nbegin:vcalendar\r\n")))
        XCTAssertFalse(ical.recognizes(ImportInput(text: "BEGIN:VCARD\nEND:VCARD\n")))
        XCTAssertEqual(try Interchange.guess(try Fixture.input("ical/thunderbird.ics")).format, "ical")
        XCTAssertEqual(try Interchange.importer("ics").format, "ical")
    }

    func testAppleReminders() throws {
        let batch = try Fixture.read("ical", "ical/reminders.ics")
        XCTAssertEqual(batch.problems, [])
        XCTAssertEqual(batch.tasks.map(\.task.title), ["Buy oat milk", "Return bottles", "Pick up parcel"])
        // The list name is the project.
        XCTAssertTrue(batch.tasks.allSatisfy { $0.task.project == "Groceries" })

        let milk = try XCTUnwrap(Fixture.task(batch, "Buy oat milk"))
        XCTAssertEqual(milk.id, "5D6A7A1C-2F39-4D57-9E1F-6C1D9E0B7A11")
        XCTAssertEqual(milk.task.due, d("2026-12-01T09:00"))
        XCTAssertNil(milk.task.deferDate, "Reminders' DTSTART = DUE is no defer")
        XCTAssertEqual(milk.task.priority, .high)
        XCTAssertEqual(milk.task.status, .todo)
        XCTAssertEqual(milk.task.created, Timestamp.parse("2026-11-20T08:15:00Z"))
        XCTAssertEqual(milk.task.modified, Timestamp.parse("2026-11-26T10:10:10Z"))
        XCTAssertEqual(extra(milk.task, "ical_x_apple_sort_order"), .string("743412345"))
        XCTAssertEqual(extra(milk.task, "ical_alarm"), .string("20261201T080000Z"))
        XCTAssertNil(extra(milk.task, "ical_sequence"))

        let bottles = try XCTUnwrap(Fixture.task(batch, "Return bottles")).task
        XCTAssertEqual(bottles.status, .done)
        XCTAssertEqual(bottles.completed, Timestamp.parse("2026-11-25T17:30:00Z"))
        XCTAssertEqual(bottles.due, d("2026-11-24"))
        XCTAssertEqual(bottles.priority, .low)
        XCTAssertNil(extra(bottles, "ical_percent_complete"), "100% of a completed task says nothing more")

        // Folded, escaped text; a UTC time is shown in the vault's zone; DTSTAMP stands in for CREATED.
        let parcel = try XCTUnwrap(Fixture.task(batch, "Pick up parcel")).task
        XCTAssertEqual(parcel.body, "A long note that is folded across lines because Apple folds at 75 octets, with a comma; a semicolon and a backslash \\.\nSecond line.")
        XCTAssertEqual(parcel.due, d("2026-12-03T18:00"))
        XCTAssertEqual(parcel.priority, .medium)
        XCTAssertEqual(parcel.created, Timestamp.parse("2026-11-26T10:10:10Z"))
    }

    func testNextcloudTasks() throws {
        let batch = try Fixture.read("ical", "ical/nextcloud.ics")
        XCTAssertEqual(batch.tasks.map(\.task.title), ["Renovate kitchen", "Fliesen bestellen – Größe 30×60, matt", "Call electrician"])
        let kitchen = try XCTUnwrap(Fixture.task(batch, "Renovate kitchen"))
        XCTAssertEqual(kitchen.task.status, .inProgress)
        XCTAssertEqual(kitchen.task.priority, .none)
        XCTAssertEqual(kitchen.task.tags, ["Home", "DIY"])
        XCTAssertEqual(kitchen.task.deferDate, d("2026-11-28"))
        XCTAssertEqual(kitchen.task.due, d("2026-12-20"))
        // A floating CREATED is read in the vault's zone.
        XCTAssertEqual(kitchen.task.created, Timestamp.parse("2026-11-10T09:00:00Z"))
        XCTAssertEqual(extra(kitchen.task, "ical_percent_complete"), .string("40"))
        XCTAssertEqual(extra(kitchen.task, "ical_x_oc_hidesubtasks"), .string("0"))

        let tiles = try XCTUnwrap(Fixture.task(batch, "Fliesen bestellen – Größe 30×60, matt"))
        XCTAssertEqual(tiles.parent, "a1b2c3d4-parent")
        XCTAssertEqual(tiles.parent, kitchen.id)
        XCTAssertEqual(tiles.task.tags, ["Shopping", "Home"])
        XCTAssertEqual(tiles.task.body, "Compare prices:\n- Hornbach\n- Bauhaus")
        XCTAssertEqual(tiles.task.recurrence, "FREQ=WEEKLY;INTERVAL=2;BYDAY=SA")
        XCTAssertEqual(extra(tiles.task, "ical_class"), .string("PRIVATE"))

        let electrician = try XCTUnwrap(Fixture.task(batch, "Call electrician")).task
        XCTAssertEqual(electrician.status, .cancelled)
        XCTAssertNil(electrician.due)
        XCTAssertEqual(extra(electrician, "ical_due"), .string("2026113"))
        XCTAssertEqual(extra(electrician, "ical_priority"), .string("12"))
        XCTAssertEqual(batch.problems.map(\.location), ["line 31", "line 31"])
    }

    func testThunderbirdSkipsEventsAndReadsMozillaZones() throws {
        let batch = try Fixture.read("ical", "ical/thunderbird.ics")
        XCTAssertEqual(batch.problems, [])
        XCTAssertEqual(batch.tasks.map(\.task.title), ["File taxes"])
        let taxes = batch.tasks[0].task
        // 17:00 in New York is 23:00 in Berlin.
        XCTAssertEqual(taxes.due, d("2026-12-15T23:00"))
        XCTAssertEqual(taxes.priority, .high)
        XCTAssertEqual(taxes.body, "Forms W-2 and 1099")
        XCTAssertEqual(extra(taxes, "ical_x_moz_generation"), .string("3"))
    }

    func testCalendarNameAfterTheTodosAndNoUID() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:No id\r\nDUE;VALUE=DATE:20261201\r\nEND:VTODO\r\nX-WR-CALNAME:Errands\r\nEND:VCALENDAR\r\n"
            + "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:Second\nX-TODOMD-PROJECT:Own\nEND:VTODO\nEND:VCALENDAR\n"
        let batch = try ICalendar().read(ImportInput(text: text), options: ImportOptions(clock: Fixture.clock))
        XCTAssertEqual(batch.tasks.map { $0.task.project ?? "-" }, ["Errands", "Own"])
        XCTAssertEqual(batch.tasks[0].id.count, 16, "no UID: an id from the content")
        XCTAssertEqual(try ICalendar().read(ImportInput(text: text), options: ImportOptions(clock: Fixture.clock)).tasks.map(\.id),
                       batch.tasks.map(\.id))
    }

    func testMalformed() throws {
        XCTAssertThrowsError(try Fixture.read("ical", "ical/unbalanced.ics")) { e in
            XCTAssertEqual((e as? ImportFormatError)?.location, "line 5")
            XCTAssertEqual((e as? ImportFormatError)?.expected, "END:VTODO")
        }
        let read = { (text: String) in try ICalendar().read(ImportInput(text: text), options: ImportOptions(clock: Fixture.clock)) }
        XCTAssertThrowsError(try read("SUMMARY:x\n")) { e in XCTAssertEqual((e as? ImportFormatError)?.location, "line 1") }
        XCTAssertThrowsError(try read("BEGIN:VCALENDAR\nBEGIN:VTODO\nnot a property\nEND:VTODO\nEND:VCALENDAR\n")) { e in
            XCTAssertEqual((e as? ImportFormatError)?.location, "line 3")
        }
        XCTAssertThrowsError(try read("BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:x\nEND:VTODO\n")) { e in
            XCTAssertEqual((e as? ImportFormatError)?.expected, "END:VCALENDAR")
        }
    }

    func testExportShape() throws {
        let parent = sampleTask("Renovate kitchen") {
            $0.deferDate = LocalDateTime("2026-11-28")
            $0.due = LocalDateTime("2026-12-20")
            $0.tags = ["Home", "a,b;c"]
            $0.priority = .high
            $0.status = .inProgress
        }
        let child = sampleTask("Order tiles") {
            $0.extra = [("parent", .string(parent.filename)), ("ical_x_apple_sort_order", .string("12"))]
            $0.due = LocalDateTime("2026-12-01T09:30")
            $0.recurrence = "DTSTART:20261201\nRRULE:FREQ=WEEKLY;BYDAY=SA"
            $0.body = "Größe 30×60 – " + String(repeating: "é", count: 40) + "\nline two"
        }
        let out = try Fixture.export("ical", [parent, child])
        XCTAssertTrue(out.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todo.md//todomd//EN\r\n"), out)
        XCTAssertTrue(out.hasSuffix("END:VTODO\r\nEND:VCALENDAR\r\n"))
        // Every line ends in CRLF and is at most 75 octets.
        XCTAssertFalse(out.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        for line in out.components(separatedBy: "\r\n") { XCTAssertLessThanOrEqual(line.utf8.count, 75, line) }
        let unfolded = out.replacingOccurrences(of: "\r\n ", with: "")
        let lines = unfolded.components(separatedBy: "\r\n")
        XCTAssertTrue(lines.contains("UID:20261127-0900-renovate-kitchen@todo.md"))
        XCTAssertTrue(lines.contains("DTSTAMP:20261127T080000Z"))
        XCTAssertTrue(lines.contains("CREATED:20261120T080000Z"))
        XCTAssertTrue(lines.contains("DTSTART;VALUE=DATE:20261128"))
        XCTAssertTrue(lines.contains("DUE;VALUE=DATE:20261220"))
        XCTAssertTrue(lines.contains("STATUS:IN-PROCESS"))
        XCTAssertTrue(lines.contains("PRIORITY:1"))
        XCTAssertTrue(lines.contains("CATEGORIES:Home,a\\,b\\;c"))
        XCTAssertTrue(lines.contains("DUE:20261201T093000"))
        XCTAssertTrue(lines.contains("RRULE:FREQ=WEEKLY;BYDAY=SA"))
        XCTAssertTrue(lines.contains("RELATED-TO;RELTYPE=PARENT:20261127-0900-renovate-kitchen@todo.md"))
        XCTAssertTrue(lines.contains("DESCRIPTION:Größe 30×60 – " + String(repeating: "é", count: 40) + "\\nline two"))
        XCTAssertTrue(lines.contains("X-APPLE-SORT-ORDER:12"))
        XCTAssertFalse(unfolded.contains("DTSTART:2026"), "the rule's DTSTART is not written")
    }

    func testRoundTrip() throws {
        let parent = sampleTask("Renovate kitchen") {
            $0.deferDate = LocalDateTime("2026-11-28")
            $0.due = LocalDateTime("2026-12-20")
            $0.scheduled = LocalDateTime("2026-12-01T10:00")
            $0.tags = ["Home", "a,b;c"]
            $0.priority = .high
            $0.status = .inProgress
            $0.flagged = true
            $0.area = "Home"
            $0.project = "Kitchen"
            $0.description = "The big one"
            $0.body = "Line one; with, punctuation\\\n\nLine three"
            $0.modified = Timestamp.parse("2026-11-25T12:00:00Z")
        }
        let child = sampleTask("Order tiles") {
            $0.extra = [("parent", .string(parent.filename))]
            $0.due = LocalDateTime("2026-12-01T09:30")
            $0.deferDate = LocalDateTime("2026-12-02T09:30")  // after the due date: not a DTSTART
            $0.recurrence = "FREQ=WEEKLY;BYDAY=SA"
            $0.repeatMode = .dueAgain
            $0.estimatedMinutes = 30
            $0.priority = .low
        }
        let done = sampleTask("Done thing") { $0.status = .done; $0.completed = Timestamp.parse("2026-11-26T16:30:00Z"); $0.priority = .medium }
        let someday = sampleTask("Someday thing") { $0.status = .someday }
        let cancelled = sampleTask("Dropped thing") { $0.status = .cancelled }
        let tasks = [parent, child, done, someday, cancelled]
        let text = try Fixture.export("ical", tasks)
        let batch = try ICalendar().read(ImportInput(text: text), options: ImportOptions(clock: Fixture.clock))
        XCTAssertEqual(batch.problems, [])
        XCTAssertEqual(batch.tasks.map(\.task.title), tasks.map(\.title))
        for (o, i) in zip(tasks, batch.tasks.map(\.task)) {
            XCTAssertEqual(i.status, o.status, o.title)
            XCTAssertEqual(i.due, o.due, o.title)
            XCTAssertEqual(i.deferDate, o.deferDate, o.title)
            XCTAssertEqual(i.scheduled, o.scheduled, o.title)
            XCTAssertEqual(i.priority, o.priority, o.title)
            XCTAssertEqual(i.flagged, o.flagged, o.title)
            XCTAssertEqual(i.area, o.area, o.title)
            XCTAssertEqual(i.project, o.project, o.title)
            XCTAssertEqual(i.tags, o.tags, o.title)
            XCTAssertEqual(i.recurrence, o.recurrence, o.title)
            XCTAssertEqual(i.repeatMode, o.repeatMode, o.title)
            XCTAssertEqual(i.estimatedMinutes, o.estimatedMinutes, o.title)
            XCTAssertEqual(i.description, o.description, o.title)
            XCTAssertEqual(i.body, o.body, o.title)
            XCTAssertEqual(i.created, o.created, o.title)
            XCTAssertEqual(i.modified, o.modified, o.title)
            XCTAssertEqual(i.completed, o.completed, o.title)
        }
        XCTAssertEqual(batch.tasks[1].parent, batch.tasks[0].id)
        XCTAssertEqual(batch.tasks[0].id, "20261127-0900-renovate-kitchen@todo.md")
    }
}
