#if os(Linux)
import Foundation
import Glibc

/// Linux change notifications: one inotify watch on every folder of the vault that is not
/// hidden or excluded (folders created later get theirs as they appear, and the files
/// already in them are reported). A lost-events overflow asks for a full rescan. Events are
/// read on a background thread that polls with a timeout, so `stop` is prompt.
public final class InotifyEventSource: FileEventSource, @unchecked Sendable {
    public let root: String
    public let excluded: Set<String>
    private let lock = NSLock()
    private var fd: Int32 = -1
    private var running = false
    /// watch descriptor → vault-relative folder ("" for the root).
    private var folders: [Int32: String] = [:]
    private var realRoot = ""
    private let stopped = DispatchSemaphore(value: 0)
    /// Held while events are read and handed over, so `drain()` never runs while a batch is
    /// read but not yet delivered.
    private let delivering = NSLock()

    static let mask: UInt32 = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_DELETE_SELF | IN_ATTRIB)

    public init(root: String, excluded: Set<String> = []) {
        self.root = root
        self.excluded = excluded
    }

    public func start(_ handler: @escaping @Sendable (FileEventBatch) -> Void) throws {
        lock.lock()
        defer { lock.unlock() }
        guard !running else { return }
        let f = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard f >= 0 else { throw TodoError.io(path: root, reason: "inotify unavailable: " + String(cString: strerror(errno))) }
        fd = f
        realRoot = FileSystem.realPath(root) ?? root
        var ignored = Set<String>()
        guard addWatches(rel: "", report: &ignored) else {
            close(f)
            fd = -1
            folders = [:]
            throw TodoError.io(path: root, reason: "cannot watch the vault: " + String(cString: strerror(errno)))
        }
        running = true
        let t = Thread { [self] in
            loop(handler)
            stopped.signal()
        }
        t.name = "todomd-watch-inotify"
        t.start()
    }

    public func stop() {
        lock.lock()
        let wasRunning = running
        running = false
        lock.unlock()
        guard wasRunning else { return }
        stopped.wait()
        lock.lock()
        close(fd)
        fd = -1
        folders = [:]
        lock.unlock()
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    private func absolute(_ rel: String) -> String { rel.isEmpty ? root : root + "/" + rel }

    /// Watches `rel` and every folder below it (as `VaultScanner` walks: no hidden or excluded
    /// folders, links only when they stay in the vault). Files found are added to `report`.
    /// Returns false if a folder could not be watched (e.g. the inotify watch limit,
    /// `fs.inotify.max_user_watches`, is reached). Call with `lock` held.
    @discardableResult
    private func addWatches(rel: String, report: inout Set<String>) -> Bool {
        var seen = Set<[UInt64]>()
        var stack = [rel]
        var complete = true
        while let dir = stack.popLast() {
            let wd = inotify_add_watch(fd, absolute(dir), Self.mask)
            if wd < 0 {
                // A folder that vanished meanwhile is fine; anything else means blind spots.
                if errno != ENOENT && errno != ENOTDIR { complete = false }
                if dir == rel { return false }
                continue
            }
            folders[wd] = dir
            guard let names = FileSystem.list(absolute(dir)) else { continue }
            for name in names where !name.hasPrefix(".") {
                let childRel = dir.isEmpty ? name : dir + "/" + name
                let abs = absolute(childRel)
                guard var (stamp, mode) = FileSystem.lstatStamp(abs) else { continue }
                if FileSystem.isLink(mode) {
                    guard let target = FileSystem.realPath(abs),
                          target == realRoot || target.hasPrefix(realRoot + "/"),
                          let resolved = FileSystem.statStamp(target) else { continue }
                    (stamp, mode) = resolved
                }
                if FileSystem.isDir(mode) {
                    if excluded.contains(childRel) { continue }
                    if seen.insert([stamp.device, stamp.inode]).inserted { stack.append(childRel) }
                } else {
                    report.insert(childRel)
                }
            }
        }
        return complete
    }

    /// Drops the watches of `rel` and the folders below it (it moved away).
    private func removeWatches(under rel: String) {
        for (wd, dir) in folders where dir == rel || dir.hasPrefix(rel + "/") {
            inotify_rm_watch(fd, wd)
            folders[wd] = nil
        }
    }

    private func loop(_ handler: @Sendable (FileEventBatch) -> Void) {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while isRunning {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, 100)
            if ready < 0 && errno != EINTR { break }
            guard ready > 0 else { continue }
            delivering.lock()
            let batch = readPending(&buffer)
            if (!batch.paths.isEmpty || batch.rescan) && isRunning { handler(batch) }
            delivering.unlock()
        }
    }

    /// Every event queued so far, read now: the kernel queues an inotify event when the change
    /// is made, so after this returns every change made before the call is known. Events the
    /// background thread already read have been delivered to the handler by then. Nil when
    /// not running.
    public func drain() -> FileEventBatch? {
        guard isRunning else { return nil }
        delivering.lock()
        defer { delivering.unlock() }
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        return readPending(&buffer)
    }

    private func readPending(_ buffer: inout [UInt8]) -> FileEventBatch {
        var batch = FileEventBatch()
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            lock.lock()
            parse(buffer, count: n, into: &batch)
            lock.unlock()
        }
        return batch
    }

    /// Reads the `inotify_event` records in `buffer[0..<count]`.
    private func parse(_ buffer: [UInt8], count: Int, into batch: inout FileEventBatch) {
        var i = 0
        func u32(_ at: Int) -> UInt32 {
            UInt32(buffer[at]) | UInt32(buffer[at + 1]) << 8 | UInt32(buffer[at + 2]) << 16 | UInt32(buffer[at + 3]) << 24
        }
        while i + 16 <= count {
            let wd = Int32(bitPattern: u32(i))
            let mask = u32(i + 4)
            let len = Int(u32(i + 12))
            var nameBytes = Array(buffer[(i + 16)..<min(count, i + 16 + len)])
            if let nul = nameBytes.firstIndex(of: 0) { nameBytes.removeSubrange(nul...) }
            let name = String(decoding: nameBytes, as: UTF8.self)
            i += 16 + len
            if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                batch.rescan = true
                continue
            }
            if mask & UInt32(IN_IGNORED) != 0 {
                folders[wd] = nil
                continue
            }
            guard let dir = folders[wd] else { continue }
            if name.isEmpty {
                // The watched folder itself (IN_DELETE_SELF): its files are gone.
                if mask & UInt32(IN_DELETE_SELF) != 0 { batch.paths.insert(dir) }
                continue
            }
            if name.hasPrefix(".") { continue }
            let rel = dir.isEmpty ? name : dir + "/" + name
            batch.paths.insert(rel)
            guard mask & UInt32(IN_ISDIR) != 0 else { continue }
            if mask & UInt32(IN_MOVED_FROM | IN_DELETE) != 0 {
                removeWatches(under: rel)
            } else if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !excluded.contains(rel) {
                var found = Set<String>()
                if !addWatches(rel: rel, report: &found) { batch.rescan = true }
                batch.paths.formUnion(found)
            }
        }
    }
}
#endif
