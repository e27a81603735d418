import Foundation
import TodoMDCore
import TodoMDService

/// A typed item (a book, a movie…): `path`, `type`, `title`, `fields` (every key but `type`),
/// `tags`, `body`, `warnings`.
public struct ItemDTO: Decodable, Equatable, Sendable, JSONObject {
    public var path: String
    public var type: String
    public var title: String
    public var fields: JSONValue
    public var tags: [String]
    public var body: String
    public var warnings: [String]

    public init(_ i: ListItem) {
        path = i.path
        type = i.type
        title = i.title
        fields = .object(i.fields)
        tags = i.tags
        body = i.body
        warnings = i.warnings
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("path", path)
        v.field("type", type)
        v.field("title", title)
        v.field("fields", fields)
        v.field("tags", tags)
        v.field("body", body)
        v.field("warnings", warnings)
    }
}

/// `{"schema_version", "item"}`: a typed item just created.
public struct ItemDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var item: ItemDTO

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", item }

    public init(_ item: ListItem) { self.item = ItemDTO(item) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("item", item)
    }
}

/// A field of a list type.
public struct TypeFieldDTO: Decodable, Equatable, Sendable, JSONObject {
    public var name: String
    /// text, number, date, list or boolean.
    public var type: String
    public var required: Bool
    public var min: Double?
    public var max: Double?

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("name", name)
        v.field("type", type)
        v.field("required", required)
        v.field("min", min)
        v.field("max", max)
    }
}

/// A list type and how many items it has.
public struct TypeDTO: Decodable, Equatable, Sendable, JSONObject {
    public var name: String
    public var type: String
    public var folder: String
    public var definedIn: String?
    public var items: Int
    public var fields: [TypeFieldDTO]

    enum CodingKeys: String, CodingKey { case name, type, folder, definedIn = "defined_in", items, fields }

    public init(_ s: TypeSummary) {
        name = s.type.name
        type = s.type.key
        folder = s.type.folder
        definedIn = s.type.definedIn
        items = s.count
        fields = s.type.fields.map { TypeFieldDTO(name: $0.name, type: $0.kind.rawValue, required: $0.required, min: $0.min, max: $0.max) }
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("name", name)
        v.field("type", type)
        v.field("folder", folder)
        v.field("defined_in", definedIn)
        v.field("items", items)
        v.field("fields", fields)
    }
}

/// `{"schema_version", "types": [...]}`.
public struct TypesDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var types: [TypeDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", types }

    public init(_ types: [TypeSummary]) { self.types = types.map(TypeDTO.init) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("types", types)
    }
}

/// `{"schema_version", "type", "count", "items", "tasks"}`: a type's items (for `todo`, its tasks).
public struct ItemsDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var type: String
    public var count: Int
    public var items: [ItemDTO]
    public var tasks: [TaskDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", type, count, items, tasks }

    public init(_ list: ItemList, today: LocalDate) {
        type = list.type.key
        items = list.items.map(ItemDTO.init)
        tasks = list.tasks.map { TaskDTO($0, version: list.versions.version(of: $0), today: today) }
        count = items.count + tasks.count
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("type", type)
        v.field("count", count)
        v.field("items", items)
        v.field("tasks", tasks)
    }
}

/// A tag in the hierarchy: tasks with exactly this tag (`count`), with it or a tag below
/// (`total`), and the tags below.
public struct TagNodeDTO: Decodable, Equatable, Sendable, JSONObject {
    public var tag: String
    public var name: String
    public var count: Int
    public var total: Int
    public var children: [TagNodeDTO]

    public init(_ n: TagNode) {
        tag = n.path
        name = n.name
        count = n.count
        total = n.total
        children = n.children.map(TagNodeDTO.init)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("tag", tag)
        v.field("name", name)
        v.field("count", count)
        v.field("total", total)
        v.field("children", children)
    }
}

/// `{"schema_version", "tags": [tree]}`.
public struct TagTreeDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var tags: [TagNodeDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", tags }

    public init(_ forest: [TagNode]) { tags = forest.map(TagNodeDTO.init) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("tags", tags)
    }
}

/// A project in an area and its open tasks.
public struct ProjectCountDTO: Decodable, Equatable, Sendable, JSONObject {
    public var project: String
    public var count: Int

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("project", project)
        v.field("count", count)
    }
}

/// An area (null: no area), its open tasks outside projects, and its projects.
public struct AreaDTO: Decodable, Equatable, Sendable, JSONObject {
    public var area: String?
    public var count: Int
    public var projects: [ProjectCountDTO]

    public init(_ a: AreaSummary) {
        area = a.name
        count = a.count
        projects = a.projects.map { ProjectCountDTO(project: $0.name, count: $0.count) }
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("area", area)
        v.field("count", count)
        v.field("projects", projects)
    }
}

/// `{"schema_version", "areas": [...]}`.
public struct AreasDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var areas: [AreaDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", areas }

    public init(_ areas: [AreaSummary]) { self.areas = areas.map(AreaDTO.init) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("areas", areas)
    }
}
