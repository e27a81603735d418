/// `todomd move TASK --before/--after OTHER`: rewrites one view's list in `.order.json`.
public enum Reorder {
    public enum Position: Sendable { case before, after }

    /// The new list for `view`: the tasks currently in the view in their shown order (entries
    /// already in the file for tasks not shown now keep their places), with `task` moved next
    /// to `other`.
    public static func reorder(list existing: [String], shown: [TodoTask], moving task: TodoTask,
                               _ position: Position, other: TodoTask) throws -> [String] {
        guard task.path != other.path else { throw TodoError.invalidArgument("a task cannot move relative to itself") }
        func key(_ t: TodoTask) -> String { OrderFile.entry(for: t) }
        func refers(_ entry: String, _ t: TodoTask) -> Bool {
            t.line == nil ? (entry == t.path || entry == t.filename) : entry == OrderFile.entry(for: t)
        }
        var list = existing
        // Make the current shown order explicit, so the move is relative to what the user sees.
        for t in shown where !list.contains(where: { refers($0, t) }) {
            list.append(key(t))
        }
        if !list.contains(where: { refers($0, other) }) { list.append(key(other)) }
        list.removeAll { refers($0, task) }
        guard let idx = list.firstIndex(where: { refers($0, other) }) else {
            throw TodoError.invalidArgument("\(other.path) is not in this list")
        }
        list.insert(key(task), at: position == .before ? idx : idx + 1)
        // Filenames repeat across folders rarely; use paths for those so the order is exact.
        return list
    }
}
