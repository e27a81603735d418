import Foundation
import TodoMDCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The POSIX steps of a backup: write a new file durably, hard-link, rename, lock (reading and
/// syncing a folder are the engine's: `Vault.readFile`, `Vault.syncFolder`).
/// Outside the vault's write path on purpose: a backup's files are the store's, never vault
/// files, so neither the undo journal nor the version history records them.
enum BackupFiles {
    /// Creates `path` (which must not exist) with `bytes`, fsynced: a snapshot renamed into
    /// place holds its bytes even after a power loss.
    static func createFile(_ path: String, bytes: [UInt8], mode: mode_t) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw error(path) }
        var offset = 0
        var failed: Int32 = 0
        bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failed = errno
                    return
                }
                offset += n
            }
        }
        if failed == 0, fsync(fd) != 0 { failed = errno }
        close(fd)
        if failed != 0 {
            unlink(path)
            throw TodoError.io(path: path, reason: String(cString: strerror(failed)))
        }
    }

    /// Hard-links `from` (a file of the previous snapshot) as `to`; false where links fail
    /// (another device, a file system without them, the link count at its limit).
    static func hardLink(_ from: String, _ to: String) -> Bool { link(from, to) == 0 }

    /// Creates a folder and its parents.
    static func makeDirs(_ path: String) throws {
        do { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) } catch {
            throw TodoError.io(path: path, reason: "cannot create folder: \(error.localizedDescription)")
        }
    }

    static func renameItem(_ from: String, _ to: String) throws {
        guard rename(from, to) == 0 else { throw error(from) }
    }

    /// Entry names of a folder (nil when it cannot be listed).
    static func list(_ path: String) -> [String]? { try? FileManager.default.contentsOfDirectory(atPath: path) }

    static func remove(_ path: String) throws {
        do { try FileManager.default.removeItem(atPath: path) } catch {
            throw TodoError.io(path: path, reason: "cannot remove: \(error.localizedDescription)")
        }
    }

    /// Runs `body` holding an exclusive lock on `lockPath` (`flock`), so `serve`, `watch` and
    /// commands never write snapshots at once. Reentrant on one thread: a second `flock` on the
    /// same file from the same process would wait for itself.
    static func withLock<T>(_ lockPath: String, _ body: () throws -> T) throws -> T {
        if heldLocks.contains(lockPath) { return try body() }
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw error(lockPath) }
        defer { close(fd) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else { throw error(lockPath) }
        }
        defer { flock(fd, LOCK_UN) }
        return try $heldLocks.withValue(heldLocks.union([lockPath])) { try body() }
    }

    /// The backup locks this task (or thread) holds. A task-local, not `Thread.threadDictionary`,
    /// which does not keep what is stored in it on Linux.
    @TaskLocal static var heldLocks: Set<String> = []

    private static func error(_ path: String) -> TodoError {
        TodoError.io(path: path, reason: String(cString: strerror(errno)))
    }
}
