import Foundation

/// The tasks a set of references can name (issue 21): task files by normalized path and file
/// name, checkbox lines by their 🆔 id. Only the names asked for are indexed, and a task file
/// whose plain file name is none of them is skipped without normalizing its path: a view of
/// thousands of tasks with a few links pays a lowercase per file, not a parse.
struct TaskNameIndex {
    private var byName: [String: [Int]] = [:]
    private var byLineID: [String: [Int]] = [:]
    private let tasks: [TodoTask]

    /// Indexes `tasks` under the `names` (`TaskDependencies.normalize`d) and `lineIDs` wanted.
    init(_ tasks: [TodoTask], names: Set<String>, lineIDs: Set<String>) {
        self.tasks = tasks
        guard !names.isEmpty || !lineIDs.isEmpty else { return }
        // File names wanted, as fingerprints: most tasks of a view are named by no one, and
        // their paths are then passed over without building a string.
        var bases = Set<UInt64>(minimumCapacity: names.count)
        for name in names {
            let u = name.utf8
            bases.insert(Self.fingerprint(u.lastIndex(of: UInt8(ascii: "/")).map { u[u.index(after: $0)...] } ?? u[...]))
        }
        for i in tasks.indices {
            if tasks[i].line == nil {
                guard !names.isEmpty else { continue }
                let path = tasks[i].path
                if let base = Self.plainBaseFingerprint(path) {
                    guard bases.contains(base), let plain = Self.plainNames(path) else { continue }
                    for name in plain.base == plain.full ? [plain.full] : [plain.full, plain.base] where names.contains(name) {
                        byName[name, default: []].append(i)
                    }
                } else {
                    for name in TaskDependencies.names(ofPath: path) where names.contains(name) { byName[name, default: []].append(i) }
                }
            } else if !lineIDs.isEmpty, case .string(let id)? = tasks[i].extra.last(where: { $0.0 == "task_id" })?.1, lineIDs.contains(id) {
                byLineID[id, default: []].append(i)
            }
        }
    }

    /// FNV-1a of `bytes`, ASCII letters lowercased: a file name's first, cheap test.
    static func fingerprint<C: Collection<UInt8>>(_ bytes: C) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)) &* 0x100_0000_01b3 }
        return h
    }

    /// The `fingerprint` of `plainNames(path).base`, without building it; nil where
    /// `plainNames` is nil.
    static func plainBaseFingerprint(_ path: String) -> UInt64? {
        var path = path
        return path.withUTF8 { buf in plainRange(buf).map { fingerprint(buf[$0.baseStart..<$0.end]) } }
    }

    /// Where a plain path's names lie in its bytes: the full name ends at `end` (before `.md`),
    /// the file name starts at `baseStart`. Nil for a path that is not plain (`plainNames`).
    private static func plainRange(_ buf: UnsafeBufferPointer<UInt8>) -> (end: Int, baseStart: Int)? {
        var baseStart = 0
        for (i, b) in buf.enumerated() {
            if b >= 0x80 || b == UInt8(ascii: "#") || b == UInt8(ascii: "|") || b == UInt8(ascii: "[") { return nil }
            if b == UInt8(ascii: "/") { baseStart = i + 1 }
        }
        var end = buf.count
        func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }
        if end >= 3, buf[end - 3] == UInt8(ascii: "."), lower(buf[end - 2]) == UInt8(ascii: "m"), lower(buf[end - 1]) == UInt8(ascii: "d") { end -= 3 }
        func space(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }
        guard baseStart < end, buf[0] != UInt8(ascii: "/"), buf[0] != UInt8(ascii: "."),
              !space(buf[0]), !space(buf[baseStart]), !space(buf[end - 1]) else { return nil }
        return (end, baseStart)
    }

    /// `TaskDependencies.names(ofPath:)` for a plain path — ASCII, no `[`, `|`, `#`, no
    /// leading `/`, no space at either end of it or of its file name — by lowercasing bytes:
    /// this runs for every task of a view. Nil for any other path (then `names(ofPath:)`).
    static func plainNames(_ path: String) -> (full: String, base: String)? {
        var path = path
        return path.withUTF8 { buf in
            guard let r = plainRange(buf) else { return nil }
            let full = String(unsafeUninitializedCapacity: r.end) { out in
                for i in 0..<r.end { let b = buf[i]; out[i] = b >= 0x41 && b <= 0x5A ? b + 0x20 : b }
                return r.end
            }
            return (full, r.baseStart == 0 ? full : String(full.utf8.dropFirst(r.baseStart))!)
        }
    }

    /// The task `name` means for `from`: of several, the one in `from`'s folder, else the first.
    func target(_ name: String, lineID: Bool, from: TodoTask) -> TodoTask? {
        targetIndex(name, lineID: lineID, fromPath: from.path).map { tasks[$0] }
    }

    /// The index in the tasks of the one `name` means for a task at `fromPath`.
    func targetIndex(_ name: String, lineID: Bool, fromPath: String) -> Int? {
        guard let found = lineID ? byLineID[name] : byName[name], !found.isEmpty else { return nil }
        if found.count == 1 { return found[0] }
        let folder = (fromPath as NSString).deletingLastPathComponent
        return found.first { (tasks[$0].path as NSString).deletingLastPathComponent == folder } ?? found[0]
    }
}
