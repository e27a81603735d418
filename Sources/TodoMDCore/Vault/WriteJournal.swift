import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A log of the files the engine itself wrote in one vault, so `watch` can tell its own
/// writes (and those of other todomd processes) from edits made by people and other tools.
///
/// Every line is `<unix-ms>\t<fingerprint-hex, or "-" for a removal>\t<absolute path>`, appended
/// with one `write` on an `O_APPEND` descriptor, so lines of concurrent processes never
/// interleave. The log lives outside the vault, in `<cache>/writes/<hex of the root path>.log`.
/// Over ~256 KB it is renamed to `.log.old` (readers read both), so it stays small; only the
/// last few seconds matter.
public final class WriteJournal: @unchecked Sendable {
    /// The vault root this journal belongs to (absolute, as given to `Vault`).
    public let root: String
    /// The log file.
    public let path: String
    /// Rotate when the log grows beyond this many bytes.
    public var rotateBytes = 256 * 1024
    private let realRoot: String

    /// One recorded write.
    public struct Entry: Sendable, Equatable {
        public var unixMillis: Int64
        /// nil: the file was removed (or moved away).
        public var fingerprint: UInt64?
        public var path: String
    }

    /// A journal for `root` in `directory` (by default `<cacheDir>/writes`).
    public init(root: String, directory: String? = nil) {
        self.root = root
        realRoot = FileSystem.realPath(root) ?? root
        let dir = directory ?? FileSystem.cacheDir() + "/writes"
        path = dir + "/" + Vault.cacheKey(root: root) + ".log"
    }

    // MARK: Registry

    private static let lock = NSLock()
    nonisolated(unsafe) private static var journals: [WriteJournal] = []

    /// Makes `journal` the one the engine's writes under its root are recorded in (replacing
    /// any journal registered for the same root).
    public static func register(_ journal: WriteJournal) {
        lock.lock()
        defer { lock.unlock() }
        journals.removeAll { $0.root == journal.root }
        journals.append(journal)
    }

    /// Registers the default journal for `root` unless one is registered already.
    static func registerDefault(root: String) {
        lock.lock()
        let known = journals.contains { $0.root == root }
        lock.unlock()
        if !known { register(WriteJournal(root: root)) }
    }

    /// The journal registered for `root`.
    public static func journal(forRoot root: String) -> WriteJournal? {
        lock.lock()
        defer { lock.unlock() }
        return journals.last { $0.root == root }
    }

    /// The journal whose vault holds the absolute path `abs` (the deepest root wins).
    static func journal(containing abs: String) -> WriteJournal? {
        lock.lock()
        defer { lock.unlock() }
        var best: WriteJournal?
        var bestLength = -1
        for j in journals {
            for r in [j.root, j.realRoot] where abs.hasPrefix(r + "/") && r.count > bestLength {
                best = j
                bestLength = r.count
            }
        }
        return best
    }

    // MARK: Recording (called by the FileSystem write primitives)

    /// Records that the engine is about to write `bytes` to `abs`.
    static func noteWrite(_ abs: String, bytes: [UInt8]) {
        guard let j = journal(containing: abs) else { return }
        j.append(fingerprint: Vault.fingerprint(bytes), path: abs)
    }

    /// Records that the engine is about to write the current content of `from` to `abs`.
    static func noteWrite(_ abs: String, copyOf from: String) {
        guard let j = journal(containing: abs), let bytes = try? FileSystem.readFile(from) else { return }
        j.append(fingerprint: Vault.fingerprint(bytes), path: abs)
    }

    /// Records that the engine is about to remove `abs`.
    static func noteRemoval(_ abs: String) {
        guard let j = journal(containing: abs) else { return }
        j.append(fingerprint: nil, path: abs)
    }

    /// Appends one entry (one `write` call).
    public func append(fingerprint: UInt64?, path abs: String, at date: Date = Date()) {
        let ms = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let line = "\(ms)\t\(fingerprint.map { String($0, radix: 16) } ?? "-")\t\(abs)\n"
        try? FileSystem.makeDirs((path as NSString).deletingLastPathComponent)
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        var st = stat()
        if fstat(fd, &st) == 0, Int(st.st_size) > rotateBytes {
            // Older entries are irrelevant; keep them readable as `.old` until the next rotation.
            rename(path, path + ".old")
        }
        let bytes = Array(line.utf8)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
    }

    // MARK: Reading

    /// Entries recorded at or after `since` (both the current log and the rotated one).
    public func entries(since: Date) -> [Entry] {
        let minMs = Int64((since.timeIntervalSince1970 * 1000).rounded(.down))
        var out: [Entry] = []
        for file in [path + ".old", path] {
            guard let bytes = try? FileSystem.readFile(file) else { continue }
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
                guard parts.count == 3, let ms = Int64(parts[0]), ms >= minMs else { continue }
                let fp: UInt64? = parts[1] == "-" ? nil : UInt64(parts[1], radix: 16)
                if fp == nil && parts[1] != "-" { continue }
                out.append(Entry(unixMillis: ms, fingerprint: fp, path: String(parts[2])))
            }
        }
        return out
    }
}
