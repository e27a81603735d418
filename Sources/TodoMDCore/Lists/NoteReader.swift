import Foundation
import Yams

/// What a note (a Markdown file that is not a task file) holds for todo.md.
public enum NoteContent: Sendable {
    case typeDefinition(ListType)
    case view(SavedView)
    /// A typed item, not yet checked against its type (types may be defined later in the scan).
    case item(ListItem)
    case plain
    /// A definition note that could not be read.
    case problem(String)
}

/// Reads the frontmatter of notes: list type definitions (`type: list_type_definition`), saved
/// views (`type: view`) and typed items (`type: book`). Definitions may keep their `fields` /
/// `filters` in the frontmatter or as YAML in the body (plain, or in a ```yaml fence).
public enum NoteReader {
    public static func read(path: String, bytes: [UInt8]) -> NoteContent {
        guard bytes.count <= Limits.fileBytes, let doc = FrontmatterDocument(bytes: bytes),
              doc.keyBlocks().contains(where: { $0.key == "type" }), let yaml = doc.yamlText,
              YAMLSafety.check(yaml) == nil, let node = try? Yams.compose(yaml: yaml), case .mapping(let map) = node,
              let typeNode = map["type"], case .scalar(let typeScalar) = typeNode else { return .plain }
        var budget = YAMLBudget()
        var front: [(String, JSONValue)] = []
        for (k, v) in map { if let key = k.scalar?.string { front.append((key, FieldReader.json(v, budget: &budget))) } }
        let body = UTF8Text.decode(doc.body) ?? ""
        let type = typeScalar.string.trimmingCharacters(in: .whitespaces)
        switch type.lowercased() {
        case "list_type_definition":
            return definition(path: path, front: front, body: body, key: "fields") { obj in try listType(path: path, obj) }
        case "view":
            return definition(path: path, front: front, body: body, key: "filters") { obj in savedView(path: path, obj) }
        case "":
            return .plain
        default:
            var item = ListItem(path: path, type: type, title: MarkdownTaskFormat.titleFromFilename(path))
            for (k, v) in front where k != "type" {
                if k == "title", case .string(let s) = v, !s.isEmpty { item.title = s }
                if k == "tags" {
                    switch v {
                    case .array(let a): item.tags = a.compactMap { if case .string(let s) = $0 { return FieldReader.normalizeTag(s) } else { return nil } }
                    case .string(let s): item.tags = s.split(separator: ",").compactMap { FieldReader.normalizeTag(String($0)) }
                    default: break
                    }
                }
                item.fields.append((k, v))
            }
            item.body = body
            return .item(item)
        }
    }

    /// The definition mapping: the frontmatter, with `key` taken from the body when absent there.
    static func definition(path: String, front: [(String, JSONValue)], body: String, key: String,
                           _ make: ([(String, JSONValue)]) throws -> NoteContent) -> NoteContent {
        var obj = front
        if !front.contains(where: { $0.0 == key }) {
            let yaml = fencedYAML(body) ?? body
            if YAMLSafety.check(yaml) != nil { return .problem("\(path): the definition is nested too deeply") }
            do {
                if let node = try Yams.compose(yaml: yaml), case .mapping(let map) = node {
                    var budget = YAMLBudget()
                    for (k, v) in map { if let s = k.scalar?.string { obj.append((s, FieldReader.json(v, budget: &budget))) } }
                }
            } catch {
                return .problem("\(path): the \(key) YAML cannot be read: " + MarkdownTaskFormat.describe(error))
            }
        }
        do { return try make(obj) } catch { return .problem("\(path): \(error)") }
    }

    /// The contents of the first ```yaml (or ```yml) fence in `body`.
    static func fencedYAML(_ body: String) -> String? {
        var lines: [Substring] = []
        var inside = false
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            let t = line.trimmingCharacters(in: .whitespaces)
            if !inside, t == "```yaml" || t == "```yml" { inside = true; continue }
            if inside, t.hasPrefix("```") { return lines.joined(separator: "\n") }
            if inside { lines.append(line) }
        }
        return nil
    }

    static func listType(path: String, _ obj: [(String, JSONValue)]) throws -> NoteContent {
        func get(_ k: String) -> JSONValue? { obj.first { $0.0 == k }?.1 }
        guard case .string(let name)? = get("name"), !name.isEmpty else { throw TodoError.malformed(path: path, reason: "a type definition needs a name") }
        guard case .array(let list)? = get("fields") else { throw TodoError.malformed(path: path, reason: "a type definition needs a list of fields") }
        var fields: [ListField] = []
        for (i, entry) in list.enumerated() {
            guard case .object(let f) = entry, case .string(let fname)? = f.first(where: { $0.0 == "name" })?.1 else {
                throw TodoError.malformed(path: path, reason: "field \(i + 1) needs a name")
            }
            var kind = ListField.Kind.text
            if case .string(let k)? = f.first(where: { $0.0 == "type" })?.1 {
                guard let v = ListField.Kind(rawValue: k.lowercased()) else {
                    throw TodoError.malformed(path: path, reason: "field \(fname): unknown type \(k) (text, number, date, list, boolean)")
                }
                kind = v
            }
            var field = ListField(fname, kind)
            if case .bool(let r)? = f.first(where: { $0.0 == "required" })?.1 { field.required = r }
            for (k, v) in f where k == "min" || k == "max" {
                let d: Double?
                switch v { case .int(let i): d = Double(i); case .double(let x): d = x; default: d = nil }
                guard let d else { throw TodoError.malformed(path: path, reason: "field \(fname): \(k) must be a number") }
                if k == "min" { field.min = d } else { field.max = d }
            }
            fields.append(field)
        }
        var t = ListType(name: name, fields: fields, definedIn: path)
        if case .string(let folder)? = get("folder") { t.folder = folder }
        if case .string(let p)? = get("llm_extraction_prompt") { t.llmPrompt = p }
        return .typeDefinition(t)
    }

    static func savedView(path: String, _ obj: [(String, JSONValue)]) -> NoteContent {
        func get(_ k: String) -> JSONValue? { obj.first { $0.0 == k }?.1 }
        var name = MarkdownTaskFormat.titleFromFilename(path)
        if case .string(let n)? = get("name"), !n.isEmpty { name = n }
        var style = "list"
        if case .string(let s)? = get("display_style") { style = s }
        var filters: [(String, JSONValue)] = []
        var problems: [String] = []
        switch get("filters") {
        case .object(let o)?: filters = o
        case nil, .null?: break
        default: problems.append("filters must be a mapping")
        }
        let (filter, p) = ViewFilter.parse(filters)
        return .view(SavedView(name: name, path: path, displayStyle: style, filter: filter, problems: problems + p))
    }
}
