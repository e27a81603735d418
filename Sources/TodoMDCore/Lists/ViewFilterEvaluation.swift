import Foundation

extension ViewFilter {
    /// Whether a task matches (through `query`, as saved views run).
    public func matches(_ t: TodoTask, today: LocalDate, zone: TimeZone) -> Bool {
        let context = QueryContext(clock: Clock(now: today.startInstant(in: zone), timeZone: zone))
        return (try? QueryEvaluator.compile(query, context: context, as: TodoTask.self))?(t) ?? false
    }

    /// Whether a typed item matches.
    public func matches(_ item: ListItem, today: LocalDate) -> Bool {
        let zone = TimeZone(identifier: "UTC")!
        let context = QueryContext(clock: Clock(now: today.startInstant(in: zone), timeZone: zone))
        return (try? QueryEvaluator.compile(query, context: context, as: ListItem.self))?(item) ?? false
    }

    static func text(_ v: JSONValue?) -> String? { v?.scalarText }

    static func date(_ v: JSONValue) -> LocalDate? {
        guard case .string(let s) = v else { return nil }
        return LocalDateTime(s)?.date ?? (s.count >= 10 ? LocalDate(s.prefix(10)) : nil)
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
