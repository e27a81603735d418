import Foundation
import TodoMDCore
import TodoMDService

/// `{"at", "local", "kind", "task", "title", "message"}`: one reminder; `at` in UTC, `local` the
/// vault's wall time (`2026-11-27T09:00`); `kind` due, defer, entry, nag or snooze.
public struct ReminderDTO: Decodable, Equatable, Sendable, JSONObject {
    public var at: String
    public var local: String
    public var kind: String
    public var task: String
    public var title: String
    public var message: String

    public init(_ r: Reminder, zone: TimeZone) {
        at = Timestamp.format(r.at)
        local = LocalDateTime(instant: r.at, in: zone).description
        kind = r.kind.rawValue
        task = r.taskID
        title = r.title
        message = r.message
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("at", at)
        v.field("local", local)
        v.field("kind", kind)
        v.field("task", task)
        v.field("title", title)
        v.field("message", message)
    }
}

/// `todomd reminders --json`: the window and what fires in it, oldest first.
public struct ReminderListDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var from: String
    public var to: String
    public var nagEnabled: Bool
    public var reminders: [ReminderDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", from, to, nagEnabled = "nag_enabled", reminders }

    public init(_ p: ReminderPage) {
        from = Timestamp.format(p.from)
        to = Timestamp.format(p.to)
        nagEnabled = p.nagEnabled
        reminders = p.reminders.map { ReminderDTO($0, zone: p.zone) }
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("from", from)
        v.field("to", to)
        v.field("nag_enabled", nagEnabled)
        v.field("reminders", reminders)
    }
}

/// The live `reminder` event of `GET /api/events`: one reminder firing now (the server's loop).
public struct ReminderEventDTO: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var event = "reminder"
    public var reminder: ReminderDTO

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", event, reminder }

    public init(_ r: Reminder, zone: TimeZone) { reminder = ReminderDTO(r, zone: zone) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("event", event)
        v.field("reminder", reminder)
    }
}
