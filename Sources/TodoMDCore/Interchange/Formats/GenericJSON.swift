import Foundation

/// JSON: our export (an array of objects, every field and the body) and any array of task
/// objects (also `{"tasks": […]}` or one object per line), keys mapped as CSV columns are.
public struct GenericJSON: TaskImporter, TaskExporter {
    public let format = "json"
    public let title = "JSON"
    public let fileExtension = "json"
    public let mediaType = "application/json"

    public init() {}

    public func recognizes(_ input: ImportInput) -> Bool {
        guard input.folder == nil else { return false }
        let t = input.text.drop { $0.isWhitespace }
        return t.hasPrefix("[") || t.hasPrefix("{") || input.name?.lowercased().hasSuffix(".json") == true
    }

    /// The objects of a JSON document: an array, an object holding one (`tasks`, `items`,
    /// `data`, `todos`), a single task object, or JSON lines.
    static func objects(_ text: String) throws -> [(location: String, fields: [(String, JSONValue)])] {
        let bytes = Array(text.utf8)
        let value: JSONValue
        do { value = try JSONText.parse(bytes) } catch let e as JSONText.ParseError {
            // JSON lines: one object per line.
            let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
            guard lines.count > 1, lines.first?.trimmedSpaces.hasPrefix("{") == true else {
                throw ImportFormatError(location: "line \(e.line), column \(e.column)", expected: "JSON (\(e.message))")
            }
            var out: [(String, [(String, JSONValue)])] = []
            for (n, line) in lines.enumerated() where !line.trimmedSpaces.isEmpty {
                do {
                    guard case .object(let o) = try JSONText.parse(Array(line.utf8)) else {
                        throw ImportFormatError(location: "line \(n + 1)", expected: "a JSON object")
                    }
                    out.append(("line \(n + 1)", o))
                } catch let e as JSONText.ParseError {
                    throw ImportFormatError(location: "line \(n + 1), column \(e.column)", expected: "a JSON object (\(e.message))")
                }
            }
            return out
        }
        var list: [JSONValue]
        switch value {
        case .array(let a): list = a
        case .object(let o):
            if let inner = o.first(where: { ["tasks", "items", "data", "todos", "results"].contains($0.0.lowercased()) })?.1, case .array(let a) = inner {
                list = a
            } else { list = [value] }
        default: throw ImportFormatError(location: "line 1", expected: "an array of task objects")
        }
        return try list.enumerated().map { n, v in
            guard case .object(let o) = v else { throw ImportFormatError(location: "record \(n + 1)", expected: "a JSON object") }
            return ("record \(n + 1)", o)
        }
    }

    public func read(_ input: ImportInput, options: ImportOptions) throws -> ImportBatch {
        let records = try Self.objects(input.text)
        var names: [String] = []
        var seen = Set<String>()
        for (_, o) in records { for (k, _) in o where seen.insert(k).inserted { names.append(k) } }
        let ours = seen.contains("file") && seen.contains("status") && seen.contains("source")
        var explicit = options.mapping
        if ours { explicit = ["file": "id", "source": "skip"].merging(explicit) { $1 } }
        let mapping = try FieldMapping(columns: names, explicit: explicit)
        if !mapping.hasTitle, !records.isEmpty {
            throw ImportFormatError(location: records[0].location, expected: "a key for the title (title, name, content…); map one with --map KEY=title. Keys: "
                + names.joined(separator: ", "))
        }
        var batch = ImportBatch()
        batch.mapping = mapping.columns
        var ids = ContentIDs()
        for (location, o) in records {
            var r = ImportRecord(format: format, location: location, title: "")
            r.plainUnknownKeys = ours
            let dict = Dictionary(o.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
            let (id, parent) = mapping.apply(names.map { dict[$0] ?? .null }, to: &r, options: options)
            r.finish(id: id ?? ids.id([r.task.title, r.task.project ?? "", r.task.area ?? ""]), parent: parent, into: &batch)
        }
        return batch
    }

    public func export(_ tasks: [TodoTask], context: ExportContext, write: (String) throws -> Void) throws {
        try write("[")
        for (n, t) in tasks.enumerated() {
            try write((n == 0 ? "\n" : ",\n") + JSONText.compact(.object(ExportFields.object(t))))
        }
        try write(tasks.isEmpty ? "]\n" : "\n]\n")
    }
}
