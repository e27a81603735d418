import Foundation

/// Which open tasks wait on other open tasks (issue 19 B.4, issue 21): one model for every
/// spelling of a dependency —
/// - a task file's `blocked_by: [file names]` (ours) or TaskNotes' `blockedBy` (strings or
///   `{uid: "[[Task]]", reltype, gap}` entries);
/// - a checkbox line's ⛔ / `[dependsOn:: …]` ids, naming other lines' 🆔 / `[id:: …]`.
/// A reference names a task file by path, file name or wiki link (`[[Task A]]`, with or without
/// `.md`, an alias or a heading), or a checkbox line by its id. A task is **blocked** while any
/// task it depends on is open; a missing target blocks nothing (`doctor` is the place for it),
/// and a cycle is two blocked tasks, never a loop. It also carries the order of sequential
/// projects (`ProjectSequence`): a task that **waits** there is not available either.
public struct TaskDependencies: Sendable {
    /// Blocked task key → the keys of the open tasks it waits on.
    public private(set) var blockedBy: [String: [String]] = [:]
    /// Task key → the keys of the open tasks waiting on it (only while it is open itself).
    public private(set) var blocking: [String: [String]] = [:]
    /// Which open tasks wait for an earlier task of their sequential project.
    public var sequence = ProjectSequence.none
    /// Subtasks: who is whose parent (`parent`), for nesting views and guarding completion.
    public var tree = TaskTree.none
    /// Open task key → when the last task it depended on was completed, all of them being closed
    /// now (a reminder says it is available).
    public private(set) var unblockedAt: [String: Unblocking] = [:]
    /// Titles of the tasks others wait on (blockers, sequential projects' first tasks), to say
    /// what holds a task up.
    public private(set) var titles: [String: String] = [:]

    public static let none = TaskDependencies()

    /// The keys (`extra`) a dependency can be written under.
    static let fileKeys = ["blocked_by", "blockedBy"]
    static let lineKey = "depends_on"

    public init() {}

    /// The dependencies among `tasks` (the whole vault: blockers are anywhere), with the
    /// sequential projects' `sequence` (computed from the same tasks).
    public init(_ tasks: [TodoTask], sequence: ProjectSequence = .none) {
        self.sequence = sequence
        // One name index for parents and blockers, of only the names referred to; one pass over
        // the tasks' keys finds both kinds of referrer. Indices, not copies: a view may hold the
        // whole vault.
        var children: [Int] = [], dependents: [Int] = []
        for i in tasks.indices where !tasks[i].extra.isEmpty {
            var parent = false, depends = false
            let line = tasks[i].line != nil
            for (k, _) in tasks[i].extra {
                if k == TaskTree.key { parent = true } else if line ? k == Self.lineKey : Self.fileKeys.contains(k) { depends = true }
            }
            if parent { children.append(i) }
            if depends && !tasks[i].status.isClosed { dependents.append(i) }
        }
        let parentRefs = children.map { TaskTree.reference(tasks[$0]) }
        let refs = dependents.map { Self.references(of: tasks[$0]) }
        var names = Set(parentRefs.compactMap { $0.lineID ? nil : $0.name }), lineIDs = Set(parentRefs.compactMap { $0.lineID ? $0.name : nil })
        for r in refs.joined() { if r.lineID { lineIDs.insert(r.name) } else { names.insert(r.name) } }
        let index = TaskNameIndex(tasks, names: names, lineIDs: lineIDs)
        if !children.isEmpty { tree = TaskTree(tasks, children: children, references: parentRefs, names: index) }
        for (d, refs) in zip(dependents, refs) {
            let key = tasks[d].key
            var open: [String] = []
            var lastDone: Int?  // of the closed targets, the one completed last (when none is open)
            for ref in refs {
                guard let b = index.targetIndex(ref.name, lineID: ref.lineID, fromPath: tasks[d].path) else { continue }
                let target = tasks[b].key
                guard target != key else { continue }
                if tasks[b].status.isClosed {
                    if let c = tasks[b].completed, lastDone.flatMap({ tasks[$0].completed }).map({ c > $0 }) ?? true { lastDone = b }
                    continue
                }
                guard !open.contains(target) else { continue }
                open.append(target)
                titles[target] = tasks[b].title
            }
            guard !open.isEmpty else {
                if let b = lastDone { unblockedAt[key] = Unblocking(at: tasks[b].completed!, by: tasks[b].title) }
                continue
            }
            blockedBy[key] = open
            for b in open { blocking[b, default: []].append(key) }
        }
        let heads = Set(sequence.waitingFor.values)
        if !heads.isEmpty { for i in tasks.indices where heads.contains(tasks[i].key) { titles[tasks[i].key] = tasks[i].title } }
    }

    /// When a task stopped being blocked: the moment its last blocker was completed.
    public struct Unblocking: Sendable, Equatable {
        public var at: Date
        /// The title of that blocker.
        public var by: String

        public init(at: Date, by: String) {
            self.at = at
            self.by = by
        }
    }

    /// The open tasks of `tasks` (the whole vault) whose every dependency is resolved and
    /// closed, by task key: when the last of them was completed, and which (reminders, issue 21).
    public static func unblocked(_ tasks: [TodoTask]) -> [String: Unblocking] { TaskDependencies(tasks).unblockedAt }

    public func isBlocked(_ key: String) -> Bool { blockedBy[key] != nil }

    /// `group` with its subtasks nested (`TaskTree.nested`) and, for each task held up, what
    /// holds it: the open tasks it is blocked by, or its sequential project's first task.
    /// `order`: the group's tasks in this order first (indices: a view's sort).
    public func annotated(_ group: ViewGroup, order: [Int]? = nil) -> ViewGroup {
        var g = tree.nested(group, order: order)
        guard !blockedBy.isEmpty || !sequence.waitingFor.isEmpty else { return g }
        for i in g.tasks.indices {
            let key = g.tasks[i].key
            let blockers = (blockedBy[key] ?? []).map { titles[$0] ?? $0 }
            let head = sequence.waitingFor[key].map { titles[$0] ?? $0 }
            if !blockers.isEmpty || head != nil { g.holds[key] = ViewGroup.Hold(blockedBy: blockers, waitsFor: head) }
        }
        return g
    }
    public func isBlocking(_ key: String) -> Bool { blocking[key] != nil }
    /// Waits for an earlier open task of its sequential project.
    public func isWaiting(_ key: String) -> Bool { sequence.isWaiting(key) }

    /// Whether `t` names any dependency (or a parent) at all (cheap: a view's candidates are checked first).
    public static func hasReferences(_ t: TodoTask) -> Bool {
        t.extra.contains { (fileKeys.contains($0.0) && t.line == nil) || ($0.0 == lineKey && t.line != nil) || $0.0 == TaskTree.key }
    }

    /// The names `t` answers to as a blocker or parent, as `referenceKeys(of:)` spells them: a
    /// task file's name (`task a` for `Areas/Task A.md`), a checkbox line's `#id`; nil for a line
    /// without an id. Coarse on purpose (a file name, not its folder): an index finds every task a
    /// reference could mean by it, and this type then picks the one it means.
    public static func lookupKey(of t: TodoTask) -> String? {
        if t.line == nil { return names(ofPath: t.path).last }
        guard case .string(let id)? = t.extra.last(where: { $0.0 == "task_id" })?.1, !id.isEmpty else { return nil }
        return "#" + id
    }

    /// The `lookupKey`s of the tasks `t` names: its dependencies and its parent.
    public static func referenceKeys(of t: TodoTask) -> [String] {
        var out = references(of: t).map { $0.lineID ? "#" + $0.name : $0.name.split(separator: "/").last.map(String.init) ?? $0.name }
        if case .string(let value)? = t.extra.last(where: { $0.0 == TaskTree.key })?.1 {
            if t.line == nil {
                let name = normalize(value)
                out.append(name.split(separator: "/").last.map(String.init) ?? name)
            } else {
                out.append("#" + value.trimmed)
            }
        }
        var seen = Set<String>()
        return out.filter { !$0.isEmpty && $0 != "#" && seen.insert($0).inserted }
    }

    struct Reference: Equatable {
        var name: String
        /// A checkbox line's id (⛔), not a file name.
        var lineID: Bool
    }

    /// What `t` depends on, normalized (`[[Areas/Task A|a]]` → `areas/task a`).
    static func references(of t: TodoTask) -> [Reference] {
        var out: [Reference] = []
        for (key, value) in t.extra {
            if t.line != nil, key == lineKey {
                out += strings(value).flatMap { $0.split(separator: ",") }.map { Reference(name: String($0).trimmed, lineID: true) }
                    .filter { !$0.name.isEmpty }
            } else if t.line == nil, fileKeys.contains(key) {
                out += strings(value).map { Reference(name: normalize($0), lineID: false) }.filter { !$0.name.isEmpty }
            }
        }
        return out
    }

    /// The strings of a value: a string, a list of strings, or TaskNotes' `{uid: …}` entries.
    static func strings(_ v: JSONValue) -> [String] {
        switch v {
        case .string(let s): return [s]
        case .array(let items): return items.flatMap(strings)
        case .object(let members):
            if case .string(let uid)? = members.last(where: { $0.0 == "uid" })?.1 { return [uid] }
            return []
        default: return []
        }
    }

    /// A reference as a lookup name: the link target (no `[[ ]]`, alias, heading, `./`, `.md`),
    /// lowercased.
    static func normalize(_ raw: String) -> String {
        if let plain = TaskNameIndex.plainNames(raw) { return plain.full }  // the common case, by bytes
        var s = raw.trimmed
        if s.hasPrefix("[["), s.hasSuffix("]]") { s = String(s.dropFirst(2).dropLast(2)) }
        if let bar = s.firstIndex(of: "|") { s = String(s[..<bar]) }
        if let hash = s.firstIndex(of: "#") { s = String(s[..<hash]) }
        if s.hasPrefix("./") { s.removeFirst(2) }
        if s.hasPrefix("/") { s.removeFirst() }
        if s.lowercased().hasSuffix(".md") { s.removeLast(3) }
        return s.trimmed.lowercased()
    }

    /// The names a task file answers to: its path and its file name, without `.md`, lowercased.
    static func names(ofPath path: String) -> [String] {
        let full = normalize(path)
        let base = full.split(separator: "/").last.map(String.init) ?? full
        return base == full ? [full] : [full, base]
    }
}
