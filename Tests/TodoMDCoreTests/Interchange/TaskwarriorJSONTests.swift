import Foundation
import TodoMDCore
import TodoMDTestSupport
import XCTest

/// Taskwarrior's `task export` in (a JSON array, or JSON lines), and our export out: golden fields
/// of a fixture modelled on Taskwarrior 2.6, malformed input, and a round trip.
final class TaskwarriorJSONTests: XCTestCase {
    func testGoldenFields() throws {
        let b = try Fixture.read("taskwarrior", "taskwarrior/export.json")
        XCTAssertEqual(b.tasks.map(\.task.title), ["Fix the garden fence", "Buy fence posts", "Water the plants", "Renew passport ✈ — Zoë", "Old idea"])
        let fence = try XCTUnwrap(Fixture.task(b, "Fix the garden fence"))
        XCTAssertEqual(fence.id, "0f1e2d3c-0000-4000-8000-000000000001")
        XCTAssertEqual(fence.task.area, "Home")
        XCTAssertEqual(fence.task.project, "Garden")
        XCTAssertEqual(fence.task.priority, .high)
        XCTAssertEqual(fence.task.tags, ["outside", "weekend"])
        // Instants at local midnight (Berlin) are days; annotations keep their (local) dates.
        XCTAssertEqual(fence.task.due, LocalDateTime("2026-11-30"))
        XCTAssertEqual(fence.task.deferDate, LocalDateTime("2026-11-25"))
        XCTAssertEqual(fence.task.body, "**2026-11-02 10:00** Buy posts first\n\n**2026-11-03 19:30** Neighbour lends a drill")
        XCTAssertEqual(fence.task.created, Timestamp.parse("2026-11-01T10:00:00Z"))
        XCTAssertEqual(fence.task.extra.first { $0.0 == "taskwarrior_estimate" }?.1, .string("2h"), "a UDA is kept")
        XCTAssertNil(fence.task.extra.first { $0.0 == "taskwarrior_urgency" }, "urgency is computed, not kept")
        // The task that `depends` on another waits for it (issue 21: blocked_by, not a parent).
        let posts = try XCTUnwrap(Fixture.task(b, "Buy fence posts"))
        XCTAssertEqual(fence.blockedBy, [posts.id])
        XCTAssertNil(posts.parent)
        XCTAssertEqual(posts.task.status, .inProgress, "started")
        XCTAssertEqual(posts.task.scheduled, LocalDateTime("2026-11-26T16:30"))
        // The repeating task stands for its pending instance.
        let plants = try XCTUnwrap(Fixture.task(b, "Water the plants"))
        XCTAssertEqual(plants.task.recurrence, "FREQ=WEEKLY;INTERVAL=2;UNTIL=20270601")
        XCTAssertEqual(plants.task.repeatMode, .every)
        let passport = try XCTUnwrap(Fixture.task(b, "Renew passport ✈ — Zoë"))
        XCTAssertEqual(passport.task.status, .done)
        XCTAssertEqual(passport.task.completed, Timestamp.parse("2026-10-20T08:00:00Z"))
        let old = try XCTUnwrap(Fixture.task(b, "Old idea"))
        XCTAssertEqual(old.task.status, .cancelled)
        XCTAssertEqual(b.problems.map(\.description), [
            "record 6: priority \"X\" is not H, M or L; kept",
            "record 6: recur \"fortnightly-ish\" is not a period I can read; kept as taskwarrior_recur",
            "file: 1 pending instance(s) of repeating tasks are imported as their repeating task",
        ])
    }

    func testJSONLinesAndTheFlagAndSomedayTags() throws {
        let b = try Fixture.read("taskwarrior", "taskwarrior/lines.json")
        XCTAssertEqual(b.tasks.count, 2)
        let second = try XCTUnwrap(Fixture.task(b, "Second line"))
        XCTAssertTrue(second.task.flagged)
        XCTAssertEqual(second.task.status, .someday)
        XCTAssertEqual(second.task.tags, ["x"])
        XCTAssertEqual(Fixture.task(b, "One per line")?.blockedBy, ["0f1e2d3c-0000-4000-8000-0000000000a2"])
        XCTAssertNil(second.parent)
    }

    func testMalformed() throws {
        let tw = TaskwarriorJSON()
        let o = ImportOptions(clock: Fixture.clock)
        XCTAssertThrowsError(try tw.read(ImportInput(text: "[{\"description\": \"x\"}]"), options: o)) { e in
            XCTAssertEqual("\(e)", "record 1: expected a Taskwarrior task with a \"uuid\" (this is not `task export` output)")
        }
        XCTAssertThrowsError(try tw.read(ImportInput(text: "[{\"uuid\": \"a\",\n \"description\": }]"), options: o)) { e in
            XCTAssertTrue("\(e)".hasPrefix("line 2, column 17: expected JSON"), "\(e)")
        }
        XCTAssertThrowsError(try tw.read(ImportInput(text: "42"), options: o)) { e in
            XCTAssertEqual("\(e)", "line 1: expected an array of task objects")
        }
        // A bad date is a problem, not a refusal.
        let b = try tw.read(ImportInput(text: #"[{"uuid":"u","description":"d","entry":"20261101T100000Z","due":"next tuesday"}]"#), options: o)
        XCTAssertEqual(b.problems.map(\.message), ["due \"next tuesday\" is not a date I can read; kept as taskwarrior_due"])
        XCTAssertFalse(tw.recognizes(ImportInput(text: "[{\"title\": \"x\"}]")))
    }

    func testRoundTrip() throws {
        let parent = sampleTask("Plan the launch") {
            $0.area = "Work"; $0.project = "Launch"; $0.due = LocalDateTime("2026-12-01T17:00"); $0.priority = .medium
            $0.tags = ["q4", "writing"]; $0.flagged = true; $0.body = "First note\n\nSecond, with \"quotes\""
        }
        let child = sampleTask("Draft the post") {
            $0.status = .done; $0.completed = Timestamp.parse("2026-11-25T12:00:00Z"); $0.scheduled = LocalDateTime("2026-11-24")
            $0.extra = [("parent", .string(parent.filename))]
        }
        let repeating = sampleTask("Standup") { $0.recurrence = "FREQ=WEEKLY;BYDAY=FR"; $0.due = LocalDateTime("2026-11-27") }
        let odd = sampleTask("Odd rule") { $0.recurrence = "FREQ=MONTHLY;BYDAY=-1FR"; $0.deferDate = LocalDateTime("2026-11-30") }
        let blocked = sampleTask("Announce it") { $0.extra = [("blocked_by", .array([.string("[[" + parent.filename.dropLast(3) + "]]")]))] }
        let out = try Fixture.export("taskwarrior", [parent, child, repeating, odd, blocked])
        let b = try TaskwarriorJSON().read(ImportInput(text: out), options: ImportOptions(clock: Fixture.clock))
        let back = Dictionary(uniqueKeysWithValues: b.tasks.map { ($0.task.title, $0) })
        let p = try XCTUnwrap(back["Plan the launch"]?.task)
        XCTAssertEqual([p.area, p.project], ["Work", "Launch"])
        XCTAssertEqual(p.due, parent.due)
        XCTAssertEqual(p.priority, .medium)
        XCTAssertEqual(p.tags, ["q4", "writing"])
        XCTAssertTrue(p.flagged)
        XCTAssertEqual(p.body, parent.body)
        XCTAssertEqual(p.created, parent.created)
        let c = try XCTUnwrap(back["Draft the post"])
        XCTAssertEqual(c.task.status, .done)
        XCTAssertEqual(c.task.completed, child.completed)
        XCTAssertEqual(c.task.scheduled, child.scheduled)
        XCTAssertEqual(c.parent, back["Plan the launch"]?.id, "a subtask comes back as one (todomd_parent)")
        XCTAssertEqual(c.blockedBy, [])
        XCTAssertEqual(back["Announce it"]?.blockedBy, [back["Plan the launch"]!.id], "a blocked task waits again")
        XCTAssertEqual(back["Plan the launch"]?.blockedBy, [], "a parent depends on its subtasks there, not here")
        // Taskwarrior repeats from the due date (a Friday): `weekly` for it, and the rule itself beside.
        XCTAssertTrue(out.contains(#""status":"recurring""#) && out.contains(#""recur":"weekly""#), out)
        XCTAssertEqual(back["Standup"]?.task.recurrence, "FREQ=WEEKLY;BYDAY=FR")
        XCTAssertEqual(back["Odd rule"]?.task.recurrence, "FREQ=MONTHLY;BYDAY=-1FR", "kept as an attribute Taskwarrior carries")
    }
}
