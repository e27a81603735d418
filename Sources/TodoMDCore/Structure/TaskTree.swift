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
        guard !children.isEmpty else {
            self.init()
            return
        }
        let refs = children.map(Self.reference)
        self.init(children: children, references: refs, names: TaskNameIndex(tasks, names: Set(refs.compactMap { $0.lineID ? nil : $0.name }),
                                                                              lineIDs: Set(refs.compactMap { $0.lineID ? $0.name : nil })))
    }

    /// The parent reference of a child, normalized (nil name: not a string).
    static func reference(_ t: TodoTask) -> (name: String, lineID: Bool, raw: String?) {
        guard case .string(let value)? = t.extra.last(where: { $0.0 == key })?.1 else { return ("", t.line != nil, nil) }
        return (t.line == nil ? TaskDependencies.normalize(value) : value.trimmed, t.line != nil, value)
    }

    /// The tree of `children` (the tasks naming a parent, in the vault's order), their parents
    /// found through `names`.
    init(children: [TodoTask], references refs: [(name: String, lineID: Bool, raw: String?)], names: TaskNameIndex) {
        var raw: [String: String] = [:]
        var parents: [String: TodoTask] = [:]
        for (t, ref) in zip(children, refs) {
            guard let value = ref.raw else {
                problems[t.key] = "parent must be a file name or path"
                continue
            }
            guard let parent = names.target(ref.name, lineID: ref.lineID, from: t) else {
                problems[t.key] = "parent \"\(value)\" is no task"
                continue
            }
            guard parent.key != t.key else { problems[t.key] = "parent is the task itself"; continue }
            raw[t.key] = parent.key
            parents[parent.key] = parent
        }
        // Each loop loses one link: that of its member with the greatest key, whichever tasks
        // lead into it (so a view that loads part of the vault breaks it as the whole vault does).
        for start in raw.keys.sorted() {
            var seen: [String] = [start]
            var at = start
            while let next = raw[at] {
                if let i = seen.firstIndex(of: next) {
                    let loop = Array(seen[i...])
                    let cut = loop.max()!
                    let from = loop.firstIndex(of: cut)!
                    raw[cut] = nil
                    problems[cut] = "parent makes a loop (" + (loop[from...] + loop[..<from] + [cut]).joined(separator: " → ") + ")"
                    break
                }
                seen.append(next)
                at = next
            }
        }
        parentOf = raw
        // Children in the vault's order (the order `children` came in).
        for t in children {
            guard let p = raw[t.key] else { continue }
            childrenOf[p, default: []].append(t.key)
        }
        for t in children + parents.values where raw[t.key] != nil || childrenOf[t.key] != nil {
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
