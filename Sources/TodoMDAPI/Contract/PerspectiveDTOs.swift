import Foundation
import TodoMDCore
import TodoMDService

/// A perspective: `definition` is its object in `.perspectives.json`'s format (send it back,
/// changed, to update it), `query` its filter in the text syntax.
public struct PerspectiveDTO: Decodable, Equatable, Sendable, JSONObject {
    public var id: String
    public var name: String
    public var builtIn: Bool
    /// nil for built-in views.
    public var version: String?
    public var query: String?
    public var definition: JSONValue

    enum CodingKeys: String, CodingKey { case id, name, builtIn = "built_in", version, query, definition }

    public init(_ e: PerspectiveEntry) { self.init(e.perspective, builtIn: e.builtIn, version: e.version) }

    public init(_ p: Perspective, builtIn: Bool, version: String?) {
        id = p.id
        name = p.name
        self.builtIn = builtIn
        self.version = version
        query = p.filter.map(QueryText.print)
        definition = PerspectiveJSON.json(p)
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("id", id)
        v.field("name", name)
        v.field("built_in", builtIn)
        v.field("version", version)
        v.field("query", query)
        v.field("definition", definition)
    }
}

/// One perspective (`GET /api/perspectives/{id}`, the result of a create or update).
public struct PerspectiveDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var perspective: PerspectiveDTO

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", perspective }

    public init(_ e: PerspectiveEntry) { perspective = PerspectiveDTO(e) }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("perspective", perspective)
    }
}

/// Every perspective (`GET /api/perspectives`, `todomd perspective list --json`): the built-in
/// views, then the vault's, and what is wrong in `.perspectives.json`.
public struct PerspectiveListDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var perspectives: [PerspectiveDTO]
    public var problems: [String]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", perspectives, problems }

    public init(_ c: PerspectiveCatalog) {
        perspectives = c.entries.map(PerspectiveDTO.init)
        problems = c.problems
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("perspectives", perspectives)
        v.field("problems", problems)
    }
}

/// A perspective's (or a query's) tasks: `{"schema_version", "view", "name", "query",
/// "today", "count", "groups", "warnings"}`, groups as in built-in views.
public struct PerspectiveViewDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var view: String
    public var name: String
    public var query: String?
    public var today: LocalDate
    public var count: Int
    public var groups: [ViewGroupDTO]
    public var warnings: [String]
    /// Set when the document is a window of the list (`total` is the number of rows, counting
    /// a task in two groups twice; `count` counts tasks).
    public var window: ViewWindow? = nil
    var total = 0

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", view, name, query, today, count, groups, warnings }

    public init(_ p: Perspective, groups: [ViewGroup], page: ViewPage, window: ViewWindow? = nil) {
        self.window = window
        total = groups.reduce(0) { $0 + $1.tasks.count }
        view = p.id
        name = p.name
        query = p.filter.map(QueryText.print)
        today = page.today
        count = Set(groups.flatMap { $0.tasks.map(\.id) }).count
        self.groups = ViewGroupDTO.groups(groups, window: window, page: page)
        warnings = page.warnings
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("view", view)
        v.field("name", name)
        v.field("query", query)
        v.field("today", today)
        v.field("count", count)
        window?.visit(&v, total: total)
        v.field("groups", groups)
        v.field("warnings", warnings)
    }
}

/// A perspective removed from `.perspectives.json` (`DELETE /api/perspectives/{id}`): what it
/// was (`version` null: it is gone) and the vault-relative path of the copy kept in the trash
/// folder (POST its `definition` back to restore it).
public struct PerspectiveDeleteDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var perspective: PerspectiveDTO
    public var trash: String

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", perspective, trash }

    public init(removed: Perspective, trash: String) {
        perspective = PerspectiveDTO(removed, builtIn: false, version: nil)
        self.trash = trash
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("perspective", perspective)
        v.field("trash", trash)
    }
}
