import Foundation
import TodoMDCore
import TodoMDService

/// One version of a task's file: `{"version", "seq", "hash", "at", "by", "action", "front_end",
/// "source", "path", "from", "fields", "current", "size"}`. `by` is `todomd`, `external` or
/// `seen` (the file as first seen); `fields` the keys changed from the version before.
public struct HistoryEntryDTO: Decodable, Equatable, Sendable, JSONObject {
    public var version: String
    public var seq: Int
    public var hash: String?
    public var at: String
    public var by: String
    public var action: String?
    public var frontEnd: String?
    public var source: String?
    public var path: String
    public var from: String?
    public var fields: [String]
    public var current: Bool
    public var size: Int

    enum CodingKeys: String, CodingKey {
        case version, seq, hash, at, by, action, frontEnd = "front_end", source, path, from, fields, current, size
    }

    public init(_ e: HistoryEntry) {
        version = e.version
        seq = Int(e.seq)
        hash = e.hash
        at = Timestamp.format(e.at)
        by = e.by
        action = e.action
        frontEnd = e.frontEnd
        source = e.source
        path = e.path
        from = e.from
        fields = e.fields
        current = e.current
        size = e.size
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("version", version)
        v.field("seq", seq)
        v.field("hash", hash)
        v.field("at", at)
        v.field("by", by)
        v.field("action", action)
        v.field("front_end", frontEnd)
        v.field("source", source)
        v.field("path", path)
        v.field("from", from)
        v.field("fields", fields)
        v.field("current", current)
        v.field("size", size)
    }
}

/// `{"schema_version", "path", "title", "count", "versions"}`: a task's versions, newest first.
public struct HistoryDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var path: String
    public var title: String?
    public var count: Int
    public var versions: [HistoryEntryDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", path, title, count, versions }

    public init(_ h: TaskHistory) {
        path = h.path
        title = h.title
        versions = h.entries.map(HistoryEntryDTO.init)
        count = versions.count
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("path", path)
        v.field("title", title)
        v.field("count", count)
        v.field("versions", versions)
    }
}

/// `{"schema_version", "path", "version", "content"}`: one version's bytes as text.
public struct VersionContentDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var path: String
    public var version: String
    public var content: String

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", path, version, content }

    public init(path: String, version: String, bytes: [UInt8]) {
        self.path = path
        self.version = version
        content = String(decoding: bytes, as: UTF8.self)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("path", path)
        v.field("version", version)
        v.field("content", content)
    }
}
