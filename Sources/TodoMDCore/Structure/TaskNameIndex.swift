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
        let bases = Set(names.map { $0.split(separator: "/").last.map(String.init) ?? $0 })
        for i in tasks.indices {
            if tasks[i].line == nil {
                guard !names.isEmpty else { continue }
                let path = tasks[i].path
                if let plain = Self.plainNames(path) {
                    // The common case: no normalizing beyond lowercasing and `.md`.
                    guard bases.contains(plain.base) else { continue }
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

    /// `TaskDependencies.names(ofPath:)` for a plain path — ASCII, no `[`, `|`, `#`, no
    /// leading `/`, no space at either end of it or of its file name — by lowercasing bytes:
    /// this runs for every task of a view. Nil for any other path (then `names(ofPath:)`).
    static func plainNames(_ path: String) -> (full: String, base: String)? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(path.utf8.count)
        var baseStart = 0
        for b in path.utf8 {
            if b >= 0x80 || b == UInt8(ascii: "#") || b == UInt8(ascii: "|") || b == UInt8(ascii: "[") { return nil }
            if b == UInt8(ascii: "/") { baseStart = bytes.count + 1 }
            bytes.append(b >= 0x41 && b <= 0x5A ? b + 0x20 : b)
        }
        if bytes.count >= 3, bytes[bytes.count - 3] == UInt8(ascii: "."), bytes[bytes.count - 2] == UInt8(ascii: "m"),
           bytes[bytes.count - 1] == UInt8(ascii: "d") { bytes.removeLast(3) }
        func space(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }
        guard baseStart < bytes.count, let first = bytes.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "."),
              !space(first), !space(bytes[baseStart]), !space(bytes[bytes.count - 1]) else { return nil }
        let full = String(decoding: bytes, as: UTF8.self)
        return (full, baseStart == 0 ? full : String(decoding: bytes[baseStart...], as: UTF8.self))
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
