/// Finds the task a person means by TASK: a checkbox task's `path:line` or JSON id
/// (`path#identity`), a vault-relative path, a file name (with or without `.md`), or a unique
/// case-insensitive part of a title. When several titles match, an exact
/// title wins; then, if the command prefers open (or closed) tasks and exactly one match is,
/// that one; otherwise the candidates are listed in the error.
public enum TaskResolver {
    public enum Preference: Sendable { case any, open, closed }

    public static func resolve(_ query: String, in tasks: [TodoTask], prefer: Preference = .any) throws -> TodoTask {
        let q = query.hasPrefix("./") ? String(query.dropFirst(2)) : query
        if let t = tasks.first(where: { $0.line != nil && ($0.key == q || $0.id == q) }) { return t }
        let byPath = tasks.filter { $0.path == q }
        if byPath.count == 1 { return byPath[0] }
        if byPath.count > 1 { throw TodoError.ambiguous(query: query, candidates: byPath.map(describe)) }
        let byName = tasks.filter { $0.filename == q || $0.filename == q + ".md" }
        if byName.count == 1 { return byName[0] }
        if byName.count > 1 { throw TodoError.ambiguous(query: query, candidates: byName.map(describe)) }
        let needle = q.lowercased()
        guard !needle.isEmpty else { throw TodoError.notFound(query) }
        let matches = tasks.filter { $0.title.lowercased().contains(needle) }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty { throw TodoError.notFound(query) }
        let exact = matches.filter { $0.title.lowercased() == needle }
        if exact.count == 1 { return exact[0] }
        let pool = exact.isEmpty ? matches : exact
        let preferred: [TodoTask]
        switch prefer {
        case .any: preferred = []
        case .open: preferred = pool.filter { !$0.status.isClosed }
        case .closed: preferred = pool.filter { $0.status.isClosed }
        }
        if preferred.count == 1 { return preferred[0] }
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
