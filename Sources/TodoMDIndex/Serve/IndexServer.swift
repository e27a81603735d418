#if os(Linux)
import Foundation
import Glibc
import TodoMDCore

/// Keeps a vault's index fresh from inotify while `todomd watch` runs, and answers "sync"
/// requests on a Unix socket, so other commands skip their walk of the vault. The socket is in
/// Linux's abstract namespace (no file, no path-length limit), named after the index file and
/// the user; clients check with `SO_PEERCRED` that the server runs as the same user.
///
/// A sync reads every inotify event queued so far (the kernel queues an event when a change is
/// made, so every change made before the request is in the queue), stores those files, and only
/// then answers: a command that synced sees every change made before it started, as if it had
/// walked. The scheme is watchman's "sync to now", without its cookie files (inotify's queue is
/// synchronous with the change).
public final class IndexServer: @unchecked Sendable {
    public let index: TaskIndex
    /// The abstract socket's name (without the leading NUL).
    public let socketName: String
    private let source: InotifyEventSource
    /// Every use of the index happens here, in order.
    private let work = DispatchQueue(label: "todomd-index-server")
    private let lock = NSLock()
    private var pending = FileEventBatch()
    private var listenFD: Int32 = -1
    private var healthy = true

    public init(index: TaskIndex) throws {
        guard let name = Self.socketName(for: index) else { throw TodoError.invalidArgument("an in-memory index cannot be served") }
        self.index = index
        socketName = name
        source = InotifyEventSource(root: index.vault.root, excluded: Set(index.vault.settings.templateFolders))
    }

    /// Starts following the vault (a full refresh first) and serving sync requests.
    public func start() throws {
        try source.start { [weak self] batch in self?.enqueue(batch) }
        do { try work.sync { _ = try index.refresh() } } catch {
            source.stop()
            throw error
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else {
            source.stop()
            throw TodoError.io(path: socketName, reason: "socket: " + String(cString: strerror(errno)))
        }
        var (addr, length) = Self.address(socketName)
        let bound = withUnsafePointer(to: &addr) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        guard bound == 0, listen(fd, 16) == 0 else {
            close(fd)
            source.stop()
            let reason = errno == EADDRINUSE ? "another todomd watch serves this vault's index" : String(cString: strerror(errno))
            throw TodoError.io(path: index.vault.root, reason: reason)
        }
        listenFD = fd
        let t = Thread { [self] in acceptLoop(fd) }
        t.name = "todomd-index-server"
        t.start()
    }

    public func stop() {
        let fd = listenFD
        listenFD = -1
        if fd >= 0 {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
        source.stop()
        work.sync {}
    }

    private func enqueue(_ batch: FileEventBatch) {
        lock.lock()
        pending.paths.formUnion(batch.paths)
        pending.rescan = pending.rescan || batch.rescan
        lock.unlock()
        work.asyncAfter(deadline: .now() + .milliseconds(50)) { [weak self] in self?.flush() }
    }

    /// Stores what the events named. Runs on `work`.
    private func flush() {
        lock.lock()
        let batch = pending
        pending = FileEventBatch()
        lock.unlock()
        guard batch.rescan || !batch.paths.isEmpty else { return }
        do {
            guard try index.cacheMatchesIdentity() else {
                healthy = false  // another process rebuilt it with other settings: stop vouching
                return
            }
            if batch.rescan { try index.refresh() } else { try index.refresh(paths: batch.paths) }
            healthy = true
        } catch {
            healthy = false
        }
    }

    /// Brings the index up to date with every change made so far, then runs `body` with it on
    /// the server's queue (where every use of the index happens). nil when the server cannot
    /// vouch for the index (then the caller reads the files itself).
    public func withFreshIndex<T>(_ body: (TaskIndex) throws -> T) rethrows -> T? {
        try work.sync {
            if let drained = source.drain() { enqueueSilently(drained) }
            flush()
            guard healthy else { return nil }
            return try body(index)
        }
    }

    /// Runs `body` with the index on the server's queue, without syncing first (to tell the
    /// index about a write the caller just made).
    public func withIndex<T>(_ body: (TaskIndex) throws -> T) rethrows -> T {
        try work.sync { try body(index) }
    }

    /// Brings the index up to date with every change made so far; false if it could not.
    public func sync() -> Bool {
        work.sync {
            if let drained = source.drain() { enqueueSilently(drained) }
            flush()
            return healthy
        }
    }

    private func enqueueSilently(_ batch: FileEventBatch) {
        lock.lock()
        pending.paths.formUnion(batch.paths)
        pending.rescan = pending.rescan || batch.rescan
        lock.unlock()
    }

    private func acceptLoop(_ fd: Int32) {
        while true {
            let conn = accept(fd, nil, nil)
            if conn < 0 {
                if errno == EINTR { continue }
                return  // closed by stop()
            }
            DispatchQueue.global().async { [self] in serve(conn) }
        }
    }

    /// One request: `sync <identity>\n` → `ok\n` (fresh) or `stale\n` (walk yourself).
    private func serve(_ conn: Int32) {
        defer { close(conn) }
        var timeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(conn, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let line = IndexClient.readLine(conn), line.hasPrefix("sync ") else { return }
        let fresh = String(line.dropFirst(5)) == index.identityKey && sync()
        IndexClient.write(conn, fresh ? "ok\n" : "stale\n")
    }

    /// `todomd-index-<hash of the index file>-<uid>`.
    static func socketName(for index: TaskIndex) -> String? {
        index.path.map { "todomd-index-" + String(Vault.fingerprint(Array($0.utf8)), radix: 16) + "-\(getuid())" }
    }

    /// An abstract-namespace address (`sun_path` starts with NUL) and its exact length.
    static func address(_ name: String) -> (sockaddr_un, socklen_t) {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(name.utf8.prefix(100))
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            raw[0] = 0
            raw.baseAddress!.advanced(by: 1).copyMemory(from: bytes, byteCount: bytes.count)
        }
        return (addr, socklen_t(MemoryLayout<sa_family_t>.size + 1 + bytes.count))
    }
}
#endif
