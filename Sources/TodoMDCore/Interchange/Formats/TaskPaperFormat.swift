import Foundation

/// OmniFocus's TaskPaper text (plain TaskPaper reads too). See `TaskPaperReader` for how the
/// outline maps to areas, projects, subtasks and notes, and `TaskPaperTags` for the
/// parameters (`@due(…)`, `@defer(…)`, `@done(…)`, `@flagged`, `@estimate(…)`, `@tags(…)`,
/// `@repeat-rule(…)`…).
///
/// The export is what OmniFocus pastes: `Area:` lines, `Project:` lines one tab in, tasks as
/// `- title @due(2026-12-01 09:00) …` below them, subtasks one tab deeper, notes (the
/// description, then the body) one tab below their task. Tasks with no project are written
/// unindented, with no `Inbox:` line: pasted into OmniFocus's inbox they stay there. Tasks
/// with an area and no project sit right under the `Area:` line (they read back as area-only
/// when the area also holds projects, otherwise as a project of that name). Body lines
/// starting with `- ` are written as `* ` (the same Markdown bullet) so they do not read back
/// as subtasks. The description is the note's first paragraph (it reads back into the body);
/// in-progress and someday tasks get `@status(…)`, priority `@priority(…)` (TaskPaper
/// conventions OmniFocus ignores); `created` is not written.
public struct TaskPaperFormat: TaskImporter, TaskExporter {
    public let format = "taskpaper"
    public let title = "TaskPaper (OmniFocus)"
    public let fileExtension = "taskpaper"
    public let mediaType = "text/plain; charset=utf-8"

    public init() {}

    /// A `.taskpaper` file, or text with `- ` task lines and either OmniFocus parameters or
    /// indented tasks under a `Project:` line.
    public func recognizes(_ input: ImportInput) -> Bool {
        guard input.folder == nil else { return false }
        let name = input.name?.lowercased() ?? ""
        if name.hasSuffix(".taskpaper") { return true }
        if [".json", ".csv", ".tsv", ".ics", ".opml", ".xml", ".md"].contains(where: { name.hasSuffix($0) }) { return false }
        let head = input.text.drop { $0.isWhitespace }
        if head.hasPrefix("{") || head.hasPrefix("[") || head.hasPrefix("<") || head.uppercased().hasPrefix("BEGIN:") { return false }
        let params = ["@due(", "@defer(", "@done(", "@flagged", "@estimate(", "@repeat-rule(", "@parallel(", "@autodone(", "@tags("]
        var tasks = 0, nested = 0, projects = 0, omni = false
        for line in input.lines.prefix(500) {
            let rest = line.drop { $0 == "\t" || $0 == " " }
            if TaskPaperReader.isTask(rest) {
                tasks += 1
                if line.first == "\t" || line.first == " " { nested += 1 }
                if params.contains(where: { rest.contains($0) }) { omni = true }
            } else if line.first != " ", line.first != "\t", TaskPaperReader.project(rest) != nil {
                projects += 1
            }
        }
        return tasks > 0 && (omni || (projects > 0 && nested > 0))
    }

    public func read(_ input: ImportInput, options: ImportOptions) throws -> ImportBatch {
        var reader = TaskPaperReader(options: options)
        return try reader.read(input)
    }

    public func export(_ tasks: [TodoTask], context: ExportContext, write: (String) throws -> Void) throws {
        let tree = ExportTree(tasks, context: context)
        var group: (area: String?, project: String?)?
        for i in tree.roots {
            let area = Self.name(tasks[i].area), project = Self.name(tasks[i].project)
            if group == nil || group!.area != area || group!.project != project {
                if let area, group?.area != area { try write(area + ":\n") }
                if let project, group?.area != area || group?.project != project {
                    // A sequential project says so, as OmniFocus writes it (and reads it back).
                    try write((area == nil ? "" : "\t") + project + ":" + (context.isSequential(tasks[i].project ?? "") ? " @parallel(false)" : "") + "\n")
                }
                group = (area, project)
            }
            let base = (area == nil ? 0 : 1) + (project == nil ? 0 : 1)
            try tree.walk(i, depth: base, enter: { t, depth, _ in try write(line(t, depth: depth, context: context)) })
        }
    }

    /// A task's line and its note lines.
    func line(_ t: TodoTask, depth: Int, context: ExportContext) -> String {
        let indent = String(repeating: "\t", count: depth)
        var out = indent + "- " + Self.oneLine(t.title)
        for tag in Self.tags(t, context: context) { out += " @" + tag.name + (tag.value.map { "(\($0))" } ?? "") }
        out += "\n"
        var note: [Substring] = []
        if let d = t.description, !d.isEmpty { note += d.split(separator: "\n", omittingEmptySubsequences: false) }
        let body = t.body.trimmingCharacters(in: .newlines)
        if !body.isEmpty {
            if !note.isEmpty { note.append("") }
            note += body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        }
        for var l in note {
            if l.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { out += "\n"; continue }
            // A `- ` line would read back as a subtask; `* ` is the same Markdown bullet.
            let lead = l.prefix { $0 == " " || $0 == "\t" }
            if l.dropFirst(lead.count).hasPrefix("- ") { l = lead + "* " + l.dropFirst(lead.count + 2) }
            out += indent + "\t" + l + "\n"
        }
        return out
    }

    /// The parameters of a task, in OmniFocus's spelling.
    static func tags(_ t: TodoTask, context: ExportContext) -> [TaskPaperTag] {
        let zone = context.clock.timeZone
        var tags: [TaskPaperTag] = []
        func add(_ name: String, _ value: String? = nil) { tags.append(TaskPaperTag(name: name, value: value)) }
        if t.flagged { add("flagged") }
        if let d = t.deferDate { add("defer", date(d)) }
        if let d = t.due { add("due", date(d)) }
        if let d = t.scheduled { add("planned", date(d)) }
        switch t.status {
        case .done: add("done", t.completed.map { date(LocalDateTime(instant: $0, in: zone)) })
        case .cancelled:
            var when: String?
            if case .string(let s)? = t.extra.first(where: { $0.0 == "taskpaper_dropped" })?.1 { when = s }
            add("dropped", when ?? (t.completed ?? t.modified).map { date(LocalDateTime(instant: $0, in: zone)) })
        case .inProgress, .someday: add("status", t.status.rawValue)
        case .todo: break
        }
        if let m = t.estimatedMinutes { add("estimate", minutes(m)) }
        if !t.tags.isEmpty {
            add("tags", t.tags.map { clean($0).replacingOccurrences(of: "/", with: " : ") }.joined(separator: ", "))
        }
        if let raw = t.recurrence {
            let method: String
            switch t.repeatMode ?? .every {
            case .every: method = "fixed"
            case .deferAnother: method = "start-after-completion"
            case .dueAgain: method = "due-after-completion"
            }
            add("repeat-method", method)
            add("repeat-rule", clean((try? RecurrenceRule(rrule: raw).rruleString) ?? raw))
        }
        if t.priority != .none { add("priority", t.priority.rawValue) }
        // Parameters read from TaskPaper that have no field go back as they came.
        for (key, value) in t.extra where key.hasPrefix("taskpaper_") && !["taskpaper_dropped", "taskpaper_folders"].contains(key) {
            let name = String(key.dropFirst("taskpaper_".count)).replacingOccurrences(of: "_", with: "-")
            guard !tags.contains(where: { $0.name == name }), let text = value.scalarText else { continue }
            add(name, clean(text))
        }
        return tags
    }

    /// `2026-12-01` or `2026-12-01 09:00`.
    static func date(_ d: LocalDateTime) -> String {
        d.description.replacingOccurrences(of: "T", with: " ")
    }

    /// `45m`, `2h`, `1h30m`.
    static func minutes(_ m: Int) -> String {
        let h = m / 60, r = m % 60
        if h == 0 { return "\(r)m" }
        return r == 0 ? "\(h)h" : "\(h)h\(r)m"
    }

    /// A parameter value: no parentheses or commas (they end the value or split a list).
    static func clean(_ s: String) -> String {
        String(oneLine(s).map { "(),".contains($0) ? " " : $0 })
    }

    static func oneLine(_ s: String) -> String {
        s.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).joined(separator: " ")
    }

    /// An area or project name for a `Name:` line; nil for none.
    static func name(_ s: String?) -> String? {
        guard let s else { return nil }
        let n = oneLine(s).trimmingCharacters(in: .whitespaces)
        return n.isEmpty ? nil : n
    }
}
