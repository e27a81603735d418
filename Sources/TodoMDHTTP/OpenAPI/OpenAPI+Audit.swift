import Foundation
import TodoMDAPI
import TodoMDCore

extension OpenAPIDocument {
    /// `/api/log`: the audit log.
    static var auditPaths: [(String, JSONValue)] {
        [("/api/log", .object([("get", op(
            "auditLog", "The audit log: every change to the vault, by todomd or from outside, of every device, oldest first "
                + "(the newest `limit`); lines that cannot be read are listed in `problems`.",
            params: [
                param("since", in: "query", "At or after: an ISO-8601 time, a date (2026-11-24, yesterday), or an age (7d, 12h).",
                      required: false),
                param("source", in: "query", "Only this source, or those starting so with a trailing `*` (`mcp:*`).", required: false),
                param("task", in: "query", "Only changes to this task's file (a task reference, or the path of a file that is gone), across moves.",
                      required: false),
                param("by", in: "query", "Only changes made by todomd, or seen from outside.", required: false,
                      schema: Schema.oneOf(["todomd", "external"])),
                param("limit", in: "query", "The newest this many (1–10000, default 100).", required: false,
                      schema: .object([("type", .string("integer")), ("minimum", .int(1)), ("maximum", .int(10_000))])),
            ],
            ok: "AuditLogDocument"))]))]
    }
}

extension Schema {
    /// The audit log's document.
    static var auditSchemas: [(String, JSONValue)] {
        [("AuditLogDocument", document("Audit log entries, oldest first (`count` of the `total` that matched), and unreadable lines.", [
            ("count", integer), ("total", integer),
            ("entries", array(object("One change to one file.", [
                ("at", pattern("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z$")), ("device", string),
                ("by", string), ("front_end", nullable("string")), ("source", nullable("string")), ("action", nullable("string")),
                ("kind", string), ("path", string), ("from", nullable("string")), ("task", nullable("string")),
                ("fields", array(string)), ("before", nullable("string")), ("after", nullable("string")),
            ]))),
            ("problems", array(object("A line that could not be read.", [("path", string), ("line", integer), ("reason", string)]))),
        ]))]
    }
}
