import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What identifies a file's version cheaply: if none of these changed, its bytes did not either
/// (as far as any file-sync tool assumes).
public struct FileStamp: Hashable, Sendable {
    public var size: Int64
    public var mtimeNanos: Int64
    public var inode: UInt64
    public var device: UInt64
    /// The inode's change time: a `chmod` (a file made unreadable) changes it, not `mtime`.
    public var ctimeNanos: Int64 = 0

    public init(size: Int64, mtimeNanos: Int64, inode: UInt64, device: UInt64, ctimeNanos: Int64 = 0) {
        self.size = size
        self.mtimeNanos = mtimeNanos
        self.inode = inode
        self.device = device
        self.ctimeNanos = ctimeNanos
    }

    /// mtime and ctime in one number, for caches that compare one column: any change to the
    /// bytes or to who may read them changes it.
    public var changeTime: Int64 { mtimeNanos ^ (ctimeNanos &* 0x9E37_79B9) }
}

/// Thin POSIX helpers: fast directory walks and durable writes, on Linux and Apple platforms.
enum FileSystem {
    static func lstatStamp(_ path: String) -> (FileStamp, mode: mode_t)? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return (stamp(st), st.st_mode)
    }

    static func statStamp(_ path: String) -> (FileStamp, mode: mode_t)? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        return (stamp(st), st.st_mode)
    }

    static func stamp(_ st: stat) -> FileStamp {
        #if canImport(Darwin)
        let mt = Int64(st.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(st.st_mtimespec.tv_nsec)
        let ct = Int64(st.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(st.st_ctimespec.tv_nsec)
        #else
        let mt = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        let ct = Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec)
        #endif
        return FileStamp(size: Int64(st.st_size), mtimeNanos: mt, inode: UInt64(st.st_ino), device: UInt64(st.st_dev), ctimeNanos: ct)
    }

    static func isDir(_ mode: mode_t) -> Bool { (mode & S_IFMT) == S_IFDIR }
    static func isReg(_ mode: mode_t) -> Bool { (mode & S_IFMT) == S_IFREG }
    static func isLink(_ mode: mode_t) -> Bool { (mode & S_IFMT) == S_IFLNK }

    /// Entry names of a directory, without `.` and `..`.
    static func list(_ dir: String) -> [String]? {
        guard let d = opendir(dir) else { return nil }
        defer { closedir(d) }
        var names: [String] = []
        while let e = readdir(d) {
            let name = withUnsafePointer(to: &e.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    static func realPath(_ path: String) -> String? {
        guard let r = realpath(path, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    static func readFile(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw TodoError.io(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        var out: [UInt8] = []
        var st = stat()
        if fstat(fd, &st) == 0, st.st_size > 0 { out.reserveCapacity(Int(st.st_size)) }
        var buf = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw TodoError.io(path: path, reason: String(cString: strerror(errno)))
            }
            if n == 0 { break }
            out.append(contentsOf: buf[0..<n])
        }
        return out
    }

    /// Writes `bytes` to a temp file beside `path` and fsyncs it; returns the temp path.
    /// Every write makes its temp file here, so this is where temp files of crashed processes
    /// in the same folder are cleaned up (once per folder per process).
    static func writeTemp(for path: String, bytes: [UInt8], mode: mode_t) throws -> String {
        let dir = (path as NSString).deletingLastPathComponent
        removeStaleTemps(in: dir)
        let base = (path as NSString).lastPathComponent
        let tmp = (dir.isEmpty ? "." : dir) + "/.\(base).todomd-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, mode)
        guard fd >= 0 else { throw TodoError.io(path: path, reason: "cannot create temp file: " + String(cString: strerror(errno))) }
        var ok = true
        var offset = 0
        bytes.withUnsafeBytes { raw in
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 { if errno == EINTR { continue }; ok = false; return }
                offset += n
            }
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard ok, synced else {
            unlink(tmp)
            throw TodoError.io(path: path, reason: "write failed: " + String(cString: strerror(errno)))
        }
        return tmp
    }

    static func fsyncDir(_ dir: String) {
        if let pending = deferredFolders {
            pending.add(dir)
            return
        }
        let fd = open(dir.isEmpty ? "." : dir, O_RDONLY)
        if fd >= 0 { fsync(fd); close(fd) }
    }

    /// The folders a batch will sync at its end. A task-local (a thread-local outside tasks):
    /// `Thread.threadDictionary` does not keep what is stored in it on Linux.
    @TaskLocal static var deferredFolders: FolderSyncs?

    final class FolderSyncs: @unchecked Sendable {
        private let lock = NSLock()
        private var dirs = Set<String>()
        func add(_ dir: String) { lock.withLock { _ = dirs.insert(dir) } }
        var all: Set<String> { lock.withLock { dirs } }
    }

    /// Runs `body` with the folder syncs its writes ask for put off to its end, once per folder:
    /// a batch of renames in a few folders costs a few syncs, not one each. Every file's bytes
    /// are still synced before its rename; a crash can lose only renames of this batch.
    static func syncingFoldersOnce<T>(_ body: () throws -> T) rethrows -> T {
        if deferredFolders != nil { return try body() }
        let pending = FolderSyncs()
        defer { for dir in pending.all { fsyncDir(dir) } }
        return try $deferredFolders.withValue(pending) { try body() }
    }

    /// Replaces `path` atomically (temp file, fsync, rename in the same folder).
    static func atomicReplace(_ path: String, bytes: [UInt8], mode: mode_t = 0o644) throws {
        let observed = ChangeRecorder.before(path)
        let tmp = try writeTemp(for: path, bytes: bytes, mode: mode)
        WriteJournal.noteWrite(path, bytes: bytes)
        guard rename(tmp, path) == 0 else {
            let e = String(cString: strerror(errno))
            unlink(tmp)
            throw TodoError.io(path: path, reason: "rename failed: \(e)")
        }
        fsyncDir((path as NSString).deletingLastPathComponent)
        WrittenFiles.record(path, bytes: bytes)
        ChangeRecorder.changed(observed, after: bytes)
    }

    /// Removes `path`, recording the removal in the vault's write journal first.
    @discardableResult
    static func removeFile(_ path: String) -> Bool {
        WriteJournal.noteRemoval(path)
        let observed = ChangeRecorder.before(path)
        guard unlink(path) == 0 else { return false }
        ChangeRecorder.changed(observed, after: nil)
        return true
    }

    /// Creates `path` with `bytes`, atomically, failing with EEXIST instead of overwriting.
    static func atomicCreate(_ path: String, bytes: [UInt8]) throws -> Bool {
        let tmp = try writeTemp(for: path, bytes: bytes, mode: 0o644)
        defer { unlink(tmp) }
        WriteJournal.noteWrite(path, bytes: bytes)
        if link(tmp, path) == 0 {
            fsyncDir((path as NSString).deletingLastPathComponent)
            WrittenFiles.record(path, bytes: bytes)
            ChangeRecorder.changed(path, before: nil, after: bytes)
            return true
        }
        if errno == EEXIST { return false }
        // File systems without hard links: check, then rename (small race, no clobber of data we saw).
        if access(path, F_OK) == 0 { return false }
        guard rename(tmp, path) == 0 else { throw TodoError.io(path: path, reason: String(cString: strerror(errno))) }
        WrittenFiles.record(path, bytes: bytes)
        ChangeRecorder.changed(path, before: nil, after: bytes)
        return true
    }

    static func makeDirs(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw TodoError.io(path: path, reason: "cannot create folder: \(error.localizedDescription)")
        }
    }

    /// Moves a file without overwriting: false if `to` exists. One atomic rename where the
    /// system can refuse to replace (`RENAME_NOREPLACE`, `RENAME_EXCL`), so a crash never
    /// leaves the file in both places; else a hard link and an unlink.
    static func moveNoClobber(_ from: String, _ to: String) throws -> Bool {
        let observed = ChangeRecorder.before(from)
        guard try moveNoClobberUnobserved(from, to) else { return false }
        // A move is its source gone and its destination new with the same bytes.
        ChangeRecorder.changed(observed, after: nil)
        if observed != nil || ChangeRecorder.observer(of: to) != nil {
            ChangeRecorder.changed(to, before: nil, after: observed?.bytes ?? (try? readFile(to)))
        }
        return true
    }

    private static func moveNoClobberUnobserved(_ from: String, _ to: String) throws -> Bool {
        WriteJournal.noteWrite(to, copyOf: from)
        WriteJournal.noteRemoval(from)
        #if os(Linux)
        if let rename2 = renameat2Call {
            if rename2(AT_FDCWD, from, AT_FDCWD, to, 1 /* RENAME_NOREPLACE */) == 0 { return true }
            if errno == EEXIST { return false }
            if errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP {
                throw TodoError.io(path: from, reason: String(cString: strerror(errno)))
            }
        }
        #elseif canImport(Darwin)
        if renamex_np(from, to, UInt32(RENAME_EXCL)) == 0 { return true }
        if errno == EEXIST { return false }
        #endif
        if link(from, to) == 0 {
            unlink(from)
            return true
        }
        if errno == EEXIST { return false }
        if access(to, F_OK) == 0 { return false }
        guard rename(from, to) == 0 else { throw TodoError.io(path: from, reason: String(cString: strerror(errno))) }
        return true
    }
}

extension FileSystem {
    /// The one read-check-write-swap routine every edit of an existing file goes through.
    /// Reads the file, lets `transform` compute the new bytes from them (it throws to refuse:
    /// a conflict, a malformed file), writes and fsyncs them to a temp file beside it, records
    /// the write in the journal, takes a last look, and only then swaps the temp file in. On
    /// Linux and macOS the swap is an exchange (`renameat2(RENAME_EXCHANGE)`,
    /// `renamex_np(RENAME_SWAP)`): it hands back exactly the bytes it replaced, so a write by
    /// another program in the last instant is detected; the file is then swapped back and
    /// `transform` runs again on that program's bytes (merging, or refusing with a conflict).
    /// Where no exchange exists, a plain rename leaves the microseconds between the last look
    /// and the rename open (README, "Writes"). Returns the bytes written: the result of a write
    /// is what todomd wrote, never what a later read sees. The caller holds the vault lock
    /// (`withLock`), so todomd processes never interleave. `noun` names the file in errors.
    static func replaceChecked(_ path: String, name: String, noun: String = "file",
                               _ transform: (_ current: [UInt8]) throws -> [UInt8]) throws -> [UInt8] {
        for _ in 0..<8 {
            let current = try readFile(path)
            let newBytes = try transform(current)
            let mode = statStamp(path).map { $0.mode & 0o7777 } ?? 0o644
            // A file its owner made read-only is not ours to rewrite (rename would bypass that).
            if mode & 0o200 == 0 { throw TodoError.conflict(path: name, reason: "the \(noun) is read-only") }
            let tmp = try writeTemp(for: path, bytes: newBytes, mode: mode)
            WriteJournal.noteWrite(path, bytes: newBytes)
            // Last look before the swap: if the file moved on meanwhile, start over.
            guard (try? readFile(path)) == current else {
                unlink(tmp)
                continue
            }
            testHook?(.beforeSwap, path)
            let outcome = swap(tmp, path)
            testHook?(.afterSwap, path)
            switch outcome {
            case .exchanged:
                // `tmp` now names the replaced file. If it is not what we saw, another program
                // wrote in the last instant: put its bytes back and start over from them.
                let replaced = try? readFile(tmp)
                if replaced != current {
                    if (try? readFile(path)) == newBytes { _ = swap(tmp, path) }
                    unlink(tmp)
                    continue
                }
                unlink(tmp)
            case .renamed:
                break
            case .failed(let code):
                unlink(tmp)
                if code == ENOENT { continue }  // removed meanwhile: the next read says so
                throw TodoError.io(path: name, reason: "rename failed: " + String(cString: strerror(code)))
            }
            fsyncDir((path as NSString).deletingLastPathComponent)
            WrittenFiles.record(path, bytes: newBytes)
            ChangeRecorder.changed(path, before: current, after: newBytes)
            return newBytes
        }
        throw TodoError.conflict(path: name, reason: "the \(noun) keeps changing; try again")
    }

    /// Tests play "another program" at these points of `replaceChecked`.
    enum WriteStage { case beforeSwap, afterSwap }
    nonisolated(unsafe) static var testHook: ((WriteStage, String) -> Void)?

    enum SwapOutcome: Equatable { case exchanged, renamed, failed(Int32) }

    /// Puts `tmp` in place of `path`: an atomic exchange where the system has one (then `tmp`
    /// names the old file), else a rename.
    static func swap(_ tmp: String, _ path: String) -> SwapOutcome {
        #if os(Linux)
        if let exchange = renameat2Call {
            if exchange(AT_FDCWD, tmp, AT_FDCWD, path, 2 /* RENAME_EXCHANGE */) == 0 { return .exchanged }
            if errno == ENOENT { return .failed(ENOENT) }
            if errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP { return .failed(errno) }
        }
        #elseif canImport(Darwin)
        if renamex_np(tmp, path, UInt32(RENAME_SWAP)) == 0 { return .exchanged }
        if errno == ENOENT { return .failed(ENOENT) }
        if errno != ENOTSUP && errno != EINVAL { return .failed(errno) }
        #endif
        return rename(tmp, path) == 0 ? .renamed : .failed(errno)
    }

    #if os(Linux)
    typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    /// glibc's `renameat2` (2.28+), looked up at run time: Swift's Glibc module does not import it.
    static let renameat2Call: RenameAt2? = {
        guard let handle = dlopen(nil, RTLD_NOW), let sym = dlsym(handle, "renameat2") else { return nil }
        return unsafeBitCast(sym, to: RenameAt2.self)
    }()
    #endif

    /// Temp files are `.NAME.todomd-PID-RAND.tmp`; one whose process is gone was left by a crash
    /// (SIGKILL, power loss) and is removed. Once per folder per process, at its first write.
    static func removeStaleTemps(in dir: String) {
        let folder = dir.isEmpty ? "." : dir
        guard WrittenFiles.firstVisit(folder) else { return }
        for name in list(folder) ?? [] where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            guard let pid = tempOwner(name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder + "/" + name)
        }
    }

    /// The process id in a temp file's name, or nil when it is not one of ours.
    static func tempOwner(_ name: String) -> pid_t? {
        guard let r = name.range(of: ".todomd-", options: .backwards) else { return nil }
        let parts = name[r.upperBound...].dropLast(4).split(separator: "-")
        guard parts.count == 2, UInt32(parts[1]) != nil, let pid = pid_t(parts[0]), pid > 0 else { return nil }
        return pid
    }

    /// Places a new file under the first free name: `place(relativePath)` is tried with
    /// `name(1)`, `name(2)`… in `folder` until it returns true (false: the name is taken).
    /// Returns the relative path used. Every "never overwrite, add -2" loop goes through here.
    static func firstFreeName(in folder: String, _ name: (Int) -> String, for what: String,
                              _ place: (_ relativePath: String) throws -> Bool) throws -> String {
        for n in 1...10_000 {
            let rel = folder.isEmpty ? name(n) : folder + "/" + name(n)
            if try place(rel) { return rel }
        }
        throw TodoError.io(path: folder.isEmpty ? "." : folder, reason: "no free file name for \(what)")
    }

    /// Runs `body` holding an exclusive advisory lock on `lockPath`, so two todomd processes
    /// never interleave their read-check-rename steps on the same vault. Reentrant on one
    /// thread (a multi-file action holds it across its single-file writes); `first` runs once
    /// the lock is taken at the outermost level (recovering interrupted actions).
    static func withLock<T>(_ lockPath: String, first: (() -> Void)? = nil, _ body: () throws -> T) throws -> T {
        let me = pthread_self()
        heldLock.lock()
        if let h = held[lockPath], pthread_equal(h.owner, me) != 0 {
            held[lockPath] = (me, h.depth + 1)
            heldLock.unlock()
            defer { heldLock.lock(); held[lockPath]?.depth -= 1; heldLock.unlock() }
            return try body()
        }
        heldLock.unlock()
        try? makeDirs((lockPath as NSString).deletingLastPathComponent)
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return try body() }  // no lock possible (read-only cache): still safe-ish via re-read checks
        defer { close(fd) }
        var locked = true
        while flock(fd, LOCK_EX) != 0 {
            if errno != EINTR { locked = false; break }
        }
        heldLock.lock()
        held[lockPath] = (me, 1)
        heldLock.unlock()
        defer {
            heldLock.lock(); held[lockPath] = nil; heldLock.unlock()
            if locked { flock(fd, LOCK_UN) }
        }
        first?()
        return try body()
    }

    private static let heldLock = NSLock()
    nonisolated(unsafe) private static var held: [String: (owner: pthread_t, depth: Int)] = [:]

    /// The per-user cache folder (`$XDG_CACHE_HOME/todomd`, else `~/.cache/todomd`).
    static func cacheDir(env: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let x = env["XDG_CACHE_HOME"], x.hasPrefix("/") { return x + "/todomd" }
        return (env["HOME"] ?? NSHomeDirectory()) + "/.cache/todomd"
    }
}
