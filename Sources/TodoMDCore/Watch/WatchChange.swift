import Foundation

/// One thing `watch` reports.
public enum WatchChange: Sendable {
    /// A task appeared (a new task file, or a new checkbox line in a note).
    case added(TodoTask)
    /// A task's fields changed.
    case modified(old: TodoTask, new: TodoTask)
    /// A task went away (its file was removed or moved out, or its line deleted).
    case removed(TodoTask)
    /// A file could not be read (fully).
    case problem(FileProblem)
    /// Many new files in a short time.
    case alert(RateAlert)

    /// The `--json` field names whose values differ between two versions of a task, in schema
    /// order (derived fields such as `next_occurrences` are left out).
    public static func changedFields(_ old: TodoTask, _ new: TodoTask, today: LocalDate) -> [String] {
        guard case .object(let a) = old.json(today: today), case .object(let b) = new.json(today: today) else { return [] }
        let derived: Set<String> = ["id", "line", "next_occurrences", "recurrence_text"]
        var bValues: [String: String] = [:]
        for (k, v) in b { bValues[k] = v.compact() }
        return a.compactMap { k, v in
            derived.contains(k) || bValues[k] == v.compact() ? nil : k
        }
    }

    /// One NDJSON object: `{"event":"added","task":{…}}`, `{"event":"modified","task":{…},
    /// "changed":[…]}`, `{"event":"removed","task":{…}}`, `{"event":"problem","path":…,
    /// "reasons":[…]}`, `{"event":"alert","total":…,"window_seconds":60,"sources":[…]}`.
    public func json(today: LocalDate) -> JSON {
        switch self {
        case .added(let t):
            return .object([("event", .string("added")), ("task", t.json(today: today))])
        case .modified(let old, let new):
            return .object([("event", .string("modified")), ("task", new.json(today: today)),
                            ("changed", .array(Self.changedFields(old, new, today: today).map(JSON.string)))])
        case .removed(let t):
            return .object([("event", .string("removed")), ("task", t.json(today: today))])
        case .problem(let p):
            return .object([("event", .string("problem")), ("path", .string(p.path)), ("reasons", .array(p.reasons.map(JSON.string)))])
        case .alert(let a):
            return .object([("event", .string("alert")), ("total", .int(a.total)), ("window_seconds", .int(a.windowSeconds)),
                            ("sources", .array(a.sources.map { .object([("source", .string($0.source)), ("count", .int($0.count))]) }))])
        }
    }
}

extension JSON {
    /// On one line, without spaces (for NDJSON streams).
    public func compact() -> String {
        switch self {
        case .null, .bool, .int, .double, .string: return render()
        case .array(let a): return "[" + a.map { $0.compact() }.joined(separator: ",") + "]"
        case .object(let o): return "{" + o.map { Self.quote($0.0) + ":" + $0.1.compact() }.joined(separator: ",") + "}"
        }
    }
}
