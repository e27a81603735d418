import Foundation
import TodoMDCore

/// A temp folder deleted when the test ends: a vault, a cache folder.
public final class TempDir: @unchecked Sendable {
    public let path: String

    public init() {
        path = NSTemporaryDirectory() + "todomd-test-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    public func write(_ rel: String, _ text: String) { write(rel, Array(text.utf8)) }

    public func write(_ rel: String, _ bytes: [UInt8]) {
        let full = path + "/" + rel
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: full, contents: Data(bytes))
    }

    public func read(_ rel: String) -> String { String(decoding: bytes(rel), as: UTF8.self) }
    public func bytes(_ rel: String) -> [UInt8] { Array(FileManager.default.contents(atPath: path + "/" + rel) ?? Data()) }
    public func exists(_ rel: String) -> Bool { FileManager.default.fileExists(atPath: path + "/" + rel) }
    public func remove(_ rel: String) { try! FileManager.default.removeItem(atPath: path + "/" + rel) }
    public func rename(_ a: String, _ b: String) { try! FileManager.default.moveItem(atPath: path + "/" + a, toPath: path + "/" + b) }

    /// Sets a file's modification time without changing its bytes.
    public func touch(_ rel: String, secondsAhead: Int) {
        var times = [timespec(tv_sec: time(nil) + secondsAhead, tv_nsec: 0), timespec(tv_sec: time(nil) + secondsAhead, tv_nsec: 0)]
        precondition(utimensat(AT_FDCWD, path + "/" + rel, &times, 0) == 0)
    }

    /// Every file below the folder (relative paths, sorted), hidden ones included, except
    /// todomd's own state folder `.todomd/` (the audit log) unless `state` asks for it.
    public func files(state: Bool = false) -> [String] {
        var out: [String] = []
        let e = FileManager.default.enumerator(atPath: path)
        while let p = e?.nextObject() as? String {
            if !state, p == ".todomd" || p.hasPrefix(".todomd/") { continue }
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: path + "/" + p, isDirectory: &isDir), !isDir.boolValue { out.append(p) }
        }
        return out.sorted()
    }
}

/// A clock at a local wall time in a zone: `clock("2026-11-22T10:00", "Europe/Berlin")`.
public func clock(_ local: String, _ zone: String = "UTC") -> Clock {
    let tz = TimeZone(identifier: zone)!
    return Clock(now: Timestamp.parse(local, zone: tz)!, timeZone: tz)
}

/// The text of a task file with the required keys, `extra` frontmatter lines and a body.
public func taskFile(_ title: String, status: String = "todo", extra: String = "", body: String = "") -> String {
    "---\ntitle: \"\(title)\"\nstatus: \"\(status)\"\ncreated: \"2026-11-01T10:00:00Z\"\nsource: \"user\"\n\(extra)---\n\(body)"
}
