import Foundation
import TodoMDCore
import TodoMDService

/// One field both devices changed: `{"key", "base", "mine", "theirs"}` (values as text, null
/// when absent; for `body`, the whole body).
public struct SyncConflictFieldDTO: Decodable, Equatable, Sendable, JSONObject {
    public var key: String
    public var base: String?
    public var mine: String?
    public var theirs: String?

    public init(_ c: TaskMerge.Conflict) {
        key = c.key
        base = TaskMerge.Conflict.text(c.base, key: c.key)
        mine = TaskMerge.Conflict.text(c.mine, key: c.key)
        theirs = TaskMerge.Conflict.text(c.theirs, key: c.key)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("key", key)
        v.field("base", base)
        v.field("mine", mine)
        v.field("theirs", theirs)
    }
}

/// An open sync conflict: `{"task", "title", "copy", "engine", "fields", "merged", "has_base"}`;
/// `task` is the original's path (mine), `copy` the copy's (theirs).
public struct SyncConflictDTO: Decodable, Equatable, Sendable, JSONObject {
    public var task: String
    public var title: String
    public var copy: String
    public var engine: String
    public var fields: [SyncConflictFieldDTO]
    public var merged: [String]
    public var hasBase: Bool

    enum CodingKeys: String, CodingKey { case task, title, copy, engine, fields, merged, hasBase = "has_base" }

    public init(_ c: SyncConflict) {
        task = c.copy.original
        title = c.title
        copy = c.copy.copy
        engine = c.copy.engine.rawValue
        fields = c.conflicts.map(SyncConflictFieldDTO.init)
        merged = c.merged
        hasBase = c.hasBase
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("task", task)
        v.field("title", title)
        v.field("copy", copy)
        v.field("engine", engine)
        v.field("fields", fields)
        v.field("merged", merged)
        v.field("has_base", hasBase)
    }
}

/// `{"schema_version", "count", "conflicts"}`.
public struct SyncConflictsDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var count: Int
    public var conflicts: [SyncConflictDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", count, conflicts }

    public init(_ open: [SyncConflict]) {
        conflicts = open.map(SyncConflictDTO.init)
        count = conflicts.count
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("count", count)
        v.field("conflicts", conflicts)
    }
}

/// `{"schema_version", "merged", "open"}`: copies merged (original, copy, fields taken) and
/// conflicts still open.
public struct SyncMergeDocument: Decodable, Equatable, Sendable, JSONObject {
    public struct Merged: Decodable, Equatable, Sendable, JSONObject {
        public var task: String
        public var copy: String
        public var fields: [String]

        public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
            v.field("task", task)
            v.field("copy", copy)
            v.field("fields", fields)
        }
    }

    public var schemaVersion = APISchema.version
    public var merged: [Merged]
    public var open: [SyncConflictDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", merged, open }

    public init(_ r: SyncMergeReport) {
        merged = r.merged.map { Merged(task: $0.copy.original, copy: $0.copy.copy, fields: $0.fields) }
        open = r.open.map(SyncConflictDTO.init)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("merged", merged)
        v.field("open", open)
    }
}
