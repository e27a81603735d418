import Foundation
import TodoMDCore
import XCTest

/// Things 3 JSON (issue 17). The clock is Friday 2026-11-27 09:00 in Berlin.
final class ThingsJSONTests: XCTestCase {
    static let fixture = "things/things.json"

    func d(_ s: String) -> LocalDateTime? { LocalDateTime(s) }

    func extra(_ t: TodoTask, _ key: String) -> JSONValue? { t.extra.first { $0.0 == key }?.1 }

    func testRecognizes() throws {
        let things = ThingsJSON()
        XCTAssertTrue(things.recognizes(try Fixture.input(Self.fixture)))
        XCTAssertFalse(things.recognizes(ImportInput(text: "[{\"title\": \"x\", \"status\": \"pending\"}]")))
        XCTAssertFalse(things.recognizes(ImportInput(text: "- task\n")))
        XCTAssertEqual(try Interchange.guess(try Fixture.input(Self.fixture)).format, "things")
    }

    func testGolden() throws {
        let batch = try Fixture.read("things", Self.fixture)
        XCTAssertEqual(batch.tasks.map(\.task.title), [
            "Bread", "Milk", "Cheese", "Pack for vacation", "Learn Italian", "Call plumber", "Résumé überarbeiten ✍️",
        ])
        let bread = try XCTUnwrap(Fixture.task(batch, "Bread")).task
        XCTAssertEqual(bread.area, "Personal")
        XCTAssertEqual(bread.project, "Go Shopping")
        XCTAssertEqual(bread.scheduled, d("2026-11-27"))
        XCTAssertEqual(bread.tags, ["Errand", "Bakery"])
        XCTAssertNil(extra(bread, "things_heading"))

        // A heading groups the to-dos after it.
        let milk = try XCTUnwrap(Fixture.task(batch, "Milk")).task
        XCTAssertEqual(extra(milk, "things_heading"), .string("Dairy"))
        XCTAssertEqual(milk.due, d("2026-12-01"))
        XCTAssertEqual(milk.body, "Oat milk\nor soy")
        let cheese = try XCTUnwrap(Fixture.task(batch, "Cheese")).task
        XCTAssertEqual(extra(cheese, "things_heading"), .string("Dairy"))
        XCTAssertEqual(cheese.status, .done)
        XCTAssertEqual(cheese.completed, Timestamp.parse("2026-11-20T10:00:00Z"))

        // `list` naming an area (not a project) is the area; the checklist joins the body.
        let pack = try XCTUnwrap(Fixture.task(batch, "Pack for vacation"))
        XCTAssertEqual(pack.task.area, "Personal")
        XCTAssertNil(pack.task.project)
        XCTAssertEqual(pack.task.scheduled, d("2026-12-01T18:00"))
        XCTAssertEqual(pack.task.body, "Check the weather first.\n\n- [ ] Camera\n- [x] Passport")
        XCTAssertEqual(pack.task.created, Timestamp.parse("2026-11-02T08:30:00Z"))

        let italian = try XCTUnwrap(Fixture.task(batch, "Learn Italian")).task
        XCTAssertEqual(italian.status, .someday)
        XCTAssertEqual(italian.project, "Go Shopping")

        // The top-level `id` of Things' update form is the record id.
        let plumber = try XCTUnwrap(Fixture.task(batch, "Call plumber"))
        XCTAssertEqual(plumber.id, "4ArVnjvHz1nzc8Yx3Jeqzn")
        XCTAssertEqual(plumber.task.status, .cancelled)
        XCTAssertEqual(plumber.task.scheduled, d("2026-11-27"))
        XCTAssertEqual(extra(plumber.task, "things_when"), .string("evening"))

        let resume = try XCTUnwrap(Fixture.task(batch, "Résumé überarbeiten ✍️"))
        XCTAssertEqual(resume.task.scheduled, d("2026-12-04"), "next friday")
        XCTAssertNil(resume.task.due)
        XCTAssertEqual(extra(resume.task, "things_deadline"), .string("soonish"))
        XCTAssertEqual(extra(resume.task, "things_reminder_note"), .string("bring pen"))

        XCTAssertEqual(Set(batch.problems.map(\.location)), ["record 1", "record 5", "record 6"], "\(batch.problems)")
        let project = try XCTUnwrap(batch.problems.first { $0.location == "record 1" })
        XCTAssertTrue(project.message.contains("notes, deadline"), project.message)
        XCTAssertEqual(Set(batch.tasks.map(\.id)).count, batch.tasks.count)
    }

    func testAreaWrappersAndListIDs() throws {
        let json = """
            [{"type": "area", "attributes": {"title": "Work", "items": [
              {"type": "project", "id": "P1", "attributes": {"title": "Q4", "items": [{"type": "to-do", "attributes": {"title": "Report"}}]}},
              {"type": "to-do", "attributes": {"title": "Inbox zero"}}]}},
             {"type": "to-do", "attributes": {"title": "Slides", "list-id": "P1", "tags": "a, b"}}]
            """
        let batch = try ThingsJSON().read(ImportInput(text: json), options: ImportOptions(clock: Fixture.clock))
        XCTAssertEqual(batch.problems, [])
        XCTAssertEqual(batch.tasks.map { [$0.task.title, $0.task.area ?? "-", $0.task.project ?? "-"] },
                       [["Report", "Work", "Q4"], ["Inbox zero", "Work", "-"], ["Slides", "-", "Q4"]])
        XCTAssertEqual(batch.tasks[2].task.tags, ["a", "b"])
    }

    func testNotThings() throws {
        XCTAssertThrowsError(try Fixture.read("things", "things/broken.json")) { e in
            XCTAssertEqual((e as? ImportFormatError)?.location, "record 2")
        }
        XCTAssertThrowsError(try ThingsJSON().read(ImportInput(text: "[{\"type\": \"to-do\",]"), options: ImportOptions(clock: Fixture.clock))) { e in
            XCTAssertEqual((e as? ImportFormatError)?.location.hasPrefix("line 1, column"), true, "\(e)")
        }
        XCTAssertThrowsError(try ThingsJSON().read(ImportInput(text: "42"), options: ImportOptions(clock: Fixture.clock)))
    }

    func testExportShape() throws {
        let a = sampleTask("Bread") { $0.area = "Personal"; $0.project = "Go Shopping"; $0.scheduled = LocalDateTime("2026-12-01T18:00") }
        let b = sampleTask("Milk") {
            $0.area = "Personal"; $0.project = "Go Shopping"
            $0.extra = [("things_heading", .string("Dairy"))]
            $0.body = "Oat\n\n- [ ] carton\n- [x] bottle"
            $0.due = LocalDateTime("2026-12-02T09:00")
        }
        let c = sampleTask("Loose \"end\"") { $0.area = "Home"; $0.status = .someday; $0.tags = ["x"] }
        let out = try Fixture.export("things", [a, b, c])
        let lines = out.split(separator: "\n")
        XCTAssertEqual(lines.count, 4, out)
        XCTAssertEqual(lines[0], "[")
        XCTAssertEqual(String(lines[1]), #"{"type":"project","attributes":{"title":"Go Shopping","area":"Personal","items":["#
            + #"{"type":"to-do","attributes":{"title":"Bread","when":"2026-12-01@18:00","creation-date":"2026-11-20T08:00:00Z"}},"#
            + #"{"type":"heading","attributes":{"title":"Dairy"}},"#
            + #"{"type":"to-do","attributes":{"title":"Milk","notes":"Oat","deadline":"2026-12-02","checklist-items":["#
            + #"{"type":"checklist-item","attributes":{"title":"carton","completed":false}},"#
            + #"{"type":"checklist-item","attributes":{"title":"bottle","completed":true}}],"creation-date":"2026-11-20T08:00:00Z"}}]}},"#)
        XCTAssertEqual(String(lines[2]), #"{"type":"to-do","attributes":{"title":"Loose \"end\"","when":"someday","tags":["x"],"#
            + #""creation-date":"2026-11-20T08:00:00Z","list":"Home"}}"#)
        XCTAssertEqual(lines[3], "]")
        // Valid JSON for any parser.
        XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(out.utf8)))
        XCTAssertEqual(try Fixture.export("things", []), "[]\n")
    }

    func testRoundTrip() throws {
        let tasks = [
            sampleTask("Bread") { $0.area = "Personal"; $0.project = "Go Shopping"; $0.scheduled = LocalDateTime("2026-12-01T18:00"); $0.tags = ["Errand"] },
            sampleTask("Milk") {
                $0.area = "Personal"; $0.project = "Go Shopping"
                $0.extra = [("things_heading", .string("Dairy"))]
                $0.body = "Oat\n\n- [ ] carton\n- [x] bottle"
                $0.due = LocalDateTime("2026-12-02")
                $0.status = .done
                $0.completed = Timestamp.parse("2026-11-26T10:00:00Z")
            },
            sampleTask("Taxes") { $0.project = "Admin"; $0.status = .cancelled },
            sampleTask("Someday thing") { $0.status = .someday; $0.body = "Ünïcödé\nnotes" },
        ]
        let text = try Fixture.export("things", tasks)
        let batch = try ThingsJSON().read(ImportInput(text: text), options: ImportOptions(clock: Fixture.clock))
        XCTAssertEqual(batch.problems, [])
        XCTAssertEqual(batch.tasks.map(\.task.title), tasks.map(\.title))
        for (o, i) in zip(tasks, batch.tasks.map(\.task)) {
            XCTAssertEqual(i.status, o.status, o.title)
            XCTAssertEqual(i.area, o.area, o.title)
            XCTAssertEqual(i.project, o.project, o.title)
            XCTAssertEqual(i.due, o.due, o.title)
            XCTAssertEqual(i.scheduled, o.scheduled, o.title)
            XCTAssertEqual(i.tags, o.tags, o.title)
            XCTAssertEqual(i.body, o.body, o.title)
            XCTAssertEqual(i.created, o.created, o.title)
            XCTAssertEqual(i.completed, o.completed, o.title)
            XCTAssertEqual(extra(i, "things_heading"), extra(o, "things_heading"), o.title)
        }
        // Same file, same ids.
        XCTAssertEqual(try ThingsJSON().read(ImportInput(text: text), options: ImportOptions(clock: Fixture.clock)).tasks.map(\.id),
                       batch.tasks.map(\.id))
    }
}
