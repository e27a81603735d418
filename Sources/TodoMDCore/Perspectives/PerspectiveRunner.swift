import Foundation

extension ViewEngine {
    /// The groups a perspective shows of `tasks`: those its filter and `filter` let through
    /// (and completed-task retention keeps), grouped by its sections or `group_by`, each group
    /// sorted by its sort keys, ties by path. `textMatches` answers full-text conditions.
    /// `dependencies`: of the whole vault (`tasks` may be a prefiltered part of it).
    public func run(_ p: Perspective, tasks all: [TodoTask], filter: TaskFilter = TaskFilter(),
                    textMatches: [String: Set<String>] = [:], dependencies: TaskDependencies = .none) throws -> [ViewGroup] {
        let context = QueryContext(clock: clock, textMatches: textMatches, dependencies: dependencies)
        let matches: (TodoTask) -> Bool = try p.filter.map { try QueryEvaluator.compile($0, context: context) } ?? { _ in true }
        let hide = hidesArchived(p)
        let tasks = all.filter { filter.matches($0) && isRetained($0) && !(hide && isArchived($0)) && matches($0) }
        if !p.sections.isEmpty {
            let tests = try p.sections.enumerated().map { i, s in
                try QueryEvaluator.compile(s.filter, context: context, path: "sections[\(i)].filter", as: TodoTask.self)
            }
            var buckets = [[TodoTask]](repeating: [], count: tests.count + 1)
            for t in tasks { buckets[tests.firstIndex { $0(t) } ?? tests.count].append(t) }
            let names = p.sections.map(\.name) + ["Other"]
            return zip(names, buckets).compactMap { name, ts in
                ts.isEmpty ? nil : dependencies.annotated(ViewGroup(name: name, tasks: ts), order: sortOrder(ts, by: p.sort, view: p.id))
            }
        }
        // Subtasks go under their parent when both are in a group; held-up tasks say why.
        // Sorted and nested in one copy of the tasks (`order`).
        return group(tasks, by: p.groupBy).map { g in dependencies.annotated(g, order: sortOrder(g.tasks, by: p.sort, view: p.id)) }
    }

    /// How many tasks `run` would show (each once), without sorting or grouping them.
    public func count(_ p: Perspective, tasks all: [TodoTask], textMatches: [String: Set<String>] = [:],
                      dependencies: TaskDependencies = .none) throws -> Int {
        let context = QueryContext(clock: clock, textMatches: textMatches, dependencies: dependencies)
        let matches: (TodoTask) -> Bool = try p.filter.map { try QueryEvaluator.compile($0, context: context) } ?? { _ in true }
        let hide = hidesArchived(p)
        return all.reduce(0) { $0 + (isRetained($1) && !(hide && isArchived($1)) && matches($1) ? 1 : 0) }
    }

    // MARK: Sorting

    enum Cell: Comparable, Hashable {
        case number(Double)
        case text(String)
        case date(LocalDateTime)
    }

    /// `tasks` by `keys` (none: the manual order of `view`), then by path and line.
    public func sorted(_ tasks: [TodoTask], by keys: [Perspective.SortKey], view: String) -> [TodoTask] {
        sortOrder(tasks, by: keys, view: view).map { tasks[$0] }
    }

    /// `sorted` as indices into `tasks`.
    func sortOrder(_ tasks: [TodoTask], by keys: [Perspective.SortKey], view: String) -> [Int] {
        var columns: [(cells: [Cell?], descending: Bool, missingFirst: Bool)] = []
        for k in keys.isEmpty ? [Perspective.SortKey(.manual)] : keys {
            if k.field == .manual {
                let rank = order.rank(view: view)
                columns.append((tasks.map { rank($0).map { Cell.number(Double($0)) } }, k.descending, k.missingFirst))
                columns.append((tasks.map { Cell.number(($0.created ?? .distantPast).timeIntervalSince1970) }, false, false))
            } else {
                columns.append((tasks.map { Self.cell(k.field, $0) }, k.descending, k.missingFirst))
            }
        }
        let paths = tasks.map(\.path), lines = tasks.map { $0.line ?? -1 }
        return tasks.indices.sorted { i, j in
            for c in columns {
                switch (c.cells[i], c.cells[j]) {
                case let (x?, y?) where x != y: return c.descending ? x > y : x < y
                case (.some, nil): return !c.missingFirst
                case (nil, .some): return c.missingFirst
                default: continue
                }
            }
            return paths[i] != paths[j] ? paths[i] < paths[j] : lines[i] < lines[j]
        }
    }

    static func cell(_ f: Perspective.SortField, _ t: TodoTask) -> Cell? {
        func time(_ d: Date?) -> Cell? { d.map { .number($0.timeIntervalSince1970) } }
        func text(_ s: String?) -> Cell? { s.map { .text(Fold.key($0)) } }
        switch f {
        case .manual: return nil
        case .due: return (t.due ?? t.effectiveDue).map(Cell.date)
        case .scheduled: return t.scheduled.map(Cell.date)
        case .deferDate: return (t.deferDate ?? t.effectiveDefer).map(Cell.date)
        case .date: return [t.due ?? t.effectiveDue, t.scheduled].compactMap { $0 }.min().map(Cell.date)
        case .priority: return .number(Double(t.priority.rank))
        case .title: return text(t.title)
        case .created: return time(t.created)
        case .modified: return time(t.modified)
        case .completed: return time(t.closedAt ?? t.modified)
        case .area: return text(t.area)
        case .project: return text(t.project)
        case .status: return .number(Double(statusRank(t.status)))
        case .estimate: return t.estimatedMinutes.map { .number(Double($0)) }
        case .flagged: return .number(t.flagged ? 1 : 0)
        case .folder: return text(t.folder)
        case .path: return .text(t.path)
        case .extra(let k):
            switch t.value(forKey: k) {
            case .int(let i): return .number(Double(i))
            case .double(let d): return .number(d)
            case .bool(let b): return .number(b ? 1 : 0)
            case .string(let s): return LocalDateTime(s).map(Cell.date) ?? .text(Fold.key(s))
            default: return nil
            }
        }
    }

    /// todo, in-progress, someday, done, cancelled.
    static func statusRank(_ s: TaskStatus) -> Int {
        switch s {
        case .todo: return 0
        case .inProgress: return 1
        case .someday: return 2
        case .done: return 3
        case .cancelled: return 4
        }
    }

    // MARK: Grouping

    /// One group per value in the value's order (priorities high first), tasks without one
    /// last; by tag, a task is in the group of each of its tags.
    func group(_ tasks: [TodoTask], by g: Perspective.GroupBy) -> [ViewGroup] {
        if g == .none { return [ViewGroup(name: nil, tasks: tasks)] }
        var buckets: [Cell: (name: String, sample: TodoTask, tasks: [TodoTask])] = [:]
        var missing: [TodoTask] = []
        for t in tasks {
            let keys = Self.groupKeys(g, t)
            if keys.isEmpty { missing.append(t) }
            for (cell, name) in keys {
                if buckets[cell] == nil { buckets[cell] = (name, t, []) }
                buckets[cell]!.tasks.append(t)
            }
        }
        var groups: [ViewGroup] = buckets.keys.sorted().map { cell in
            let b = buckets[cell]!
            var group = ViewGroup(name: b.name, tasks: b.tasks)
            switch g {
            case .area: group.area = b.sample.area
            case .project: group.project = b.sample.project
            case .due, .scheduled, .date: if case .date(let d) = cell { group.date = d.date }
            default: break
            }
            return group
        }
        if !missing.isEmpty {
            let names: [Perspective.GroupBy: String] = [.area: "No Area", .project: "No Project", .tag: "No Tags", .due: "No Due Date",
                                                        .scheduled: "Not Scheduled", .date: "No Date", .folder: "/"]
            groups.append(ViewGroup(name: names[g] ?? "None", tasks: missing))
        }
        return groups
    }

    static func groupKeys(_ g: Perspective.GroupBy, _ t: TodoTask) -> [(Cell, String)] {
        func day(_ d: LocalDateTime?) -> [(Cell, String)] { d.map { [(.date(LocalDateTime(date: $0.date)), $0.date.description)] } ?? [] }
        switch g {
        case .none: return []
        case .area: return t.area.map { [(.text(Fold.key($0)), $0)] } ?? []
        case .project: return t.project.map { [(.text(Fold.key($0)), $0)] } ?? []
        case .tag:
            var seen = Set<String>()
            return t.tags.compactMap { tag in seen.insert(Fold.key(tag)).inserted ? (.text(Fold.key(tag)), tag) : nil }
        case .due: return day(t.due ?? t.effectiveDue)
        case .scheduled: return day(t.scheduled)
        case .date: return day([t.due ?? t.effectiveDue, t.scheduled].compactMap { $0 }.min())
        case .priority:
            let names: [Priority: String] = [.high: "High", .medium: "Medium", .low: "Low", .none: "No Priority"]
            return [(.number(Double(3 - t.priority.rank)), names[t.priority]!)]
        case .status: return [(.number(Double(statusRank(t.status))), t.status.rawValue)]
        case .folder: return t.folder.isEmpty ? [] : [(.text(Fold.key(t.folder)), t.folder)]
        }
    }
}
