import Foundation

extension ViewFilter {
    /// Whether a task matches. Tasks are items of type `todo`.
    public func matches(_ t: TodoTask, today: LocalDate, zone: TimeZone) -> Bool {
        if !itemTypes.isEmpty, !itemTypes.contains("todo") { return false }
        if let c = completed, c != t.status.isClosed { return false }
        if !statuses.isEmpty, !statuses.contains(t.status) { return false }
        if !priorities.isEmpty, !priorities.contains(t.priority) { return false }
        if let f = flagged, f != t.flagged { return false }
        let base = TaskFilter(area: area, project: project, tags: tags, source: source, folders: folders, excludedTags: excludedTags)
        guard base.matches(t) else { return false }
        for d in dates {
            let value: LocalDate?
            switch d.field {
            case "due": value = t.due?.date
            case "scheduled": value = t.scheduled?.date
            case "defer": value = t.deferDate?.date
            case "created": value = t.created.map { LocalDate($0, in: zone) }
            case "modified": value = t.modified.map { LocalDate($0, in: zone) }
            case "completed", "completion", "done": value = t.completed.map { LocalDate($0, in: zone) }
            default: value = Self.date(t.value(forKey: d.field))
            }
            guard Self.check(value, d.op, d.value, today: today) else { return false }
        }
        for c in fields where !Self.compare(t.value(forKey: c.field), c.op, c.value) { return false }
        return true
    }

    /// Whether a typed item matches.
    public func matches(_ item: ListItem, today: LocalDate) -> Bool {
        if !itemTypes.isEmpty, !itemTypes.contains(ListType.key(item.type)) { return false }
        if let c = completed, c != Self.isCompleted(item) { return false }
        if !priorities.isEmpty {
            guard case .string(let p)? = item.value("priority"), let v = Priority(rawValue: p.lowercased()), priorities.contains(v) else {
                return false
            }
        }
        if !statuses.isEmpty {
            guard case .string(let s)? = item.value("status"), let v = TaskStatus(rawValue: s.lowercased()), statuses.contains(v) else {
                return false
            }
        }
        if area != nil || project != nil || source != nil || flagged != nil {
            for (k, want) in [("area", area), ("project", project), ("source", source)] {
                if let want, Self.text(item.value(k))?.caseInsensitiveCompare(want) != .orderedSame { return false }
            }
            if let f = flagged, (item.value("flagged") == .bool(true)) != f { return false }
        }
        if !folders.isEmpty, !folders.contains(where: { TaskFilter.folder(item.folder, isIn: $0) }) { return false }
        for wanted in tags where !item.tags.contains(where: { TaskFilter.tag($0, matches: wanted) }) { return false }
        for unwanted in excludedTags where item.tags.contains(where: { TaskFilter.tag($0, matches: unwanted) }) { return false }
        for d in dates where !Self.check(Self.date(item.value(d.field) ?? .null), d.op, d.value, today: today) { return false }
        for c in fields {
            let v = c.field == "title" ? JSONValue.string(item.title) : (item.value(c.field) ?? .null)
            if !Self.compare(v, c.op, c.value) { return false }
        }
        return true
    }

    /// An item is completed when its `status` is done/cancelled or a `completed`/`done` field is true.
    static func isCompleted(_ item: ListItem) -> Bool {
        if let s = text(item.value("status"))?.lowercased(), s == "done" || s == "cancelled" { return true }
        return item.value("completed") == .bool(true) || item.value("done") == .bool(true)
    }

    static func text(_ v: JSONValue?) -> String? {
        switch v {
        case .string(let s)?: return s
        case .int(let i)?: return String(i)
        case .double(let d)?: return String(d)
        case .bool(let b)?: return String(b)
        default: return nil
        }
    }

    static func date(_ v: JSONValue) -> LocalDate? {
        guard case .string(let s) = v else { return nil }
        return LocalDateTime(s)?.date ?? (s.count >= 10 ? LocalDate(s.prefix(10)) : nil)
    }

    static func check(_ value: LocalDate?, _ op: DateOp, _ spec: String, today: LocalDate) -> Bool {
        guard let value, let target = DateSpec.resolve(spec, today: today) else { return false }
        switch op {
        case .before: return value <= target  // "due before +7d" includes the 7th day, as Obsidian Tasks does
        case .after: return value >= target
        case .on: return value == target
        }
    }

    /// Compares numerically when both sides are numbers, as dates when both are dates, else as
    /// case-insensitive text. A missing value only matches `!=`.
    static func compare(_ v: JSONValue, _ op: Compare, _ want: String) -> Bool {
        if case .array(let items) = v {  // a list matches when one element does (`eq`), or none (`ne`)
            let any = items.contains { compare($0, .eq, want) }
            return op == .ne ? !any : (op == .eq ? any : false)
        }
        guard let have = text(v) else { return op == .ne }
        let ordering: ComparisonResult
        if let a = Double(have), let b = Double(want) {
            ordering = a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
        } else if let a = LocalDate(have), let b = LocalDate(want) {
            ordering = a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame)
        } else {
            ordering = have.lowercased().compare(want.lowercased())
        }
        switch op {
        case .eq: return ordering == .orderedSame
        case .ne: return ordering != .orderedSame
        case .lt: return ordering == .orderedAscending
        case .le: return ordering != .orderedDescending
        case .gt: return ordering == .orderedDescending
        case .ge: return ordering != .orderedAscending
        }
    }
}
