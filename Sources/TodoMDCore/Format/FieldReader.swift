import Foundation
import Yams

/// Reads one frontmatter key into a task, type-checking it against the schema. A bad value is
/// reported in `problems` and left unset; it never stops the rest of the file from being read.
enum FieldReader {
    static func read(key: String, node: Node, into task: inout TodoTask, zone: TimeZone, budget: inout YAMLBudget) {
        func problem(_ m: String) { task.problems.append("\(key): \(m)") }
        func text(limit: Int = Limits.fieldLength) -> String? {
            guard case .scalar(let s) = node else { problem("expected text"); return nil }
            if isNull(s) { return nil }
            var v = s.string
            if v.utf8.contains(0) { problem("contains a NUL character") }
            if v.count > limit {
                problem("longer than \(limit) characters; shown truncated")
                v = String(v.prefix(limit))
            }
            return v
        }
        func date() -> LocalDateTime? {
            guard let t = text() else { return nil }
            if let d = LocalDateTime(t) { return d }
            // A full timestamp: its written day and time are taken as the local wall time.
            if t.count > 19, let d = LocalDateTime(String(t.prefix(19))) ?? LocalDateTime(String(t.prefix(16))) { return d }
            if t.count > 10, let d = LocalDate(t.prefix(10)) { return LocalDateTime(date: d) }
            problem("not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM): \(t)")
            return nil
        }
        func instant() -> Date? {
            guard let t = text() else { return nil }
            if let d = Timestamp.parse(t, zone: zone) { return d }
            problem("not an ISO-8601 date-time: \(t)")
            return nil
        }
        switch key {
        case TaskKey.title:
            if let t = text(limit: Limits.titleLength), !t.trimmedSpaces.isEmpty {
                task.title = t
            } else {
                task.problems.append("title is empty")
            }
        case TaskKey.status:
            guard let t = text() else { task.problems.append("missing required key: status"); return }
            if let s = TaskStatus(rawValue: t.lowercased()) { task.status = s } else {
                problem("unknown status \"\(t)\" (todo, in-progress, done, cancelled, someday); read as todo")
            }
        case TaskKey.due: task.due = date()
        case TaskKey.deferDate: task.deferDate = date()
        case TaskKey.scheduled: task.scheduled = date()
        case TaskKey.priority:
            if let t = text() {
                if let p = Priority(rawValue: t.lowercased()) { task.priority = p } else {
                    problem("unknown priority \"\(t)\" (none, low, medium, high)")
                }
            }
        case TaskKey.flagged:
            guard case .scalar(let s) = node, !isNull(s) else { return }
            switch s.string.lowercased() {
            case "true", "yes", "on": task.flagged = true
            case "false", "no", "off": task.flagged = false
            default: problem("expected true or false")
            }
        case TaskKey.area: task.area = text().flatMap(nonEmpty)
        case TaskKey.project: task.project = text().flatMap(nonEmpty)
        case TaskKey.tags:
            switch node {
            case .sequence(let seq):
                task.tags = seq.compactMap { item -> String? in
                    guard case .scalar(let s) = item, !isNull(s) else { problem("tags must be text"); return nil }
                    if s.string.utf8.contains(0) { problem("contains a NUL character") }
                    return normalizeTag(s.string)
                }
            case .scalar(let s):
                if isNull(s) { return }
                task.tags = s.string.split(separator: ",").compactMap { normalizeTag(String($0)) }
            default: problem("expected a list of tags")
            }
        case TaskKey.recurrence: task.recurrence = text(limit: 1000).flatMap(nonEmpty)
        case TaskKey.recurrenceType:
            if let t = text() {
                if let m = RepeatMode(rawValue: t.lowercased()) { task.repeatMode = m } else {
                    problem("unknown repeat mode \"\(t)\" (every, defer-another, due-again); read as every")
                }
            }
        case TaskKey.estimatedMinutes:
            guard case .scalar(let s) = node, !isNull(s) else { return }
            if let m = Int(s.string.trimmedSpaces), m >= 0, m <= Limits.estimateMinutes {
                task.estimatedMinutes = m
            } else {
                problem("expected a whole number of minutes")
            }
        case TaskKey.description: task.description = text(limit: Limits.descriptionLength).flatMap(nonEmpty)
        case TaskKey.created: task.created = instant()
        case TaskKey.modified: task.modified = instant()
        case TaskKey.completed: task.completed = instant()
        case TaskKey.source: task.source = text().flatMap(nonEmpty)
        default:
            task.extra.append((key, json(node, budget: &budget)))
        }
    }

    static func isNull(_ s: Node.Scalar) -> Bool {
        s.style == .plain && ["", "~", "null", "Null", "NULL"].contains(s.string)
    }

    static func nonEmpty(_ s: String) -> String? {
        s.contains(where: { $0 != " " && $0 != "\t" }) ? s : nil
    }

    /// Tags are written without `#`; a leading `#` (as Obsidian users type) is dropped.
    static func normalizeTag(_ raw: String) -> String? {
        var t = Substring(raw)
        while let f = t.first, f == " " || f == "\t" { t = t.dropFirst() }
        while let l = t.last, l == " " || l == "\t" { t = t.dropLast() }
        if t.hasPrefix("#") { t = t.dropFirst() }
        guard !t.isEmpty else { return nil }
        return String(t.prefix(Limits.fieldLength))
    }

    /// A node as a JSON-like value, counting nodes against `budget` (aliases re-count) and
    /// cutting it off below `Limits.yamlDepth` levels, whatever the pre-scan let through.
    static func json(_ node: Node, budget: inout YAMLBudget, depth: Int = 1) -> JSONValue {
        budget.nodes -= 1
        if depth > Limits.yamlDepth { budget.tooDeep = true }
        guard !budget.exhausted else { return .null }
        switch node {
        case .scalar(let s):
            if isNull(s) { return .null }
            if s.style != .plain { return .string(s.string) }
            if let b = node.bool { return .bool(b) }
            if let i = node.int { return .int(i) }
            if let d = node.float, s.string.contains(where: { $0.isNumber }) { return .double(d) }
            return .string(s.string)
        case .sequence(let seq):
            var items: [JSONValue] = []
            for n in seq {
                items.append(json(n, budget: &budget, depth: depth + 1))
                if budget.exhausted { return .null }
            }
            return .array(items)
        case .mapping(let map):
            var pairs: [(String, JSONValue)] = []
            var seen = Set<String>()
            for (k, v) in map {
                budget.nodes -= 1
                // JSON keys are text, once each: a `? [a, b]` key, or `1` beside `"1"` (two keys
                // to YAML, one to JSON), cannot come back as written. Said, never silently merged.
                let key = k.scalar?.string ?? "?"
                if k.scalar == nil {
                    budget.keyProblem = budget.keyProblem ?? "a YAML mapping key is not text (a `?` complex key); the value reads as \"?\""
                } else if seen.contains(key) {
                    budget.keyProblem = budget.keyProblem ?? "the YAML key \"\(key.prefix(40))\" appears twice in one mapping"
                }
                seen.insert(key)
                pairs.append((key, json(v, budget: &budget, depth: depth + 1)))
                if budget.exhausted { return .null }
            }
            return .object(pairs)
        case .alias:
            return .null
        }
    }

    /// The value to write for an unknown key's JSON value when a file is re-created.
    static func fieldValue(_ v: JSONValue) -> FieldValue {
        switch v {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .double(let d): return .raw(String(d))
        case .string(let s): return .string(s)
        case .array(let a):
            if a.allSatisfy({ if case .string = $0 { return true } else { return false } }) {
                return .list(a.compactMap { if case .string(let s) = $0 { return s } else { return nil } })
            }
            return .raw(flow(v))
        case .object: return .raw(flow(v))
        }
    }

    static func flow(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case .bool(let b): return String(b)
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        case .string(let s): return YAMLRender.doubleQuoted(s)
        case .array(let a): return "[" + a.map(flow).joined(separator: ", ") + "]"
        case .object(let o): return "{" + o.map { YAMLRender.doubleQuoted($0.0) + ": " + flow($0.1) }.joined(separator: ", ") + "}"
        }
    }
}
