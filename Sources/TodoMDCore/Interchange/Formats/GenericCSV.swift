import Foundation

/// Any CSV with a header row: columns are mapped to fields by name (`FieldMapping`), and our
/// own export (one row per task, the body in `notes`) reads back as it was.
public struct GenericCSV: TaskImporter, TaskExporter {
    public let format = "csv"
    public let title = "CSV"
    public let fileExtension = "csv"
    public let mediaType = "text/csv; charset=utf-8"

    public init() {}

    public func recognizes(_ input: ImportInput) -> Bool {
        guard input.folder == nil else { return false }
        let name = input.name?.lowercased() ?? ""
        let first = input.text.prefix { $0 != "\n" && $0 != "\r\n" }
        return name.hasSuffix(".csv") || name.hasSuffix(".tsv") || (first.contains(",") && !first.hasPrefix("{") && !first.hasPrefix("["))
    }

    public func read(_ input: ImportInput, options: ImportOptions) throws -> ImportBatch {
        let table = try CSVTable(input.text, separator: CSVTable.separator(of: input.text))
        guard let head = table.rows.first else { throw ImportFormatError(location: "line 1", expected: "a header row naming the columns") }
        var mapping = try FieldMapping(columns: head.fields, explicit: options.mapping)
        if !mapping.hasTitle {
            throw ImportFormatError(location: "line \(head.line)", expected: "a column for the title (Title, Name, Task, Content…); map one with --map COLUMN=title. Columns: "
                + head.fields.joined(separator: ", "))
        }
        // Our own export names the body `notes` and the file `file`.
        let ours = CSVHeader(head.fields).has("file") && CSVHeader(head.fields).has("status") && CSVHeader(head.fields).has("source")
        if ours { mapping = try FieldMapping(columns: head.fields, explicit: ["file": "id", "source": "skip"].merging(options.mapping) { $1 }) }
        var batch = ImportBatch()
        batch.mapping = mapping.columns
        var ids = ContentIDs()
        // A row of empty cells is a blank line to a spreadsheet.
        for row in table.rows.dropFirst() where row.fields.contains(where: { !$0.isEmpty }) {
            var r = ImportRecord(format: format, location: "line \(row.line)", title: "")
            r.plainUnknownKeys = ours
            if row.fields.count > head.fields.count { r.problem("\(row.fields.count) fields where the header has \(head.fields.count); the extra ones kept") }
            let (id, parent) = mapping.apply(row.fields.map { .string($0) }, to: &r, options: options)
            for (i, extra) in row.fields.enumerated().dropFirst(head.fields.count) where !extra.isEmpty { r.keep("column_\(i + 1)", .string(extra)) }
            r.finish(id: id ?? ids.id([r.task.title, r.task.project ?? "", r.task.area ?? ""]), parent: parent, into: &batch)
        }
        return batch
    }

    public func export(_ tasks: [TodoTask], context: ExportContext, write: (String) throws -> Void) throws {
        try write(CSVTable.row(ExportFields.csvColumns))
        for t in tasks {
            let o = ExportFields.object(t)
            let dict = Dictionary(o.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
            let row = ExportFields.csvColumns.map { col -> String in
                col == "notes" ? t.body : ExportFields.cell(dict[col])
            }
            try write(CSVTable.row(row))
        }
    }
}
