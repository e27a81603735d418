import Foundation
import TodoMDCore
import TodoMDService

/// A titled run of tasks in a view (Today's "Overdue", an Upcoming date, an area / project).
public struct ViewGroupDTO: Decodable, Equatable, Sendable, JSONObject {
    public var name: String?
    public var date: LocalDate?
    public var area: String?
    public var project: String?
    public var tasks: [TaskDTO]
    /// With a window (`limit`): how many tasks the whole group has (`tasks` holds those in the window).
    public var total: Int?

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("name", name)
        v.field("date", date)
        v.field("area", area)
        v.field("project", project)
        v.field("tasks", tasks)
        if let total { v.field("total", total) }
    }

    /// The groups' tasks in `window` (of their flattened order), every group listed; without a
    /// window, all of them.
    static func groups(_ groups: [ViewGroup], window: ViewWindow?, page: ViewPage) -> [ViewGroupDTO] {
        var start = 0
        return groups.map { g in
            defer { start += g.tasks.count }
            let dto = { (t: TodoTask) -> TaskDTO in
                var d = TaskDTO(t, version: page.versions.version(of: t), today: page.today, summary: window?.summary ?? false)
                d.place(in: g, key: t.key)
                return d
            }
            guard let window else {
                return ViewGroupDTO(name: g.name, date: g.date, area: g.area, project: g.project, tasks: g.tasks.map(dto))
            }
            let lo = min(max(window.offset - start, 0), g.tasks.count)
            let hi = window.limit.map { min(max(window.offset + $0 - start, 0), g.tasks.count) } ?? g.tasks.count
            return ViewGroupDTO(name: g.name, date: g.date, area: g.area, project: g.project,
                                tasks: g.tasks[lo..<max(lo, hi)].map(dto), total: g.tasks.count)
        }
    }
}

/// A page of a view (`?offset=&limit=`) for lists too long to send at once, and whether tasks
/// are sent as rows only (`fields=summary`).
public struct ViewWindow: Sendable, Equatable {
    public var offset: Int
    public var limit: Int?
    public var summary: Bool

    public init(offset: Int = 0, limit: Int? = nil, summary: Bool = false) {
        (self.offset, self.limit, self.summary) = (offset, limit, summary)
    }

    /// `offset`, `limit` and `total` as written in a windowed document.
    func visit<V: JSONFieldVisitor>(_ v: inout V, total: Int) {
        v.field("offset", offset)
        if let limit { v.field("limit", limit) }
        v.field("total", total)
    }
}

/// A built-in view (every one but Tags): `{"schema_version", "view", "today", "count",
/// "groups", "warnings"}`; plain lists are one group with a null name.
public struct ViewDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var view: String
    public var today: LocalDate
    public var count: Int
    public var groups: [ViewGroupDTO]
    public var warnings: [String]
    /// Set when the document is a window of the view (`total` is then `count`).
    public var window: ViewWindow? = nil

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", view, today, count, groups, warnings }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("view", view)
        v.field("today", today)
        v.field("count", count)
        window?.visit(&v, total: count)
        v.field("groups", groups)
        v.field("warnings", warnings)
    }
}

/// A tag and how many open tasks carry it.
public struct TagCountDTO: Decodable, Equatable, Sendable, JSONObject {
    public var tag: String
    public var count: Int

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("tag", tag)
        v.field("count", count)
    }
}

/// The Tags view: `{"schema_version", "view": "tags", "today", "tags": [{"tag", "count"}], "warnings"}`.
public struct TagsViewDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var view = "tags"
    public var today: LocalDate
    public var tags: [TagCountDTO]
    public var warnings: [String]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", view, today, tags, warnings }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("view", view)
        v.field("today", today)
        v.field("tags", tags)
        v.field("warnings", warnings)
    }
}

/// A saved view: its tasks, then its typed items.
public struct SavedViewDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var view: String
    public var path: String
    public var today: LocalDate
    public var displayStyle: String
    public var count: Int
    public var tasks: [TaskDTO]
    public var items: [ItemDTO]
    public var warnings: [String]

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version", view, path, today, displayStyle = "display_style", count, tasks, items, warnings
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("view", view)
        v.field("path", path)
        v.field("today", today)
        v.field("display_style", displayStyle)
        v.field("count", count)
        v.field("tasks", tasks)
        v.field("items", items)
        v.field("warnings", warnings)
    }
}

/// Whichever document a view is.
public enum AnyViewDocument: JSONWritable, Sendable {
    case builtIn(ViewDocument)
    case tags(TagsViewDocument)
    case saved(SavedViewDocument)
    case perspective(PerspectiveViewDocument)

    /// The document for a view as the service computed it.
    public init(_ page: ViewPage, window: ViewWindow? = nil) {
        let today = page.today
        switch page.content {
        case .builtIn(let r) where r.kind == .tags:
            self = .tags(TagsViewDocument(today: today, tags: r.tagCounts.map { TagCountDTO(tag: $0.tag, count: $0.count) },
                                          warnings: page.warnings))
        case .builtIn(let r):
            self = .builtIn(ViewDocument(view: r.kind.rawValue, today: today, count: r.tasks.count,
                                         groups: ViewGroupDTO.groups(r.groups, window: window, page: page), warnings: page.warnings,
                                         window: window))
        case let .saved(v, tasks, items, _):
            self = .saved(SavedViewDocument(
                view: v.name, path: v.path, today: today, displayStyle: v.displayStyle, count: tasks.count + items.count,
                tasks: tasks.map { TaskDTO($0, version: page.versions.version(of: $0), today: today) },
                items: items.map(ItemDTO.init), warnings: page.warnings))
        case let .perspective(p, groups):
            self = .perspective(PerspectiveViewDocument(p, groups: groups, page: page, window: window))
        }
    }

    public func writeJSON(to out: inout JSONOut) {
        switch self {
        case .builtIn(let d): d.writeJSON(to: &out)
        case .tags(let d): d.writeJSON(to: &out)
        case .saved(let d): d.writeJSON(to: &out)
        case .perspective(let d): d.writeJSON(to: &out)
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .builtIn(let d): try d.encode(to: encoder)
        case .tags(let d): try d.encode(to: encoder)
        case .saved(let d): try d.encode(to: encoder)
        case .perspective(let d): try d.encode(to: encoder)
        }
    }
}

/// One view a client can open (`GET /api/views`, `todomd views`).
public struct ViewSummaryDTO: Decodable, Equatable, Sendable, JSONObject {
    public var name: String
    /// `builtin`, `saved` or `perspective`.
    public var kind: String
    public var path: String?
    public var displayStyle: String?
    public var matches: Int?
    public var problems: [String]

    enum CodingKeys: String, CodingKey { case name, kind, path, displayStyle = "display_style", matches, problems }

    public init(_ s: ViewSummary) {
        name = s.name
        kind = s.kind
        path = s.path
        displayStyle = s.displayStyle
        matches = s.matches
        problems = s.problems
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("name", name)
        v.field("kind", kind)
        v.field("path", path)
        v.field("display_style", displayStyle)
        v.field("matches", matches)
        v.field("problems", problems)
    }
}

/// `{"schema_version", "views": [...]}`.
public struct ViewsDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var views: [ViewSummaryDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", views }

    public init(_ views: [ViewSummary]) { self.views = views.map(ViewSummaryDTO.init) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("views", views)
    }
}
