/// Finds the task a person means by TASK: a checkbox task's `path:line` or JSON id
/// (`path#identity`), a vault-relative path, a file name (with or without `.md`), a short
/// handle (`TaskHandle`, as `list` shows), or a unique case-insensitive part of a title. When
/// several titles match, an exact title wins; then, if the command prefers open (or closed)
/// tasks and exactly one match is, that one, with a note saying so; otherwise the candidates
/// are listed in the error.
public enum TaskResolver {
    /// Which task a title names when several match: commands that act on open tasks prefer
    /// them (a repeating task's done instances share its title); `reopen` prefers closed ones.
    public enum Preference: Sendable { case any, open, closed }

    /// The task, and a note when a preference chose among several matches.
    public struct Resolution: Sendable {
        public var task: TodoTask
        public var note: String?
    }

    public static func resolve(_ query: String, in tasks: [TodoTask], prefer: Preference = .any) throws -> TodoTask {
        try resolution(query, in: tasks, prefer: prefer).task
    }

    public static func resolution(_ query: String, in tasks: [TodoTask], prefer: Preference = .any) throws -> Resolution {
        let q = query.hasPrefix("./") ? String(query.dropFirst(2)) : query
        if let t = tasks.first(where: { $0.line != nil && ($0.key == q || $0.id == q) }) { return Resolution(task: t) }
        let byPath = tasks.filter { $0.path == q }
        if byPath.count == 1 { return Resolution(task: byPath[0]) }
        if byPath.count > 1 { throw TodoError.ambiguous(query: query, candidates: byPath.map(describe)) }
        let byName = tasks.filter { $0.filename == q || $0.filename == q + ".md" }
        if byName.count == 1 { return Resolution(task: byName[0]) }
        if byName.count > 1 { throw TodoError.ambiguous(query: query, candidates: byName.map(describe)) }
        let needle = q.lowercased()
        guard !needle.isEmpty else { throw TodoError.notFound(query) }
        let matches = tasks.filter { $0.title.lowercased().contains(needle) }
        if TaskHandle.isCandidate(q) {
            // A handle that is also a word of a title ("bed", "cafe") names neither silently.
            let byHandle = tasks.filter { TaskHandle.hash($0.id).hasPrefix(needle) }
            if byHandle.count == 1, matches.isEmpty || matches.map(\.key) == byHandle.map(\.key) { return Resolution(task: byHandle[0]) }
            if !byHandle.isEmpty, matches.isEmpty {
                throw TodoError.ambiguous(query: query, candidates: byHandle.map(describe))
            }
            if !byHandle.isEmpty {
                throw TodoError.ambiguous(query: query, candidates: byHandle.map { describe($0) + " (short id)" } + matches.map(describe))
            }
        }
        if matches.count == 1 { return Resolution(task: matches[0]) }
        if matches.isEmpty { throw TodoError.notFound(query) }
        let exact = matches.filter { $0.title.lowercased() == needle }
        if exact.count == 1 { return Resolution(task: exact[0]) }
        let pool = exact.isEmpty ? matches : exact
        let preferred: [TodoTask]
        switch prefer {
        case .any: preferred = []
        case .open: preferred = pool.filter { !$0.status.isClosed }
        case .closed: preferred = pool.filter { $0.status.isClosed }
        }
        if preferred.count == 1 {
            let others = pool.count - 1
            let kind = prefer == .open ? "open" : "done or cancelled"
            let left = prefer == .open ? "done or cancelled" : "open"
            return Resolution(task: preferred[0], note: "\"\(query)\" matches \(pool.count) tasks; took the \(kind) one "
                + "(\(others) \(left) left out; name it by path to pick another)")
        }
        throw TodoError.ambiguous(query: query, candidates: pool.map(describe))
    }

    /// Whether `query` names `task` by its key, id, path or file name (not by a part of its title).
    public static func isExact(_ query: String, _ task: TodoTask) -> Bool {
        let q = query.hasPrefix("./") ? String(query.dropFirst(2)) : query
        return task.path == q || (task.line != nil && (task.key == q || task.id == q)) || task.filename == q || task.filename == q + ".md"
    }

    static func describe(_ t: TodoTask) -> String {
        "\(t.key)  (\(t.title), \(t.status.rawValue))"
    }
}
