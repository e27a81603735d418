import Foundation
import TodoMDCore
@testable import TodoMDService
import TodoMDTestSupport
import XCTest

/// A TaskNotes vault as its users have it (issue 19, part A): the plugin's settings in
/// `.obsidian/plugins/tasknotes/data.json`, files in TaskNotes' spelling. Read onto the model
/// with no false problems; written back in the vault's keys, values and timestamp style, every
/// other byte kept.
final class TaskNotesVaultTests: XCTestCase {
    static let pluginDefaults = """
        {"tasksFolder": "TaskNotes/Tasks", "taskTag": "task", "taskIdentificationMethod": "tag",
         "defaultTaskStatus": "open", "defaultTaskPriority": "normal", "excludedFolders": "Archive/Old",
         "customStatuses": [{"value": "none", "isCompleted": false}, {"value": "open", "isCompleted": false},
                            {"value": "in-progress", "isCompleted": false}, {"value": "done", "isCompleted": true}],
         "customPriorities": [{"value": "none", "weight": 0}, {"value": "low", "weight": 1}, {"value": "normal", "weight": 2}, {"value": "high", "weight": 3}]}
        """

    static let groceries = """
        ---
        title: Buy groceries
        status: open
        priority: normal
        due: 2026-11-28
        contexts:
          - errands
        projects:
          - "[[Household]]"
        timeEstimate: 45
        dateCreated: 2026-11-20T10:15:30.123+01:00
        dateModified: 2026-11-21T08:00:00.000+01:00
        tags:
          - task
          - shopping
        # a comment the plugin would keep
        customField: kept
        ---
        Milk, eggs.

        """

    private func vault(_ plugin: String = pluginDefaults) -> ServiceFixture {
        let f = ServiceFixture(at: "2026-11-27T09:00", zone: "Europe/Berlin")
        f.vault.write(".obsidian/plugins/tasknotes/data.json", plugin)
        f.vault.write("TaskNotes/Tasks/Buy groceries.md", Self.groceries)
        f.vault.write("TaskNotes/Tasks/Filed.md", "---\ntitle: File taxes\nstatus: done\ncompletedDate: 2026-11-20\ntags: [task]\n---\n")
        f.vault.write("TaskNotes/Tasks/Doing.md", "---\ntitle: Write report\nstatus: in-progress\npriority: high\ntags: [task, work]\n---\n")
        f.vault.write("Meetings/Standup.md", "---\ntitle: Standup notes\nstatus: open\ntags: [meeting]\n---\n")
        f.vault.write("Archive/Old/Ancient.md", "---\ntitle: Ancient\nstatus: open\ntags: [task]\n---\n")
        return f
    }

    func testReadsTaskNotesFilesWithoutFalseProblems() throws {
        let f = vault()
        let s = f.service()
        let t = try s.task("buy groceries").task
        XCTAssertEqual(t.status, .todo)
        XCTAssertEqual(t.priority, .medium, "normal is medium")
        XCTAssertEqual(t.project, "Household")
        XCTAssertEqual(t.estimatedMinutes, 45)
        XCTAssertEqual(t.due, LocalDateTime("2026-11-28"))
        XCTAssertEqual(t.created.map(Timestamp.format), "2026-11-20T09:15:30Z", "local time with an offset and milliseconds")
        XCTAssertEqual(t.tags, ["shopping"], "the task tag identifies; it is not one of the task's tags")
        XCTAssertEqual(t.extra.map(\.0), ["contexts", "projects", "customField"])
        XCTAssertEqual(t.problems, [])
        XCTAssertEqual(try s.task("file taxes").task.status, .done)
        XCTAssertEqual(try s.task("file taxes").task.completed.map(Timestamp.format), "2026-11-19T23:00:00Z", "a completed day is its local start")
        XCTAssertEqual(try s.task("write report").task.status, .inProgress)
        let report = s.doctor()
        XCTAssertEqual(report.taskCount, 3, "a note without the task tag is a note; an excluded folder is not read")
        XCTAssertEqual(report.problems.map(\.path), [])
    }

    func testWritesInTheVaultsSpellingAndKeepsEveryOtherByte() throws {
        let f = vault()
        let s = f.service()
        _ = try s.complete("buy groceries")
        let after = f.vault.read("TaskNotes/Tasks/Buy groceries.md")
        let expected = Self.groceries
            .replacingOccurrences(of: "status: open", with: "status: done")
            .replacingOccurrences(of: "dateModified: 2026-11-21T08:00:00.000+01:00", with: "dateModified: \"2026-11-27T09:00:00.000+01:00\"")
            .replacingOccurrences(of: "customField: kept\n", with: "customField: kept\ncompletedDate: \"2026-11-27\"\n")
        XCTAssertEqual(after, expected)
        _ = try s.set("write report", assignments: ["priority=medium", "project=Launch", "tags=work,urgent"])
        let report = f.vault.read("TaskNotes/Tasks/Doing.md")
        XCTAssertTrue(report.contains("priority: normal\n"), report)
        XCTAssertTrue(report.contains("projects:\n  - \"[[Launch]]\"\n"), report)
        XCTAssertTrue(report.contains("tags:\n  - \"task\"\n  - \"work\"\n  - \"urgent\"\n") || report.contains("tags: [task, work, urgent]"), report)
        XCTAssertEqual(try s.task("write report").task.tags, ["work", "urgent"])
    }

    func testAddWritesTheTaskTagDefaultsAndPluginTimestamps() throws {
        let f = vault()
        let s = f.service()
        // Titles live in file names by default (storeTitleInFilename): the file is named for it.
        let added = try s.add(TaskDraft(text: "Call the plumber due friday"))
        XCTAssertEqual(added.task.task.path, "TaskNotes/Tasks/Call the plumber.md", "in the plugin's tasks folder")
        XCTAssertEqual(f.vault.read(added.task.task.path), """
            ---
            status: "open"
            priority: "normal"
            due: "2026-12-04"
            tags:
              - task
            dateCreated: "2026-11-27T09:00:00.000+01:00"
            dateModified: "2026-11-27T09:00:00.000+01:00"
            ---

            """)
        XCTAssertEqual(try s.task("call the plumber").task.problems, [])
        XCTAssertEqual(try s.add(TaskDraft(text: "Call the plumber")).task.task.path, "TaskNotes/Tasks/Call the plumber 2.md")
        XCTAssertThrowsError(try s.set("call the plumber 2", assignments: ["title=Call Bob"]), "a title is a rename here")

        // Titles in frontmatter, files named by a template.
        let g = vault(Self.pluginDefaults.replacingOccurrences(
            of: "\"taskTag\": \"task\",", with: "\"taskTag\": \"task\", \"storeTitleInFilename\": false, \"taskFilenameFormat\": \"custom\", \"customFilenameTemplate\": \"{dueDate} {title}\","))
        let dated = try g.service().add(TaskDraft(text: "Follow-up: call Ana due tomorrow"))
        XCTAssertEqual(dated.task.task.path, "TaskNotes/Tasks/2026-11-28 Follow-up call Ana.md")
        XCTAssertTrue(g.vault.read(dated.task.task.path).hasPrefix("---\ntitle: \"Follow-up: call Ana\"\n"))
        XCTAssertEqual(try g.service().task("follow-up").task.title, "Follow-up: call Ana")
    }

    func testPropertyIdentificationCustomStatusesAndTheProfileSetting() throws {
        let f = ServiceFixture(at: "2026-11-27T09:00", zone: "UTC")
        f.vault.write(".obsidian/plugins/tasknotes/data.json", """
            {"taskIdentificationMethod": "property", "taskPropertyName": "type", "taskPropertyValue": "task",
             "fieldMapping": {"status": "state", "due": "deadline"},
             "customStatuses": [{"value": "todo", "isCompleted": false}, {"value": "waiting", "isCompleted": false},
                                {"value": "shipped", "isCompleted": true}, {"value": "cancelled", "isCompleted": true}],
             "defaultTaskStatus": "todo"}
            """)
        f.vault.write("a.md", "---\ntitle: Ship it\ntype: task\nstate: shipped\ndeadline: 2026-12-01\n---\n")
        f.vault.write("b.md", "---\ntitle: Dropped\ntype: task\nstate: cancelled\n---\n")
        f.vault.write("c.md", "---\ntitle: Not a task\nstate: todo\n---\n")
        let s = f.service()
        XCTAssertEqual(try s.task("ship it").task.status, .done)
        XCTAssertEqual(try s.task("ship it").task.due, LocalDateTime("2026-12-01"))
        XCTAssertEqual(try s.task("dropped").task.status, .cancelled)
        // Custom priorities rank by their weights.
        let p = TaskNotesTaskFormat(config: try TaskNotesConfig(pluginData: try JSONText.parse(Array(#"{"customPriorities": [{"value": "p3", "weight": 1}, {"value": "p2", "weight": 5}, {"value": "p1", "weight": 9}]}"#.utf8))))
        XCTAssertEqual(["p1", "p2", "p3", "zz"].map(p.priority), [.high, .medium, .low, .none])
        XCTAssertEqual(s.doctor().taskCount, 2)
        _ = try s.reopen("ship it")
        XCTAssertTrue(f.vault.read("a.md").contains("state: todo\n"), f.vault.read("a.md"))

        // Without the plugin: `.todomd.json` chooses the profile (the plugin's defaults).
        let g = ServiceFixture()
        g.vault.write(".todomd.json", #"{"profile": "tasknotes"}"#)
        g.vault.write("t.md", "---\ntitle: Plain TaskNotes\nstatus: open\ntags: [task]\n---\n")
        XCTAssertEqual(g.service().doctor().taskCount, 1)
        XCTAssertEqual(try g.service().task("plain").task.problems, [])
    }

    /// A recurring TaskNotes task completes in place (spec 04-recurrence): the day joins
    /// `complete_instances`, `scheduled` and `due` move on keeping their offset, `DTSTART` is
    /// seeded, no file is created, each value keeps its quoting; a task with a due date alone
    /// moves its due date (its time kept).
    func testARecurringTaskCompletesInPlace() throws {
        let f = vault()
        f.vault.write("TaskNotes/Tasks/Review.md", """
            ---
            title: Weekly review
            status: open
            scheduled: 2026-11-27
            due: 2026-11-30
            recurrence: FREQ=WEEKLY;BYDAY=FR
            complete_instances: []
            tags: [task]
            ---
            Notes stay.

            """)
        f.vault.write("TaskNotes/Tasks/Rent.md", "---\ntitle: Pay rent\nstatus: open\ndue: 2026-11-27T10:00\nrecurrence: FREQ=MONTHLY\ndateCreated: 2026-10-27T09:00:00.000+01:00\ntags: [task]\n---\n")
        let s = f.service()
        let before = f.vault.files()
        let done = try s.complete("weekly review")
        XCTAssertEqual(done.created.count, 0)
        XCTAssertEqual(f.vault.read("TaskNotes/Tasks/Review.md"), """
            ---
            title: Weekly review
            status: open
            scheduled: 2026-12-04
            due: 2026-12-07
            recurrence: DTSTART:20261127;FREQ=WEEKLY;BYDAY=FR
            complete_instances: ["2026-11-27"]
            tags: [task]
            dateModified: "2026-11-27T09:00:00.000+01:00"
            ---
            Notes stay.

            """)
        _ = try s.complete("pay rent")
        let rent = f.vault.read("TaskNotes/Tasks/Rent.md")
        XCTAssertTrue(rent.contains("due: 2026-12-27T10:00\n"), rent)
        XCTAssertTrue(rent.contains("recurrence: DTSTART:20261027;FREQ=MONTHLY\n"), "seeded from dateCreated: \(rent)")
        XCTAssertFalse(rent.contains("scheduled"), rent)
        XCTAssertTrue(rent.contains("complete_instances:\n  - \"2026-11-27\"\n"), rent)
        XCTAssertEqual(f.vault.files(), before, "no file is created")
        XCTAssertEqual(try s.task("weekly review").task.status, .todo)

        // `maintainDueDateOffsetInRecurring: false`: the due date stays.
        let g = vault(Self.pluginDefaults.replacingOccurrences(of: "{\"tasksFolder\"", with: "{\"maintainDueDateOffsetInRecurring\": false, \"tasksFolder\""))
        g.vault.write("TaskNotes/Tasks/Review.md", "---\ntitle: Weekly review\nstatus: open\nscheduled: 2026-11-27\ndue: 2026-12-31\nrecurrence: FREQ=WEEKLY\ntags: [task]\n---\n")
        _ = try g.service().complete("weekly review")
        let kept = g.vault.read("TaskNotes/Tasks/Review.md")
        XCTAssertTrue(kept.contains("scheduled: 2026-12-04\n") && kept.contains("due: 2026-12-31\n"), kept)
    }

    /// A file with Windows line ends (CRLF) and no `title` key: read, completed and reopened,
    /// every line still ending in CRLF and no other byte changed.
    func testCRLFFilesWithoutATitleKeepTheirLineEnds() throws {
        let f = vault()
        let text = "---\r\nstatus: open\r\npriority: high\r\ndue: 2026-11-30\r\ntags:\r\n  - task\r\n---\r\nBody line.\r\n"
        f.vault.write("TaskNotes/Tasks/Follow-up call.md", text)
        let s = f.service()
        let t = try s.task("follow-up call").task
        XCTAssertEqual(t.title, "Follow-up call")
        XCTAssertEqual(t.priority, .high)
        XCTAssertEqual(t.problems, [])
        _ = try s.complete("follow-up call")
        let done = f.vault.read("TaskNotes/Tasks/Follow-up call.md")
        XCTAssertEqual(done, "---\r\nstatus: done\r\npriority: high\r\ndue: 2026-11-30\r\ntags:\r\n  - task\r\n"
            + "completedDate: \"2026-11-27\"\r\ndateModified: \"2026-11-27T09:00:00.000+01:00\"\r\n---\r\nBody line.\r\n")
        _ = try s.reopen("follow-up call")
        let reopened = f.vault.read("TaskNotes/Tasks/Follow-up call.md")
        XCTAssertTrue(reopened.hasPrefix("---\r\nstatus: open\r\n"), reopened)
        XCTAssertFalse(reopened.contains("completedDate"), reopened)
        XCTAssertFalse(reopened.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "every line ends in CRLF")
    }

    /// Archived tasks (the plugin's `fieldMapping.archiveTag`) are out of the built-in views but
    /// All and Logbook, as in the plugin; a query for the tag still finds them, and the overview
    /// does not count them.
    func testArchivedTasksLeaveTheBuiltInViews() throws {
        let f = vault(##"{"fieldMapping": {"archiveTag": "#shelved"}}"##)
        f.vault.write("TaskNotes/Tasks/Old idea.md", "---\ntitle: Old idea\nstatus: open\ndue: 2026-11-20\ntags: [task, shelved]\n---\n")
        let s = f.service()
        for view in ["today", "anytime", "inbox"] {
            XCTAssertFalse(try s.view(view).tasks.map(\.title).contains("Old idea"), view)
        }
        XCTAssertTrue(try s.view("all").tasks.map(\.title).contains("Old idea"))
        XCTAssertEqual(try s.view("#shelved").tasks.map(\.title), ["Old idea"], "a query names the tag")
        XCTAssertEqual(s.overview().views.first { $0.id == "today" }?.count, 0, "the archived overdue task is not counted")
        // The default tag is `archived`; without the profile, no tag archives.
        XCTAssertEqual((vault().service().vault.format as? TaskNotesTaskFormat)?.archiveTag, "archived")
        XCTAssertNil(ServiceFixture().service().vault.format.archiveTag)
    }

    /// The plugin's `userFields` are written typed by `set`: a number field takes numbers, a
    /// list field a comma list, a boolean true/false; a value of the wrong type is refused.
    func testUserFieldsAreWrittenTyped() throws {
        let f = vault(#"{"userFields": [{"id": "effort", "displayName": "Effort", "key": "effort", "type": "number"},"#
            + #"{"id": "who", "displayName": "Reviewers", "key": "reviewers", "type": "list"},"#
            + #"{"id": "bill", "displayName": "Billable", "key": "billable", "type": "boolean"},"#
            + #"{"id": "ref", "displayName": "Reference", "key": "ref", "type": "text"}]}"#)
        let s = f.service()
        _ = try s.set("buy groceries", assignments: ["effort=3", "reviewers=Ann, Bo", "billable=yes", "ref=42"])
        let text = f.vault.read("TaskNotes/Tasks/Buy groceries.md")
        for line in ["effort: 3\n", "reviewers:\n  - Ann\n  - Bo\n", "billable: true\n", "ref: \"42\"\n"] {
            XCTAssertTrue(text.contains(line), "\(line) in\n\(text)")
        }
        XCTAssertThrowsError(try s.set("buy groceries", assignments: ["effort=lots"])) { e in
            XCTAssertTrue("\(e)".contains("effort (Effort) is a number field"), "\(e)")
        }
        XCTAssertEqual(try s.view("extra.effort > 2").tasks.map(\.title), ["Buy groceries"], "user fields are queryable")
    }

    /// `tasknotes.yaml` at the vault root (the spec's own configuration) makes a TaskNotes vault
    /// and wins over the plugin's `data.json` per top-level key (§9.2.2); a malformed one is
    /// reported by doctor and the other settings still apply.
    func testTasknotesYAMLConfiguresAndOverridesThePlugin() throws {
        let f = ServiceFixture(at: "2026-11-27T09:00", zone: "UTC")
        f.vault.write("tasknotes.yaml", """
            task_detection:
              method: property
              property_name: kind
              property_value: todo
            status:
              values: [later, now, finished]
              default: later
              completed_values: [finished]
            """)
        f.vault.write("a.md", "---\ntitle: Yaml task\nkind: todo\nstatus: finished\n---\n")
        f.vault.write("b.md", "---\ntitle: A note\nstatus: later\ntags: [task]\n---\n")
        let s = f.service()
        XCTAssertEqual(s.doctor().taskCount, 1)
        XCTAssertEqual(try s.task("yaml task").task.status, .done)
        _ = try s.reopen("yaml task")
        XCTAssertTrue(f.vault.read("a.md").contains("status: later\n"), f.vault.read("a.md"))

        // Over data.json: the YAML's task_detection wins; the plugin's statuses stay.
        let g = vault()
        g.vault.write("tasknotes.yaml", "task_detection:\n  method: property\n  property_name: kind\n")
        g.vault.write("TaskNotes/Tasks/K.md", "---\ntitle: Kind task\nkind: x\nstatus: done\n---\n")
        XCTAssertEqual(g.service().doctor().taskCount, 1, "only the file with `kind` is a task now")

        let h = ServiceFixture()
        h.vault.write("tasknotes.yaml", "task_detection: [unclosed\n")
        h.vault.write("t.md", "---\ntitle: Still read\nstatus: open\ntags: [task]\n---\n")
        let report = h.service().doctor()
        XCTAssertEqual(report.taskCount, 1, "the defaults apply")
        XCTAssertTrue(report.problems.flatMap(\.reasons).joined().contains("tasknotes.yaml: not YAML"), "\(report.problems)")
    }
}
