import Foundation

/// `.order.json` at the vault root: manual sort orders per view, exactly spec 000's format
/// (`{"version": 1, "views": {"inbox": ["file.md", …], "project:X": […]}}`). Keys it does not
/// know are kept on rewrite. A malformed file is reported and ignored, and is only replaced
/// when the user reorders (the old bytes are kept beside it).
public struct OrderFile: @unchecked Sendable {
    public static let fileName = ".order.json"
    /// The view orders (view identifier → file names or vault-relative paths).
    public var views: [String: [String]] = [:]
    /// The whole JSON object as read, to keep unknown keys.
    private var raw: [String: Any] = [:]
    /// Why the file was ignored, when it was.
    public private(set) var problem: String?

    public init() {}

    public static func load(root: String) -> OrderFile {
        var o = OrderFile()
        guard let data = FileManager.default.contents(atPath: root + "/" + fileName) else { return o }
        guard let obj = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            o.problem = "\(fileName): not valid JSON; manual order ignored until you reorder"
            return o
        }
        if let v = obj["version"], (v as? Int) != 1 {
            o.problem = "\(fileName): unsupported version \(v); manual order ignored until you reorder"
            return o
        }
        guard let views = obj["views"] as? [String: Any] ?? (obj["views"] == nil ? [:] : nil) else {
            o.problem = "\(fileName): \"views\" is not an object; manual order ignored until you reorder"
            return o
        }
        for (k, v) in views {
            guard let list = v as? [Any] else {
                o.problem = "\(fileName): view \"\(k)\" is not a list; manual order ignored until you reorder"
                return OrderFile(problem: o.problem)
            }
            o.views[k] = list.compactMap { $0 as? String }
        }
        o.raw = obj
        return o
    }

    private init(problem: String?) { self.problem = problem }

    /// The position of a task in a view's order, by vault-relative path or by file name.
    public func rank(view: String) -> (TodoTask) -> Int? {
        guard let list = views[view], !list.isEmpty else { return { _ in nil } }
        var index: [String: Int] = [:]
        for (i, name) in list.enumerated() where index[name] == nil { index[name] = i }
        return { t in t.line == nil ? index[t.path] ?? index[t.filename] : index[Self.entry(for: t)] }
    }

    /// `tasks` in `view`'s order: those it lists first, then the rest by created date, then path.
    public func manual(_ view: String, _ tasks: [TodoTask]) -> [TodoTask] {
        let ranks = tasks.map(rank(view: view))
        // Sort positions by keys taken out once: copying a task struct costs a retain per field,
        // and a sort of Today's hundreds of tasks would copy them thousands of times.
        let created = tasks.map { $0.created ?? .distantPast }, paths = tasks.map(\.path)
        func byCreated(_ i: Int, _ j: Int) -> Bool { created[i] != created[j] ? created[i] < created[j] : paths[i] < paths[j] }
        let order = tasks.indices.sorted { i, j in
            switch (ranks[i], ranks[j]) {
            case let (x?, y?): return x != y ? x < y : byCreated(i, j)
            case (.some, nil): return true
            case (nil, .some): return false
            default: return byCreated(i, j)
            }
        }
        return order.map { tasks[$0] }
    }

    /// How a task is listed: its file name; a checkbox task as `note.md#<identity>`, which
    /// survives lines added above it.
    public static func entry(for t: TodoTask) -> String {
        t.line == nil ? t.filename : t.id
    }

    /// Writes the file atomically. If the existing file was malformed its bytes are first
    /// kept as `.order.json.malformed-<time>`.
    /// Puts `successor` where `task` is in every list that orders it (a repeating task's next
    /// occurrence keeps the place its predecessor had). Returns whether anything changed.
    public mutating func inherit(_ successor: TodoTask, from task: TodoTask) -> Bool {
        let old = Self.entry(for: task), oldName = task.filename, new = Self.entry(for: successor)
        var changed = false
        for (key, list) in views {
            guard !list.contains(new), let i = list.firstIndex(where: { $0 == old || (task.line == nil && $0 == oldName) }) else { continue }
            var l = list
            l.insert(new, at: i)
            views[key] = l
            changed = true
        }
        return changed
    }

    public mutating func save(root: String, clock: Clock) throws {
        let path = root + "/" + Self.fileName
        if problem != nil, FileManager.default.fileExists(atPath: path) {
            let stamp = Timestamp.format(clock.now).replacingOccurrences(of: ":", with: "")
            _ = try FileSystem.moveNoClobber(path, path + ".malformed-" + stamp)
        }
        var obj = raw
        obj["version"] = obj["version"] ?? 1
        var views = (obj["views"] as? [String: Any]) ?? [:]
        for (k, v) in self.views { views[k] = v }
        obj["views"] = views
        let data = try JSONSerialization.data(withJSONObject: obj, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        try FileSystem.makeDirs(root)
        try FileSystem.atomicReplace(path, bytes: Array(data) + [0x0A])
        problem = nil
        raw = obj
    }
}
