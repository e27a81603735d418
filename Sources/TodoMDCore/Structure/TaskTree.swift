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
        // Links by index (child → parent) until they are known loop-free: string keys only for
        // what is kept.
        var link: [Int: Int] = [:]
        link.reserveCapacity(children.count)
        for (c, ref) in zip(children, refs) {
            guard let value = ref.raw else {
                problems[tasks[c].key] = "parent must be a file name or path"
                continue
            }
            guard let p = names.targetIndex(ref.name, lineID: ref.lineID, fromPath: tasks[c].path) else {
                problems[tasks[c].key] = "parent \"\(value)\" is no task"
                continue
            }
            guard p != c, tasks[p].key != tasks[c].key else { problems[tasks[c].key] = "parent is the task itself"; continue }
            link[c] = p
        }
        // Each loop loses one link: that of its member with the greatest key, whichever tasks
        // lead into it (so a view that loads part of the vault breaks it as the whole vault does,
        // in whatever order the walks start). Each task is walked through once.
        var state = [UInt8](repeating: 0, count: tasks.count)  // 1: on the current walk, 2: walked
        for start in children where link[start] != nil && state[start] == 0 {
            var seen: [Int] = [start]
            state[start] = 1
            var at = start
            while let next = link[at] {
                if state[next] != 0 {
                    if state[next] == 1, let i = seen.firstIndex(of: next) {
                        let loop = Array(seen[i...])
                        let cut = loop.max { tasks[$0].key < tasks[$1].key }!
                        let from = loop.firstIndex(of: cut)!
                        link[cut] = nil
                        problems[tasks[cut].key] = "parent makes a loop ("
                            + (loop[from...] + loop[..<from] + [cut]).map { tasks[$0].key }.joined(separator: " → ") + ")"
                    }
                    break
                }
                state[next] = 1
                seen.append(next)
                at = next
            }
            for k in seen { state[k] = 2 }
        }
        // Children in the vault's order (the order `children` came in).
        parentOf.reserveCapacity(link.count)
        titles.reserveCapacity(link.count * 2)
        var members: [Int] = []  // linked children and their parents
        for c in children {
            guard let p = link[c] else { continue }
            let key = tasks[c].key, parentKey = tasks[p].key
            parentOf[key] = parentKey
            childrenOf[parentKey, default: []].append(key)
            members.append(c)
            members.append(p)
        }
        for i in members where titles[tasks[i].key] == nil {
            titles[tasks[i].key] = tasks[i].title
            if tasks[i].status.isClosed { closed.insert(tasks[i].key) }
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
    /// `order` (indices into the group's tasks: a view's sort) is applied on the way, so the
    /// tasks are copied into their final order once (a view may hold tens of thousands).
    public func nested(_ group: ViewGroup, order: [Int]? = nil) -> ViewGroup {
        var g = group
        let given = order ?? Array(group.tasks.indices)
        let arranged = parentOf.isEmpty ? (order: given, children: []) : arrange(group.tasks, order: given)
        if !arranged.order.elementsEqual(group.tasks.indices) { g.tasks = arranged.order.map { group.tasks[$0] } }
        for c in arranged.children {
            g.nesting[c.key] = ViewGroup.Nesting(depth: c.depth, parent: c.parent, parentTitle: titles[c.parent] ?? c.parent)
        }
        return g
    }

    /// `tasks` (a view's group, already sorted) with each child moved right under its parent
    /// when both are there, keeping the group's order otherwise. Returns each task's depth in
    /// this list (0 for a task whose parent is not in it: it shows alone, with the parent's
    /// title as context).
    public func nest(_ tasks: [TodoTask]) -> (tasks: [TodoTask], depth: [String: Int]) {
        guard !parentOf.isEmpty else { return (tasks, [:]) }
        let a = arrange(tasks, order: Array(tasks.indices))
        return (a.order.map { tasks[$0] }, Dictionary(a.children.filter { $0.depth > 0 }.map { ($0.key, $0.depth) }, uniquingKeysWith: { d, _ in d }))
    }

    /// `nest` by indices: the tasks at `order` (indices into `tasks`) re-ordered so each child
    /// follows its parent, as indices into `tasks`, and every task there that has a parent,
    /// with its depth in that list. One lookup of each key per map: a view holds thousands.
    func arrange(_ tasks: [TodoTask], order: [Int]) -> (order: [Int], children: [(key: String, depth: Int, parent: String)]) {
        var keys: [String] = []
        keys.reserveCapacity(order.count)
        var position: [String: Int] = [:]  // of only the parents here: most tasks have no child
        var parents: [(at: Int, parent: String)] = []
        for i in order {
            let k = tasks[i].key
            if childrenOf[k] != nil, position[k] == nil { position[k] = keys.count }
            if let p = parentOf[k] { parents.append((keys.count, p)) }
            keys.append(k)
        }
        guard !position.isEmpty else { return (order, parents.map { (keys[$0.at], 0, $0.parent) }) }
        var kids: [Int: [Int]] = [:]
        var isChild = [Bool](repeating: false, count: keys.count)
        for (at, p) in parents {
            guard let pa = position[p] else { continue }
            kids[pa, default: []].append(at)
            isChild[at] = true
        }
        var out: [Int] = [], depth = [Int](repeating: 0, count: keys.count)
        out.reserveCapacity(order.count)
        func walk(_ at: Int, _ d: Int) {
            out.append(order[at])
            depth[at] = d
            for c in kids[at] ?? [] { walk(c, d + 1) }
        }
        for at in keys.indices where !isChild[at] { walk(at, 0) }
        return (out, parents.map { (keys[$0.at], depth[$0.at], $0.parent) })
    }
}
