import Foundation
import TodoMDCore
import XCTest

/// TickTick's backup CSV (issue 17). The clock is Friday 2026-11-27 09:00 in Berlin.
final class TickTickCSVTests: XCTestCase {
    static let fixture = "ticktick/ticktick-backup-2026-11-26.csv"

    func d(_ s: String) -> LocalDateTime? { LocalDateTime(s) }
    func kept(_ t: ImportedTask?, _ key: String) -> JSONValue? { t?.task.extra.first { $0.0 == key }?.1 }

    func testRecognizesTheBackup() throws {
        XCTAssertTrue(TickTickCSV().recognizes(try Fixture.input(Self.fixture)))
        XCTAssertFalse(TickTickCSV().recognizes(try Fixture.input("todoist/not-todoist.csv")))
        XCTAssertEqual(try Interchange.guess(try Fixture.input(Self.fixture)).format, "ticktick")
        XCTAssertFalse(Interchange.exporters.contains { $0.format == "ticktick" }, "import only")
    }

    func testGoldenTasks() throws {
        let batch = try Fixture.read("ticktick", Self.fixture)
        XCTAssertEqual(batch.tasks.map(\.task.title), [
            "Buy groceries", "Milk", "Packing list", "Stand-up", "Release notes", "Book ideas", "Überprüfen: Heizung ☀️", "Broken row",
        ])

        let groceries = try XCTUnwrap(Fixture.task(batch, "Buy groceries"))
        XCTAssertEqual(groceries.id, "6741a1b2c3d4e5f601234567")
        XCTAssertEqual(groceries.task.area, "Personal")
        XCTAssertEqual(groceries.task.project, "Home")
        XCTAssertEqual(groceries.task.tags, ["errands", "food"])
        XCTAssertEqual(groceries.task.body, "Milk, bread\nand \"good\" coffee")
        // An all-day due date is 23:00 UTC, midnight in Berlin: the day alone.
        XCTAssertEqual(groceries.task.due, d("2026-11-28"))
        XCTAssertEqual(groceries.task.priority, .high)
        XCTAssertEqual(groceries.task.status, .todo)
        XCTAssertEqual(groceries.task.created, Timestamp.parse("2026-11-20T08:00:00Z"))
        XCTAssertEqual(kept(groceries, "ticktick_reminder"), .string("-PT15M"))
        XCTAssertEqual(kept(groceries, "ticktick_order"), .string("-1099511627776"))
        XCTAssertEqual(kept(groceries, "ticktick_view_mode"), .string("list"))
        XCTAssertEqual(kept(groceries, "ticktick_projectkind"), .string("TASK"))
        XCTAssertNil(kept(groceries, "ticktick_timezone"), "the vault's zone is not kept")

        let milk = try XCTUnwrap(Fixture.task(batch, "Milk"))
        XCTAssertEqual(milk.parent, groceries.id)
        XCTAssertEqual(milk.task.priority, .none)

        // A checklist's items are checkbox lines; the Inbox is no project.
        let packing = try XCTUnwrap(Fixture.task(batch, "Packing list"))
        XCTAssertNil(packing.task.project)
        XCTAssertNil(packing.task.area)
        XCTAssertEqual(packing.task.body, "For the weekend\n\n- [ ] Passport\n- [x] Charger\n- [ ] Toothbrush")
        XCTAssertEqual(packing.task.scheduled, d("2026-11-28T09:00"))
        XCTAssertEqual(packing.task.due, d("2026-11-28T18:30"))
        XCTAssertEqual(packing.task.priority, .medium)

        // Timed dates are shown in the task's own zone.
        let standup = try XCTUnwrap(Fixture.task(batch, "Stand-up"))
        XCTAssertEqual(standup.task.area, "Work")
        XCTAssertEqual(standup.task.project, "Sprint")
        XCTAssertEqual(standup.task.due, d("2026-11-30T03:00"))
        XCTAssertEqual(standup.task.recurrence, "FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,TU,WE,TH,FR")
        XCTAssertEqual(standup.task.priority, .low)
        XCTAssertEqual(kept(standup, "ticktick_timezone"), .string("America/New_York"))

        let release = try XCTUnwrap(Fixture.task(batch, "Release notes"))
        XCTAssertEqual(release.task.status, .done)
        XCTAssertEqual(release.task.completed, Timestamp.parse("2026-11-15T16:45:00Z"))
        XCTAssertEqual(kept(release, "ticktick_column_name"), .string("Done"))
        XCTAssertEqual(kept(release, "ticktick_column_order"), .string("2"))
        XCTAssertEqual(kept(release, "ticktick_view_mode"), .string("kanban"))

        // A note is a task tagged `note`.
        let ideas = try XCTUnwrap(Fixture.task(batch, "Book ideas"))
        XCTAssertEqual(ideas.task.tags, ["note"])
        XCTAssertEqual(ideas.task.body, "Ideas for 2027: a cookbook")
        XCTAssertEqual(ideas.task.project, "Ideas")

        XCTAssertEqual(Fixture.task(batch, "Überprüfen: Heizung ☀️")?.task.status, .cancelled)
    }

    func testBadValuesAreProblemsAndKept() throws {
        let batch = try Fixture.read("ticktick", Self.fixture)
        let broken = try XCTUnwrap(Fixture.task(batch, "Broken row"))
        let messages = batch.problems.filter { $0.location == broken.location }.map(\.message).joined(separator: "\n")
        for part in ["Timezone \"Mars/Olympus\"", "due date \"next week\"", "repeat \"FREQ=SOMETIMES\"", "Priority \"9\"",
                     "Status \"7\"", "created_time \"yesterday\""] {
            XCTAssertTrue(messages.contains(part), "\(part) not in \(messages)")
        }
        XCTAssertEqual(kept(broken, "ticktick_due_date"), .string("next week"))
        XCTAssertEqual(kept(broken, "ticktick_repeat"), .string("FREQ=SOMETIMES"))
        XCTAssertEqual(kept(broken, "ticktick_priority"), .string("9"))
        XCTAssertEqual(kept(broken, "ticktick_status"), .string("7"))
        XCTAssertEqual(kept(broken, "ticktick_created_time"), .string("yesterday"))
        XCTAssertNil(broken.task.due)
        XCTAssertNil(broken.task.recurrence)
        // The row without a title is left out, and said.
        XCTAssertTrue(batch.problems.contains { $0.location == "line 20" && $0.message.contains("no title") }, "\(batch.problems)")
    }

    func testGarbageBeforeTheHeaderIsAFormatError() throws {
        XCTAssertThrowsError(try Fixture.read("ticktick", "ticktick/garbage.csv")) { e in
            XCTAssertEqual((e as? ImportFormatError)?.location, "line 3")
        }
        XCTAssertThrowsError(try Fixture.read("ticktick", "ticktick/no-header.csv")) { e in
            XCTAssertEqual((e as? ImportFormatError)?.location, "line 7")
        }
        XCTAssertThrowsError(try Fixture.read("ticktick", "todoist/not-todoist.csv")) { e in
            XCTAssertEqual((e as? ImportFormatError)?.location, "line 1")
        }
    }

    func testOlderBackupWithoutKindReadsIsCheckList() throws {
        let text = """
        "Folder Name","List Name","Title","Tags","Content","Is Check list","Start Date","Due Date","Priority","Status","taskId","parentId"
        "","Home","Groceries","","▪Eggs\r▫Flour","Y","","","0","0","1",""
        """
        let batch = try TickTickCSV().read(ImportInput(text: text), options: ImportOptions(clock: Fixture.clock))
        XCTAssertEqual(batch.tasks.first?.task.body, "- [x] Eggs\n- [ ] Flour")
        XCTAssertEqual(batch.problems, [])
    }
}
