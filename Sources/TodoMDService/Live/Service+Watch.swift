import Foundation
import TodoMDCore
import TodoMDIndex

/// How to follow the vault live.
public struct WatchOptions: Sendable {
    /// Poll stat stamps instead of using inotify.
    public var poll = false
    /// Report todomd's own writes too (a server), not only other programs' (`todomd watch`).
    public var reportOwnWrites = false

    public init(poll: Bool = false, reportOwnWrites: Bool = false) {
        self.poll = poll
        self.reportOwnWrites = reportOwnWrites
    }
}

/// What a started watch does.
public struct WatchStatus: Sendable {
    /// Polling (no notifications available, or asked for).
    public var polling: Bool
    /// Other todomd commands sync with this process's index instead of walking the vault.
    public var servesIndex: Bool
}

/// A running watch: the diffing session and how it was started (to start it again when the
/// settings change).
final class LiveWatch {
    let session: WatchSession
    let restartInfo: (WatchOptions, @Sendable ([WatchChange]) -> Void)

    init(session: WatchSession, restartInfo: (WatchOptions, @Sendable ([WatchChange]) -> Void)) {
        self.session = session
        self.restartInfo = restartInfo
    }

    func stopAll() { session.stop() }
}

extension TodoService {
    /// Follows the vault live: `onChanges` gets each debounced batch of changes (added, modified,
    /// removed tasks, problems, rate alerts), on the session's queue. With inotify and the
    /// cache on, this process also keeps the index fresh and serves it to other commands (they
    /// sync instead of walking), and its own reads use it the same way.
    public func startWatching(_ options: WatchOptions = WatchOptions(),
                              onChanges: @escaping @Sendable ([WatchChange]) -> Void) throws -> WatchStatus {
        try locked {
            guard vault.exists else { throw TodoError.invalidArgument("no vault at \(root)") }
            live?.stopAll()
            return try startLive((options, onChanges))
        }
    }

    /// Stops the live watch (and the index server) started by `startWatching`.
    public func stopWatching() {
        locked {
            live?.stopAll()
            live = nil
            #if os(Linux)
            if case .served(let server) = access {
                server.stop()
                access = .local(server.index)
            }
            #endif
        }
    }

    func startLive(_ info: (WatchOptions, @Sendable ([WatchChange]) -> Void)) throws -> WatchStatus {
        let options = info.0, onChanges = liveFilter(info.1)
        let session = WatchSession(vault: vault)
        session.reportOwnWrites = options.reportOwnWrites
        let excluded = Set(vault.settings.templateFolders)
        var source = WatchSources.make(root: root, excluded: excluded, poll: options.poll)
        do {
            try session.start(source: source, onChanges: onChanges)
        } catch {
            source = PollingEventSource(root: root, excluded: excluded)
            self.options.warn("\(error); polling instead")
            try session.start(source: source, onChanges: onChanges)
        }
        let polling = source is PollingEventSource
        let status = WatchStatus(polling: polling, servesIndex: !polling && serveIndex())
        live = LiveWatch(session: session, restartInfo: info)
        return status
    }

    /// The watch's changes as the views show them: a file the quarantine holds and a sync
    /// engine's conflict copy are not reported. New files are judged by the quarantine here
    /// (the index may not have seen them yet); a copy is merged soon after, off the watch's
    /// queue (a merged original is reported as changed). Takes no service lock: `stopWatching`
    /// waits for the watch's queue while holding it.
    private func liveFilter(_ onChanges: @escaping @Sendable ([WatchChange]) -> Void) -> @Sendable ([WatchChange]) -> Void {
        let store = historyStore
        let vault = self.vault, clock = options.clock, warn = options.warn
        let settings = LiveSettings(root: root, vault.settings)
        return { [weak self] changes in
            // Read afresh: the watch only restarts with new settings on the next service call.
            let quarantine = settings.current.quarantine
            if let store, let quarantine {
                let fresh = changes.compactMap { c -> SeenFile? in
                    guard case .added(let t, _) = c, t.line == nil, Self.mayHold(t.path), let bytes = try? vault.readBytes(t.path) else { return nil }
                    return SeenFile(path: t.path, bytes: bytes, initial: false)
                }
                if !fresh.isEmpty {
                    Self.recordSeen(fresh, store: store, at: clock().now, quarantine: quarantine, audit: { self?.audit($0) }, warn: warn)
                }
            }
            let held = quarantine == nil ? [:] : Self.seenLock.withLock {
                Dictionary(((try? store?.held()) ?? []).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
            }
            let added = changes.compactMap { c -> String? in
                if case .added(let t, _) = c, t.line == nil, SyncConflictNames.mayBeCopy(t.path) { return t.path }
                return nil
            }
            let detected = Self.detectCopies(added, vault: vault)
            let copies = Set(detected.map(\.copy))
            let kept = changes.compactMap { c -> WatchChange? in
                switch c {
                case .added(let t, _):
                    if let h = held[t.path] { return .held(path: t.path, reason: QuarantinedFile.why(h.reason, source: h.source)) }
                    return copies.contains(t.path) ? nil : c
                case .modified(_, let t, _), .removed(let t): return held[t.path] == nil ? c : nil
                case .problem, .alert, .held, .conflict: return c
                }
            }
            // Also when all were left out: a server's caches of counts must still be dropped.
            if !kept.isEmpty || kept.count < changes.count { onChanges(kept) }
            if !detected.isEmpty, let service = self {
                DispatchQueue.global().async {
                    service.settleCopiesNow()
                    // A copy still there after merging: the same fields changed on both sides.
                    let open = detected.filter { vault.regularFileStamp($0.copy) != nil }
                    if !open.isEmpty { onChanges(open.map { .conflict(original: $0.original, copy: $0.copy) }) }
                }
            }
        }
    }

    /// Merges the sync-conflict copies now (what every read does first).
    func settleCopiesNow() {
        locked { _ = snapshot(.notesOnly, clock: clock) }
    }

    /// Hands the index to an index server (inotify keeps it fresh; other commands sync with
    /// it). False when the cache is off or the server cannot start.
    private func serveIndex() -> Bool {
        #if os(Linux)
        openIndex()
        if case .served = access { return true }
        guard case .local(let index) = access else { return false }
        do {
            let server = try IndexServer(index: index)
            try server.start()
            access = .served(server)
            return true
        } catch {
            options.warn("not serving the index to other commands: \(error)")
            return false
        }
        #else
        // No index server off Linux yet (it needs a drainable event source; FSEvents would be one).
        return false
        #endif
    }
}

/// `.todomd.json` as it is now, for the watch's thread: read again when the file changed.
final class LiveSettings: @unchecked Sendable {
    private let lock = NSLock()
    private let root: String
    private var stamp: FileStamp?
    private var settings: VaultSettings

    init(root: String, _ settings: VaultSettings) {
        self.root = root
        self.settings = settings
        stamp = Vault.stamp(ofPath: root + "/" + VaultSettings.fileName)
    }

    var current: VaultSettings {
        lock.withLock {
            let now = Vault.stamp(ofPath: root + "/" + VaultSettings.fileName)
            if now != stamp {
                stamp = now
                settings = VaultSettings.load(root: root).0
            }
            return settings
        }
    }
}
