import Foundation
import TodoMDCore
import TodoMDService

/// `{"action", "import_id", "location", "task"}`: what an import did with one record;
/// `action` is create, update, unchanged, keep (changed by you since) or note.
public struct ImportItemDTO: Decodable, Equatable, Sendable, JSONObject {
    public var action: String
    public var importID: String
    public var location: String
    public var task: TaskDTO

    enum CodingKeys: String, CodingKey { case action, importID = "import_id", location, task }

    public init(_ item: ImportReport.Item, today: LocalDate) {
        action = item.action.rawValue
        importID = item.importID
        location = item.location
        task = TaskDTO(item.task, version: nil, today: today)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("action", action)
        v.field("import_id", importID)
        v.field("location", location)
        v.field("task", task)
    }
}

/// `{"location", "message"}`: a record that did not import as it was.
public struct ImportProblemDTO: Decodable, Equatable, Sendable, JSONObject {
    public var location: String
    public var message: String

    public init(_ p: ImportProblem) {
        location = p.location
        message = p.message
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("location", location)
        v.field("message", message)
    }
}

/// `{"column", "field"}`: which field a generic file's column fills (`field` null: kept as an
/// unknown key; "skip": left out).
public struct ColumnMappingDTO: Decodable, Equatable, Sendable, JSONObject {
    public var column: String
    public var field: String?

    public init(_ m: ColumnMapping) {
        column = m.column
        field = m.skipped ? "skip" : m.field
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("column", column)
        v.field("field", field)
    }
}

/// `todomd import --json` and `POST /api/import`: the summary line, the counts, every record's
/// outcome, the problems and (generic formats) the column mapping.
public struct ImportDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var format: String
    public var formatTitle: String
    public var dryRun: Bool
    public var summary: String
    public var created: Int
    public var updated: Int
    public var unchanged: Int
    public var kept: Int
    public var notes: Int
    public var projects: Int
    public var items: [ImportItemDTO]
    public var problems: [ImportProblemDTO]
    public var mapping: [ColumnMappingDTO]

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version", format, formatTitle = "format_title", dryRun = "dry_run", summary, created, updated
        case unchanged, kept, notes, projects, items, problems, mapping
    }

    public init(_ r: ImportReport, today: LocalDate) {
        format = r.format
        formatTitle = r.formatTitle
        dryRun = r.dryRun
        summary = r.summary
        created = r.count(.create)
        updated = r.count(.update)
        unchanged = r.count(.unchanged)
        kept = r.count(.keep)
        notes = r.count(.note)
        projects = r.projects
        items = r.items.map { ImportItemDTO($0, today: today) }
        problems = r.problems.map(ImportProblemDTO.init)
        mapping = r.mapping.map(ColumnMappingDTO.init)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("format", format)
        v.field("format_title", formatTitle)
        v.field("dry_run", dryRun)
        v.field("summary", summary)
        v.field("created", created)
        v.field("updated", updated)
        v.field("unchanged", unchanged)
        v.field("kept", kept)
        v.field("notes", notes)
        v.field("projects", projects)
        v.field("items", items)
        v.field("problems", problems)
        v.field("mapping", mapping)
    }
}

/// `{"format", "title", "extension"}`: one import or export format (`extension` null for
/// importers).
public struct FormatDTO: Decodable, Equatable, Sendable, JSONObject {
    public var format: String
    public var title: String
    public var fileExtension: String?

    enum CodingKeys: String, CodingKey { case format, title, fileExtension = "extension" }

    public init(format: String, title: String, fileExtension: String?) {
        self.format = format
        self.title = title
        self.fileExtension = fileExtension
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("format", format)
        v.field("title", title)
        v.field("extension", fileExtension)
    }
}

/// `GET /api/formats`: what `import` reads and `export` writes.
public struct FormatListDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var importers: [FormatDTO]
    public var exporters: [FormatDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", importers, exporters }

    public init() {
        importers = Interchange.importers.map { FormatDTO(format: $0.format, title: $0.title, fileExtension: nil) }
        exporters = Interchange.exporters.map { FormatDTO(format: $0.format, title: $0.title, fileExtension: $0.fileExtension) }
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("importers", importers)
        v.field("exporters", exporters)
    }
}
