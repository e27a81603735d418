import Foundation
import TodoMDCore

/// A SQL condition on the `tasks` columns that every task a view could show satisfies: the
/// index loads only those, and the engine's `ViewEngine` then applies the exact rules. It may
/// let through more than the view shows, never less.
public struct Prefilter: Sendable, Equatable {
    var clauses: [String] = []
    var arguments: [String] = []
    /// The full-text values the condition searches (the text index must exist first).
    public internal(set) var textQueries: [String] = []
    /// Load with the tasks let through the ones they name as parent or dependency (up the tree)
    /// and every task of these projects (`withRelated`).
    var related = false
    /// With `related`: the tasks naming them too (for `blocking`, and a rename's referrers).
    var dependents = false
    var wholeProjects: [String] = []

    /// No condition: every task.
    public static let all = Prefilter()

    /// The tasks view `kind` with `filter` could show on `today`: compiled from the view's
    /// definition (`BuiltInPerspectives`); Areas and Tags hide done and cancelled tasks. Next
    /// loads every available task whatever `filter` says: a project's first available task is
    /// chosen among all of them before the filter narrows the view.
    public static func view(_ kind: ViewKind, filter: TaskFilter, today: LocalDate) -> Prefilter {
        if kind == .next { return query(BuiltInPerspectives.perspective(for: .anytime)?.filter, filter: TaskFilter(), today: today) }
        if let p = BuiltInPerspectives.perspective(for: kind) { return query(p.filter, filter: filter, today: today) }
        var p = Prefilter()
        if filter.statuses.isEmpty { p.add("status NOT IN ('done','cancelled')") }
        p.narrow(by: filter)
        return p
    }

    /// The tasks `TaskResolver.resolve(query, …)` could pick: by key, path, file name or a part
    /// of the title (the same normalisation as the resolver).
    public static func resolving(_ query: String) -> Prefilter {
        let q = query.hasPrefix("./") ? String(query.dropFirst(2)) : query
        var p = Prefilter()
        let keyPath = q.lastIndex(of: ":").map { String(q[..<$0]) } ?? q
        let idPath = q.lastIndex(of: "#").map { String(q[..<$0]) } ?? q
        // A short handle is a prefix of the hash: a range of the handle index.
        let h = TaskHandle.isCandidate(q) ? q.lowercased() : "~"
        p.add("path = ? OR path = ? OR path = ? OR path = ? OR substr(path, -length(?)) = ? OR substr(path, -length(?)) = ? OR instr(title_key, ?) > 0 OR (handle >= ? AND handle < ?)",
              [q, keyPath, idPath, q + ".md", "/" + q, "/" + q, "/" + q + ".md", "/" + q + ".md", q.lowercased(), h, h + "g"])
        return p
    }

    /// The tasks at the paths `query` could name exactly (a path, `path:line`, `path#identity`,
    /// a root file name without `.md`): an index lookup, where `resolving` scans every row.
    public static func exact(_ query: String) -> Prefilter {
        let q = query.hasPrefix("./") ? String(query.dropFirst(2)) : query
        let keyPath = q.lastIndex(of: ":").map { String(q[..<$0]) } ?? q
        let idPath = q.lastIndex(of: "#").map { String(q[..<$0]) } ?? q
        var p = Prefilter()
        p.add("path IN (?, ?, ?, ?)", [q, keyPath, idPath, q + ".md"])
        return p
    }

    /// Only tasks that can match `filter` (statuses, area, project, plain tag patterns).
    mutating func narrow(by filter: TaskFilter) {
        if !filter.statuses.isEmpty {
            add("status IN (" + filter.statuses.map { _ in "?" }.joined(separator: ",") + ")", filter.statuses.map(\.rawValue))
        }
        if let a = filter.area { add("area_key = ?", [Self.fold(a)]) }
        if let pr = filter.project { add("project_key = ?", [Self.fold(pr)]) }
        for pattern in filter.tags {
            // The same normalisation as `TaskFilter.tag(_:matches:)`.
            var t = pattern.lowercased()
            if t.hasPrefix("#") { t.removeFirst() }
            // `work` matches `work` and `work/…`: every such tag starts with " work" in tags_key.
            guard !t.isEmpty, !t.contains("*") else { continue }
            add("instr(tags_key, ?) > 0", [" " + t])
        }
    }

    /// The tasks whose stored form contains `text` (a key such as `parent`): a superset of the
    /// tasks that have it, found without decoding the rest (subtasks, issue 21).
    public static func mentioning(_ text: String) -> Prefilter {
        var p = Prefilter()
        p.add("instr(d.data, CAST(? AS BLOB)) > 0", [text])
        return p
    }

    /// This condition, and with the tasks it lets through everything their dependencies depend on
    /// (issue 21): the tasks they name as parent or blocker (up the tree), with `dependents` the
    /// tasks naming them (the tasks they block: `blocking`), and every task of `projects` (the
    /// vault's sequential projects and those with dates). `TaskDependencies` computed from such a
    /// snapshot is then exact for every task a view of it can show (`blocking` only with
    /// `dependents`), without reading the rest of the vault.
    public func withRelated(projects: [String], dependents: Bool = false) -> Prefilter {
        var p = self
        p.related = true
        p.dependents = dependents
        p.wholeProjects = projects.map(Self.fold)
        return p
    }

    /// Whether a snapshot loaded through this holds every task's dependencies (`withRelated`,
    /// or every task).
    public var holdsDependencies: Bool { related || clauses.isEmpty }

    /// The `SELECT path, data, id` this prefilter loads by, and whether the tasks it lets
    /// through are then to be closed over `refs` (`RelatedClosure`): with `related` and tasks
    /// that name others (`hasRefs`). Every task of `wholeProjects` is let through as well.
    func selectSQL(hasRefs: Bool) -> (sql: String, arguments: [String], closing: Bool) {
        let plain = "SELECT t.path, d.data, t.id FROM tasks t LEFT JOIN task_data d ON d.id = t.id WHERE "
        guard related, !clauses.isEmpty, hasRefs || !wholeProjects.isEmpty else { return (plain + sql, arguments, false) }
        let projects = wholeProjects.isEmpty ? "" : " OR t.project_key IN (" + wholeProjects.map { _ in "?" }.joined(separator: ",") + ")"
        return (plain + "(" + sql + ")" + projects, arguments + wholeProjects, hasRefs)
    }

    /// The rows of the tasks with these ids (a JSON array), as `selectSQL` selects them.
    static let selectByIDs = "SELECT t.path, d.data, t.id FROM tasks t LEFT JOIN task_data d ON d.id = t.id WHERE t.id IN (SELECT value FROM json_each(?))"

    mutating func add(_ clause: String, _ args: [String] = []) {
        clauses.append("(" + clause + ")")
        arguments += args
    }

    var sql: String { clauses.isEmpty ? "1" : clauses.joined(separator: " AND ") }

    /// Case folding for the `*_key` columns, matching `caseInsensitiveCompare` equality.
    static func fold(_ s: String) -> String { Fold.key(s) }

    /// `tags_key`: every tag lowercased, each preceded by a space, so `instr(' work')` finds a
    /// tag that starts with `work`.
    static func tagsKey(_ tags: [String]) -> String {
        tags.map { " " + $0.lowercased() }.joined()
    }
}
