import Foundation
import TodoMDAPI
import TodoMDCore

/// JSON Schema (2020-12, as OpenAPI 3.1 uses it) for the contract's documents. Objects are
/// closed (`additionalProperties: false`) so a response that grows a key the document does not
/// know fails the schema tests.
enum Schema {
    static func ref(_ name: String) -> JSONValue { .object([("$ref", .string("#/components/schemas/\(name)"))]) }
    static let string: JSONValue = .object([("type", .string("string"))])
    static let integer: JSONValue = .object([("type", .string("integer"))])
    static let number: JSONValue = .object([("type", .string("number"))])
    static let boolean: JSONValue = .object([("type", .string("boolean"))])
    static let any: JSONValue = .object([])
    static let anyObject: JSONValue = .object([("type", .string("object"))])

    static func nullable(_ type: String, _ extra: [(String, JSONValue)] = []) -> JSONValue {
        .object([("type", .array([.string(type), .string("null")]))] + extra)
    }

    static func nullable(_ schema: JSONValue) -> JSONValue { .object([("oneOf", .array([schema, .object([("type", .string("null"))])]))]) }

    static func array(_ items: JSONValue) -> JSONValue { .object([("type", .string("array")), ("items", items)]) }

    static func oneOf(_ values: [String], nullable: Bool = false) -> JSONValue {
        .object([("type", nullable ? .array([.string("string"), .string("null")]) : .string("string")),
                 ("enum", .array(values.map(JSONValue.string) + (nullable ? [.null] : [])))])
    }

    static func pattern(_ p: String, nullable: Bool = false) -> JSONValue {
        .object([("type", nullable ? .array([.string("string"), .string("null")]) : .string("string")), ("pattern", .string(p))])
    }

    /// A closed object: every listed property required unless named in `optional`.
    static func object(_ description: String, _ props: [(String, JSONValue)], optional: Set<String> = []) -> JSONValue {
        .object([
            ("type", .string("object")),
            ("description", .string(description)),
            ("properties", .object(props)),
            ("required", .array(props.map(\.0).filter { !optional.contains($0) }.map(JSONValue.string))),
            ("additionalProperties", .bool(false)),
        ])
    }

    /// A document: `schema_version` first, then its members.
    static func document(_ description: String, _ props: [(String, JSONValue)], optional: Set<String> = []) -> JSONValue {
        object(description, [("schema_version", .object([("type", .string("integer")), ("const", .int(APISchema.version))]))] + props,
               optional: optional)
    }

    static let day = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
    static let dayOrTime = "^[0-9]{4}-[0-9]{2}-[0-9]{2}(T[0-9]{2}:[0-9]{2})?$"
    static let instant = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$"
    static let version = "^[0-9a-f]{16}$"

    static let statuses = TaskStatus.allCases.map(\.rawValue)
    static let priorities = Priority.allCases.map(\.rawValue)
    static let repeatModes = RepeatMode.allCases.map(\.rawValue)

    /// Every schema of `components/schemas`.
    static var all: [(String, JSONValue)] {
        [
            ("Task", object("A task: a task file, or a checkbox line in a note (then `line` is set).", [
                ("path", string), ("line", nullable("integer")), ("id", string), ("version", pattern(version, nullable: true)),
                ("title", string), ("status", oneOf(statuses)),
                ("due", pattern(dayOrTime, nullable: true)), ("defer", pattern(dayOrTime, nullable: true)),
                ("scheduled", pattern(dayOrTime, nullable: true)), ("priority", oneOf(priorities)), ("flagged", boolean),
                ("area", nullable("string")), ("project", nullable("string")), ("tags", array(string)),
                ("recurrence", nullable("string")), ("recurrence_type", oneOf(repeatModes, nullable: true)),
                ("recurrence_text", nullable("string")), ("next_occurrences", array(pattern(dayOrTime))),
                ("estimated_minutes", nullable("integer")), ("description", nullable("string")),
                ("created", pattern(instant, nullable: true)), ("modified", pattern(instant, nullable: true)),
                ("completed", pattern(instant, nullable: true)), ("source", nullable("string")), ("body", string),
                ("extra", anyObject),
                ("checklist", nullable(object("The checkbox lines of the notes (no `items` in a summary row).", [
                    ("done", integer), ("total", integer),
                    ("items", array(object("An item.", [("index", integer), ("text", string), ("done", boolean)]))),
                ], optional: ["items"]))),
                ("parent_id", string), ("parent_title", string), ("depth", integer),
                ("blocked_by_tasks", array(string)), ("waits_for", string),
                ("effective_due", pattern(dayOrTime)), ("effective_defer", pattern(dayOrTime)),
                ("problems", array(string)),
            ], optional: ["next_occurrences", "body", "extra", "parent_id", "parent_title", "depth", "blocked_by_tasks", "waits_for",
                          "effective_due", "effective_defer"])),
            ("Item", object("A typed item (a book, a movie…).", [
                ("path", string), ("type", string), ("title", string), ("fields", anyObject), ("tags", array(string)),
                ("body", string), ("warnings", array(string)),
            ])),
            ("ViewGroup", object("A titled run of tasks in a view.", [
                ("name", nullable("string")), ("date", pattern(day, nullable: true)), ("area", nullable("string")),
                ("project", nullable("string")), ("tasks", array(ref("Task"))), ("total", integer),
            ], optional: ["total"])),
            ("ViewDocument", document("A built-in view (all but Tags); `offset`, `limit` and `total` when it is a window.", [
                ("view", string), ("today", pattern(day)), ("count", integer), ("offset", integer), ("limit", integer), ("total", integer),
                ("groups", array(ref("ViewGroup"))), ("warnings", array(string)),
            ], optional: ["offset", "limit", "total"])),
            ("TagsViewDocument", document("The Tags view.", [
                ("view", .object([("const", .string("tags"))])), ("today", pattern(day)),
                ("tags", array(object("A tag and its open tasks.", [("tag", string), ("count", integer)]))),
                ("warnings", array(string)),
            ])),
            ("SavedViewDocument", document("A saved view: tasks, then typed items.", [
                ("view", string), ("path", string), ("today", pattern(day)), ("display_style", string), ("count", integer),
                ("tasks", array(ref("Task"))), ("items", array(ref("Item"))), ("warnings", array(string)),
            ])),
            ("ViewsDocument", document("The views a client can open.", [
                ("views", array(object("A view.", [
                    ("name", string), ("kind", oneOf(["builtin", "saved", "perspective"])), ("path", nullable("string")),
                    ("display_style", nullable("string")), ("matches", nullable("integer")), ("problems", array(string)),
                ]))),
            ])),
            ("TaskDocument", document("One task.", [("task", ref("Task"))])),
            ("ActionDocument", document("What an action did: the task now, files it created, messages.", [
                ("task", ref("Task")), ("created", array(ref("Task"))), ("messages", array(string)),
            ])),
            ("NewTaskDocument", document("A task created or previewed, and what quick entry understood.", [
                ("task", ref("Task")), ("understood", array(string)),
            ])),
            ("DeleteDocument", document("A task moved to the trash.", [("path", string), ("trash", string)])),
            ("RestoreDocument", document("A trashed task put back.", [("path", string), ("title", string)])),
            ("EmptyTrashDocument", document("How many files emptying the trash deleted.", [("deleted", integer)])),
            ("TrashDocument", document("The trash.", [("count", integer), ("tasks", array(ref("Task")))])),
            ("MoveDocument", document("The manual order list a move rewrote.", [("view", string), ("order", array(string))])),
            ("SearchDocument", document("Search hits, best first.", [
                ("query", string), ("count", integer),
                ("hits", array(object("A hit.", [("rank", number), ("snippet", string), ("task", ref("Task"))]))),
            ])),
            ("TagNode", object("A tag in the hierarchy.", [
                ("tag", string), ("name", string), ("count", integer), ("total", integer), ("children", array(ref("TagNode"))),
            ])),
            ("TagTreeDocument", document("The tag hierarchy with counts.", [("tags", array(ref("TagNode")))])),
            ("AreasDocument", document("Areas and their projects, with open tasks.", [
                ("areas", array(object("An area (null: no area).", [
                    ("area", nullable("string")), ("count", integer),
                    ("projects", array(object("A project.", [("project", string), ("count", integer)]))),
                ]))),
            ])),
            ("DoctorDocument", document("Files that could not be read fully.", [
                ("vault", string), ("tasks", integer),
                ("problems", array(object("A file and why.", [("path", string), ("reasons", array(string))]))),
                ("notes", array(string)),
            ])),
            ("TypesDocument", document("List types.", [
                ("types", array(object("A type.", [
                    ("name", string), ("type", string), ("folder", string), ("defined_in", nullable("string")), ("items", integer),
                    ("fields", array(object("A field.", [
                        ("name", string), ("type", string), ("required", boolean), ("min", nullable("number")), ("max", nullable("number")),
                    ]))),
                ]))),
            ])),
            ("ItemsDocument", document("A type's items (for todo: its tasks).", [
                ("type", string), ("count", integer), ("items", array(ref("Item"))), ("tasks", array(ref("Task"))),
            ])),
            ("WatchEvent", document("A change in the vault (the data of an event stream message).", [
                ("event", oneOf(["added", "modified", "removed", "problem", "alert", "held", "conflict", "reload"])), ("task", ref("Task")),
                ("changed", array(string)), ("path", string), ("reasons", array(string)), ("total", integer),
                ("window_seconds", integer),
                ("sources", array(object("A source of new files.", [("source", string), ("count", integer)]))), ("copy", string),
            ], optional: ["task", "changed", "path", "reasons", "total", "window_seconds", "sources", "copy"])),
            ("Error", document("What went wrong.", [
                ("error", object("The error.", [
                    ("code", string), ("message", string), ("candidates", array(string)),
                    ("conflict", object("Fields another program changed since the version read.", [
                        ("path", string), ("current_version", pattern(version)),
                        ("fields", array(object("A field.", [("key", string), ("read", any), ("on_disk", any)]))),
                    ])),
                    ("subtasks", array(string)),
                ], optional: ["candidates", "conflict", "subtasks"])),
            ])),
        ] + perspectiveSchemas + appSchemas + auditSchemas + quarantineSchemas + interchangeSchemas + calendarSchemas + inboxSchemas + reviewSchemas + [
            ("NewTask", .object([
                ("type", .string("object")),
                ("description", .string("Quick entry (`text`, read like `todomd add`) or fields with a `title`; other fields win over the text.")),
                ("properties", .object(newTaskFields)),
                ("oneOf", .array([.object([("required", .array([.string("text")])), ("not", .object([("required", .array([.string("title")]))]))]),
                                  .object([("required", .array([.string("title")])), ("not", .object([("required", .array([.string("text")]))]))])])),
                ("additionalProperties", .bool(false)),
                ("examples", .array([.object([("text", .string("Buy milk tomorrow #errands !high"))]),
                                     .object([("title", .string("Pay rent")), ("due", .string("2026-12-01")), ("tags", .array([.string("bills")]))])])),
            ])),
            ("FieldChanges", .object([
                ("type", .string("object")),
                ("description", .string("Fields to set (any key, unknown ones too); null clears one. Dates take the phrases `todomd set` takes.")),
                ("minProperties", .int(1)),
                ("propertyNames", .object([("pattern", .string("^[A-Za-z0-9_.][A-Za-z0-9_.-]{0,99}$"))])),
                ("additionalProperties", .object([("type", .array(["string", "integer", "boolean", "array", "null"].map(JSONValue.string))),
                                                  ("items", string)])),
                ("examples", .array([.object([("priority", .string("high")), ("due", .string("friday")), ("flagged", .bool(true))]),
                                     .object([("mood", .string("calm")), ("description", .null)])])),
            ])),
        ]
    }

    /// Perspectives (saved filters) and queries: a filter is a tree of groups and conditions, as
    /// in `.perspectives.json`.
    static var perspectiveSchemas: [(String, JSONValue)] {
        let groupings = Perspective.GroupBy.allCases.map(\.rawValue)
        let sortFields = Perspective.SortField.named.map(\.0)
        let example: JSONValue = .object([
            ("operator", .string("AND")),
            ("conditions", .array([.object([("field", .string("area")), ("op", .string("equals")), ("value", .string("Work"))]),
                                   .object([("field", .string("flagged"))])])),
        ])
        return [
            ("QueryNode", .object([
                ("description", .string("A filter: a group of conditions, or one condition.")),
                ("oneOf", .array([ref("QueryGroup"), ref("QueryCondition")])),
                ("examples", .array([example])),
            ])),
            ("QueryGroup", object("`AND`: all of them, `OR`: any, `NOT`: none (NOT of several is NOT of their AND).", [
                ("operator", oneOf(["AND", "OR", "NOT"])), ("conditions", array(ref("QueryNode"))),
            ])),
            ("QueryCondition", object("`field` `op` `value` (`{\"field\": \"due\", \"op\": \"before\", \"value\": \"+7d\"}`); a yes/no field may leave out op and value.", [
                ("field", .object([("type", .string("string")), ("description", .string("A task field, the full text (`text`), or any other key as extra.KEY.")),
                                   ("pattern", .string("^(" + QueryField.known.map(\.name).joined(separator: "|") + ")$|^extra\\.[\\s\\S]+$")),
                                   ("examples", .array(["area", "tags", "due", "priority", "flagged", "status", "text"].map(JSONValue.string)))])),
                ("op", .object([("description", .string("Which operators a field takes depends on it (due: on, before, after…; area: equals, in, contains…).")),
                                ("enum", .array(QueryOp.allCases.map { .string($0.rawValue) }))])),
                ("value", any),
            ], optional: ["op", "value"])),
            ("SortKey", object("A sort key; tasks without the value go last unless `missing` is first.", [
                ("field", .object([("type", .string("string")), ("description", .string("One of " + sortFields.joined(separator: ", ") + ", or extra.KEY.")),
                                   ("examples", .array(sortFields.map(JSONValue.string)))])),
                ("direction", oneOf(["asc", "desc"])), ("missing", oneOf(["first", "last"])),
            ], optional: ["direction", "missing"])),
            ("Sort", .object([
                ("description", .string("A key, a list of keys, or a field name (`-priority`: descending).")),
                ("oneOf", .array([ref("SortKey"), array(.object([("anyOf", .array([string, ref("SortKey")]))])),
                                  .object([("type", .string("string")), ("examples", .array([.string("-priority"), .string("due")]))])])),
            ])),
            ("PerspectiveDefinition", .object([
                ("type", .string("object")),
                ("description", .string("A perspective as `.perspectives.json` stores it; keys this version does not know are kept.")),
                ("properties", .object([
                    ("id", string), ("name", string), ("icon", string), ("color", string), ("filter", ref("QueryNode")), ("sort", ref("Sort")),
                    ("group_by", oneOf(groupings)),
                    ("sections", array(object("A named group: each task goes to the first whose filter it matches.", [
                        ("name", string), ("filter", ref("QueryNode")),
                    ]))),
                ])),
                ("required", .array([.string("id"), .string("name")])),
            ])),
            ("Perspective", object("A perspective: `definition` is its object in `.perspectives.json` (send it back, changed, to update it), `query` its filter in the text syntax.", [
                ("id", string), ("name", string), ("built_in", boolean), ("version", pattern(version, nullable: true)),
                ("query", nullable("string")), ("definition", ref("PerspectiveDefinition")),
            ])),
            ("PerspectiveDocument", document("One perspective.", [("perspective", ref("Perspective"))])),
            ("PerspectiveListDocument", document("The built-in views, then the vault's perspectives; `problems`: what in `.perspectives.json` cannot be used (the rest can).", [
                ("perspectives", array(ref("Perspective"))), ("problems", array(string)),
            ])),
            ("PerspectiveViewDocument", document("A perspective's or a query's tasks, grouped as it says.", [
                ("view", string), ("name", string), ("query", nullable("string")), ("today", pattern(day)), ("count", integer),
                ("offset", integer), ("limit", integer), ("total", integer), ("groups", array(ref("ViewGroup"))), ("warnings", array(string)),
            ], optional: ["offset", "limit", "total"])),
            ("PerspectiveDeleteDocument", document("A perspective removed, and where its copy was kept (vault-relative).", [
                ("perspective", ref("Perspective")), ("trash", string),
            ])),
            ("PerspectiveInput", .object([
                ("type", .string("object")),
                ("description", .string("""
                    A perspective as `.perspectives.json` stores it. `query` (the text syntax) may replace `filter`; without `id`, a \
                    new one's is made from `name` (an update keeps the path's); `version` is the version read (or `If-Match`). \
                    Keys this version does not know are kept.
                    """)),
                ("properties", .object([
                    ("id", pattern("^[A-Za-z0-9_-]{1,100}$")), ("name", nonEmpty), ("icon", string), ("color", string),
                    ("filter", ref("QueryNode")), ("query", nonEmpty), ("sort", ref("Sort")), ("group_by", oneOf(groupings)),
                    ("sections", array(object("A named group.", [("name", string), ("filter", ref("QueryNode"))]))),
                    ("version", pattern(version)),
                ])),
                ("not", .object([("required", .array([.string("query"), .string("filter")]))])),
                ("examples", .array([
                    .object([("id", .string("work-now")), ("name", .string("Work now")), ("query", .string("area:Work & available")),
                             ("sort", .string("-priority")), ("group_by", .string("project"))]),
                    .object([("name", .string("Flagged at work")), ("filter", example), ("sort", .array([.object([("field", .string("due"))])]))]),
                ])),
            ])),
            ("QueryRequest", .object([
                ("type", .string("object")),
                ("description", .string("A query in the text syntax (`query`) or a tree (`filter`), with a sort and a grouping.")),
                ("properties", .object([("query", nonEmpty), ("filter", ref("QueryNode")), ("sort", ref("Sort")), ("group_by", oneOf(groupings))])),
                ("oneOf", .array([.object([("required", .array([.string("query")])), ("not", .object([("required", .array([.string("filter")]))]))]),
                                  .object([("required", .array([.string("filter")])), ("not", .object([("required", .array([.string("query")]))]))])])),
                ("additionalProperties", .bool(false)),
                ("examples", .array([.object([("query", .string("area:Work & p1")), ("sort", .string("-priority"))]),
                                     .object([("filter", example), ("group_by", .string("area"))])])),
            ])),
        ]
    }

    /// What a new task may say.
    static var newTaskFields: [(String, JSONValue)] {
        [("text", nonEmpty), ("title", nonEmpty), ("due", string), ("defer", string), ("scheduled", string),
         ("priority", oneOf(priorities)), ("flagged", boolean), ("area", string), ("project", string), ("tags", array(string)),
         ("estimated_minutes", integer), ("description", string), ("recurrence", string),
         ("recurrence_type", oneOf(repeatModes)), ("status", oneOf(statuses)), ("body", string), ("source", string),
         ("parent", string), ("checklist", array(string)), ("blocked_by", array(string))]
    }

    /// The overview, theme, undo and batch documents.
    static var appSchemas: [(String, JSONValue)] {
        let task = ref("Task"), errorBody = object("The error.", [
            ("code", string), ("message", string), ("candidates", array(string)), ("conflict", anyObject), ("subtasks", array(string)),
        ], optional: ["candidates", "conflict", "subtasks"])
        return [
            ("OverviewDocument", document("The sidebar's lists and counts.", [
                ("today", pattern(day)),
                ("views", array(object("A list (count null: not counted).", [
                    ("id", string), ("name", string), ("kind", oneOf(["builtin", "saved", "perspective"])), ("count", nullable("integer")),
                    ("icon", nullable("string")), ("color", nullable("string")), ("display_style", nullable("string")),
                ]))),
                ("areas", array(object("An area (null: no area).", [
                    ("area", nullable("string")), ("count", integer),
                    ("projects", array(object("A project.", [("project", string), ("count", integer)]))),
                ]))),
                ("tags", array(ref("TagNode"))),
                ("types", array(object("A type.", [
                    ("name", string), ("type", string), ("folder", string), ("defined_in", nullable("string")), ("items", integer),
                    ("fields", array(anyObject)),
                ]))),
                ("overdue", integer), ("trash", integer), ("problems", integer), ("conflicts", integer), ("quarantine", integer),
            ])),
            ("Theme", .object([
                ("type", .string("object")),
                ("description", .string("`.theme.json`: {\"base\": preset, \"overrides\": {\"colors\": {…}, \"shapes\": {…}, \"typography\": {…}, \"animation\": {…}}}; other keys are kept.")),
                ("properties", .object([
                    ("base", oneOf(ThemeFile.presets)),
                    ("overrides", .object([("type", .string("object")), ("additionalProperties", anyObject)])),
                ])),
            ])),
            ("ThemeDocument", document("The theme file (null: none), its version, and why it cannot be used.", [
                ("theme", nullable(ref("Theme"))), ("version", pattern(version, nullable: true)), ("problem", nullable("string")),
            ])),
            ("UndoListDocument", document("Recent actions, newest first.", [
                ("journal", string), ("count", integer),
                ("actions", array(ref("UndoAction"))),
                ("problems", array(object("A file and why.", [("path", string), ("reasons", array(string))]))),
            ])),
            ("HistoryDocument", document("A task file's versions, newest first.", [
                ("path", string), ("title", nullable("string")), ("count", integer),
                ("versions", array(object("One version.", [
                    ("version", string), ("seq", integer), ("hash", nullable("string")), ("at", string),
                    ("by", oneOf(["todomd", "external", "seen"])), ("action", nullable("string")), ("front_end", nullable("string")),
                    ("source", nullable("string")), ("path", string), ("from", nullable("string")), ("fields", array(string)),
                    ("current", boolean), ("size", integer),
                ]))),
            ])),
            ("VersionContentDocument", document("One version's file, as text.", [
                ("path", string), ("version", string), ("content", string),
            ])),
            ("SyncConflict", object("A copy whose original changed the same fields (mine: the original; theirs: the copy).", [
                ("task", string), ("title", string), ("copy", string), ("engine", string),
                ("fields", array(object("A field both sides changed.", [
                    ("key", string), ("base", nullable("string")), ("mine", nullable("string")), ("theirs", nullable("string")),
                ]))),
                ("merged", array(string)), ("has_base", boolean),
            ])),
            ("SyncConflictsDocument", document("The open sync conflicts.", [("count", integer), ("conflicts", array(ref("SyncConflict")))])),
            ("SyncMergeDocument", document("Copies merged, and conflicts still open.", [
                ("merged", array(object("A copy merged into its original.", [("task", string), ("copy", string), ("fields", array(string))]))),
                ("open", array(ref("SyncConflict"))),
            ])),
            ("UndoAction", object("A recorded action.", [
                ("id", integer), ("at", string), ("action", string), ("summary", string), ("undone", boolean),
                ("undone_at", nullable("string")), ("undoable", boolean), ("not_undoable", nullable("string")),
                ("files", array(object("A file it changed.", [("path", string), ("change", string), ("moved_to", nullable("string"))]))),
            ])),
            ("UndoDocument", document("What undo put back.", [
                ("undone", ref("UndoAction")), ("restored", array(string)),
                ("trashed", array(object("A file moved to the trash.", [("path", string), ("trash_path", string)]))),
                ("removed", array(string)), ("messages", array(string)),
            ])),
            ("BatchRequest", object("Writes run in order as one undoable action.", [
                ("label", string),
                ("ops", .object([("type", .string("array")), ("maxItems", .int(1000)), ("items", object("One write.", [
                    ("id", nonEmpty), ("action", oneOf(["set", "done", "reopen", "cancel", "defer", "flag", "unflag", "delete"])),
                    ("fields", anyObject), ("date", string), ("version", pattern(version)),
                ], optional: ["fields", "date", "version"]))])),
            ], optional: ["label"])),
            ("BatchResultsDocument", document("Each write's result, in order.", [
                ("results", array(object("A result: the task after it, the trash path after a delete, or the error.", [
                    ("id", string), ("ok", boolean), ("task", nullable(task)), ("trash", nullable("string")), ("error", nullable(errorBody)),
                ]))),
            ])),
        ]
    }

    static let nonEmpty: JSONValue = .object([("type", .string("string")), ("minLength", .int(1)), ("pattern", .string("\\S"))])
}
