import Foundation

/// A saved view (spec 003 §7): a note with `type: view`, a `name`, and `filters` (in the
/// frontmatter or as YAML in the body).
///
/// ```yaml
/// filters:
///   tags: [work/*, urgent, -someday]   # all must match; `-tag` (or exclude_tags) excludes
///   item_types: [todo, book]
///   due_before: +7d                    # <date field>_before / _after / _on; +Nd, -Nd, today, 2026-03-01
///   completed: false
///   folders: [Work, Projects]
///   priority: [high, medium]
///   fields: {author: Andy Weir, rating: ">= 4"}
/// ```
public struct SavedView: Sendable {
    public var name: String
    public var path: String
    public var displayStyle: String
    public var filter: ViewFilter
    /// Filter keys that could not be understood.
    public var problems: [String]
}

/// The filter of a saved view.
public struct ViewFilter: Sendable {
    public enum DateOp: String, Sendable { case before, after, on }
    public enum Compare: Sendable, Equatable { case eq, ne, lt, le, gt, ge }

    public var tags: [String] = []
    public var excludedTags: [String] = []
    public var itemTypes: [String] = []
    public var completed: Bool?
    public var folders: [String] = []
    public var priorities: [Priority] = []
    public var statuses: [TaskStatus] = []
    public var area: String?
    public var project: String?
    public var source: String?
    public var flagged: Bool?
    public var dates: [(field: String, op: DateOp, value: String)] = []
    public var fields: [(field: String, op: Compare, value: String)] = []

    public init() {}

    /// Reads a `filters` mapping; unknown keys are reported.
    public static func parse(_ obj: [(String, JSONValue)]) -> (ViewFilter, [String]) {
        var f = ViewFilter()
        var problems: [String] = []
        func strings(_ v: JSONValue) -> [String] {
            switch v {
            case .array(let a): return a.compactMap { if case .string(let s) = $0 { return s } else if case .int(let i) = $0 { return String(i) } else { return nil } }
            case .string(let s): return s.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            case .int(let i): return [String(i)]
            default: return []
            }
        }
        func scalar(_ v: JSONValue) -> String? { v.scalarText }
        for (key, value) in obj {
            switch key {
            case "tags":
                for t in strings(value) {
                    if t.hasPrefix("-") || t.hasPrefix("!") { f.excludedTags.append(String(t.dropFirst())) } else { f.tags.append(t) }
                }
            case "exclude_tags", "excluded_tags", "not_tags": f.excludedTags += strings(value)
            case "item_types", "types", "type": f.itemTypes = strings(value).map(ListType.key)
            case "completed":
                if case .bool(let b) = value { f.completed = b } else if scalar(value) == "both" || value == .null { f.completed = nil } else {
                    problems.append("completed must be true, false or both")
                }
            case "folders", "folder": f.folders = strings(value)
            case "priority", "priorities":
                for p in strings(value) {
                    if let v = Priority(rawValue: p.lowercased()) { f.priorities.append(v) } else { problems.append("unknown priority \(p)") }
                }
            case "status", "statuses":
                for s in strings(value) {
                    if let v = TaskStatus(rawValue: s.lowercased()) { f.statuses.append(v) } else { problems.append("unknown status \(s)") }
                }
            case "area": f.area = scalar(value)
            case "project": f.project = scalar(value)
            case "source": f.source = scalar(value)
            case "flagged": if case .bool(let b) = value { f.flagged = b } else { problems.append("flagged must be true or false") }
            case "fields", "where":
                guard case .object(let pairs) = value else { problems.append("\(key) must be a mapping of field: value"); continue }
                for (field, v) in pairs {
                    guard let text = scalar(v) else { problems.append("\(key).\(field): expected a value"); continue }
                    f.fields.append(Self.condition(field, text))
                }
            default:
                if let (field, op) = dateKey(key), let text = scalar(value) {
                    if DateSpec.resolve(text, today: LocalDate(year: 2000, month: 1, day: 1)!) == nil {
                        problems.append("\(key): \"\(text)\" is not a date (+7d, -30d, today, 2026-03-01)")
                    } else {
                        f.dates.append((field, op, text))
                    }
                } else {
                    problems.append("unknown filter \"\(key)\"")
                }
            }
        }
        return (f, problems)
    }

    static func dateKey(_ key: String) -> (String, DateOp)? {
        for op in [DateOp.before, .after, .on] where key.hasSuffix("_" + op.rawValue) {
            let field = String(key.dropLast(op.rawValue.count + 1))
            return field.isEmpty ? nil : (field == "start" ? "defer" : field, op)
        }
        return nil
    }

    static func condition(_ field: String, _ text: String) -> (field: String, op: Compare, value: String) {
        let t = text.trimmingCharacters(in: .whitespaces)
        for (prefix, op) in [(">=", Compare.ge), ("<=", .le), ("!=", .ne), (">", .gt), ("<", .lt), ("=", .eq)] where t.hasPrefix(prefix) {
            return (field, op, t.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces))
        }
        return (field, .eq, t)
    }
}

/// Relative and absolute dates in view filters: `+7d`, `-30d`, `+2w`, `+1m`, `today`,
/// `tomorrow`, `yesterday`, `2026-03-01`.
public enum DateSpec {
    public static func resolve(_ text: String, today: LocalDate) -> LocalDate? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t == "today" { return today }
        if t == "tomorrow" { return today.adding(days: 1) }
        if t == "yesterday" { return today.adding(days: -1) }
        if let d = LocalDateTime(t)?.date { return d }
        guard let sign = t.first, sign == "+" || sign == "-", let unit = t.last, let n = Int(t.dropFirst().dropLast()),
              n <= 100_000 else { return nil }
        let k = sign == "+" ? n : -n
        switch unit {
        case "d": return today.adding(days: k)
        case "w": return today.adding(days: 7 * k)
        case "m": return today.adding(months: k)
        case "y": return today.adding(years: k)
        default: return nil
        }
    }
}
