import Foundation
import TodoMDAPI
import TodoMDCore

/// `GET /api/openapi.json`: the API described in OpenAPI 3.1 — every path, parameter, body,
/// response and error. Built from code, so it is one place to change with the routes; the CI
/// runs schemathesis against it and the real server.
enum OpenAPIDocument {
    /// The document, encoded once.
    static let json: [UInt8] = APIJSON.encode(build(), pretty: true)

    static func build() -> JSONValue {
        .object([
            ("openapi", .string("3.1.0")),
            ("info", .object([
                ("title", .string("todo.md HTTP API")),
                ("version", .string(String(APISchema.version))),
                ("description", .string("""
                    A folder of Markdown files as a task manager. Every document starts with `schema_version`. \
                    Writes take the version a client read (`If-Match`, from a task's `version` or `ETag`): a stale \
                    version merges when nobody changed the same fields since, and is refused with 409 `edit_conflict` \
                    otherwise. Off loopback every request needs `Authorization: Bearer TOKEN` (`todomd token`).
                    """)),
            ])),
            ("servers", .array([.object([("url", .string("/"))])])),
            ("paths", .object(paths)),
            ("components", .object([
                ("schemas", .object(Schema.all)),
                ("securitySchemes", .object([
                    ("bearer", .object([("type", .string("http")), ("scheme", .string("bearer"))])),
                    ("cookie", .object([("type", .string("apiKey")), ("in", .string("cookie")), ("name", .string("todomd_token"))])),
                ])),
            ])),
            ("security", .array([.object([]), .object([("bearer", .array([]))]), .object([("cookie", .array([]))])])),
        ])
    }

    // MARK: Paths

    static var paths: [(String, JSONValue)] {
        let id = param("id", in: "path", "A task id (its JSON `id`: a path, or `path#identity`), percent-encoded; or any reference `todomd` takes.")
        let ifMatch = param("If-Match", in: "header", "The version the client read (a task's `version` or `ETag`), or `*`.", required: false,
                            schema: Schema.pattern("^(\\*|(W/)?\"?[0-9a-fA-F]{16}\"?)$"))
        var out: [(String, JSONValue)] = [
            ("/api/views", .object([("get", op("listViews", "The views a client can open: built-in ones, then saved views.",
                                               ok: "ViewsDocument"))])),
            ("/api/views/{view}", .object([("get", op(
                "getView", "A view: inbox, today, upcoming, anytime, next, someday, flagged, logbook, areas, tags, all, a saved view's name, "
                    + "a perspective's id or name, or else a query in the text syntax (`area:Work & p1`).",
                params: [param("view", in: "path", "The view.")] + windowParams + filterParams, ok: nil,
                okSchema: .object([("oneOf", .array(["ViewDocument", "TagsViewDocument", "SavedViewDocument", "PerspectiveViewDocument"]
                    .map(Schema.ref)))])))])),
            ("/api/tasks", .object([("post", op(
                "createTask", "Create a task (201, `Location`).", body: Schema.ref("NewTask"), ok: "NewTaskDocument", okStatus: "201",
                okHeaders: [("Location", "Where the new task is."), ("ETag", "Its version.")]))])),
            ("/api/tasks/{id}", .object([
                ("get", op("getTask", "One task, with its version as `ETag`.",
                           params: [id, param("If-None-Match", in: "header", "A version; 304 when it is still current.", required: false)],
                           ok: "TaskDocument", okHeaders: [("ETag", "The task's version.")], extra: [("304", .object([("description", .string("Not modified."))]))])),
                ("patch", op("updateTask", "Set fields (null clears). A stale If-Match merges other fields; the same field is a 409 edit_conflict.",
                             params: [id, ifMatch], body: Schema.ref("FieldChanges"), ok: "ActionDocument", okHeaders: [("ETag", "The new version.")])),
                ("delete", op("deleteTask", "Move a task file to the trash (a checkbox line is refused).", params: [id, ifMatch], ok: "DeleteDocument")),
            ])),
            ("/api/trash", .object([
                ("get", op("listTrash", "The trashed tasks.", ok: "TrashDocument")),
                ("delete", op("emptyTrash", "Delete the trash for good.", ok: "EmptyTrashDocument")),
            ])),
            ("/api/trash/{path}/restore", .object([("post", op(
                "restoreTask", "Put a trashed task back where it was.",
                params: [param("path", in: "path", "Its path in the trash (percent-encoded), file name or part of its title.")],
                ok: "RestoreDocument"))])),
            ("/api/search", .object([("get", op(
                "search", "Full-text search (FTS5, BM25), best first.",
                params: [param("q", in: "query", "What to look for.", schema: Schema.nonEmpty), param("view", in: "query", "Only tasks this view shows.", required: false),
                         param("limit", in: "query", "At most this many hits (1–1000, default 50).", required: false, schema: Schema.integer)]
                    + filterParams, ok: "SearchDocument"))])),
            ("/api/parse", .object([("post", op(
                "parse", "What quick entry makes of a text, writing nothing.", body: Schema.ref("NewTask"), ok: "NewTaskDocument"))])),
            ("/api/tags", .object([("get", op(
                "tags", "The tag hierarchy with counts of open tasks.",
                params: [param("all", in: "query", "Count done and cancelled tasks too.", required: false, schema: Schema.boolean)] + filterParams,
                ok: "TagTreeDocument"))])),
            ("/api/areas", .object([("get", op("areas", "Areas with their open tasks by project.", ok: "AreasDocument"))])),
            ("/api/doctor", .object([("get", op("doctor", "Every file that could not be read fully, and why.", ok: "DoctorDocument"))])),
            ("/api/types", .object([("get", op("types", "List types (built-in and defined in the vault).", ok: "TypesDocument"))])),
            ("/api/items/{type}", .object([("get", op(
                "items", "The items of a type (for todo: its tasks).",
                params: [param("type", in: "path", "The type's name or key."),
                         param("tag", in: "query", "Only items with this tag (repeatable).", required: false, schema: Schema.array(Schema.string))],
                ok: "ItemsDocument"))])),
            ("/api/events", .object([("get", .object([
                ("operationId", .string("events")),
                ("summary", .string("Live changes as Server-Sent Events: `event:` added, modified, removed, problem, alert (or reload), `data:` a WatchEvent, `id:` to resume with Last-Event-ID.")),
                ("parameters", .array([param("Last-Event-ID", in: "header", "The last event id received; missed events are sent first, or a reload event.", required: false)])),
                ("responses", .object([
                    ("200", .object([("description", .string("An event stream.")),
                                     ("content", .object([("text/event-stream", .object([("schema", Schema.string)]))]))])),
                ] + errors)),
            ]))])),
            ("/api/openapi.json", .object([("get", .object([
                ("operationId", .string("openapi")), ("summary", .string("This document.")),
                ("responses", .object([("200", .object([("description", .string("OpenAPI 3.1.")),
                                                       ("content", .object([("application/json", .object([("schema", Schema.anyObject)]))]))])),
                ] + errors)),
            ]))])),
            ("/login", .object([("get", .object([
                ("operationId", .string("login")),
                ("summary", .string("For browsers: sets the token cookie and redirects to /.")),
                ("parameters", .array([param("token", in: "query", "The server's token (a server without one redirects at once).", required: false)])),
                ("responses", .object([
                    ("303", .object([("description", .string("Logged in (or no token needed): see /."))])),
                    ("401", .object([("description", .string("Wrong token.")), ("content", .object([("text/html", .object([("schema", Schema.string)]))]))])),
                ] + errors)),
            ]))])),
        ]
        out.append(("/api/tasks/{id}/done", .object([("post", op(
            "doneTask", (actionSummaries["done"] ?? "done") + " A task with open subtasks is refused (409 `open_subtasks`, naming "
                + "them) unless `with_children` completes them with it.", params: [id, ifMatch],
            body: Schema.object("Optional.", [("with_children", Schema.boolean)], optional: ["with_children"]), bodyRequired: false,
            ok: "ActionDocument", okHeaders: [("ETag", "The new version.")]))])))
        out.append(("/api/tasks/{id}/nest", .object([("post", op(
            "nestTask", "Make a task a subtask of another (`parent`: its id or any task reference), or top-level again (`parent`: null). "
                + "A parent is a task file, never the task itself or one of its subtasks.", params: [id, ifMatch],
            body: Schema.object("The parent.", [("parent", .object([("type", .array([.string("string"), .string("null")]))]))]),
            ok: "ActionDocument", okHeaders: [("ETag", "The new version.")]))])))
        out.append(("/api/tasks/{id}/rename", .object([("post", op(
            "renameTask", "Rename or move a task file (`name`: a file name in its folder, or a vault path; `.md` is added). "
                + "Its subtasks' `parent` and its dependents' `blocked_by` are rewritten to follow, each in its own style, "
                + "in one undoable action. The answer's task has the new id.", params: [id, ifMatch],
            body: Schema.object("The new name.", [("name", Schema.string)]),
            ok: "ActionDocument", okHeaders: [("ETag", "The new version.")]))])))
        for action in ["reopen", "cancel", "flag", "unflag"] {
            out.append(("/api/tasks/{id}/\(action)", .object([("post", op(
                "\(action)Task", actionSummaries[action] ?? action, params: [id, ifMatch], ok: "ActionDocument",
                okHeaders: [("ETag", "The new version.")]))])))
        }
        out.append(("/api/tasks/{id}/defer", .object([("post", op(
            "deferTask", "Hide a task until a date (2026-12-01, tomorrow, next friday, +3d…).", params: [id, ifMatch],
            body: Schema.object("The date.", [("date", Schema.string)]), ok: "ActionDocument", okHeaders: [("ETag", "The new version.")]))])))
        out.append(("/api/tasks/{id}/check", .object([("post", op(
            "checkItem", "Tick or untick an item of a task's checklist (the checkbox lines of its notes): its number or part of its "
                + "text; without `done` it toggles. Only that line changes.", params: [id, ifMatch],
            body: Schema.object("The item.", [("item", .object([("oneOf", .array([Schema.integer, Schema.nonEmpty]))])), ("done", Schema.boolean)],
                                optional: ["done"]),
            ok: "ActionDocument", okHeaders: [("ETag", "The new version.")]))])))
        out.append(("/api/tasks/{id}/move", .object([("post", op(
            "moveTask", "Put a task before or after another in a list's manual order (default list: its project, area, or inbox).",
            params: [id],
            body: Schema.object("Exactly one of before and after.", [("before", Schema.string), ("after", Schema.string), ("view", Schema.string)],
                                optional: ["before", "after", "view"]),
            ok: "MoveDocument"))])))
        out.append(("/api/tasks/{id}/history", .object([("get", op(
            "taskHistory", "The versions of a task's file, newest first (who changed which fields, when); with `version`, that version's content.",
            params: [id, param("limit", in: "query", "At most this many (1–1000, default 100).", required: false, schema: Schema.integer),
                     param("version", in: "query", "Return this version's content (v12, 12 or a hash prefix).", required: false)],
            ok: nil, okSchema: .object([("oneOf", .array([Schema.ref("HistoryDocument"), Schema.ref("VersionContentDocument")]))])))])))
        out.append(("/api/tasks/{id}/restore", .object([("post", op(
            "restoreTaskVersion", "Bring back one version of a task's file, as an undoable edit.", params: [id, ifMatch],
            body: Schema.object("The version.", [("version", Schema.string)]), ok: "ActionDocument", okHeaders: [("ETag", "The new version.")]))])))
        out.append(("/api/conflicts", .object([("get", op(
            "conflicts", "Sync conflicts: copies (Syncthing, Dropbox, iCloud…) whose original changed the same fields.",
            ok: "SyncConflictsDocument"))])))
        out.append(("/api/conflicts/resolve", .object([("post", op(
            "resolveConflict", "Settle a conflict: take mine or theirs for every field, or a side or value per field; the copy goes to the trash.",
            body: Schema.object("The task and the choices.", [("task", Schema.nonEmpty), ("take", Schema.oneOf(["mine", "theirs"])),
                                                             ("fields", .object([("type", .string("object")), ("additionalProperties", Schema.string)]))],
                                optional: ["take", "fields"]),
            ok: "SyncMergeDocument"))])))
        out += perspectivePaths + appPaths + auditPaths + quarantinePaths + interchangePaths + calendarPaths + inboxPaths + reviewPaths
        return out
    }

    /// `/api/perspectives` and `/api/query`.
    static var perspectivePaths: [(String, JSONValue)] {
        let id = param("id", in: "path", "A perspective's id (or its name), percent-encoded: a built-in view (inbox, today…) or one of `.perspectives.json`.")
        let ifMatch = param("If-Match", in: "header", "The version the client read (the perspective's `version` or `ETag`), or `*`; a stale one is a 409.",
                            required: false, schema: Schema.pattern("^(\\*|(W/)?\"?[0-9a-fA-F]{16}\"?)$"))
        return [
            ("/api/perspectives", .object([
                ("get", op("listPerspectives", "Every perspective: the built-in views, then the vault's (`.perspectives.json`), and what is wrong in that file.",
                           ok: "PerspectiveListDocument")),
                ("post", op("createPerspective", "Save a new perspective (201, `Location`); 409 when its id is taken.",
                            body: .object([("allOf", .array([Schema.ref("PerspectiveInput")])),
                                           ("anyOf", .array([.object([("required", .array([.string("id")]))]),
                                                             .object([("required", .array([.string("name")]))])]))]),
                            ok: "PerspectiveDocument", okStatus: "201",
                            okHeaders: [("Location", "Where the new perspective is."), ("ETag", "Its version.")])),
            ])),
            ("/api/perspectives/{id}", .object([
                ("get", op("getPerspective", "One perspective, with its version as `ETag` (built-in views have none).",
                           params: [id, param("If-None-Match", in: "header", "A version; 304 when it is still current.", required: false)],
                           ok: "PerspectiveDocument", okHeaders: [("ETag", "The perspective's version.")],
                           extra: [("304", .object([("description", .string("Not modified."))]))])),
                ("put", op("updatePerspective", "Replace a perspective with a definition (a new `id` renames it). Built-in views are read-only (400).",
                           params: [id, ifMatch], body: Schema.ref("PerspectiveInput"), ok: "PerspectiveDocument",
                           okHeaders: [("ETag", "The new version.")])),
                ("delete", op("deletePerspective", "Remove a perspective; a copy is kept in the trash folder. Built-in views cannot be removed (400).",
                              params: [id, ifMatch], ok: "PerspectiveDeleteDocument")),
            ])),
            ("/api/perspectives/{id}/tasks", .object([("get", op(
                "perspectiveTasks", "A perspective's tasks, sorted and grouped as it says; the filters narrow them.",
                params: [id] + windowParams + filterParams, ok: "PerspectiveViewDocument"))])),
            ("/api/query", .object([("post", op(
                "query", "Run a filter without saving it: the text syntax (`query`) or a tree (`filter`), with `sort` and `group_by`.",
                params: windowParams + filterParams, body: Schema.ref("QueryRequest"), ok: "PerspectiveViewDocument"))])),
        ]
    }

    /// `/api/overview`, `/api/theme`, `/api/undo`, `/api/batch`.
    static var appPaths: [(String, JSONValue)] {
        let ifMatch = param("If-Match", in: "header", "The version the client read (`version`, `ETag`), or `*`; a stale one is a 409.",
                            required: false, schema: Schema.pattern("^(\\*|(W/)?\"?[0-9a-fA-F]{16}\"?)$"))
        return [
            ("/api/overview", .object([("get", op(
                "overview", "Everything a sidebar shows, with counts: the views (built-in, saved, perspectives), areas and projects, tags, typed lists, overdue and trash.",
                ok: "OverviewDocument"))])),
            ("/api/theme", .object([
                ("get", op("getTheme", "The vault's `.theme.json` as written (null: none, the default look).", ok: "ThemeDocument",
                           okHeaders: [("ETag", "The file's version.")])),
                ("put", op("saveTheme", "Write `.theme.json` (the whole document, kept as sent: unknown keys too).",
                           params: [ifMatch], body: Schema.ref("Theme"), ok: "ThemeDocument", okHeaders: [("ETag", "The new version.")])),
            ])),
            ("/api/undo", .object([
                ("get", op("undoHistory", "The recent actions, newest first.",
                           params: [param("limit", in: "query", "At most this many (1–1000, default 50).", required: false, schema: Schema.integer)],
                           ok: "UndoListDocument")),
                ("post", op("undo", "Undo the newest action not undone yet (refused with 409 when its files changed since).", ok: "UndoDocument")),
            ])),
            ("/api/batch", .object([("post", op(
                "batch", "Several writes as ONE undoable action; each succeeds or fails on its own.", body: Schema.ref("BatchRequest"),
                ok: "BatchResultsDocument"))])),
        ]
    }

    static let actionSummaries = [
        "done": "Complete a task (a repeating one gets its next occurrence).", "reopen": "Reopen a done or cancelled task (undoes a repeat).",
        "cancel": "Cancel a task.", "flag": "Flag a task.", "unflag": "Remove a task's flag.",
    ]

    /// `offset`, `limit`, `fields`: a window of a long list.
    static var windowParams: [JSONValue] {
        [param("offset", in: "query", "With limit: the first task of the window (in the groups' flattened order).", required: false,
               schema: .object([("type", .string("integer")), ("minimum", .int(0))])),
         param("limit", in: "query", "Send only this many tasks (1–100000); every group is listed with its `total`.",
               required: false, schema: .object([("type", .string("integer")), ("minimum", .int(1)), ("maximum", .int(100_000))])),
         param("fields", in: "query", "`summary`: tasks as list rows (no body, extra or next_occurrences).", required: false,
               schema: Schema.oneOf(["summary", "all"]))]
    }

    static var filterParams: [JSONValue] {
        [param("area", in: "query", "Only tasks in this area.", required: false),
         param("project", in: "query", "Only tasks in this project.", required: false),
         param("tag", in: "query", "Only tasks with this tag (repeatable; `work` matches `work/backend`; `work/*` only below).",
               required: false, schema: Schema.array(Schema.string)),
         param("not_tag", in: "query", "Leave out tasks with this tag (repeatable).", required: false, schema: Schema.array(Schema.string)),
         param("status", in: "query", "Only tasks with this status (repeatable, or comma-separated).", required: false,
               schema: Schema.array(Schema.string)),
         param("source", in: "query", "Only tasks from this source.", required: false),
         param("folder", in: "query", "Only tasks in this folder or below (repeatable).", required: false, schema: Schema.array(Schema.string))]
    }

    // MARK: Building blocks

    static func param(_ name: String, in place: String, _ description: String, required: Bool = true, schema: JSONValue = Schema.string) -> JSONValue {
        var p: [(String, JSONValue)] = [("name", .string(name)), ("in", .string(place)), ("description", .string(description)),
                                   ("required", .bool(place == "path" || required)), ("schema", schema)]
        if case .object(let s) = schema, case .string("array")? = s.first(where: { $0.0 == "type" })?.1 {
            p += [("style", .string("form")), ("explode", .bool(true))]
        }
        return .object(p)
    }

    /// The errors any operation may answer with.
    static var errors: [(String, JSONValue)] {
        [("400", "Bad input: a value, a reference, a body that is not a JSON object."),
         ("401", "The server needs its token."),
         ("403", "Refused: a Host that is not the server's (DNS rebinding), or another site's Origin (CSRF)."),
         ("404", "No such task, perspective, type or route."),
         ("409", "An edit conflict (another program changed the same fields since the version read), an ambiguous reference, "
                + "a perspective id that is taken or a perspective changed since the version read, a task with open subtasks (`open_subtasks`)."),
         ("413", "The body is over 1 MB."),
         ("415", "The body is not JSON."),
         ("422", "The file cannot be read fully; fix it by hand first."),
         ("500", "The vault could not be written (a file system error).")].map { code, text in
            (code, .object([("description", .string(text)),
                            ("content", .object([("application/json", .object([("schema", Schema.ref("Error"))]))]))]))
        }
    }

    static func op(_ id: String, _ summary: String, params: [JSONValue] = [], body: JSONValue? = nil, bodyRequired: Bool = true,
                   ok: String?, okSchema: JSONValue? = nil,
                   okStatus: String = "200", okHeaders: [(String, String)] = [], extra: [(String, JSONValue)] = []) -> JSONValue {
        var o: [(String, JSONValue)] = [("operationId", .string(id)), ("summary", .string(summary))]
        if !params.isEmpty { o.append(("parameters", .array(params))) }
        if let body {
            o.append(("requestBody", .object([("required", .bool(bodyRequired)),
                                              ("content", .object([("application/json", .object([("schema", body)]))]))])))
        }
        var success: [(String, JSONValue)] = [("description", .string("OK.")),
                                         ("content", .object([("application/json", .object([("schema", okSchema ?? Schema.ref(ok ?? ""))]))]))]
        if !okHeaders.isEmpty {
            success.append(("headers", .object(okHeaders.map { ($0.0, .object([("description", .string($0.1)), ("schema", Schema.string)])) })))
        }
        o.append(("responses", .object([(okStatus, .object(success))] + extra + errors)))
        return .object(o)
    }
}
