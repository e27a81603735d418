import Foundation

/// Rescans the vault's stat stamps every `intervalMillis` and reports the files whose stamp
/// changed, appeared or disappeared. Works on every platform and file system (network
/// shares, sync folders where kernel notifications are unreliable).
public final class PollingEventSource: FileEventSource, @unchecked Sendable {
    public let root: String
    public let excluded: Set<String>
    public let intervalMillis: Int
    private let lock = NSLock()
    private var running = false
    private var thread: Thread?
    private let stopped = DispatchSemaphore(value: 0)
    /// The stamps of the last scan (touched only by the polling thread once started).
    private var previous: [String: FileStamp] = [:]

    public init(root: String, excluded: Set<String> = [], intervalMillis: Int = 500) {
        self.root = root
        self.excluded = excluded
        self.intervalMillis = max(10, intervalMillis)
    }

    func stamps() -> [String: FileStamp] {
        var scanner = VaultScanner(root: root)
        scanner.excluded = excluded
        var out: [String: FileStamp] = [:]
        for f in scanner.scan().files { out[f.path] = f.stamp }
        return out
    }

    public func start(_ handler: @escaping @Sendable (FileEventBatch) -> Void) throws {
        lock.lock()
        defer { lock.unlock() }
        guard !running else { return }
        running = true
        previous = stamps()
        let t = Thread { [self] in
            while isRunning {
                usleep(useconds_t(intervalMillis * 1000))
                guard isRunning else { break }
                let now = stamps()
                var changed = Set<String>()
                for (p, s) in now where previous[p] != s { changed.insert(p) }
                for p in previous.keys where now[p] == nil { changed.insert(p) }
                previous = now
                if !changed.isEmpty, isRunning { handler(FileEventBatch(paths: changed)) }
            }
            stopped.signal()
        }
        t.name = "todomd-watch-poll"
        thread = t
        t.start()
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return running
    }

    public func stop() {
        lock.lock()
        let wasRunning = running
        running = false
        lock.unlock()
        if wasRunning { stopped.wait() }
    }
}
