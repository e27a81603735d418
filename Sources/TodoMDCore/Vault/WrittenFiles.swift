import Foundation

/// What this process last wrote to each file, so the result of a write (its version) comes
/// from the bytes written and not from a later read, which may see another program mid-write.
/// Also remembers which folders had their stale temp files cleaned.
enum WrittenFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var fingerprints: [String: UInt64] = [:]
    nonisolated(unsafe) private static var visited = Set<String>()

    /// Records that `bytes` are now the content of `path` (absolute).
    static func record(_ path: String, bytes: [UInt8]) {
        let fp = Vault.fingerprint(bytes)
        lock.lock()
        defer { lock.unlock() }
        if fingerprints.count > 50_000 { fingerprints.removeAll() }  // a long-running server stays small
        fingerprints[path] = fp
    }

    /// The fingerprint of what this process last wrote to `path`, if it wrote it.
    static func fingerprint(_ path: String) -> UInt64? {
        lock.lock()
        defer { lock.unlock() }
        return fingerprints[path]
    }

    /// True the first time `folder` is asked about in this process.
    static func firstVisit(_ folder: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if visited.count > 10_000 { visited.removeAll() }
        return visited.insert(folder).inserted
    }
}
