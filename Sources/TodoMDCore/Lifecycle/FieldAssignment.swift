import Foundation

/// Turns `key=value` text (from `todomd set`) into a typed, validated change. Schema keys are
/// checked against the schema; other keys are written as YAML scalars (numbers and booleans
/// bare, everything else quoted) or, if the value is a flow list `[a, b]`, as a list.
public enum FieldAssignment {
    public static func parse(_ text: String, clock: Clock) throws -> FieldChange {
        guard let eq = text.firstIndex(of: "=") else {
            throw TodoError.invalidArgument("expected key=value, got \"\(text)\"")
        }
        let key = text[..<eq].trimmingCharacters(in: .whitespaces)
        let value = String(text[text.index(after: eq)...])
        guard Self.isValidKey(key) else { throw TodoError.invalidArgument("not a valid key: \"\(key)\"") }
        if value.isEmpty {
            if TaskKey.required.contains(key) { throw TodoError.invalidArgument("\(key) is required and cannot be cleared") }
            return FieldChange(key, nil)
        }
        return FieldChange(key, try typed(key: key, value: value, clock: clock))
    }

    /// Letters, digits, `_`, `-`, `.`, not starting with `-`; nothing YAML would read otherwise.
    public static func isValidKey(_ k: String) -> Bool {
        guard let f = k.first, f != "-", k.count <= 100 else { return false }
        return k.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
    }

    public static func typed(key: String, value: String, clock: Clock) throws -> FieldValue {
        func text(_ limit: Int) throws -> FieldValue {
            guard value.count <= limit else { throw TodoError.invalidArgument("\(key) is longer than \(limit) characters") }
            return .string(value)
        }
        switch key {
        case TaskKey.title:
            guard !value.trimmingCharacters(in: .whitespaces).isEmpty else { throw TodoError.invalidArgument("title cannot be empty") }
            return try text(Limits.titleLength)
        case TaskKey.description: return try text(Limits.descriptionLength)
        case TaskKey.status:
            guard let s = TaskStatus(rawValue: value.lowercased()) else {
                throw TodoError.invalidArgument("status must be one of: " + TaskStatus.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return .string(s.rawValue)
        case TaskKey.priority:
            guard let p = Priority(rawValue: value.lowercased()) else {
                throw TodoError.invalidArgument("priority must be one of: none, low, medium, high")
            }
            return .string(p.rawValue)
        case TaskKey.due, TaskKey.deferDate, TaskKey.scheduled:
            return .string(try DateArgument.parse(value, clock: clock).description)
        case TaskKey.flagged:
            switch value.lowercased() {
            case "true", "yes", "1", "on": return .bool(true)
            case "false", "no", "0", "off": return .bool(false)
            default: throw TodoError.invalidArgument("flagged must be true or false")
            }
        case TaskKey.estimatedMinutes:
            // Minutes, or a duration as quick entry reads it: `90`, `45m`, `1h`, `1h30m`.
            guard let m = Int(value) ?? QuickTokenizer.minutes(value.lowercased()), m >= 0, m <= Limits.estimateMinutes else {
                throw TodoError.invalidArgument("estimated_minutes must be minutes or a duration like 45m, 1h, 1h30m")
            }
            return .int(m)
        case TaskKey.tags:
            let list = value.hasPrefix("[") && value.hasSuffix("]") ? String(value.dropFirst().dropLast()) : value
            return .list(list.split(separator: ",").compactMap { FieldReader.normalizeTag(String($0)) })
        case TaskKey.created, TaskKey.modified, TaskKey.completed:
            guard let d = Timestamp.parse(value) else {
                throw TodoError.invalidArgument("\(key) must be an ISO-8601 date-time like 2025-02-26T14:30:00Z")
            }
            return .string(Timestamp.format(d))
        case TaskKey.area, TaskKey.project, TaskKey.source: return try text(Limits.fieldLength)
        case TaskKey.recurrence:
            _ = try RecurrencePlanner.parse(value)  // refuse a rule that cannot be read, naming the bad part
            return try text(1000)
        case TaskKey.recurrenceType:
            guard let m = RepeatMode(rawValue: value.lowercased()) else {
                throw TodoError.invalidArgument("recurrence_type must be one of: every, defer-another, due-again")
            }
            return .string(m.rawValue)
        default:
            guard value.count <= Limits.descriptionLength else {
                throw TodoError.invalidArgument("\(key) is longer than \(Limits.descriptionLength) characters")
            }
            if ["true", "false"].contains(value) { return .bool(value == "true") }
            if let i = Int(value), String(i) == value { return .int(i) }
            if value == "null" { return .null }
            if value.hasPrefix("["), value.hasSuffix("]") {
                return .list(value.dropFirst().dropLast().split(separator: ",")
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
            }
            return .string(value)
        }
    }

    /// Changes that go with a status change: `done` sets `completed`, leaving done clears it.
    public static func withLifecycle(_ changes: [FieldChange], task: TodoTask, now: Date) -> [FieldChange] {
        var out = changes
        let explicit = Set(changes.map(\.key))
        guard let s = changes.last(where: { $0.key == TaskKey.status }), case .string(let v)? = s.value,
              !explicit.contains(TaskKey.completed) else { return out }
        if v == TaskStatus.done.rawValue, task.status != .done {
            out.append(FieldChange(TaskKey.completed, .string(Timestamp.format(now))))
        } else if v != TaskStatus.done.rawValue, task.completed != nil, v != TaskStatus.cancelled.rawValue {
            out.append(FieldChange(TaskKey.completed, nil))
        }
        return out
    }
}
