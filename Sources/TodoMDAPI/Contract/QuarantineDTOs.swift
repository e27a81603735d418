import Foundation
import TodoMDCore
import TodoMDService

/// A held file: `{"path", "task", "problem", "at", "source", "reason"}`; `task` is null when the
/// file is not a readable task file (`problem` says why); `reason` is `source` or `burst`.
public struct QuarantinedFileDTO: Decodable, Equatable, Sendable, JSONObject {
    public var path: String
    public var task: TaskDTO?
    public var problem: String?
    public var at: String
    public var source: String?
    public var reason: String

    public init(_ f: QuarantinedFile, today: LocalDate) {
        path = f.path
        task = f.task.map { TaskDTO($0, today: today) }
        problem = f.problem
        at = Timestamp.format(f.at)
        source = f.source
        reason = f.reason
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("path", path)
        v.field("task", task)
        v.field("problem", problem)
        v.field("at", at)
        v.field("source", source)
        v.field("reason", reason)
    }
}

/// The burst files were held for: `{"total", "window_seconds", "sources": [{"source", "count"}]}`.
public struct QuarantineAlertDTO: Decodable, Equatable, Sendable, JSONObject {
    public var total: Int
    public var windowSeconds: Int
    public var sources: [AlertSourceDTO]

    enum CodingKeys: String, CodingKey { case total, windowSeconds = "window_seconds", sources }

    public init(_ a: RateAlert) {
        total = a.total
        windowSeconds = a.windowSeconds
        sources = a.sources.map { AlertSourceDTO(source: $0.source, count: $0.count) }
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("total", total)
        v.field("window_seconds", windowSeconds)
        v.field("sources", sources)
    }
}

/// `{"schema_version", "enabled", "count", "files", "alert", "burst", "window_seconds"}`: what the
/// quarantine holds, oldest first (`alert`: null unless files were held for a burst).
public struct QuarantineDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var enabled: Bool
    public var count: Int
    public var files: [QuarantinedFileDTO]
    public var alert: QuarantineAlertDTO?
    public var burst: Int
    public var windowSeconds: Int

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version", enabled, count, files, alert, burst, windowSeconds = "window_seconds"
    }

    public init(_ q: QuarantineList, today: LocalDate) {
        enabled = q.enabled
        files = q.files.map { QuarantinedFileDTO($0, today: today) }
        count = files.count
        alert = q.alert.map(QuarantineAlertDTO.init)
        burst = q.burst
        windowSeconds = q.windowSeconds
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("enabled", enabled)
        v.field("count", count)
        v.field("files", files)
        v.field("alert", alert)
        v.field("burst", burst)
        v.field("window_seconds", windowSeconds)
    }
}

/// `{"schema_version", "approved": [paths]}` or `{"schema_version", "rejected": [{"path",
/// "trash_path"}]}`: what a quarantine decision did.
public struct QuarantineDecisionDocument: Decodable, Equatable, Sendable, JSONObject {
    public struct Rejected: Decodable, Equatable, Sendable, JSONObject {
        public var path: String
        public var trashPath: String

        enum CodingKeys: String, CodingKey { case path, trashPath = "trash_path" }

        public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
            v.field("path", path)
            v.field("trash_path", trashPath)
        }
    }

    public var schemaVersion = APISchema.version
    public var approved: [String]?
    public var rejected: [Rejected]?

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", approved, rejected }

    public init(approved: [String]) { self.approved = approved }

    public init(rejected: [(path: String, trashPath: String)]) {
        self.rejected = rejected.map { Rejected(path: $0.path, trashPath: $0.trashPath) }
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        if let approved { v.field("approved", approved) }
        if let rejected { v.field("rejected", rejected) }
    }
}
