import XCTest
@testable import TodoMDCore

/// Completing repeating tasks: exact files for each mode, month ends, leap days, COUNT/UNTIL,
/// catch-up and undo.
final class RepeatingCompletionTests: XCTestCase {
    /// Writes `front` as the only task, completes it at `now` (Europe/Berlin), returns the vault.
    func complete(_ front: String, body: String = "", now: String = "2026-11-22T10:00", settings: String? = nil)
        throws -> (TempDir, ActionResult) {
        let dir = TempDir()
        if let settings { dir.write(".todomd.json", settings) }
        dir.write("t.md", "---\ntitle: \"Task\"\nstatus: \"todo\"\n" + front + "created: \"2026-01-01T00:00:00Z\"\nsource: \"user\"\n---\n" + body)
        let vault = Vault(root: dir.path, clock: clock(now, "Europe/Berlin"))
        let snap = vault.load()
        return (dir, try TaskLifecycle(vault: vault).complete(snap.tasks[0], fingerprint: snap.fingerprints["t.md"]))
    }

    func next(_ r: ActionResult) -> TodoTask? { r.created.first }

    func testEveryKeepsOffsetsAndCatchesUp() throws {
        // Due Saturday 21 Nov (yesterday); scheduled a day before, deferred two days before.
        let (dir, r) = try complete("due: \"2026-11-21\"\nscheduled: \"2026-11-20\"\ndefer: \"2026-11-19\"\nrecurrence: \"FREQ=WEEKLY;BYDAY=SA\"\n",
                                    body: "\nNotes stay.\n")
        let n = try XCTUnwrap(next(r))
        XCTAssertEqual(n.path, "20261122-0900-task.md")
        XCTAssertEqual(dir.read(n.path), """
        ---
        title: "Task"
        status: "todo"
        due: "2026-11-28"
        scheduled: "2026-11-27"
        defer: "2026-11-26"
        recurrence: "FREQ=WEEKLY;BYDAY=SA"
        created: "2026-11-22T09:00:00Z"
        source: "user"
        modified: "2026-11-22T09:00:00Z"
        ---

        Notes stay.

        """)
        XCTAssertEqual(dir.read("t.md"), """
        ---
        title: "Task"
        status: "done"
        due: "2026-11-21"
        scheduled: "2026-11-20"
        defer: "2026-11-19"
        created: "2026-01-01T00:00:00Z"
        source: "user"
        completed: "2026-11-22T09:00:00Z"
        next_occurrence: {file: "20261122-0900-task.md", fingerprint: "\(String(Vault.fingerprint(dir.bytes(n.path)), radix: 16))", rule: "FREQ=WEEKLY;BYDAY=SA", type: "every"}
        modified: "2026-11-22T09:00:00Z"
        ---

        Notes stay.

        """)
    }

    func testCatchUpSkipsPastOccurrencesAndCanBeTurnedOff() throws {
        let (_, on) = try complete("due: \"2026-11-15\"\nrecurrence: \"FREQ=DAILY\"\n")
        XCTAssertEqual(next(on)?.due, ldt("2026-11-22"))
        XCTAssertTrue(on.messages.contains("skipped 6 past occurrences (catch-up)"), "\(on.messages)")
        let (_, off) = try complete("due: \"2026-11-15\"\nrecurrence: \"FREQ=DAILY\"\n", settings: #"{"repeat_catch_up": false}"#)
        XCTAssertEqual(next(off)?.due, ldt("2026-11-16"))
    }

    /// Table: rule, task dates, completion day → the successor's dates (nil = series ended).
    func testNextDatesTable() throws {
        let cases: [(String, String, String, String?)] = [
            // mode every (the default)
            ("FREQ=MONTHLY", "due: \"2026-01-31\"\n", "2026-01-31T09:00", "due 2026-03-31"),  // RFC: short months skipped
            ("FREQ=MONTHLY;BYMONTHDAY=-1", "due: \"2026-01-31\"\n", "2026-01-31T09:00", "due 2026-02-28"),
            ("FREQ=MONTHLY;BYMONTHDAY=-1", "due: \"2028-01-31\"\n", "2028-01-31T09:00", "due 2028-02-29"),
            ("FREQ=YEARLY", "due: \"2028-02-29\"\n", "2028-02-29T09:00", "due 2032-02-29"),
            ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1", "due: \"2028-02-29\"\n", "2028-02-29T09:00", "due 2029-02-28"),
            ("FREQ=MONTHLY;BYDAY=-1FR", "due: \"2026-11-27\"\n", "2026-11-27T09:00", "due 2026-12-25"),
            ("FREQ=WEEKLY;BYDAY=MO,WE,FR", "due: \"2026-11-20\"\n", "2026-11-20T09:00", "due 2026-11-23"),
            ("every weekday", "scheduled: \"2026-11-20\"\n", "2026-11-20T09:00", "scheduled 2026-11-23"),
            ("FREQ=DAILY", "due: \"2026-11-22T17:30\"\n", "2026-11-22T09:00", "due 2026-11-23T17:30"),
            ("FREQ=WEEKLY;UNTIL=20261125", "due: \"2026-11-22\"\n", "2026-11-22T09:00", nil),
            ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "due: \"2026-01-01\"\n", "2026-01-01T09:00", nil),
            ("FREQ=WEEKLY", "defer: \"2026-11-22\"\n", "2026-11-22T09:00", "defer 2026-11-29"),
            // defer-another: the next defer counts from the completion day
            ("FREQ=DAILY;INTERVAL=3", "defer: \"2026-11-10\"\ndue: \"2026-11-12\"\nrecurrence_type: \"defer-another\"\n",
             "2026-11-22T09:00", "defer 2026-11-25, due 2026-11-27"),
            // due-again: the next due counts from the completion day
            ("FREQ=WEEKLY", "due: \"2026-11-15\"\nscheduled: \"2026-11-14\"\nrecurrence_type: \"due-again\"\n",
             "2026-11-22T09:00", "due 2026-11-29, scheduled 2026-11-28"),
            ("every 2 weeks when done", "due: \"2026-10-01\"\n", "2026-11-22T09:00", "due 2026-12-06"),
            ("FREQ=MONTHLY;BYMONTHDAY=31", "due: \"2026-10-01\"\nrecurrence_type: \"due-again\"\n", "2026-11-22T09:00", "due 2026-12-31"),
        ]
        for (rule, front, now, expected) in cases {
            let (_, r) = try complete(front + "recurrence: \"\(rule)\"\n", now: now)
            guard let expected else {
                XCTAssertNil(next(r), rule)
                XCTAssertTrue(r.messages.first?.contains("series has ended") ?? false, "\(rule): \(r.messages)")
                continue
            }
            let n = try XCTUnwrap(next(r), rule)
            var got: [String] = []
            for part in expected.split(separator: ",") {
                let key = part.trimmingCharacters(in: .whitespaces).split(separator: " ")[0]
                let v: LocalDateTime? = key == "due" ? n.due : key == "scheduled" ? n.scheduled : n.deferDate
                got.append("\(key) \(v?.description ?? "nil")")
            }
            XCTAssertEqual(got.joined(separator: ", "), expected, rule)
            XCTAssertEqual(n.status, .todo)
            XCTAssertEqual(r.task.status, .done)
            XCTAssertNil(r.task.recurrence)
        }
    }

    func testCountCarriesAcrossFilesUntilExhausted() throws {
        let dir = TempDir()
        dir.write("t.md", "---\ntitle: Pills\nstatus: todo\ndue: 2026-11-22\nrecurrence: FREQ=DAILY;COUNT=3\ncreated: 2026-01-01T00:00:00Z\nsource: user\n---\n")
        var path = "t.md"
        var dues: [String] = []
        for day in 22...25 {
            let vault = Vault(root: dir.path, clock: clock("2026-11-\(day)T10:00"))
            let t = vault.load().tasks.first { $0.path == path }!
            let r = try TaskLifecycle(vault: vault).complete(t)
            guard let n = r.created.first else {
                XCTAssertEqual(r.messages, ["the series has ended (COUNT reached); no next occurrence was created"])
                break
            }
            dues.append(n.due!.description)
            XCTAssertEqual(n.recurrence, "DTSTART:20261122;FREQ=DAILY;COUNT=3")
            path = n.path
        }
        XCTAssertEqual(dues, ["2026-11-23", "2026-11-24"])
    }

    func testSuccessorKeepsEverythingElse() throws {
        let (dir, r) = try complete("""
        # planning comment
        due: 2026-11-22
        priority: "high"
        flagged: true
        area: "Home"
        project: "Garden"
        tags: [plants, "weekly chores"]
        estimated_minutes: 15
        description: "Water the plants"
        recurrence: "every week"
        custom_field: {nested: [1, 2]}

        """, body: "Body *text*\n")
        let n = try XCTUnwrap(next(r))
        XCTAssertEqual(dir.read(n.path), """
        ---
        title: "Task"
        status: "todo"
        # planning comment
        due: 2026-11-29
        priority: "high"
        flagged: true
        area: "Home"
        project: "Garden"
        tags: [plants, "weekly chores"]
        estimated_minutes: 15
        description: "Water the plants"
        recurrence: "every week"
        custom_field: {nested: [1, 2]}
        created: "2026-11-22T09:00:00Z"
        source: "user"
        modified: "2026-11-22T09:00:00Z"
        ---
        Body *text*

        """)
    }

    func testUndoRemovesAnUneditedSuccessorAndRestoresTheRule() throws {
        let (dir, r) = try complete("due: \"2026-11-22\"\nrecurrence: \"FREQ=WEEKLY\"\nrecurrence_type: \"due-again\"\n")
        let successor = try XCTUnwrap(next(r)).path
        let vault = Vault(root: dir.path, clock: clock("2026-11-22T11:00", "Europe/Berlin"))
        let done = vault.load().tasks.first { $0.path == "t.md" }!
        let undone = try TaskLifecycle(vault: vault).reopen(done)
        XCTAssertFalse(dir.exists(successor))
        XCTAssertTrue(dir.exists(".trash/" + successor))
        XCTAssertEqual(undone.task.status, .todo)
        XCTAssertEqual(undone.task.recurrence, "FREQ=WEEKLY")
        XCTAssertEqual(undone.task.repeatMode, .dueAgain)
        XCTAssertNil(undone.task.completed)
        XCTAssertFalse(undone.task.extra.contains { $0.0 == TaskLifecycle.nextOccurrenceKey })
    }

    func testUndoLeavesAnEditedSuccessorAlone() throws {
        let (dir, r) = try complete("due: \"2026-11-22\"\nrecurrence: \"FREQ=WEEKLY\"\n")
        let successor = try XCTUnwrap(next(r)).path
        dir.write(successor, dir.read(successor).replacingOccurrences(of: "title: \"Task\"", with: "title: \"Task (edited)\""))
        let vault = Vault(root: dir.path, clock: clock("2026-11-22T11:00", "Europe/Berlin"))
        let undone = try TaskLifecycle(vault: vault).reopen(vault.load().tasks.first { $0.path == "t.md" }!)
        XCTAssertTrue(dir.exists(successor))
        XCTAssertNil(undone.task.recurrence)
        XCTAssertEqual(undone.task.status, .todo)
        XCTAssertTrue(undone.messages[0].contains("was edited since it was created"), "\(undone.messages)")
    }

    func testMalformedRuleIsRefusedWithTheBadPart() throws {
        let dir = TempDir()
        dir.write("t.md", "---\ntitle: T\nstatus: todo\nrecurrence: FREQ=MONTHLY;BYMONTHDAY=40\ncreated: 2026-01-01T00:00:00Z\nsource: user\n---\n")
        let vault = Vault(root: dir.path, clock: clock("2026-11-22T10:00"))
        XCTAssertThrowsError(try TaskLifecycle(vault: vault).complete(vault.load().tasks[0])) { e in
            XCTAssertTrue("\(e)".contains("BYMONTHDAY=40"), "\(e)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".md") }, ["t.md"])
    }
}
