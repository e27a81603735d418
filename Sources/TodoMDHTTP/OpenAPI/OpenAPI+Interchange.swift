import Foundation
import TodoMDAPI
import TodoMDCore

extension OpenAPIDocument {
    /// `/api/formats`, `/api/import`, `/api/export/{format}`.
    static var interchangePaths: [(String, JSONValue)] {
        let importBody = Schema.object("A file to import: its text, and how to read it.", [
            ("content", Schema.nonEmpty),
            ("format", .object([("oneOf", .array([Schema.oneOf(Interchange.importers.map(\.format)), .object([("type", .string("null"))])]))])),
            ("name", Schema.nullable("string")), ("area", Schema.nullable("string")), ("project", Schema.nullable("string")),
            ("map", .object([("type", .string("object")), ("additionalProperties", Schema.oneOf(FieldMapping.targets))])),
            ("dry_run", Schema.boolean),
        ], optional: ["format", "name", "area", "project", "map", "dry_run"])
        let exportTypes = Array(Set(Interchange.exporters.map(\.mediaType))).sorted()
        let exportOK: JSONValue = .object([
            ("description", .string("The export, streamed, as an attachment.")),
            ("content", .object(exportTypes.map { ($0, .object([("schema", Schema.any)])) })),
        ])
        func q(_ name: String, _ text: String) -> JSONValue { param(name, in: "query", text, required: false) }
        var export = op("exportTasks", "Every task (or a view's, a query's, an area's or a project's) in another app's format.",
                        params: [param("format", in: "path", "The format.", schema: Schema.oneOf(Interchange.exporters.map(\.format))),
                                 q("view", "A built-in or saved view, or a perspective."), q("query", "A query (perspectives syntax)."),
                                 q("area", "Only this area."), q("project", "Only this project."),
                                 q("since", "Only tasks changed since: a date, a time or an age (30d).")],
                        ok: nil)
        if case .object(var o) = export, let i = o.firstIndex(where: { $0.0 == "responses" }), case .object(var responses) = o[i].1 {
            responses[0] = ("200", exportOK)
            o[i].1 = .object(responses)
            export = .object(o)
        }
        return [
            ("/api/formats", .object([("get", op("formats", "The formats `import` reads and `export` writes.", ok: "FormatListDocument"))])),
            ("/api/import", .object([("post", op(
                "importTasks", "Import another app's export (`dry_run`: the preview, nothing written). Idempotent: records imported before "
                    + "are left or updated, never doubled. A file that is not the format is a 400 naming the line.",
                body: importBody, ok: "ImportDocument"))])),
            ("/api/export/{format}", .object([("get", export)])),
        ]
    }
}

extension Schema {
    static var interchangeSchemas: [(String, JSONValue)] {
        let format = object("A format.", [("format", string), ("title", string), ("extension", nullable("string"))])
        return [
            ("FormatListDocument", document("Import and export formats.", [("importers", array(format)), ("exporters", array(format))])),
            ("ImportDocument", document("What an import did (or would do) with each record.", [
                ("format", string), ("format_title", string), ("dry_run", boolean), ("summary", string),
                ("created", integer), ("updated", integer), ("unchanged", integer), ("kept", integer), ("notes", integer), ("projects", integer),
                ("items", array(object("One record.", [("action", oneOf(["create", "update", "unchanged", "keep", "note"])),
                                                       ("import_id", string), ("location", string), ("task", ref("Task"))]))),
                ("problems", array(object("A record that did not import as it was.", [("location", string), ("message", string)]))),
                ("mapping", array(object("A column and the field it fills.", [("column", string), ("field", nullable("string"))]))),
            ])),
        ]
    }
}
