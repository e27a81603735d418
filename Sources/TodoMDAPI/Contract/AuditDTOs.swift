import Foundation
import TodoMDCore
import TodoMDService

/// One audit log entry: `{"at", "device", "by", "front_end", "source", "action", "kind", "path",
/// "from", "task", "fields", "before", "after"}`, the keys of a log line (absent ones null).
/// `at` is UTC to the millisecond; `by` is `todomd` or `external`.
public struct AuditEntryDTO: Decodable, Equatable, Sendable, JSONObject {
    public var at: String
    public var device: String
    public var by: String
    public var frontEnd: String?
    public var source: String?
    public var action: String?
    public var kind: String
    public var path: String
    public var from: String?
    public var task: String?
    public var fields: [String]
    public var before: String?
    public var after: String?

    enum CodingKeys: String, CodingKey {
        case at, device, by, frontEnd = "front_end", source, action, kind, path, from, task, fields, before, after
    }

    public init(_ e: AuditEntry) {
        at = AuditLog.instant(e.at)
        device = e.device
        by = e.by
        frontEnd = e.frontEnd
        source = e.source
        action = e.action
        kind = e.kind
        path = e.path
        from = e.from
        task = e.task
        fields = e.fields
        before = e.before
        after = e.after
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("at", at)
        v.field("device", device)
        v.field("by", by)
        v.field("front_end", frontEnd)
        v.field("source", source)
        v.field("action", action)
        v.field("kind", kind)
        v.field("path", path)
        v.field("from", from)
        v.field("task", task)
        v.field("fields", fields)
        v.field("before", before)
        v.field("after", after)
    }
}

/// A line of the log that could not be read: `{"path", "line", "reason"}`.
public struct AuditProblemDTO: Decodable, Equatable, Sendable, JSONObject {
    public var path: String
    public var line: Int
    public var reason: String

    public init(_ p: AuditProblem) {
        path = p.path
        line = p.line
        reason = p.reason
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("path", path)
        v.field("line", line)
        v.field("reason", reason)
    }
}

/// `{"schema_version", "count", "total", "entries", "problems"}`: audit log entries, oldest
/// first (`count` of the `total` that matched), and the lines that could not be read.
public struct AuditLogDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var count: Int
    public var total: Int
    public var entries: [AuditEntryDTO]
    public var problems: [AuditProblemDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", count, total, entries, problems }

    public init(_ page: AuditLogPage) {
        entries = page.entries.map(AuditEntryDTO.init)
        count = entries.count
        total = page.total
        problems = page.problems.map(AuditProblemDTO.init)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("count", count)
        v.field("total", total)
        v.field("entries", entries)
        v.field("problems", problems)
    }
}
