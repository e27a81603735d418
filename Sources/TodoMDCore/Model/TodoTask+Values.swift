import Foundation

extension TodoTask {
    /// The value of a key as a comparable JSON value: schema keys from their typed fields,
    /// other keys from `extra`. Used for merges and for `--json`.
    public func value(forKey key: String) -> JSONValue {
        func s(_ v: String?) -> JSONValue { v.map(JSONValue.string) ?? .null }
        switch key {
        case TaskKey.title: return .string(title)
        case TaskKey.status: return .string(status.rawValue)
        case TaskKey.due: return s(due?.description)
        case TaskKey.deferDate: return s(deferDate?.description)
        case TaskKey.scheduled: return s(scheduled?.description)
        case TaskKey.priority: return .string(priority.rawValue)
        case TaskKey.flagged: return .bool(flagged)
        case TaskKey.area: return s(area)
        case TaskKey.project: return s(project)
        case TaskKey.tags: return .array(tags.map(JSONValue.string))
        case TaskKey.recurrence: return s(recurrence)
        case TaskKey.recurrenceType: return s(repeatMode?.rawValue)
        case TaskKey.estimatedMinutes: return estimatedMinutes.map(JSONValue.int) ?? .null
        case TaskKey.description: return s(description)
        case TaskKey.created: return s(created.map(Timestamp.format))
        case TaskKey.modified: return s(modified.map(Timestamp.format))
        case TaskKey.completed: return s(completed.map(Timestamp.format))
        case TaskKey.source: return s(source)
        case "body": return .string(body)  // the notes (set's body=), never a frontmatter key
        default: return extra.first(where: { $0.0 == key })?.1 ?? .null
        }
    }
}

extension TodoTask {
    /// When the task was closed: its `completed`, else, for a cancelled task, its `cancelled`
    /// day (the ❌ date Obsidian Tasks writes, kept apart in `extra["cancelled"]`), as 00:00 UTC
    /// of that day like ✅. The Logbook sorts by it and completed-task retention counts from it.
    public var closedAt: Date? {
        if let completed { return completed }
        guard status == .cancelled, case .string(let day)? = extra.first(where: { $0.0 == "cancelled" })?.1,
              let d = LocalDate(day) else { return nil }
        return InlineTaskLine.utcMidnight(d)
    }
}
