import Foundation
import TodoMDCore
import TodoMDService

/// A capture inbox entry: `{"id", "content", "created", "target_date", "synced", "synced_at",
/// "source", "version", "error"}`; `content` is the text exactly as typed.
public struct InboxEntryDTO: Decodable, Equatable, Sendable, JSONObject {
    public var id: String
    public var content: String
    public var created: String
    public var targetDate: String
    public var synced: Bool
    public var syncedAt: String?
    public var source: String
    public var version: String
    public var error: String?

    enum CodingKeys: String, CodingKey {
        case id, content, created, targetDate = "target_date", synced, syncedAt = "synced_at", source, version, error
    }

    public init(_ e: InboxEntry) {
        id = e.id
        content = e.content
        created = InboxEntry.instant(e.created)
        targetDate = e.targetDate.description
        synced = e.synced
        syncedAt = e.syncedAt.map(Timestamp.format)
        source = e.source
        version = e.version
        error = e.error
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("id", id)
        v.field("content", content)
        v.field("created", created)
        v.field("target_date", targetDate)
        v.field("synced", synced)
        v.field("synced_at", syncedAt)
        v.field("source", source)
        v.field("version", version)
        v.field("error", error)
    }
}

/// `{"schema_version", "entries", "unsynced", "push_mode", "daily_note", "problems"}`: the queue.
public struct InboxDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var entries: [InboxEntryDTO]
    public var unsynced: Int
    public var pushMode: String
    public var dailyNote: String
    public var problems: [String]

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version", entries, unsynced, pushMode = "push_mode", dailyNote = "daily_note", problems
    }

    public init(_ p: InboxPage) {
        entries = p.entries.map(InboxEntryDTO.init)
        unsynced = p.unsynced
        pushMode = p.pushMode.rawValue
        dailyNote = p.dailyNote
        problems = p.problems
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("entries", entries)
        v.field("unsynced", unsynced)
        v.field("push_mode", pushMode)
        v.field("daily_note", dailyNote)
        v.field("problems", problems)
    }
}

/// `{"unsynced": 3}`.
public struct InboxCountDocument: Decodable, Equatable, Sendable, JSONObject {
    public var unsynced: Int

    public init(unsynced: Int) { self.unsynced = unsynced }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) { v.field("unsynced", unsynced) }
}

/// A day of a push: `{"date", "note", "entries", "created"}` or, failed, `{"date", "note",
/// "entries", "error"}`.
public struct InboxPushDayDTO: Decodable, Equatable, Sendable, JSONObject {
    public var date: String
    public var note: String
    public var entries: [String]
    public var created: Bool?
    public var error: String?

    public init(_ d: InboxPush.Day) {
        date = d.date.description
        note = d.note
        entries = d.entries
        created = d.created
    }

    public init(_ f: InboxPush.Failure) {
        date = f.date.description
        note = f.note
        entries = f.entries
        error = f.error
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("date", date)
        v.field("note", note)
        v.field("entries", entries)
        if let created { v.field("created", created) }
        if let error { v.field("error", error) }
    }
}

/// `{"schema_version", "pushed", "failed", "unsynced", "problems"}`: what a push did.
public struct InboxPushDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var pushed: [InboxPushDayDTO]
    public var failed: [InboxPushDayDTO]
    public var unsynced: Int
    public var problems: [String]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", pushed, failed, unsynced, problems }

    public init(_ r: InboxPushReport) {
        pushed = r.outcome.pushed.map(InboxPushDayDTO.init)
        failed = r.outcome.failed.map(InboxPushDayDTO.init)
        unsynced = r.unsynced
        problems = r.problems
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("pushed", pushed)
        v.field("failed", failed)
        v.field("unsynced", unsynced)
        v.field("problems", problems)
    }
}

/// `{"date", "uri", "entries"}`: one day's Obsidian Actions URI.
public struct InboxPushURIDTO: Decodable, Equatable, Sendable, JSONObject {
    public var date: String
    public var uri: String
    public var entries: [String]

    public init(_ u: InboxPushURI) {
        date = u.date.description
        uri = u.uri
        entries = u.entries
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("date", date)
        v.field("uri", uri)
        v.field("entries", entries)
    }
}

/// `{"schema_version", "uris"}`.
public struct InboxPushURIsDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var uris: [InboxPushURIDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", uris }

    public init(_ list: [InboxPushURI]) { uris = list.map(InboxPushURIDTO.init) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("uris", uris)
    }
}

/// `{"schema_version", "result", "entries"}`: a callback applied (`synced` or `kept`).
public struct InboxCallbackDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var result: String
    public var entries: [String]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", result, entries }

    public init(synced: Bool, entries: [String]) {
        result = synced ? "synced" : "kept"
        self.entries = entries
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("result", result)
        v.field("entries", entries)
    }
}

/// `{"schema_version", "task"|"item"}`: what an entry became.
public struct InboxConversionDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var task: NewTaskDocument?
    public var item: CaptureDocument?

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", task, item }

    public init(_ c: InboxConversion, today: LocalDate) {
        switch c {
        case .task(let o): task = NewTaskDocument(o, today: today)
        case .item(let o): item = CaptureDocument(o)
        }
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        if let task { v.field("task", task) }
        if let item { v.field("item", item) }
    }
}

/// `{"groups": [{"name", "markers": [{"char", "name", "icon", "prefix"}]}]}`: the capture markers.
public struct MarkersDocument: Decodable, Equatable, Sendable, JSONObject {
    public struct Marker: Decodable, Equatable, Sendable, JSONObject {
        public var char: String
        public var name: String
        public var icon: String
        public var prefix: String

        public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
            v.field("char", char)
            v.field("name", name)
            v.field("icon", icon)
            v.field("prefix", prefix)
        }
    }

    public struct Group: Decodable, Equatable, Sendable, JSONObject {
        public var name: String
        public var markers: [Marker]

        public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
            v.field("name", name)
            v.field("markers", markers)
        }
    }

    public var groups: [Group]

    public init() {
        groups = CaptureMarkers.groups.map { g in
            Group(name: g.name, markers: g.markers.map { Marker(char: String($0.char), name: $0.name, icon: $0.icon, prefix: $0.prefix) })
        }
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) { v.field("groups", groups) }
}

/// `{"deleted": id}`.
public struct InboxDeletedDocument: Decodable, Equatable, Sendable, JSONObject {
    public var deleted: String

    public init(deleted: String) { self.deleted = deleted }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) { v.field("deleted", deleted) }
}
