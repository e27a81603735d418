import Foundation

/// Computes the views of spec 000 from a list of tasks under an injected clock. The rules
/// (also in the README):
/// - *open* = `todo` or `in-progress`; *available* = open and `defer` empty or on/before today
///   (a `defer` with a time is available from that time).
/// - **Inbox**: open, no area and no project.
/// - **Today**: available and (due on/before today, or scheduled on/before today, or deferred
///   until today). Groups, each task in the first that fits: Overdue (due before today, or due
///   today at a time already past), Due Today, Scheduled (scheduled today or earlier),
///   Deferred-now-available (defer today); shown in the order Overdue, Scheduled, Due Today,
///   Deferred-now-available.
/// - **Upcoming**: available, not in Today, with a due or scheduled date after today; grouped
///   by the earliest such date, ascending.
/// - **Anytime**: available. **Someday**: status `someday`. **Flagged**: flagged and not done
///   or cancelled.
/// - **Logbook**: done or cancelled, newest first (by `completed`, else `modified`).
/// - **Areas**: not done or cancelled, grouped area → project. **Tags**: tag → number of
///   tasks not done or cancelled. **All**: every task.
/// - Completed-task retention (a setting) hides done/cancelled tasks older than N days.
public struct ViewEngine: Sendable {
    public var clock: Clock
    public var order: OrderFile
    public var retentionDays: Int?

    public init(clock: Clock, order: OrderFile = OrderFile(), retentionDays: Int? = nil) {
        self.clock = clock
        self.order = order
        self.retentionDays = retentionDays
    }

    var today: LocalDate { clock.today }

    // MARK: Membership

    public func isAvailable(_ t: TodoTask) -> Bool {
        guard t.status.isActive else { return false }
        guard let d = t.deferDate else { return true }
        return !isFuture(d)
    }

    /// True when the value is after now (a date alone is after now when it is after today).
    func isFuture(_ d: LocalDateTime) -> Bool {
        if d.date != today { return d.date > today }
        guard let time = d.time else { return false }
        return time > clock.timeOfDay
    }

    public enum TodayGroup: String, CaseIterable, Sendable {
        case overdue = "Overdue", scheduled = "Scheduled", dueToday = "Due Today", deferred = "Deferred-now-available"
    }

    /// The Today group a task belongs to, or nil when it is not in Today.
    public func todayGroup(_ t: TodoTask) -> TodayGroup? {
        guard isAvailable(t) else { return nil }
        if let due = t.due {
            if due.date < today { return .overdue }
            if due.date == today {
                if let time = due.time, time < clock.timeOfDay { return .overdue }
                return .dueToday
            }
        }
        if let s = t.scheduled, s.date <= today { return .scheduled }
        if let d = t.deferDate, d.date == today { return .deferred }
        return nil
    }

    /// The date a task is listed under in Upcoming, or nil.
    public func upcomingDate(_ t: TodoTask) -> LocalDate? {
        guard isAvailable(t), todayGroup(t) == nil else { return nil }
        return [t.due?.date, t.scheduled?.date].compactMap { $0 }.filter { $0 > today }.min()
    }

    func isRetained(_ t: TodoTask) -> Bool {
        guard t.status.isClosed, let days = retentionDays else { return true }
        guard let when = t.completed ?? t.modified else { return true }
        return LocalDate(when, in: clock.timeZone).days(until: today) <= days
    }

    // MARK: Building

    public func build(_ kind: ViewKind, tasks all: [TodoTask], filter: TaskFilter = TaskFilter()) -> ViewResult {
        let tasks = all.filter { filter.matches($0) && isRetained($0) }
        var result = ViewResult(kind: kind, today: today, groups: [])
        switch kind {
        case .inbox:
            result.groups = [ViewGroup(name: nil, tasks: manual("inbox", tasks.filter {
                $0.status.isActive && $0.area == nil && $0.project == nil
            }))]
        case .today:
            var byGroup: [TodayGroup: [TodoTask]] = [:]
            for t in tasks { if let g = todayGroup(t) { byGroup[g, default: []].append(t) } }
            result.groups = TodayGroup.allCases.compactMap { g in
                guard let ts = byGroup[g], !ts.isEmpty else { return nil }
                return ViewGroup(name: g.rawValue, tasks: manual("today", ts))
            }
        case .upcoming:
            var byDate: [LocalDate: [TodoTask]] = [:]
            for t in tasks { if let d = upcomingDate(t) { byDate[d, default: []].append(t) } }
            result.groups = byDate.keys.sorted().map { d in
                var g = ViewGroup(name: d.description, tasks: byDate[d]!.sorted(by: dateThenCreated(on: d)))
                g.date = d
                return g
            }
        case .anytime:
            result.groups = [ViewGroup(name: nil, tasks: manual("anytime", tasks.filter(isAvailable)))]
        case .someday:
            result.groups = [ViewGroup(name: nil, tasks: manual("someday", tasks.filter { $0.status == .someday }))]
        case .flagged:
            result.groups = [ViewGroup(name: nil, tasks: manual("flagged", tasks.filter { $0.flagged && !$0.status.isClosed }))]
        case .logbook:
            result.groups = [ViewGroup(name: nil, tasks: tasks.filter { $0.status.isClosed }.sorted {
                let a = $0.completed ?? $0.modified ?? .distantPast, b = $1.completed ?? $1.modified ?? .distantPast
                return a != b ? a > b : $0.path < $1.path
            })]
        case .areas:
            result.groups = areaGroups(tasks.filter { filter.statuses.isEmpty ? !$0.status.isClosed : true })
        case .tags:
            var counts: [String: Int] = [:]
            for t in tasks where filter.statuses.isEmpty ? !t.status.isClosed : true {
                for tag in Set(t.tags) { counts[tag, default: 0] += 1 }
            }
            result.tagCounts = counts.map { TagCount(tag: $0.key, count: $0.value) }.sorted {
                let c = $0.tag.localizedCaseInsensitiveCompare($1.tag)
                return c != .orderedSame ? c == .orderedAscending : $0.tag < $1.tag
            }
        case .all:
            result.groups = [ViewGroup(name: nil, tasks: tasks.sorted(by: Self.byCreated))]
        }
        return result
    }

    /// Area → project grouping; areas alphabetically, "No Area" last; within an area, tasks
    /// with no project first, then projects alphabetically.
    func areaGroups(_ tasks: [TodoTask]) -> [ViewGroup] {
        var byArea: [String?: [String?: [TodoTask]]] = [:]
        for t in tasks { byArea[t.area, default: [:]][t.project, default: []].append(t) }
        let areas = byArea.keys.sorted { a, b in
            switch (a, b) {
            case let (x?, y?): return Self.alphabetical(x, y)
            case (.some, nil): return true
            default: return false
            }
        }
        var groups: [ViewGroup] = []
        for a in areas {
            let projects = byArea[a]!.keys.sorted { x, y in
                switch (x, y) {
                case let (p?, q?): return Self.alphabetical(p, q)
                case (nil, .some): return true
                default: return false
                }
            }
            for p in projects {
                let key = p.map { "project:\($0)" } ?? a.map { "area:\($0)" } ?? "inbox"
                var g = ViewGroup(name: [a ?? "No Area", p].compactMap { $0 }.joined(separator: " / "),
                                  tasks: manual(key, byArea[a]![p]!))
                g.area = a
                g.project = p
                groups.append(g)
            }
        }
        return groups
    }

    /// Case-insensitive order; names that differ only in case (`Work`, `work`) in a fixed order.
    static func alphabetical(_ a: String, _ b: String) -> Bool {
        let c = a.localizedCaseInsensitiveCompare(b)
        return c == .orderedSame ? a < b : c == .orderedAscending
    }

    /// Manual order first (tasks listed in `.order.json`), then the rest by created date.
    public func manual(_ view: String, _ tasks: [TodoTask]) -> [TodoTask] {
        let rank = order.rank(view: view)
        let ranks = tasks.map(rank)
        // Sort positions by keys taken out once: copying a task struct costs a retain per field,
        // and a sort of Today's hundreds of tasks would copy them thousands of times.
        let created = tasks.map { $0.created ?? .distantPast }, paths = tasks.map(\.path)
        func byCreated(_ i: Int, _ j: Int) -> Bool { created[i] != created[j] ? created[i] < created[j] : paths[i] < paths[j] }
        let order = tasks.indices.sorted { i, j in
            switch (ranks[i], ranks[j]) {
            case let (x?, y?): return x != y ? x < y : byCreated(i, j)
            case (.some, nil): return true
            case (nil, .some): return false
            default: return byCreated(i, j)
            }
        }
        return order.map { tasks[$0] }
    }

    static func byCreated(_ a: TodoTask, _ b: TodoTask) -> Bool {
        let x = a.created ?? .distantPast, y = b.created ?? .distantPast
        return x != y ? x < y : a.path < b.path
    }

    func dateThenCreated(on day: LocalDate) -> (TodoTask, TodoTask) -> Bool {
        { a, b in
            func time(_ t: TodoTask) -> LocalTime? {
                [t.due, t.scheduled].compactMap { $0 }.first(where: { $0.date == day })?.time
            }
            switch (time(a), time(b)) {
            case let (x?, y?) where x != y: return x < y
            case (.some, nil): return false
            case (nil, .some): return true
            default: return Self.byCreated(a, b)
            }
        }
    }

    /// The `.order.json` key of the list a task is reordered in when no view is named.
    public static func defaultOrderKey(for t: TodoTask) -> String {
        if let p = t.project { return "project:\(p)" }
        if let a = t.area { return "area:\(a)" }
        return "inbox"
    }
}
