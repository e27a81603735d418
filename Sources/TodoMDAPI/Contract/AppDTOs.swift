import Foundation
import TodoMDCore
import TodoMDService

/// A list in the sidebar and its count: `{"id", "name", "kind", "count", "icon", "color", "display_style"}`.
public struct ViewCountDTO: Decodable, Equatable, Sendable, JSONObject {
    public var id: String
    public var name: String
    public var kind: String
    public var count: Int?
    public var icon: String?
    public var color: String?
    public var displayStyle: String?

    enum CodingKeys: String, CodingKey { case id, name, kind, count, icon, color, displayStyle = "display_style" }

    public init(_ c: Overview.ViewCount) {
        (id, name, kind, count, icon, color, displayStyle) = (c.id, c.name, c.kind, c.count, c.icon, c.color, c.displayStyle)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("id", id)
        v.field("name", name)
        v.field("kind", kind)
        v.field("count", count)
        v.field("icon", icon)
        v.field("color", color)
        v.field("display_style", displayStyle)
    }
}

/// `GET /api/overview`: everything a sidebar shows, counted from one read of the vault.
public struct OverviewDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var today: LocalDate
    public var views: [ViewCountDTO]
    public var areas: [AreaDTO]
    public var tags: [TagNodeDTO]
    public var types: [TypeDTO]
    public var overdue: Int
    public var trash: Int
    public var problems: Int
    public var conflicts: Int
    public var quarantine: Int

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version", today, views, areas, tags, types, overdue, trash, problems, conflicts, quarantine
    }

    public init(_ o: Overview) {
        today = o.today
        views = o.views.map(ViewCountDTO.init)
        areas = o.areas.map(AreaDTO.init)
        tags = o.tags.map(TagNodeDTO.init)
        types = o.types.map(TypeDTO.init)
        (overdue, trash, problems, conflicts, quarantine) = (o.overdue, o.trash, o.problems, o.conflicts, o.quarantine)
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("today", today)
        v.field("views", views)
        v.field("areas", areas)
        v.field("tags", tags)
        v.field("types", types)
        v.field("overdue", overdue)
        v.field("trash", trash)
        v.field("problems", problems)
        v.field("conflicts", conflicts)
        v.field("quarantine", quarantine)
    }
}

/// `GET`/`PUT /api/theme`: `.theme.json` as written (null: none), its version, and why it
/// cannot be used, if so.
public struct ThemeDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var theme: JSONValue?
    public var version: String?
    public var problem: String?

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", theme, version, problem }

    public init(_ f: ThemeFile) { (theme, version, problem) = (f.theme, f.version, f.problem) }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("theme", theme)
        v.field("version", version)
        v.field("problem", problem)
    }
}

/// `POST /api/batch`: each operation's result in order, `{"id", "ok", "task", "trash", "error"}`
/// (`task` after a change, `trash` after a delete, `error` when it failed). One undo step.
public struct BatchResultsDocument: Decodable, Equatable, Sendable, JSONObject {
    public struct Item: Decodable, Equatable, Sendable, JSONObject {
        public var id: String
        public var ok: Bool
        public var task: TaskDTO?
        public var trash: String?
        public var error: ErrorBodyDTO?

        public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
            v.field("id", id)
            v.field("ok", ok)
            v.field("task", task)
            v.field("trash", trash)
            v.field("error", error)
        }
    }

    public var schemaVersion = APISchema.version
    public var results: [Item]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", results }

    public init(ids: [String], results: [BatchResult], today: LocalDate) {
        self.results = zip(ids, results).map { id, r in
            switch r {
            case .added(let o): return Item(id: id, ok: true, task: TaskDTO(o.task, today: today))
            case .changed(let o): return Item(id: id, ok: true, task: TaskDTO(o.task, today: today))
            case .moved(let m): return Item(id: id, ok: true, task: TaskDTO(m.task, version: nil, today: today))
            case .deleted(let d): return Item(id: id, ok: true, trash: d.trashPath)
            case .restored(let r): return Item(id: id, ok: true, task: TaskDTO(r.task, version: nil, today: today))
            case .failed(let e): return Item(id: id, ok: false, error: ErrorDocument.from(e).document.error)
            }
        }
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("results", results)
    }
}
