import Foundation
import TodoMDCore
import TodoMDService

/// A source of new files in a rate alert.
public struct AlertSourceDTO: Decodable, Equatable, Sendable, JSONObject {
    public var source: String
    public var count: Int

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("source", source)
        v.field("count", count)
    }
}

/// One thing that happened in the vault (`todomd watch --json`, one per line; `GET /api/events`):
/// `{"schema_version", "event": "added", "task"}`, `… "modified", "task", "changed"`,
/// `… "removed", "task"`, `… "problem", "path", "reasons"`, `… "alert", "total",
/// "window_seconds", "sources"`, `… "held", "path", "reasons"` (a new file the quarantine holds),
/// `… "conflict", "path", "copy"` (a sync engine's copy that changed the same fields).
/// Only the keys of its kind are written.
public struct WatchEventDTO: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    /// added, modified, removed, problem, alert, held, conflict.
    public var event: String
    public var task: TaskDTO?
    /// For `modified`: the fields that changed, in schema order.
    public var changed: [String]?
    public var path: String?
    public var reasons: [String]?
    public var total: Int?
    public var windowSeconds: Int?
    public var sources: [AlertSourceDTO]?
    /// For `conflict`: the copy (`path` is its original).
    public var copy: String?

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version", event, task, changed, path, reasons, total, windowSeconds = "window_seconds", sources, copy
    }

    public init(event: String) { self.event = event }

    public init(_ change: WatchChange, today: LocalDate) {
        switch change {
        case let .added(t, version):
            event = "added"
            task = TaskDTO(t, version: version, today: today)
        case let .modified(old, new, version):
            event = "modified"
            task = TaskDTO(new, version: version, today: today)
            changed = WatchChange.changedFields(old, new)
        case .removed(let t):
            event = "removed"
            task = TaskDTO(t, version: nil, today: today)
        case .problem(let p):
            event = "problem"
            path = p.path
            reasons = p.reasons
        case .alert(let a):
            event = "alert"
            total = a.total
            windowSeconds = a.windowSeconds
            sources = a.sources.map { AlertSourceDTO(source: $0.source, count: $0.count) }
        case let .held(p, reason):
            event = "held"
            path = p
            reasons = [reason]
        case let .conflict(original, c):
            event = "conflict"
            path = original
            copy = c
        }
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("event", event)
        if let task { v.field("task", task) }
        if let changed { v.field("changed", changed) }
        if let path { v.field("path", path) }
        if let reasons { v.field("reasons", reasons) }
        if let total { v.field("total", total) }
        if let windowSeconds { v.field("window_seconds", windowSeconds) }
        if let sources { v.field("sources", sources) }
        if let copy { v.field("copy", copy) }
    }
}
