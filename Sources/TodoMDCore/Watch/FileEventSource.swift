import Foundation

/// What a file event source reports: vault-relative paths that may have changed (files or
/// folders, `.md` or not; the session sorts them out), or that everything must be rescanned
/// (events were lost).
public struct FileEventBatch: Sendable, Equatable {
    public var paths: Set<String>
    public var rescan: Bool

    public init(paths: Set<String> = [], rescan: Bool = false) {
        self.paths = paths
        self.rescan = rescan
    }
}

/// The seam between `watch` and the operating system's change notifications.
///
/// - Linux: `InotifyEventSource` (inotify on every folder of the vault).
/// - Everywhere, and when inotify is unavailable: `PollingEventSource` (stat rescans).
/// - Apple platforms: an FSEvents source (`FSEventStreamCreate` on the vault root with
///   `kFSEventStreamCreateFlagFileEvents`, mapping `kFSEventStreamEventFlagMustScanSubDirs` /
///   `…UserDropped` / `…KernelDropped` to `rescan`) goes here for macOS, and an
///   `NSMetadataQuery` (iCloud Drive / ubiquity container) or `NSFilePresenter` source for iOS.
///   Until then Apple platforms use polling (see `WatchSources.make`).
///
/// Sources call `handler` from their own thread; it must be cheap (the session only queues).
public protocol FileEventSource: AnyObject, Sendable {
    /// Starts delivering batches. Throws when the mechanism is unavailable.
    func start(_ handler: @escaping @Sendable (FileEventBatch) -> Void) throws
    /// Stops delivering; no handler call starts after it returns.
    func stop()
}

/// Which event source to use.
public enum WatchSources {
    /// inotify on Linux unless `poll` (or `TODOMD_WATCH_POLL=1`); polling elsewhere, and when
    /// inotify cannot be started (`start` is tried here).
    public static func make(root: String, excluded: Set<String>, poll: Bool = false,
                            env: [String: String] = ProcessInfo.processInfo.environment,
                            pollIntervalMillis: Int = 500) -> FileEventSource {
        let forcePoll = poll || env["TODOMD_WATCH_POLL"] == "1"
        #if os(Linux)
        if !forcePoll { return InotifyEventSource(root: root, excluded: excluded) }
        #endif
        _ = forcePoll
        return PollingEventSource(root: root, excluded: excluded, intervalMillis: pollIntervalMillis)
    }
}
