import Foundation

/// Things 3's JSON (the `things:///json?data=…` command; see `ThingsReader` for the mapping).
///
/// The export is the same shape, so Things accepts it: one `project` item per project (its
/// `area` attribute naming the area) holding its to-dos, grouped under `heading` items by
/// `things_heading`; to-dos without a project at the top (`list` naming their area). To-do
/// attributes: title, notes (the description, then the body without its checklist), `when`
/// (scheduled, else defer; `someday` for someday tasks), `deadline` (the due day: Things
/// deadlines have no time), tags, `checklist-items` (the body's `- [ ]` lines), completed,
/// canceled, creation-date, completion-date. Things has no priority, flag, repeat, estimate or
/// subtasks: those are not written (subtasks become ordinary to-dos of their project).
public struct ThingsJSON: TaskImporter, TaskExporter {
    public let format = "things"
    public let title = "Things JSON"
    public let fileExtension = "json"
    public let mediaType = "application/json"

    public init() {}

    /// JSON with Things' `"type"`/`"attributes"` items.
    public func recognizes(_ input: ImportInput) -> Bool {
        guard input.folder == nil else { return false }
        let t = input.text.drop { $0.isWhitespace }
        guard t.hasPrefix("[") || t.hasPrefix("{") else { return false }
        let head = t.prefix(65_536)
        return head.contains("\"attributes\"") && head.contains("\"type\"")
            && (head.contains("\"to-do\"") || head.contains("\"project\""))
    }

    public func read(_ input: ImportInput, options: ImportOptions) throws -> ImportBatch {
        var reader = ThingsReader(options: options)
        return try reader.read(input.text)
    }

    public func export(_ tasks: [TodoTask], context: ExportContext, write: (String) throws -> Void) throws {
        var first = true
        func emit(_ v: JSONValue) throws {
            try write((first ? "[\n" : ",\n") + JSONText.compact(v))
            first = false
        }
        // One project at a time: the tasks come ordered by area and project.
        var group: [TodoTask] = []
        func flush() throws {
            guard let head = group.first else { return }
            try emit(project(group, area: Self.name(head.area), title: Self.name(head.project) ?? ""))
            group = []
        }
        for t in tasks {
            if let p = Self.name(t.project) {
                if let head = group.first, Self.name(head.project) != p || Self.name(head.area) != Self.name(t.area) { try flush() }
                group.append(t)
            } else {
                try flush()
                var attrs = todo(t)
                if let area = Self.name(t.area) { attrs.append(("list", .string(area))) }
                try emit(.object([("type", .string("to-do")), ("attributes", .object(attrs))]))
            }
        }
        try flush()
        try write(first ? "[]\n" : "\n]\n")
    }

    /// A project item: to-dos without a heading first, then each heading and its to-dos.
    func project(_ tasks: [TodoTask], area: String?, title: String) -> JSONValue {
        var headings: [String] = [], byHeading: [String: [JSONValue]] = [:], items: [JSONValue] = []
        for t in tasks {
            let item = JSONValue.object([("type", .string("to-do")), ("attributes", .object(todo(t)))])
            if case .string(let h)? = t.extra.first(where: { $0.0 == "things_heading" })?.1, !h.isEmpty {
                if byHeading[h] == nil { headings.append(h) }
                byHeading[h, default: []].append(item)
            } else {
                items.append(item)
            }
        }
        for h in headings {
            items.append(.object([("type", .string("heading")), ("attributes", .object([("title", .string(h))]))]))
            items += byHeading[h] ?? []
        }
        var attrs: [(String, JSONValue)] = [("title", .string(title))]
        if let area { attrs.append(("area", .string(area))) }
        attrs.append(("items", .array(items)))
        return .object([("type", .string("project")), ("attributes", .object(attrs))])
    }

    /// A to-do's attributes.
    func todo(_ t: TodoTask) -> [(String, JSONValue)] {
        var a: [(String, JSONValue)] = [("title", .string(t.title))]
        let (notes, checklist) = Self.splitChecklist(t.body)
        let text = [t.description ?? "", notes].filter { !$0.isEmpty }.joined(separator: "\n\n")
        if !text.isEmpty { a.append(("notes", .string(text))) }
        if t.status == .someday {
            a.append(("when", .string("someday")))
        } else if let d = t.scheduled ?? t.deferDate {
            a.append(("when", .string(d.date.description + (d.time.map { "@" + $0.description } ?? ""))))
        }
        if let d = t.due { a.append(("deadline", .string(d.date.description))) }
        if !t.tags.isEmpty { a.append(("tags", .array(t.tags.map { .string($0) }))) }
        if !checklist.isEmpty {
            a.append(("checklist-items", .array(checklist.map { item in
                .object([("type", .string("checklist-item")),
                         ("attributes", .object([("title", .string(item.title)), ("completed", .bool(item.done))]))])
            })))
        }
        if t.status == .done { a.append(("completed", .bool(true))) }
        if t.status == .cancelled { a.append(("canceled", .bool(true))) }
        if let c = t.created { a.append(("creation-date", .string(Timestamp.format(c)))) }
        if t.status.isClosed, let c = t.completed { a.append(("completion-date", .string(Timestamp.format(c)))) }
        return a
    }

    /// The body without its top-level `- [ ]` / `- [x]` lines, and those lines as checklist
    /// items (Things takes at most 100; more stay in the notes).
    static func splitChecklist(_ body: String) -> (String, [(title: String, done: Bool)]) {
        var kept: [Substring] = [], items: [(title: String, done: Bool)] = []
        for line in body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let box = line.prefix(6)
            if items.count < 100, box == "- [ ] " || box == "- [x] " || box == "- [X] " {
                items.append((String(line.dropFirst(6)), box != "- [ ] "))
            } else {
                kept.append(line)
            }
        }
        // Blank lines left where the checklist was collapse to one.
        var out: [Substring] = []
        for line in kept where !(line.isEmpty && (out.last?.isEmpty ?? true)) { out.append(line) }
        return (out.joined(separator: "\n").trimmed, items)
    }

    static func name(_ s: String?) -> String? {
        guard let s = s?.trimmed, !s.isEmpty else { return nil }
        return s
    }
}
