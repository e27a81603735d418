import Foundation
import TodoMDAPI
import TodoMDCore

extension OpenAPIDocument {
    /// `/api/inbox…` and `/api/markers`: the capture inbox (issue 20).
    static var inboxPaths: [(String, JSONValue)] {
        let id = param("id", in: "path", "The entry's id.", schema: Schema.pattern("^[A-Za-z0-9_][A-Za-z0-9_.-]{7,159}$"))
        let ifMatch = param("If-Match", in: "header", "The version read (`ETag`); `*` or absent: no check.", required: false)
        let entryBody = Schema.object("The text exactly as typed; `id` (the client's) makes a resend safe; `created`: when it was "
            + "written (ISO-8601; used within the last 30 days).", [
            ("content", Schema.nonEmpty), ("target_date", Schema.string), ("source", Schema.string),
            ("id", Schema.pattern("^[A-Za-z0-9_-]{8,64}$")), ("created", Schema.string),
        ], optional: ["target_date", "source", "id", "created"])
        let created = ("200", JSONValue.object([("description", .string("The entry with this id exists already (a resend).")),
                                                ("content", .object([("application/json", .object([("schema", Schema.ref("InboxEntry"))]))]))]))
        return [
            ("/api/markers", .object([("get", op("markers", "The capture toolbar's task-type markers (`- [!]`, `- [?]`, `- [b]`…) in groups.",
                                                 ok: "MarkersDocument"))])),
            ("/api/inbox", .object([
                ("get", op("inbox", "The capture queue: entries not pushed yet, oldest first (`all=true`: the pushed ones too).",
                           params: [param("all", in: "query", "Include pushed entries.", required: false, schema: Schema.boolean)],
                           ok: "InboxDocument")),
                ("post", op("captureToInbox", "Queue text (201); the same client `id` again answers 200 with that entry.",
                            body: entryBody, ok: "InboxEntry", okStatus: "201",
                            okHeaders: [("Location", "The entry."), ("ETag", "Its version.")], extra: [created])),
            ])),
            ("/api/inbox/count", .object([("get", op("inboxCount", "How many entries wait to be pushed.", ok: "InboxCountDocument"))])),
            ("/api/inbox/push", .object([("post", op(
                "pushInbox", "Append the waiting entries (or `ids`) to their days' daily notes, exactly as typed; a note that changes "
                    + "meanwhile is re-read, never overwritten, and a day that fails keeps its entries queued.",
                body: Schema.object("Which entries (default all waiting).", [("ids", Schema.array(Schema.string))], optional: ["ids"]),
                ok: "InboxPushDocument"))])),
            ("/api/inbox/push-uri", .object([("post", op(
                "inboxPushURIs", "Obsidian Actions URIs appending the waiting entries, one per day, calling back /api/inbox/callback.",
                ok: "InboxPushURIsDocument"))])),
            ("/api/inbox/callback", .object([("get", op(
                "inboxCallback", "Obsidian's x-success / x-error after an Actions URI push: marks that push's entries synced, or keeps them "
                    + "queued with the error.",
                params: [param("nonce", in: "query", "The push's nonce (in the URI).", schema: Schema.nonEmpty),
                         param("result", in: "query", "success or error.", schema: Schema.oneOf(["success", "error"])),
                         param("errorMessage", in: "query", "Obsidian's message, on error.", required: false)],
                ok: "InboxCallbackDocument"))])),
            ("/api/inbox/{id}", .object([
                ("get", op("inboxEntry", "One entry, with its version as `ETag`.", params: [id], ok: "InboxEntry",
                           okHeaders: [("ETag", "Its version.")])),
                ("patch", op("updateInboxEntry", "Change an entry's text or day; send the version read (If-Match or `version`).",
                             params: [id, ifMatch],
                             body: Schema.object("What changes.", [("content", Schema.nonEmpty), ("target_date", Schema.string),
                                                                   ("version", Schema.pattern(Schema.version))],
                                                 optional: ["content", "target_date", "version"]),
                             ok: "InboxEntry", okHeaders: [("ETag", "The new version.")])),
                ("delete", op("removeInboxEntry", "Move an entry to the trash.", params: [id, ifMatch], ok: "InboxDeletedDocument")),
            ])),
            ("/api/inbox/{id}/prompt", .object([("post", op(
                "inboxEntryPrompt", "The \"copy LLM prompt\" text for an entry (spec 003): the type's extraction prompt with the text filled in.",
                params: [id], body: Schema.object("Optionally the type to extract.", [("type", Schema.string)], optional: ["type"]),
                ok: "PromptDocument"))])),
            ("/api/inbox/{id}/convert", .object([("post", op(
                "convertInboxEntry", "Turn an entry into a task (its first line read as quick entry, the rest as notes) or a typed item "
                    + "(type detection; `type` forces one); the entry leaves the queue.",
                params: [id],
                body: Schema.object("What to make.", [("to", Schema.oneOf(["task", "item"])), ("type", Schema.string)], optional: ["to", "type"]),
                ok: "InboxConversionDocument", okStatus: "201"))])),
        ]
    }
}

extension Schema {
    static let instantMillis = "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{3})?Z$"

    static var inboxSchemas: [(String, JSONValue)] {
        let ids = array(string)
        let day = pattern(Self.day)
        return [
            ("InboxEntry", object("A captured entry: `content` exactly as typed, `target_date` the day whose daily note it goes to.", [
                ("id", string), ("content", string), ("created", pattern(instantMillis)), ("target_date", day), ("synced", boolean),
                ("synced_at", pattern(instant, nullable: true)), ("source", string), ("version", pattern(version)), ("error", nullable("string")),
            ])),
            ("InboxDocument", document("The capture queue.", [
                ("entries", array(ref("InboxEntry"))), ("unsynced", integer), ("push_mode", oneOf(["file", "uri"])), ("daily_note", string),
                ("problems", array(string)),
            ])),
            ("InboxCountDocument", object("Entries waiting to be pushed.", [("unsynced", integer)])),
            ("InboxPushDocument", document("What a push did.", [
                ("pushed", array(object("A day's note that got its entries.", [("date", day), ("note", string), ("entries", ids), ("created", boolean)]))),
                ("failed", array(object("A day whose entries stay queued.", [("date", day), ("note", string), ("entries", ids), ("error", string)]))),
                ("unsynced", integer), ("problems", array(string)),
            ])),
            ("InboxPushURIsDocument", document("One Obsidian Actions URI per day.", [
                ("uris", array(object("A day's URI.", [("date", day), ("uri", string), ("entries", ids)]))),
            ])),
            ("InboxCallbackDocument", document("A callback applied.", [("result", oneOf(["synced", "kept"])), ("entries", ids)])),
            ("PromptDocument", document("The \"copy LLM prompt\" text.", [("type", string), ("prompt", string)])),
            ("InboxDeletedDocument", object("An entry moved to the trash.", [("deleted", string)])),
            ("InboxConversionDocument", document("What the entry became: a task, or a typed item.", [
                ("task", ref("NewTaskDocument")),
                ("item", document("A typed item.", [("type", string), ("reason", string), ("title", string), ("fields", anyObject),
                                                   ("tags", array(string)), ("saved", nullable("string"))])),
            ], optional: ["task", "item"])),
            ("MarkersDocument", object("The capture toolbar's markers.", [
                ("groups", array(object("A group of markers.", [
                    ("name", string),
                    ("markers", array(object("A marker: `- [char] `.", [("char", string), ("name", string), ("icon", string), ("prefix", string)]))),
                ]))),
            ])),
        ]
    }
}
