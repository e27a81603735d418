import Foundation
import TodoMDCore

extension ViewPage {
    /// Every task of the page in display order (groups flattened; typed items left out).
    public var tasks: [TodoTask] {
        switch content {
        case .builtIn(let r): return r.tasks
        case .saved(_, let tasks, _, _): return tasks
        case .perspective(_, let groups): return groups.flatMap(\.tasks)
        }
    }

    /// For each task of a built-in view or perspective, the group it is (first) in: its nesting
    /// and what holds it up (issue 21).
    public var groupOf: [String: ViewGroup] {
        let groups: [ViewGroup]
        switch content {
        case .builtIn(let r): groups = r.groups
        case .perspective(_, let g): groups = g
        case .saved: return [:]
        }
        var out: [String: ViewGroup] = [:]
        for g in groups where !g.nesting.isEmpty || !g.holds.isEmpty {
            for t in g.tasks where out[t.key] == nil && (g.nesting[t.key] != nil || g.holds[t.key] != nil) { out[t.key] = g }
        }
        return out
    }
}

/// The Shortcuts actions of spec 000 ("App Intents"), one definition every surface calls: the
/// CLI, the HTTP API, MCP and the URL scheme. Add Task is `add`, Complete Task `complete` (a
/// fuzzy title or a file name resolves as every reference does).
extension TodoService {
    /// Get Tasks: a view (inbox, today, upcoming… or a saved view) narrowed to an area, a
    /// project and a tag.
    public func getTasks(view: String = "today", area: String? = nil, project: String? = nil, tag: String? = nil) throws -> ViewPage {
        try self.view(view, filter: TaskFilter(area: area, project: project, tags: tag.map { [$0] } ?? []))
    }

    /// Get Overdue Tasks: open tasks due before now, earliest first.
    public func overdueTasks(filter: TaskFilter = TaskFilter()) throws -> ViewPage {
        try query("overdue", sort: [Perspective.SortKey(.due), Perspective.SortKey(.title)], filter: filter)
    }
}
