import Foundation

extension InlineTaskLine {
    /// The line as a `TodoTask` (read-only view; edits go through `rewritten`).
    ///
    /// - title: `title` (fields and block id removed, the global filter only when the settings say; tags
    ///   kept); tags: `tags`.
    /// - due/scheduled → `due`/`scheduled`; 🛫 start → `deferDate` (hidden until that day).
    /// - ➕ created and ✅ done dates are days; as instants they are 00:00 UTC of that day.
    ///   `completed` is the ✅ done date only. The ❌ cancelled date is its own field, kept as
    ///   written (`YYYY-MM-DD`) in `extra["cancelled"]`: the schema has no cancelled date (a
    ///   cancelled task file has none), and Obsidian Tasks keeps the two apart.
    /// - priority: highest/high → high, medium → medium, low/lowest → low, none → none; the exact
    ///   level is kept in `extra["priority_level"]`.
    /// - `recurrence` stays nil: the schema wants an RRULE, so Obsidian's text is kept in
    ///   `extra["recurrence_text"]` for the recurrence module to translate.
    /// - extra (in this order, when present): `line`, `status_char`, `format`, `cancelled`, `priority_level`,
    ///   `recurrence_text`, `on_completion`, `task_id`, `depends_on` (array), `block_id`, `identity`.
    /// - source `obsidian`; `problems` lists unreadable dates.
    public func toTask(path: String) -> TodoTask {
        var t = TodoTask(path: path, title: title, status: status)
        t.due = due.map { LocalDateTime(date: $0) }
        t.scheduled = scheduled.map { LocalDateTime(date: $0) }
        t.deferDate = start.map { LocalDateTime(date: $0) }
        t.priority = priority?.taskPriority ?? .none
        t.tags = tags
        t.created = created.map(Self.utcMidnight)
        t.completed = doneDate.map(Self.utcMidnight)
        t.source = "obsidian"
        t.problems = problems
        var extra: [(String, JSONValue)] = [("line", .int(lineNumber)), ("status_char", .string(String(statusChar))),
                                            ("format", .string(format.rawValue))]
        if let c = cancelledDate { extra.append(("cancelled", .string(c.description))) }
        if let p = priority { extra.append(("priority_level", .string(p.rawValue))) }
        if let r = recurrence { extra.append(("recurrence_text", .string(r))) }
        if let o = onCompletion { extra.append(("on_completion", .string(o))) }
        if let i = taskId { extra.append(("task_id", .string(i))) }
        if !dependsOn.isEmpty { extra.append(("depends_on", .array(dependsOn.map { .string($0) }))) }
        if let b = blockId { extra.append(("block_id", .string(b))) }
        extra.append(("identity", .string(identity)))
        t.extra = extra
        return t
    }

    static func utcMidnight(_ d: LocalDate) -> Date { Date(timeIntervalSince1970: Double(d.dayNumber) * 86_400) }
}
