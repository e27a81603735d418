import Foundation
import TodoMDCore
import TodoMDService

/// The contract's version: every document (a top-level JSON object) starts with
/// `"schema_version"`. It changes only when a shape changes incompatibly.
public enum APISchema {
    public static let version = 1
}

/// A task as JSON: every schema key (null when unset), its location (`path`, `line`, `id`),
/// its `version` (pass it back to write safely), `recurrence_text` (the rule in words),
/// `next_occurrences` (the next dates if completed today), `body`, `extra` (unknown keys, in
/// file order) and `problems`.
public struct TaskDTO: Decodable, Equatable, Sendable, JSONObject {
    public var path: String
    /// 1-based line of a checkbox task; nil for a task file.
    public var line: Int?
    public var id: String
    /// The version of the bytes it was read from; nil for a task not in the vault.
    public var version: String?
    public var title: String
    public var status: TaskStatus
    public var due: LocalDateTime?
    public var deferDate: LocalDateTime?
    public var scheduled: LocalDateTime?
    public var priority: Priority
    public var flagged: Bool
    public var area: String?
    public var project: String?
    public var tags: [String]
    public var recurrence: String?
    public var recurrenceType: RepeatMode?
    public var recurrenceText: String?
    public var nextOccurrences: [LocalDateTime]
    public var estimatedMinutes: Int?
    public var description: String?
    public var created: UTCInstant?
    public var modified: UTCInstant?
    public var completed: UTCInstant?
    public var source: String?
    public var body: String
    /// Unknown frontmatter keys, as an object (in file order when written).
    public var extra: JSONValue
    /// The checklist in the notes (`- [ ]` lines): counts, and the items unless a summary; nil without one.
    public var checklist: ChecklistDTO?
    /// In a view's group, a subtask's place (issue 21): `depth` under its parent (0: shown
    /// alone), the parent's id and title. Absent outside views and for tasks without a parent.
    public var depth: Int?
    public var parentID: String?
    public var parentTitle: String?
    /// In a view, a task held up (issue 21): the titles of the open tasks it is blocked by, and
    /// the first task of its sequential project it waits for. Absent when nothing holds it.
    public var blockedBy: [String]?
    public var waitsFor: String?
    /// The project's due / defer for a task without its own (never in the file); absent otherwise.
    public var effectiveDue: LocalDateTime?
    public var effectiveDefer: LocalDateTime?
    public var problems: [String]
    /// A list row (`fields=summary`): `next_occurrences`, `body` and `extra` are left out.
    public var summary = false

    enum CodingKeys: String, CodingKey {
        case path, line, id, version, title, status, due, deferDate = "defer", scheduled, priority, flagged, area, project, tags
        case recurrence, recurrenceType = "recurrence_type", recurrenceText = "recurrence_text", nextOccurrences = "next_occurrences"
        case estimatedMinutes = "estimated_minutes", description, created, modified, completed, source, body, extra, checklist, problems
        case depth, parentID = "parent_id", parentTitle = "parent_title", blockedBy = "blocked_by_tasks", waitsFor = "waits_for"
        case effectiveDue = "effective_due", effectiveDefer = "effective_defer"
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    /// Its place in a view's group (issue 21): its depth and parent when nested, and what holds it up.
    public mutating func place(in g: ViewGroup, key: String) {
        if let n = g.nesting[key] { (depth, parentID, parentTitle) = (n.depth, n.parent, n.parentTitle) }
        if let h = g.holds[key] { (blockedBy, waitsFor) = (h.blockedBy, h.waitsFor) }
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("path", path)
        v.field("line", line)
        v.field("id", id)
        v.field("version", version)
        v.field("title", title)
        v.field("status", status)
        v.field("due", due)
        v.field("defer", deferDate)
        v.field("scheduled", scheduled)
        v.field("priority", priority)
        v.field("flagged", flagged)
        v.field("area", area)
        v.field("project", project)
        v.field("tags", tags)
        v.field("recurrence", recurrence)
        v.field("recurrence_type", recurrenceType)
        v.field("recurrence_text", recurrenceText)
        if !summary { v.field("next_occurrences", nextOccurrences) }
        v.field("estimated_minutes", estimatedMinutes)
        v.field("description", description)
        v.field("created", created)
        v.field("modified", modified)
        v.field("completed", completed)
        v.field("source", source)
        if !summary {
            v.field("body", body)
            v.field("extra", extra)
        }
        v.field("checklist", checklist)
        if let parentID {
            v.field("parent_id", parentID)
            v.field("parent_title", parentTitle)
            v.field("depth", depth ?? 0)
        }
        if let blockedBy, !blockedBy.isEmpty { v.field("blocked_by_tasks", blockedBy) }
        if let waitsFor { v.field("waits_for", waitsFor) }
        if let effectiveDue { v.field("effective_due", effectiveDue) }
        if let effectiveDefer { v.field("effective_defer", effectiveDefer) }
        v.field("problems", problems)
    }

    /// The JSON form of `task`, read at `version`; `today` decides `next_occurrences`.
    public init(_ task: TodoTask, version: String?, today: LocalDate, summary: Bool = false) {
        self.summary = summary
        path = task.path
        line = task.line.map { $0 + 1 }
        id = task.id
        self.version = version
        title = task.title
        status = task.status
        due = task.due
        deferDate = task.deferDate
        scheduled = task.scheduled
        priority = task.priority
        flagged = task.flagged
        area = task.area
        project = task.project
        tags = task.tags
        recurrence = task.recurrence
        recurrenceType = task.repeatMode
        if task.recurrence != nil {
            recurrenceText = task.recurrenceText
            let mode = task.effectiveRepeatMode
            nextOccurrences = summary ? [] : RecurrencePlanner.preview(task, mode: mode, completionDay: today, today: today, limit: 5)
        } else {
            recurrenceText = nil
            nextOccurrences = []
        }
        estimatedMinutes = task.estimatedMinutes
        description = task.description
        created = task.created.map(UTCInstant.init)
        modified = task.modified.map(UTCInstant.init)
        completed = task.completed.map(UTCInstant.init)
        source = task.source
        body = summary ? "" : task.body
        extra = .object(summary ? [] : task.extra)
        effectiveDue = task.effectiveDue
        effectiveDefer = task.effectiveDefer
        let items = task.checklist
        checklist = items.isEmpty ? nil : ChecklistDTO(items, summary: summary)
        problems = task.problems
    }

    public init(_ t: VersionedTask, today: LocalDate) { self.init(t.task, version: t.version, today: today) }
}

/// A task's checklist: `{"done": 2, "total": 5, "items": [{"index", "text", "done"}]}` (no
/// `items` in a summary row).
public struct ChecklistDTO: Decodable, Equatable, Sendable, JSONObject {
    public struct Item: Decodable, Equatable, Sendable, JSONObject {
        public var index: Int
        public var text: String
        public var done: Bool

        public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
            v.field("index", index)
            v.field("text", text)
            v.field("done", done)
        }
    }

    public var done: Int
    public var total: Int
    public var items: [Item]?

    public init(_ list: [ChecklistItem], summary: Bool) {
        done = list.filter(\.done).count
        total = list.count
        items = summary ? nil : list.map { Item(index: $0.index, text: $0.text, done: $0.done) }
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("done", done)
        v.field("total", total)
        if let items { v.field("items", items) }
    }
}
