import Foundation
import TodoMDCore
import TodoMDIndex

/// How a service is opened.
public struct ServiceOptions: Sendable {
    /// The vault folder (absolute).
    public var vaultRoot: String
    /// "Now", read on every call: a server runs for weeks and today changes at midnight.
    public var clock: @Sendable () -> Clock
    /// Answer from the index cache (else read every file, every time).
    public var useIndex = true
    /// The index file (default: `TaskIndex.defaultPath`).
    public var indexPath: String?
    /// The undo journal's folder (default: `undo/<vault key>` beside the index; see
    /// `TodoService.undoJournalPath`).
    public var undoJournalPath: String?
    /// How quick entry reads numeric dates (`12/3`) when the vault's `date_order` is not set
    /// (a command line derives it from the locale); nil means month/day.
    public var dateOrder: DateOrder?
    /// A long-running process (a server): refresh the index (or sync with the watch) before
    /// every read and reload `.todomd.json` when it changes. A command refreshes once.
    public var longRunning = false
    /// Where warnings go (the CLI prints them on stderr, a server logs them).
    public var warn: @Sendable (String) -> Void = { _ in }
    /// How the vault path was chosen (errors about a missing vault name it); nil when a
    /// program chose it.
    public var vaultOrigin: VaultLocator.Origin?
    /// Whether a write may create the vault folder: the default one (`~/todo.md`), however it
    /// was named. Any other missing folder is a mistake to report, not to create.
    public var mayCreateVault = false
    /// Progress of a cold index build (done, total), for a progress bar.
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// The front end this service serves (`cli`, `web`, `mcp`, `url`): the version history and
    /// the audit log name it, and it is the `source` of changes no agent session names.
    public var frontEnd = "cli"
    /// The version history store (default: `history/<vault key>.sqlite` beside the index);
    /// `""` turns the history (and the audit log) off, as a dry run's scratch vault does.
    public var historyPath: String?

    public init(vaultRoot: String, clock: @escaping @Sendable () -> Clock) {
        self.vaultRoot = vaultRoot
        self.clock = clock
    }
}

/// The application layer every front end calls (the CLI, `todomd serve`, later MCP): it opens
/// the vault and its index once, keeps them fresh, resolves task references with their
/// versions, performs every action with the rules in one place, and returns structured
/// results and conflicts. Front ends parse input, call it, and print or encode the result.
///
/// `@unchecked Sendable`: every method takes `lock` for its whole run, and the mutable state
/// below is only touched while it is held, so calls from many threads (concurrent HTTP
/// requests) run one at a time.
public final class TodoService: @unchecked Sendable {
    public let options: ServiceOptions
    let lock = NSRecursiveLock()
    private let queue = DispatchQueue(label: "todomd.service", qos: .userInitiated)

    /// The vault as last opened (replaced when `.todomd.json` changes).
    private(set) var vault: Vault
    private var settingsStamps: [FileStamp?]
    var access: IndexAccess
    /// In a command: the index was refreshed (or synced) already.
    var refreshed = false
    /// In a command without the index: the vault as read once.
    var loaded: VaultSnapshot?
    /// The live watch, if one was started (`watch`, `serve`).
    var live: LiveWatch?
    /// For a scratch service of a dry run (`rehearse`): the real one, whose index knows the
    /// versions callers read.
    var rehearsalBase: TodoService?
    /// The version history, once opened (`Service+History.swift`).
    var historyState: HistoryState = .closed
    /// The `source` of the action being recorded (an agent session's), else the front end.
    var actingSource: String?
    /// The front end of the call being run (`attributed`), else `options.frontEnd`.
    var actingFrontEnd: String?
    /// Sync-conflict copies with open conflicts: left out of every read (`Service+SyncCopies`).
    var openCopies: Set<String> = []
    /// Copies are being merged (their reads must not merge again).
    var settlingCopies = false
    /// The vault root's stamp when its JSON copies were last looked for, and what could not be
    /// merged then (`Service+SettingsCopies`).
    var settingsCopiesStamp: FileStamp?
    var settingsCopyProblems: [FileProblem] = []

    public init(_ options: ServiceOptions) {
        self.options = options
        vault = Vault(root: options.vaultRoot, clockSource: options.clock)
        settingsStamps = Self.settingsStamps(options.vaultRoot)
        access = .closed
        recovered = vault.recoverInterrupted()
    }

    /// What opening the vault rolled forward: actions a killed todomd left half done.
    public private(set) var recovered: [String] = []

    /// The vault folder.
    public var root: String { options.vaultRoot }

    /// The current time and zone (read anew on every call).
    public var clock: Clock { options.clock() }

    /// Runs `body` holding the service lock, after reloading the settings if they changed. The
    /// files it changes are recorded as one undoable action named after the calling function
    /// (`Service+Undo.swift`), unless it runs inside one already.
    func locked<T>(_ action: String = #function, _ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        if options.longRunning { reloadIfSettingsChanged() }
        return try recording(action, body)
    }

    /// Runs `body` with the writes it makes attributed to `frontEnd` (`web`, `mcp`, `url`) and,
    /// when given, `source` (`mcp:claude`, `shortcut`): the version history and the audit log
    /// name them. A server serves several front ends with one service, so each call says which.
    public func attributed<T>(frontEnd: String, source: String? = nil, _ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        let saved = (actingFrontEnd, actingSource)
        actingFrontEnd = frontEnd
        if let source { actingSource = source }
        defer { (actingFrontEnd, actingSource) = saved }
        return try body()
    }

    /// The front end of the call being run.
    var frontEnd: String { actingFrontEnd ?? options.frontEnd }

    // MARK: Settings

    /// The files whose bytes the settings come from.
    static func settingsStamps(_ root: String) -> [FileStamp?] {
        [VaultSettings.fileName, ".obsidian/templates.json", ObsidianTasksSettings.relativePath].map { Vault.stamp(ofPath: root + "/" + $0) }
    }

    /// A long-running process picks up a changed `.todomd.json`: a new vault, its index (whose
    /// identity includes the settings) and, if one runs, a new live watch.
    private func reloadIfSettingsChanged() {
        let now = Self.settingsStamps(root)
        guard now != settingsStamps else { return }
        settingsStamps = now
        vault = Vault(root: root, clockSource: options.clock)
        let restart = live?.restartInfo
        live?.stopAll()
        live = nil
        access.close()
        access = .closed
        refreshed = false
        loaded = nil
        options.warn("\(VaultSettings.fileName) changed; settings reloaded")
        if let restart { _ = try? startLive(restart) }
    }

    /// Problems of the vault's own files (`.todomd.json`, `.order.json`), for `doctor` and views.
    func settingsProblems() -> [FileProblem] {
        var problems: [FileProblem] = []
        if let p = OrderFile.load(root: root).problem { problems.append(FileProblem(path: OrderFile.fileName, reasons: [p])) }
        if let p = vault.settingsProblem { problems.append(FileProblem(path: VaultSettings.fileName, reasons: [p])) }
        return problems
    }

    /// Runs `body` off the async executors, on one serial queue in arrival order: the service
    /// blocks (files, SQLite), so servers (HTTP, MCP) call it through here.
    public func perform<T: Sendable>(_ body: @escaping @Sendable (TodoService) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { c in
            queue.async { c.resume(with: Result { try body(self) }) }
        }
    }

    /// The view engine under the current clock, order file and settings.
    func engine(_ clock: Clock) -> ViewEngine {
        ViewEngine(clock: clock, order: OrderFile.load(root: root), retentionDays: vault.settings.completedRetentionDays,
                   archiveTag: vault.format.archiveTag)
    }
}
