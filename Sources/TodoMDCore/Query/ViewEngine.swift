import Foundation

/// Computes the views of spec 000 from a list of tasks under an injected clock. Each view but
/// Next, Areas and Tags is a perspective of `BuiltInPerspectives`; their rules (also in the README):
/// - *open* = `todo` or `in-progress`; *available* = open, not blocked by an open task nor
///   waiting in a sequential project (`TaskDependencies`), and `defer` empty or on/before today
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
///   or cancelled. In a sequential project only the first open task can be available; the
///   others wait (`ProjectSequence`).
/// - **Next**: each project's first available task (in its manual order), and every available
///   task with no project; grouped by project, No Project last (`ViewEngine+Next`).
/// - **Logbook**: done or cancelled, newest first (by `completed` or a checkbox ❌ date, else `modified`).
/// - **Areas**: not done or cancelled, grouped area → project. **Tags**: tag → number of
///   tasks not done or cancelled. **All**: every task.
/// - Completed-task retention (a setting) hides done/cancelled tasks older than N days.
public struct ViewEngine: Sendable {
    public var clock: Clock
    public var order: OrderFile
    public var retentionDays: Int?
    /// Tasks with this tag are archived (TaskNotes' `archiveTag`): out of the built-in views
    /// but All, Logbook and Tags; perspectives and queries still find them.
    public var archiveTag: String?

    public init(clock: Clock, order: OrderFile = OrderFile(), retentionDays: Int? = nil, archiveTag: String? = nil) {
        self.clock = clock
        self.order = order
        self.retentionDays = retentionDays
        self.archiveTag = archiveTag
    }

    var today: LocalDate { clock.today }

    func isRetained(_ t: TodoTask) -> Bool {
        guard t.status.isClosed, let days = retentionDays else { return true }
        guard let when = t.closedAt ?? t.modified else { return true }
        return LocalDate(when, in: clock.timeZone).days(until: today) <= days
    }

    /// Whether `p` leaves archived tasks out: the built-in views but All and Logbook.
    func hidesArchived(_ p: Perspective) -> Bool {
        archiveTag != nil && p.id != ViewKind.all.rawValue && p.id != ViewKind.logbook.rawValue && BuiltInPerspectives.named(p.id) != nil
    }

    func isArchived(_ t: TodoTask) -> Bool {
        guard let tag = archiveTag else { return false }
        return t.tags.contains { $0.caseInsensitiveCompare(tag) == .orderedSame }
    }

    // MARK: Building

    public func build(_ kind: ViewKind, tasks all: [TodoTask], filter: TaskFilter = TaskFilter(),
                      dependencies: TaskDependencies = .none) -> ViewResult {
        var result = ViewResult(kind: kind, today: today, groups: [])
        if let p = BuiltInPerspectives.perspective(for: kind) {
            // `run` applies the filter and retention itself; the definitions are valid.
            result.groups = try! run(p, tasks: all, filter: filter, dependencies: dependencies)
            return result
        }
        let tasks = all.filter { filter.matches($0) && isRetained($0) }
        switch kind {
        case .next:
            result.groups = nextGroups(all, filter: filter, dependencies: dependencies)
        case .areas:
            result.groups = areaGroups(tasks.filter { (filter.statuses.isEmpty ? !$0.status.isClosed : true) && !isArchived($0) }).map { dependencies.annotated($0) }
        case .tags:
            var counts: [String: Int] = [:]
            for t in tasks where filter.statuses.isEmpty ? !t.status.isClosed : true {
                for tag in Set(t.tags) { counts[tag, default: 0] += 1 }
            }
            result.tagCounts = counts.map { TagCount(tag: $0.key, count: $0.value) }.sorted {
                let c = $0.tag.localizedCaseInsensitiveCompare($1.tag)
                return c != .orderedSame ? c == .orderedAscending : $0.tag < $1.tag
            }
        default:
            break  // the perspectives, above
        }
        return result
    }

    /// Area → project grouping; areas alphabetically, "No Area" last; within an area, tasks
    /// with no project first, then projects alphabetically.
    func areaGroups(_ tasks: [TodoTask], ordered: Bool = true) -> [ViewGroup] {
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
                                  tasks: ordered ? manual(key, byArea[a]![p]!) : byArea[a]![p]!)
                g.area = a
                g.project = p
                groups.append(g)
            }
        }
        return groups
    }

    /// The Areas view's groups with their tasks in no particular order (for counting them).
    public func areaGroupsForCounting(_ all: [TodoTask]) -> [ViewGroup] {
        areaGroups(all.filter { isRetained($0) && !$0.status.isClosed && !isArchived($0) }, ordered: false)
    }

    /// Case-insensitive order; names that differ only in case (`Work`, `work`) in a fixed order.
    static func alphabetical(_ a: String, _ b: String) -> Bool {
        let c = a.localizedCaseInsensitiveCompare(b)
        return c == .orderedSame ? a < b : c == .orderedAscending
    }

    /// Manual order first (tasks listed in `.order.json`), then the rest by created date.
    public func manual(_ view: String, _ tasks: [TodoTask]) -> [TodoTask] {
        order.manual(view, tasks)
    }

    static func byCreated(_ a: TodoTask, _ b: TodoTask) -> Bool {
        let x = a.created ?? .distantPast, y = b.created ?? .distantPast
        return x != y ? x < y : a.path < b.path
    }

    /// The `.order.json` key of the list a task is reordered in when no view is named.
    public static func defaultOrderKey(for t: TodoTask) -> String {
        if let p = t.project { return "project:\(p)" }
        if let a = t.area { return "area:\(a)" }
        return "inbox"
    }
}
