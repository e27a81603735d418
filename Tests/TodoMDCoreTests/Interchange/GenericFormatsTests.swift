import Foundation
import TodoMDCore
import TodoMDTestSupport
import XCTest

/// The generic formats: any CSV or JSON mapped by column name (guessed, or `--map`), with a
/// BOM, CRLF, `;` separators, quoted line breaks; our own CSV and JSON read back as written;
/// and the CSV table itself (a property: any fields survive a write and a read).
final class GenericFormatsTests: XCTestCase {
    func testSemicolonCSVWithBOMAndCRLF() throws {
        let b = try Fixture.read("csv", "generic/semicolons.csv", mapping: ["Fällig": "due", "Liste": "project", "Notiz": "body"])
        XCTAssertEqual(b.mapping.map { "\($0.column)=\($0.field ?? "-")" },
                       ["Task=title", "Fällig=due", "Liste=project", "Labels=tags", "Notiz=body", "Owner=-"])
        XCTAssertEqual(b.tasks.map(\.task.title), ["Steuer; Erklärung", "Milch kaufen", "Nur Notiz"])
        let tax = try XCTUnwrap(Fixture.task(b, "Steuer; Erklärung"))
        XCTAssertEqual(tax.task.tags, ["geld", "amt"])
        XCTAssertEqual(tax.task.body, "Zeile eins\nZeile zwei")
        XCTAssertEqual(tax.task.project, "Büro")
        XCTAssertEqual(tax.task.extra.first { $0.0 == "csv_owner" }?.1, .string("Ana"))
        XCTAssertEqual(tax.location, "line 2")
        XCTAssertEqual(Fixture.task(b, "Milch kaufen")?.task.due, LocalDateTime("2026-11-28"), "relative dates read against the clock")
        XCTAssertEqual(Fixture.task(b, "Nur Notiz")?.task.due, LocalDateTime("2026-12-01T09:30"))
        XCTAssertEqual(Fixture.task(b, "Nur Notiz")?.location, "line 6")
        XCTAssertEqual(tax.task.due, LocalDateTime("2026-11-27"), "dotted dates are day.month.year")
        XCTAssertEqual(b.problems, [], "a row of empty cells is a blank line")
    }

    func testJSONWithAWrapperObjectMappedByGuess() throws {
        let b = try Fixture.read("json", "generic/tasks.json", mapping: ["dueDate": "due"])
        let plan = try XCTUnwrap(Fixture.task(b, "Plan the offsite"))
        XCTAssertEqual(plan.id, "17")
        XCTAssertEqual(plan.task.due, LocalDateTime("2026-12-04"))
        XCTAssertEqual(plan.task.tags, ["work", "team"])
        XCTAssertEqual(plan.task.body, "Venue?\nBudget?")
        XCTAssertEqual(plan.task.estimatedMinutes, 90)
        XCTAssertEqual(plan.task.extra.first { $0.0 == "json_color" }?.1, .string("blue"))
        let invites = try XCTUnwrap(Fixture.task(b, "Send invites"))
        XCTAssertEqual(invites.task.status, .done)
        XCTAssertEqual(invites.task.completed, Timestamp.parse("2026-11-26T08:00:00Z"))
        XCTAssertEqual(invites.task.due, LocalDateTime("2026-12-01T10:00"), "an offset instant shown in the clock's zone (Berlin)")
        XCTAssertEqual(invites.parent, "17")
        let odd = try XCTUnwrap(Fixture.task(b, "Odd one"))
        XCTAssertEqual(odd.task.extra.first { $0.0 == "json_meta" }?.1, .object([("a", .array([.int(1), .int(2)]))]), "nested values kept whole")
        XCTAssertEqual(b.problems.map(\.description), [
            "record 3: no title; not imported",
            "record 4: dueDate \"someday maybe\" is not a date I can read; kept",
            "record 4: priority \"urgent-ish\" is not a priority; kept",
        ])
    }

    func testMalformedAndMapping() throws {
        let o = ImportOptions(clock: Fixture.clock)
        XCTAssertThrowsError(try GenericCSV().read(ImportInput(text: "Owner,Color\nAna,blue\n"), options: o)) { e in
            XCTAssertTrue("\(e)".hasPrefix("line 1: expected a column for the title"), "\(e)")
        }
        XCTAssertThrowsError(try GenericCSV().read(ImportInput(text: "Title\n\"open"), options: o)) { e in
            XCTAssertEqual("\(e)", "line 2: expected a closing quote (\") for the field opened here")
        }
        XCTAssertThrowsError(try GenericCSV().read(ImportInput(text: "A,B\n1,2\n"), options: ImportOptions(clock: Fixture.clock, mapping: ["A": "nonsense"]))) { e in
            XCTAssertTrue("\(e)".contains("nonsense is not a field"), "\(e)")
        }
        XCTAssertThrowsError(try GenericCSV().read(ImportInput(text: "A,B\n1,2\n"), options: ImportOptions(clock: Fixture.clock, mapping: ["C": "title"]))) { e in
            XCTAssertTrue("\(e)".contains("there is no column \"C\""), "\(e)")
        }
        let mapped = try GenericCSV().read(ImportInput(text: "A,B\nWash the car,2026-12-01\n"), options: ImportOptions(clock: Fixture.clock, mapping: ["A": "title", "B": "scheduled"]))
        XCTAssertEqual(mapped.tasks.first?.task.scheduled, LocalDateTime("2026-12-01"))
        XCTAssertThrowsError(try GenericJSON().read(ImportInput(text: "[1, 2]"), options: o)) { e in
            XCTAssertEqual("\(e)", "record 1: expected a JSON object")
        }
        XCTAssertThrowsError(try ImportInput(bytes: [0x54, 0x69, 0xFF, 0x0A], name: "x.csv")) { e in
            XCTAssertEqual("\(e)", "byte 3: expected UTF-8 text")
        }
    }

    func testOurOwnCSVAndJSONReadBackAsWritten() throws {
        let a = sampleTask("Plan, \"carefully\"") {
            $0.area = "Work"; $0.project = "Launch"; $0.due = LocalDateTime("2026-12-01T17:00"); $0.priority = .high
            $0.tags = ["q4", "team/eng"]; $0.flagged = true; $0.estimatedMinutes = 45; $0.description = "Short"
            $0.recurrence = "FREQ=WEEKLY;BYDAY=MO"; $0.repeatMode = .dueAgain; $0.body = "Line one\nLine two, with a comma"
            $0.extra = [("context", .string("desk"))]
        }
        let b = sampleTask("Cancelled one") {
            $0.status = .cancelled; $0.completed = Timestamp.parse("2026-11-25T12:00:00Z"); $0.deferDate = LocalDateTime("2026-11-20")
            $0.extra = [("parent", .string(a.filename))]
        }
        for format in ["csv", "json"] {
            let out = try Fixture.export(format, [a, b])
            let back = try Interchange.importer(format).read(ImportInput(text: out), options: ImportOptions(clock: Fixture.clock))
            XCTAssertEqual(back.problems, [], format)
            let x = try XCTUnwrap(back.tasks.first?.task), y = try XCTUnwrap(back.tasks.last)
            XCTAssertEqual(x.title, a.title, format)
            XCTAssertEqual([x.area, x.project, x.description], [a.area, a.project, a.description], format)
            XCTAssertEqual(x.due, a.due, format)
            XCTAssertEqual(x.priority, a.priority, format)
            XCTAssertEqual(x.tags, a.tags, format)
            XCTAssertEqual(x.flagged, true, format)
            XCTAssertEqual(x.estimatedMinutes, 45, format)
            XCTAssertEqual(x.recurrence, a.recurrence, format)
            XCTAssertEqual(x.repeatMode, .dueAgain, format)
            XCTAssertEqual(x.body, a.body, format)
            XCTAssertEqual(x.created, a.created, format)
            if format == "json" { XCTAssertEqual(x.extra.first { $0.0 == "context" }?.1, .string("desk"), "unknown keys keep their names") }
            XCTAssertEqual(y.task.status, .cancelled, format)
            XCTAssertEqual(y.task.completed, b.completed, format)
            XCTAssertEqual(y.task.deferDate, b.deferDate, format)
            XCTAssertEqual(y.parent, a.id, format)
        }
    }

    /// Any fields (separators, quotes, line breaks, spaces, non-ASCII) survive a row written and
    /// read, CRLF inside a field read as LF.
    func testCSVRowsRoundTripProperty() throws {
        var g = SeededGenerator(seed: 17)
        let alphabet: [Character] = ["a", "Z", " ", ",", ";", "\"", "\n", "\r\n", "é", "✓", "\t", "x"]
        for _ in 0..<300 {
            let fields = (0..<Int.random(in: 1...6, using: &g)).map { _ in
                String((0..<Int.random(in: 0...8, using: &g)).map { _ in alphabet.randomElement(using: &g)! })
            }
            let text = CSVTable.row(fields) + CSVTable.row(["end"])
            let table = try CSVTable(text)
            // Line breaks inside a field come back as `\n` (the notes are Markdown).
            let expected = fields.count == 1 && fields[0].isEmpty ? [] : [fields.map { $0.replacingOccurrences(of: "\r\n", with: "\n") }]
            XCTAssertEqual(table.rows.dropLast().map(\.fields), expected, "\(fields) as \(text.debugDescription)")
        }
    }

    func testImportDatesTable() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let cases: [(String, Bool, String?)] = [
            ("2026-11-27", false, "2026-11-27"), ("20261127", false, "2026-11-27"),
            ("2026-11-27T09:30", false, "2026-11-27T09:30"), ("2026-11-27 09:30:15", false, "2026-11-27T09:30"),
            ("2026-11-27T09:30:00Z", false, "2026-11-27T10:30"), ("20261127T093000Z", false, "2026-11-27T10:30"),
            ("2026-11-27T09:30:00.000+0000", false, "2026-11-27T10:30"), ("2026-11-27T09:30:00-05:00", false, "2026-11-27T15:30"),
            ("20261126T230000Z", true, "2026-11-27"), ("2026-11-27T00:00", true, "2026-11-27"),
            ("2026-02-30", false, nil), ("27.11.2026", false, nil) /* ImportDates.dotted reads it */, ("2026-11-27T25:00", false, nil), ("tomorrow", false, nil),
        ]
        for (text, midnight, expected) in cases {
            XCTAssertEqual(ImportDates.local(text, zone: berlin, midnightIsDay: midnight)?.description, expected, text)
        }
        XCTAssertEqual(ImportDates.instant("2026-11-27", zone: berlin), Timestamp.parse("2026-11-26T23:00:00Z"))
    }
}
