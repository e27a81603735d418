import MCP

/// The tools `todomd mcp` offers: five that read, nine that write (each a batch with per-item
/// results, an optional `dry_run`, and versions), all with output schemas and hints.
enum ToolCatalog {
    static let readTools = ["find_tasks", "get_task", "search", "get_overview", "get_overdue_tasks"]

    static var all: [Tool] { reads + writes }

    private static func read(_ name: String, _ title: String, _ description: String, _ input: Value, _ output: Value) -> Tool {
        Tool(name: name, title: title, description: description, inputSchema: input,
             annotations: .init(title: title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false),
             outputSchema: output)
    }

    private static func write(_ name: String, _ title: String, _ description: String, _ properties: [String: Value], required: [String],
                              destructive: Bool = false, idempotent: Bool = false) -> Tool {
        var props = properties
        props["dry_run"] = Schema.dryRun
        return Tool(name: name, title: title, description: description + " Answers per item (ok, the task, or the error) with counts; "
                    + "one call is one undo step (`todomd undo`).",
                    inputSchema: Schema.object(props, required: required),
                    annotations: .init(title: title, readOnlyHint: false, destructiveHint: destructive, idempotentHint: idempotent, openWorldHint: false),
                    outputSchema: Schema.batchOutput)
    }

    static let filterProperties: [String: Value] = [
        "area": Schema.string("Only tasks in this area."), "project": Schema.string("Only tasks in this project."),
        "tags": Schema.array(["type": "string"], "Only tasks with all these tags (`work` also matches `work/backend`)."),
        "status": Schema.array(["type": "string", "enum": ["todo", "in-progress", "done", "cancelled", "someday"]]),
        "source": Schema.string("Only tasks from this source."),
    ]

    static let reads: [Tool] = [
        read("find_tasks", "Find tasks", """
            Lists tasks of a view (inbox, today, upcoming, anytime, someday, logbook, flagged, overdue, or a saved view's name), \
            a perspective (by id, see the todomd://perspective resources), or a query in the perspectives text syntax \
            (`#errands & due<tomorrow`, `@Work & p1`, `overdue`, `"full text"`). Give at most one; none means today. \
            Filters narrow any of them. Pages with limit and cursor: pass next_cursor back for the next page.             Subtasks come right after their parent with depth and parent_id (a tree in list order); a held-up task             has blocked_by_tasks or waits_for.
            """,
             Schema.object(filterProperties.merging([
                "view": Schema.string("A view name."), "perspective": Schema.string("A perspective id."),
                "query": Schema.string("A query in the perspectives text syntax."),
                "limit": ["type": "integer", "minimum": 1, "maximum": 500, "description": "Tasks per page (default 50)."],
                "cursor": Schema.string("next_cursor of the previous page."),
             ]) { $1 }), Schema.taskList),
        read("get_task", "Get a task", "One task with its notes and its version (send the version back with a change to detect concurrent edits).",
             Schema.object(["task": Schema.reference], required: ["task"]), Schema.object(["task": Schema.task], required: ["task"])),
        read("search", "Search", "Full-text search over titles, notes and fields, best first, with snippets.",
             Schema.object(["query": Schema.string("Words to find; `\"a phrase\"`, `word*`."),
                            "limit": ["type": "integer", "minimum": 1, "maximum": 200]], required: ["query"]),
             Schema.object(["query": Schema.string(), "count": Schema.integer,
                            "hits": Schema.array(Schema.object(["task": Schema.task, "snippet": Schema.string(), "rank": ["type": "number"]],
                                                               required: ["task", "snippet"]))], required: ["query", "hits"])),
        read("get_overview", "Overview", "Counts per view, overdue and trash counts, areas with their projects, the tag tree, list types.",
             Schema.object([:]),
             Schema.object(["today": Schema.string(), "views": Schema.array(Schema.object(["id": Schema.string(), "name": Schema.string(),
                                                                                            "kind": Schema.string(), "count": ["type": ["integer", "null"]]])),
                            "overdue": Schema.integer, "trash": Schema.integer, "problems": Schema.integer,
                            "areas": Schema.array(Schema.object([:])), "tags": Schema.array(Schema.object([:])),
                            "types": Schema.array(Schema.object([:]))], required: ["today", "views", "overdue"])),
        read("get_overdue_tasks", "Get overdue tasks", "Open tasks due before now, earliest first (the Shortcuts action Get Overdue Tasks).",
             Schema.object(["limit": ["type": "integer", "minimum": 1, "maximum": 500]]), Schema.taskList),
    ]

    static let newTask: Value = Schema.object([
        "text": Schema.string("Quick entry, as typed: `Call Anna tomorrow 3pm #phone !high @Work +Launch every monday`. Other members override what it says."),
        "title": Schema.string(), "due": Schema.string("Deadline: a date or phrase (2026-12-01, tomorrow, next friday, in 3 days)."),
        "defer": Schema.string("Hidden until this day."), "scheduled": Schema.string("The day you plan to do it (Things' \"when\")."),
        "priority": ["type": "string", "enum": ["none", "low", "medium", "high"]], "flagged": Schema.boolean,
        "area": Schema.string(), "project": Schema.string(), "tags": Schema.strings, "estimated_minutes": Schema.integer,
        "description": Schema.string(), "recurrence": Schema.string("An RRULE (FREQ=WEEKLY;BYDAY=MO) or a phrase (every monday)."),
        "recurrence_type": ["type": "string", "enum": ["every", "defer-another", "due-again"]],
        "status": ["type": "string", "enum": ["todo", "in-progress", "someday"]], "notes": Schema.string("The notes (Markdown body)."),
        "parent": Schema.string("Make it a subtask of this task (its id, file name, or part of its title)."),
        "checklist": Schema.array(["type": "string"], "Checklist items: `- [ ]` lines in its notes, ticked one by one."),
        "blocked_by": Schema.array(["type": "string"], "Tasks it waits for (ids, file names or parts of titles): it is blocked until they are done."),
    ])

    static let writes: [Tool] = [
        write("add_tasks", "Add tasks", "Creates tasks, each from quick-entry text or from fields. New tasks are attributed to this connection's source.",
              ["tasks": Schema.array(newTask, "The tasks to create.")], required: ["tasks"]),
        write("update_tasks", "Update tasks", "Changes fields of tasks: `set` assigns (null clears; any key, unknown ones are kept), tags are added or removed, notes appended.",
              ["updates": Schema.array(Schema.object([
                "task": Schema.reference, "version": Schema.version,
                "set": ["type": "object", "description": "Fields to assign: due, defer, scheduled (dates or phrases), title, priority, flagged, area, project, tags, status, estimated_minutes, description, recurrence, notes, or a key of your own; null removes."],
                "add_tags": Schema.strings, "remove_tags": Schema.strings, "append_notes": Schema.string("Added as a new paragraph to the notes."),
              ], required: ["task"]))], required: ["updates"]),
        write("complete_tasks", "Complete tasks", "Marks tasks done; a repeating task gets its next occurrence (in the item's `created`). "
                + "A task with open subtasks fails (open_subtasks, naming them) unless its item has with_children: true.",
              ["tasks": Schema.taskItems(["with_children": Schema.boolean])], required: ["tasks"], idempotent: true),
        write("reopen_tasks", "Reopen tasks", "Reopens done or cancelled tasks (undoing a repeat's next occurrence when it is untouched).",
              ["tasks": Schema.taskItems()], required: ["tasks"], idempotent: true),
        write("defer_tasks", "Defer tasks", "Hides tasks until a day (their `defer` date): `until` is a date or phrase, for all or per item.",
              ["tasks": Schema.taskItems(["until": Schema.string()]), "until": Schema.string("A date or phrase: tomorrow, next monday, 2026-12-01, +3d.")],
              required: ["tasks"], idempotent: true),
        write("reschedule_tasks", "Reschedule tasks", "Moves tasks to another day: `when` sets the planned day (scheduled; also today, tomorrow, evening, anytime, someday), `due` the deadline; null clears.",
              ["tasks": Schema.taskItems(["when": Schema.nullableString, "due": Schema.nullableString]),
               "when": Schema.nullableString, "due": Schema.nullableString], required: ["tasks"], idempotent: true),
        write("move_tasks", "Move tasks", "Places tasks before or after another in their list's manual order, and/or into a project or area (null takes them out), "
                + "under a parent task (parent; null makes it top-level), or renames or moves its file (file; the links to it follow).",
              ["moves": Schema.array(Schema.object(["task": Schema.reference, "version": Schema.version,
                                                    "before": Schema.reference, "after": Schema.reference,
                                                    "project": Schema.nullableString, "area": Schema.nullableString,
                                                    "parent": Schema.nullableString,
                                                    "file": Schema.string("A new file name (in its folder) or vault path, like Trips/2027.md.")],
                                                   required: ["task"]))],
              required: ["moves"]),
        write("delete_tasks", "Delete tasks", "Moves task files to the vault's trash (.trash/); restore_tasks brings them back. Nothing is erased.",
              ["tasks": Schema.taskItems()], required: ["tasks"], destructive: true),
        write("restore_tasks", "Restore tasks", "Brings trashed task files back where they were.",
              ["tasks": Schema.array(Schema.string("A path in the trash (trash_path of delete_tasks), a file name, or part of a title."))],
              required: ["tasks"]),
    ]
}
