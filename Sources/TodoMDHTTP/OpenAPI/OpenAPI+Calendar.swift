import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

extension OpenAPIDocument {
    /// `/api/calendar`: the calendar view's days.
    static var calendarPaths: [(String, JSONValue)] {
        let day = Schema.string
        return [
            ("/api/calendar", .object([("get", op(
                "calendar", "Open tasks on their scheduled (else due) day, the subscribed calendars' events, and each working day's "
                    + "free time, from `from` to `to` (YYYY-MM-DD, inclusive; default this week; at most \(TodoService.calendarMaxDays) days).",
                params: [param("from", in: "query", "The first day (YYYY-MM-DD).", required: false, schema: day),
                         param("to", in: "query", "The last day (YYYY-MM-DD).", required: false, schema: day)],
                ok: "CalendarDocument"))])),
        ]
    }
}

extension Schema {
    static var calendarSchemas: [(String, JSONValue)] {
        let range = object("A stretch of a day (HH:MM, end exclusive).", [("start", string), ("end", string)])
        return [
            ("CalendarDocument", document("A window of the calendar.", [
                ("from", string), ("to", string), ("today", string), ("work_hours", range),
                ("days", array(object("A day.", [
                    ("date", string), ("work_day", boolean), ("free_minutes", integer), ("planned_minutes", integer), ("free", array(range)),
                    ("tasks", array(object("A task on the day: `field` is where its day comes from (what moving it changes).", [
                        ("field", oneOf(["scheduled", "due"])), ("time", nullable("string")), ("minutes", nullable("integer")), ("task", ref("Task")),
                    ]))),
                    ("events", array(object("An event of a subscribed calendar (read-only), in the vault's wall time.", [
                        ("title", string), ("calendar", string), ("start", string), ("end", nullable("string")), ("all_day", boolean),
                        ("location", nullable("string")),
                    ]))),
                ]))),
                ("calendars", array(object("A subscribed calendar (`calendars` in .todomd.json).", [
                    ("name", string), ("events", integer), ("error", nullable("string")),
                ]))),
            ])),
        ]
    }
}
