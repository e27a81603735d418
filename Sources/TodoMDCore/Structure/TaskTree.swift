import Foundation

/// Subtasks (issue 21 item 1): `parent: "20261124-0900-plan-trip.md"` (a file name or a
/// vault-relative path, with or without `.md`, or a wiki link; on a checkbox line, `parent`
/// naming another line's 🆔 id) makes a task a child of another. Views show children under
/// their parent (`nest`); a reference to no task, or one that would make a loop, is reported
/// (`problems`) and the task stands alone, so nothing ever loops.
public struct TaskTree: Sendable {
    /// Child key → parent key (only resolvable, loop-free links).
    public private(set) var parentOf: [String: String] = [:]
    /// Parent key → child keys, in the order the tasks were given.
    public private(set) var childrenOf: [String: [String]] = [:]
    /// Child key → what is wrong with its `parent` (missing, a loop, itself).
    public private(set) var problems: [String: String] = [:]
    /// Title of each task with children or a parent (for context rows).
    public private(set) var titles: [String: String] = [:]
    /// Status of each task in the tree, to count open children.
    var closed: Set<String> = []

    public static let none = TaskTree()
    public static let key = "parent"

    public init() {}

    /// The tree of `tasks` (the whole vault: a parent may be anywhere).
    public init(_ tasks: [TodoTask]) {
        let children = tasks.filter(Self.hasParent)
        guard !children.isEmpty else { return }
        var byName: [String: [TodoTask]] = [:]
        var byLineID: [String: [TodoTask]] = [:]
        for t in tasks {
            if t.line == nil {
                for name in TaskDependencies.names(ofPath: t.path) { byName[name, default: []].append(t) }
            } else if case .string(let id)? = t.extra.last(where: { $0.0 == "task_id" })?.1, !id.isEmpty {
                byLineID[id, default: []].append(t)
            }
        }
        var raw: [String: String] = [:]
        for t in children {
            guard case .string(let value)? = t.extra.last(where: { $0.0 == Self.key })?.1 else {
                problems[t.key] = "parent must be a file name or path"
                continue
            }
            let name = t.line == nil ? TaskDependencies.normalize(value) : value.trimmed
            let candidates = t.line == nil ? byName[name] ?? [] : byLineID[name] ?? []
            let folder = (t.path as NSString).deletingLastPathComponent
            guard let parent = candidates.first(where: { ($0.path as NSString).deletingLastPathComponent == folder }) ?? candidates.first else {
                problems[t.key] = "parent \"\(value)\" is no task"
                continue
            }
            guard parent.key != t.key else { problems[t.key] = "parent is the task itself"; continue }
            raw[t.key] = parent.key
        }
        // Drop the links that close a loop (each loop loses its link from the task seen last).
        for start in raw.keys.sorted() {
            var seen: [String] = [start]
            var at = start
            while let next = raw[at] {
                if next == start || seen.contains(next) {
                    raw[at] = nil
                    problems[at] = "parent makes a loop (" + (seen + [next]).joined(separator: " → ") + ")"
                    break
                }
                seen.append(next)
                at = next
            }
        }
        parentOf = raw
        let index = Dictionary(tasks.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { a, _ in a })
        for (child, parent) in raw { childrenOf[parent, default: []].append(child) }
        for k in childrenOf.keys { childrenOf[k]?.sort { (index[$0] ?? 0) < (index[$1] ?? 0) } }
        for t in tasks where raw[t.key] != nil || childrenOf[t.key] != nil {
            titles[t.key] = t.title
            if t.status.isClosed { closed.insert(t.key) }
        }
    }

    /// Whether `t` names a parent (cheap: a view's candidates are checked first).
    public static func hasParent(_ t: TodoTask) -> Bool { t.extra.contains { $0.0 == key } }

    public var isEmpty: Bool { parentOf.isEmpty && problems.isEmpty }

    /// The open children of `key`, all levels down, parents before their children.
    public func openDescendants(of key: String) -> [String] {
        var out: [String] = []
        for c in childrenOf[key] ?? [] {
            if !closed.contains(c) { out.append(c) }
            out += openDescendants(of: c)
        }
        return out
    }

    /// How deep `key` is (0: no parent).
    public func depth(of key: String) -> Int {
        var d = 0, at = key
        while let p = parentOf[at], d < 64 { d += 1; at = p }
        return d
    }

    /// `group` with its children under their parents (`nest`) and their `nesting` filled in.
    public func nested(_ group: ViewGroup) -> ViewGroup {
        guard !parentOf.isEmpty else { return group }
        var g = group
        let (tasks, depth) = nest(group.tasks)
        g.tasks = tasks
        for t in tasks {
            guard let p = parentOf[t.key] else { continue }
            g.nesting[t.key] = ViewGroup.Nesting(depth: depth[t.key] ?? 0, parent: p, parentTitle: titles[p] ?? p)
        }
        return g
    }

    /// `tasks` (a view's group, already sorted) with each child moved right under its parent
    /// when both are there, keeping the group's order otherwise. Returns each task's depth in
    /// this list (0 for a task whose parent is not in it: it shows alone, with the parent's
    /// title as context).
    public func nest(_ tasks: [TodoTask]) -> (tasks: [TodoTask], depth: [String: Int]) {
        guard !parentOf.isEmpty, tasks.contains(where: { parentOf[$0.key] != nil }) else { return (tasks, [:]) }
        let present = Set(tasks.map(\.key))
        var kids: [String: [TodoTask]] = [:]
        var roots: [TodoTask] = []
        for t in tasks {
            if let p = parentOf[t.key], present.contains(p) { kids[p, default: []].append(t) } else { roots.append(t) }
        }
        var out: [TodoTask] = [], depth: [String: Int] = [:]
        func walk(_ t: TodoTask, _ d: Int) {
            out.append(t)
            if d > 0 { depth[t.key] = d }
            for c in kids[t.key] ?? [] { walk(c, d + 1) }
        }
        for r in roots { walk(r, 0) }
        return (out, depth)
    }
}
