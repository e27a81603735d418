import Foundation

/// The outline the nesting exports (TaskPaper, OPML) walk: top-level tasks in export order,
/// each followed by its subtasks (`context.parent`), however deep. A subtask is written under
/// its parent even when its own project differs; tasks in a parent cycle are top-level.
struct ExportTree {
    let tasks: [TodoTask]
    /// Indices of the tasks with no exported parent, in export order.
    private(set) var roots: [Int] = []
    /// Parent file name → indices of its subtasks, in export order.
    private var children: [String: [Int]] = [:]

    init(_ tasks: [TodoTask], context: ExportContext) {
        self.tasks = tasks
        var index: [String: Int] = [:]
        for (i, t) in tasks.enumerated() where t.line == nil { index[t.filename] = i }
        for (i, t) in tasks.enumerated() {
            if let p = context.parent(of: t), index[p] != nil, !Self.inCycle(i, tasks, index, context) {
                children[p, default: []].append(i)
            } else {
                roots.append(i)
            }
        }
    }

    /// Whether following `i`'s parents comes back to a task already seen (a broken file).
    private static func inCycle(_ i: Int, _ tasks: [TodoTask], _ index: [String: Int], _ context: ExportContext) -> Bool {
        var seen: Set<Int> = [i]
        var cur = i
        while let p = context.parent(of: tasks[cur]), let j = index[p] {
            if !seen.insert(j).inserted { return true }
            cur = j
        }
        return false
    }

    /// The subtasks of the task at `i`.
    func subtasks(of i: Int) -> [Int] {
        let t = tasks[i]
        guard t.line == nil else { return [] }
        return children[t.filename] ?? []
    }

    /// Visits the task at `i` and its subtasks depth first: `enter` before the subtasks,
    /// `leave` after them (with whether there were any).
    func walk(_ i: Int, depth: Int, enter: (TodoTask, Int, Bool) throws -> Void,
              leave: (TodoTask, Int, Bool) throws -> Void = { _, _, _ in }) rethrows {
        let subs = subtasks(of: i)
        try enter(tasks[i], depth, !subs.isEmpty)
        for s in subs { try walk(s, depth: depth + 1, enter: enter, leave: leave) }
        try leave(tasks[i], depth, !subs.isEmpty)
    }
}
