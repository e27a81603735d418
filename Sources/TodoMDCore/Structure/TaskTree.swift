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
        let children = tasks.indices.filter { Self.hasParent(tasks[$0]) }
        guard !children.isEmpty else {
            self.init()
            return
        }
        let refs = children.map { Self.reference(tasks[$0]) }
        self.init(tasks, children: children, references: refs, names: TaskNameIndex(tasks, names: Set(refs.compactMap { $0.lineID ? nil : $0.name }),
                                                                                     lineIDs: Set(refs.compactMap { $0.lineID ? $0.name : nil })))
    }

    /// The parent reference of a child, normalized (nil name: not a string).
    static func reference(_ t: TodoTask) -> (name: String, lineID: Bool, raw: String?) {
        guard case .string(let value)? = t.extra.last(where: { $0.0 == key })?.1 else { return ("", t.line != nil, nil) }
        return (t.line == nil ? TaskDependencies.normalize(value) : value.trimmed, t.line != nil, value)
    }

    /// The tree of the `children` of `tasks` (indices of the tasks naming a parent, in the
    /// vault's order), their parents found through `names`. Indices, not copies: a view of the
    /// whole vault passes tens of thousands of tasks.
    init(_ tasks: [TodoTask], children: [Int], references refs: [(name: String, lineID: Bool, raw: String?)], names: TaskNameIndex) {
        var raw: [String: String] = [:]
        var parents: [String: Int] = [:]
        for (c, ref) in zip(children, refs) {
            let key = tasks[c].key
            guard let value = ref.raw else {
                problems[key] = "parent must be a file name or path"
                continue
            }
            guard let p = names.targetIndex(ref.name, lineID: ref.lineID, fromPath: tasks[c].path) else {
                problems[key] = "parent \"\(value)\" is no task"
                continue
            }
            let parentKey = tasks[p].key
            guard parentKey != key else { problems[key] = "parent is the task itself"; continue }
            raw[key] = parentKey
            parents[parentKey] = p
        }
        // Each loop loses one link: that of its member with the greatest key, whichever tasks
        // lead into it (so a view that loads part of the vault breaks it as the whole vault does,
        // in whatever order the walks start). Each task is walked through once.
        var walked: [String: Bool] = [:]  // true: on the current walk
        for start in raw.keys where walked[start] == nil {
            var seen: [String] = [start]
            walked[start] = true
            var at = start
            while let next = raw[at] {
                if let current = walked[next] {
                    if current, let i = seen.firstIndex(of: next) {
                        let loop = Array(seen[i...])
                        let cut = loop.max()!
                        let from = loop.firstIndex(of: cut)!
                        raw[cut] = nil
                        problems[cut] = "parent makes a loop (" + (loop[from...] + loop[..<from] + [cut]).joined(separator: " → ") + ")"
                    }
                    break
                }
                walked[next] = true
                seen.append(next)
                at = next
            }
            for k in seen { walked[k] = false }
        }
        parentOf = raw
        // Children in the vault's order (the order `children` came in).
        for c in children {
            let key = tasks[c].key
            guard let p = raw[key] else { continue }
            childrenOf[p, default: []].append(key)
        }
        for i in children + parents.values {
            let key = tasks[i].key
            guard raw[key] != nil || childrenOf[key] != nil else { continue }
            titles[key] = tasks[i].title
            if tasks[i].status.isClosed { closed.insert(key) }
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
        for i in tasks.indices {
            let key = tasks[i].key
            guard let p = parentOf[key] else { continue }
            g.nesting[key] = ViewGroup.Nesting(depth: depth[key] ?? 0, parent: p, parentTitle: titles[p] ?? p)
        }
        return g
    }

    /// `tasks` (a view's group, already sorted) with each child moved right under its parent
    /// when both are there, keeping the group's order otherwise. Returns each task's depth in
    /// this list (0 for a task whose parent is not in it: it shows alone, with the parent's
    /// title as context).
    public func nest(_ tasks: [TodoTask]) -> (tasks: [TodoTask], depth: [String: Int]) {
        guard !parentOf.isEmpty else { return (tasks, [:]) }
        let keys = tasks.indices.map { tasks[$0].key }
        guard keys.contains(where: { parentOf[$0] != nil }) else { return (tasks, [:]) }
        // Positions, not task copies, until the order is known.
        let position = Dictionary(keys.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { a, _ in a })
        var kids: [Int: [Int]] = [:]
        var roots: [Int] = []
        for (i, k) in keys.enumerated() {
            if let p = parentOf[k], let at = position[p] { kids[at, default: []].append(i) } else { roots.append(i) }
        }
        var order: [Int] = [], depth: [String: Int] = [:]
        order.reserveCapacity(tasks.count)
        func walk(_ i: Int, _ d: Int) {
            order.append(i)
            if d > 0 { depth[keys[i]] = d }
            for c in kids[i] ?? [] { walk(c, d + 1) }
        }
        for r in roots { walk(r, 0) }
        return (order.map { tasks[$0] }, depth)
    }

}
