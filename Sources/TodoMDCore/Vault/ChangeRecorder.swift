import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One file an action changed (vault-relative): its bytes before (nil: it did not exist) and
/// after (nil: it was removed or moved away).
public struct FileChange: Sendable, Equatable {
    public var path: String
    public var before: [UInt8]?
    public var after: [UInt8]?

    public init(path: String, before: [UInt8]?, after: [UInt8]?) {
        self.path = path
        self.before = before
        self.after = after
    }
}

/// Observes every file change the engine makes in one vault on one thread, with the bytes
/// before and after: the seam the undo journal is built on.
///
/// The write primitives (`FileSystem.replaceChecked`, `atomicReplace`, `atomicCreate`,
/// `removeFile`, `moveNoClobber`) report each change they make to the recorder observing the
/// file's vault on the calling thread, if there is one; nothing is read or kept otherwise. A
/// move is reported as its source removed and its destination created with the same bytes.
/// Several writes to one file merge into one change (the first `before`, the last `after`);
/// a file written back to what it was drops out.
///
/// Scoped to a thread: an action runs on one thread (a service call holds its lock for its
/// whole run), so writes other threads make meanwhile are never mistaken for its own. Changes
/// made by other programs (an editor) are not seen; `note` adds them.
public final class ChangeRecorder: @unchecked Sendable {
    /// The vault root, as given.
    public let root: String
    private let prefixes: [String]
    private let lock = NSLock()
    private var order: [String] = []
    private var byPath: [String: FileChange] = [:]
    /// Told of each write as the primitive makes it (vault-relative path, bytes before and
    /// after; nil: none), before the action ends. The version history marks those bytes as
    /// todomd's, so an index or a watch that sees them first does not take them for an edit
    /// from outside.
    public var onWrite: (@Sendable (String, [UInt8]?, [UInt8]?) -> Void)?

    public init(root: String) {
        self.root = root
        let real = FileSystem.realPath(root) ?? root
        prefixes = Array(Set([root, real])).map { $0.hasSuffix("/") ? $0 : $0 + "/" }.sorted { $0.count > $1.count }
    }

    /// The net changes so far, in the order their files were first touched; files whose bytes
    /// ended as they began are left out.
    public var changes: [FileChange] {
        lock.lock()
        defer { lock.unlock() }
        return order.compactMap { byPath[$0] }.filter { $0.before != $0.after }
    }

    /// Runs `body` with this recorder observing the changes made to its vault on this thread.
    public func observe<T>(_ body: () throws -> T) rethrows -> T {
        Self.push(self)
        defer { Self.pop(self) }
        return try body()
    }

    /// Adds a change made outside the engine (a file an editor changed), vault-relative.
    public func note(_ path: String, before: [UInt8]?, after: [UInt8]?) {
        lock.lock()
        defer { lock.unlock() }
        if var existing = byPath[path] {
            existing.after = after
            byPath[path] = existing
        } else {
            order.append(path)
            byPath[path] = FileChange(path: path, before: before, after: after)
        }
    }

    /// The vault-relative path of `abs` when it lies in this recorder's vault.
    func relative(_ abs: String) -> String? {
        for p in prefixes where abs.hasPrefix(p) { return String(abs.dropFirst(p.count)) }
        return nil
    }

    // MARK: Per-thread registry

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var active: [(thread: pthread_t, recorder: ChangeRecorder)] = []

    private static func push(_ r: ChangeRecorder) {
        registryLock.lock()
        defer { registryLock.unlock() }
        active.append((pthread_self(), r))
    }

    private static func pop(_ r: ChangeRecorder) {
        registryLock.lock()
        defer { registryLock.unlock() }
        if let i = active.lastIndex(where: { $0.recorder === r }) { active.remove(at: i) }
    }

    /// The recorder observing the vault at `root` on this thread (the outermost one), if any.
    public static func current(root: String) -> ChangeRecorder? {
        registryLock.lock()
        defer { registryLock.unlock() }
        let me = pthread_self()
        return active.first { pthread_equal($0.thread, me) != 0 && $0.recorder.root == root }?.recorder
    }

    /// The recorder that would observe a change to the absolute path `abs` on this thread, with
    /// the path relative to its vault. The innermost one wins.
    static func observer(of abs: String) -> (ChangeRecorder, String)? {
        registryLock.lock()
        defer { registryLock.unlock() }
        guard !active.isEmpty else { return nil }
        let me = pthread_self()
        for entry in active.reversed() where pthread_equal(entry.thread, me) != 0 {
            if let rel = entry.recorder.relative(abs) { return (entry.recorder, rel) }
        }
        return nil
    }

    // MARK: Hooks for the write primitives

    /// A file's state before a write, taken only when a recorder observes it.
    struct Before {
        let recorder: ChangeRecorder
        let path: String
        let bytes: [UInt8]?
    }

    /// Reads `abs` now if a recorder observes it (nil otherwise: nothing is read).
    static func before(_ abs: String) -> Before? {
        guard let (r, rel) = observer(of: abs) else { return nil }
        return Before(recorder: r, path: rel, bytes: try? FileSystem.readFile(abs))
    }

    /// Reports that `abs` now holds `after` (nil: it is gone), given its state before.
    static func changed(_ before: Before?, after: [UInt8]?) {
        guard let before else { return }
        before.recorder.note(before.path, before: before.bytes, after: after)
        before.recorder.onWrite?(before.path, before.bytes, after)
    }

    /// Reports a change whose before-bytes the caller already has.
    static func changed(_ abs: String, before: [UInt8]?, after: [UInt8]?) {
        guard let (r, rel) = observer(of: abs) else { return }
        r.note(rel, before: before, after: after)
        r.onWrite?(rel, before, after)
    }
}

extension Vault {
    /// Writes a file outside the vault (a cache or journal file) atomically: temp file, fsync,
    /// rename, through the engine's write routine. Creates its folder.
    public static func writeAtomically(_ path: String, bytes: [UInt8]) throws {
        try FileSystem.makeDirs((path as NSString).deletingLastPathComponent)
        try FileSystem.atomicReplace(path, bytes: bytes, mode: 0o600)
    }

    /// The bytes of any file (absolute path).
    public static func readFile(_ path: String) throws -> [UInt8] { try FileSystem.readFile(path) }

    /// Makes a folder's entries durable (`fsync` on the folder), for writers outside the vault.
    public static func syncFolder(_ path: String) { FileSystem.fsyncDir(path) }
}
