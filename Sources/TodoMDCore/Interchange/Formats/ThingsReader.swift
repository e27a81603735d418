import Foundation

/// Reads the JSON of Things' `things:///json?data=…` command: an array of
/// `{"type": "to-do" | "project", "attributes": {…}}` items (also `{"type": "area"}` wrappers
/// holding `items`, as some exporters write them).
///
/// - Projects give their to-dos `project` (and `area` from `area`); the project's own notes,
///   dates and tags have no todo.md field and are reported as a problem.
/// - A heading groups the to-dos after it: kept as `things_heading` (a tag would mix with the
///   user's tags; the export writes the heading back).
/// - `when`: a date (`2026-12-01`, `2026-12-01@18:00`, `today`, `tomorrow`, `evening` (also
///   kept as `things_when`)) → `scheduled`; `someday` → status someday; `anytime` → nothing.
/// - `deadline` → `due`, `checklist-items` → body checklist, `completed`/`canceled` → status,
///   `creation-date`/`completion-date` → created/completed, `list`/`list-id` → project (or
///   area, when that name is an area in the file), `id` → the record id. Anything else is kept
///   as `things_<key>`.
struct ThingsReader {
    let options: ImportOptions
    var batch = ImportBatch()
    var ids = ContentIDs()
    /// Project id → title, for `list-id`.
    private var projectIDs: [String: String] = [:]
    private var projectNames: Set<String> = []
    private var areaNames: Set<String> = []
    private var areaIDs: [String: String] = [:]

    init(options: ImportOptions) { self.options = options }

    private struct Context {
        var area: String?
        var project: String?
        var heading: String?
    }

    mutating func read(_ text: String) throws -> ImportBatch {
        let value: JSONValue
        do { value = try JSONText.parse(Array(text.utf8)) } catch let e as JSONText.ParseError {
            throw ImportFormatError(location: "line \(e.line), column \(e.column)", expected: "Things JSON (\(e.message))")
        }
        var items: [JSONValue]?
        switch value {
        case .array(let a): items = a
        case .object(let o) where Self.string(o, "type") != nil: items = [value]
        case .object(let o):
            if case .array(let a)? = o.first(where: { ["items", "data"].contains($0.0) })?.1 { items = a }
        default: break
        }
        guard let items else {
            throw ImportFormatError(location: "line 1", expected: "a Things JSON array of {\"type\": …, \"attributes\": {…}} items")
        }
        for (n, item) in items.enumerated() {
            guard case .object(let o) = item, Self.string(o, "type") != nil else {
                throw ImportFormatError(location: "record \(n + 1)", expected: "a Things item: {\"type\": \"to-do\" or \"project\", \"attributes\": {…}}")
            }
        }
        collect(items, area: nil)
        for (n, item) in items.enumerated() { walk(item, location: "record \(n + 1)", Context()) }
        return batch
    }

    /// Project ids and names, area names: `list`/`list-id` may point at them from anywhere.
    private mutating func collect(_ items: [JSONValue], area: String?) {
        for case .object(let o) in items {
            let a = Self.attributes(o)
            let title = Self.string(a, "title")
            switch Self.string(o, "type") {
            case "area":
                if let title { areaNames.insert(title); if let id = Self.id(o, a) { areaIDs[id] = title } }
                if case .array(let inner)? = Self.value(a, "items") ?? Self.value(o, "items") { collect(inner, area: title) }
            case "project":
                if let title { projectNames.insert(title); if let id = Self.id(o, a) { projectIDs[id] = title } }
                if let area = Self.string(a, "area") ?? area { areaNames.insert(area) }
            default: break
            }
        }
    }

    private mutating func walk(_ item: JSONValue, location: String, _ ctx: Context) {
        guard case .object(let o) = item else {
            batch.problems.append(ImportProblem(location, "not a Things item (an object); not imported"))
            return
        }
        let a = Self.attributes(o)
        switch Self.string(o, "type") ?? "" {
        case "to-do", "todo": todo(o, a, location: location, ctx)
        case "project": project(o, a, location: location, ctx)
        case "area":
            var inner = ctx
            inner.area = Self.string(a, "title") ?? ctx.area
            if case .array(let items)? = Self.value(a, "items") ?? Self.value(o, "items") {
                for (n, i) in items.enumerated() { walk(i, location: location + ", item \(n + 1)", inner) }
            }
        case "heading":
            batch.problems.append(ImportProblem(location, "a heading outside a project; not imported"))
        case "checklist-item":
            batch.problems.append(ImportProblem(location, "a checklist item outside a to-do; not imported"))
        case let t:
            batch.problems.append(ImportProblem(location, "\"\(t)\" is not a Things item type (to-do, project, heading); not imported"))
        }
    }

    private mutating func project(_ o: [(String, JSONValue)], _ a: [(String, JSONValue)], location: String, _ ctx: Context) {
        var inner = ctx
        inner.project = Self.string(a, "title")
        if let area = Self.string(a, "area") { inner.area = area } else if let id = Self.string(a, "area-id"), let area = areaIDs[id] { inner.area = area }
        let structural: Set<String> = ["title", "items", "area", "area-id", "id", "uuid", "operation"]
        let lost = a.filter { !structural.contains($0.0) && Self.meaningful($0.1) }.map(\.0)
        if !lost.isEmpty {
            batch.problems.append(ImportProblem(location, "project \"\(inner.project ?? "")\": " + lost.joined(separator: ", ")
                + " of a project have no todo.md field (only to-dos are imported); not imported"))
        }
        guard case .array(let items)? = Self.value(a, "items") else { return }
        for (n, item) in items.enumerated() {
            let loc = location + ", item \(n + 1)"
            if case .object(let io) = item, Self.string(io, "type") == "heading" {
                inner.heading = Self.string(Self.attributes(io), "title")
            } else {
                walk(item, location: loc, inner)
            }
        }
    }

    private mutating func todo(_ o: [(String, JSONValue)], _ a: [(String, JSONValue)], location: String, _ ctx: Context) {
        var r = ImportRecord(format: "things", location: location, title: Self.string(a, "title") ?? "")
        let zone = options.clock.timeZone
        r.task.area = ctx.area
        r.task.project = ctx.project
        if let h = ctx.heading { r.keep("heading", .string(h)) }
        var id = Self.id(o, a)
        for (key, value) in a {
            let text = value.scalarText?.trimmed ?? ""
            switch key {
            case "title", "id", "uuid", "operation": break
            case "notes": r.appendBody(value.scalarText)
            case "when": when(text, &r)
            case "deadline": r.date(text, \.due, name: "deadline", zone: zone)
            case "tags":
                if case .array(let list) = value { r.tags(list.compactMap(\.scalarText)) } else { r.tags(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) }
            case "checklist-items": checklist(value, &r)
            case "completed": if value == .bool(true), r.task.status != .cancelled { r.task.status = .done }
            case "canceled", "cancelled": if value == .bool(true) { r.task.status = .cancelled }
            case "creation-date": r.instant(text, \.created, name: "creation-date", zone: zone)
            case "completion-date": r.instant(text, \.completed, name: "completion-date", zone: zone)
            case "list":
                guard !text.isEmpty else { break }
                if areaNames.contains(text), !projectNames.contains(text) { r.task.area = text; r.task.project = nil } else { r.task.project = text }
            case "list-id":
                if let p = projectIDs[text] { r.task.project = p } else if let area = areaIDs[text] { r.task.area = area } else { r.keep("list-id", value) }
            case "area": if !text.isEmpty { r.task.area = text }
            case "heading": r.keep("heading", value)
            default: if Self.meaningful(value) { r.keep(key, value) }
            }
        }
        if id == nil || id!.isEmpty { id = ids.id([r.task.area ?? "", r.task.project ?? "", r.task.title]) }
        r.finish(id: id!, into: &batch)
    }

    private func when(_ text: String, _ r: inout ImportRecord) {
        let today = options.clock.today
        switch text.lowercased() {
        case "": return
        case "today": r.task.scheduled = LocalDateTime(date: today)
        case "tomorrow": r.task.scheduled = LocalDateTime(date: today.adding(days: 1))
        case "evening", "this evening", "tonight":
            r.task.scheduled = LocalDateTime(date: today)
            r.keep("when", .string("evening"))
        case "anytime": return
        case "someday": if r.task.status == .todo { r.task.status = .someday }
        default:
            // `2026-12-01@18:00`: a day with a reminder time.
            let t = text.replacingOccurrences(of: "@", with: " ")
            if let d = ImportDates.local(t, zone: options.clock.timeZone)
                ?? DatePhraseParser(today: today, now: options.clock.timeOfDay, dateOrder: options.dateOrder).parse(t) {
                r.task.scheduled = d
            } else {
                r.problem("when \"\(text)\" is not a date I can read; kept as things_when")
                r.keep("when", .string(text))
            }
        }
    }

    private func checklist(_ value: JSONValue, _ r: inout ImportRecord) {
        guard case .array(let items) = value else {
            for line in (value.scalarText ?? "").split(separator: "\n") { r.checklistItem(String(line), done: false) }
            return
        }
        for item in items {
            switch item {
            case .string(let s): r.checklistItem(s, done: false)
            case .object(let o):
                let a = Self.attributes(o)
                // Things has no "cancelled" box in Markdown: a cancelled item is ticked.
                let done = Self.value(a, "completed") == .bool(true) || Self.value(a, "canceled") == .bool(true)
                if let title = Self.string(a, "title") { r.checklistItem(title, done: done) }
            default: break
            }
        }
    }

    // MARK: - JSON helpers

    static func value(_ o: [(String, JSONValue)], _ key: String) -> JSONValue? { o.first { $0.0 == key }?.1 }

    static func string(_ o: [(String, JSONValue)], _ key: String) -> String? {
        guard let s = value(o, key)?.scalarText?.trimmed, !s.isEmpty else { return nil }
        return s
    }

    static func attributes(_ o: [(String, JSONValue)]) -> [(String, JSONValue)] {
        if case .object(let a)? = value(o, "attributes") { return a }
        return []
    }

    /// The item's id: top-level `id` (Things' update form), or `id`/`uuid` among the attributes.
    static func id(_ o: [(String, JSONValue)], _ a: [(String, JSONValue)]) -> String? {
        string(o, "id") ?? string(a, "id") ?? string(a, "uuid")
    }

    /// Whether a value says something (not null, false, "" or []).
    static func meaningful(_ v: JSONValue) -> Bool {
        switch v {
        case .null, .bool(false): return false
        case .string(let s): return !s.trimmingCharacters(in: .whitespaces).isEmpty
        case .array(let a): return !a.isEmpty
        default: return true
        }
    }
}
