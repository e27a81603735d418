import Foundation
import TodoMDCore
import TodoMDIndex

/// How the service reaches the index cache.
enum IndexAccess {
    /// Not opened yet.
    case closed
    /// No index: read the files (cache off, or it could not be used).
    case off
    /// This process's own index, refreshed by walking the vault (or synced with a running watch).
    case local(TaskIndex)
    #if os(Linux)
    /// The index a live watch in this process keeps fresh from inotify.
    case served(IndexServer)
    #endif

    mutating func close() {
        #if os(Linux)
        if case .served(let s) = self { s.stop() }
        #endif
        self = .closed
    }
}

/// What a read needs from the vault; with the index, only the tasks it could use are loaded.
enum SnapshotNeed {
    case all
    case view(ViewKind, TaskFilter)
    /// The tasks a perspective's filter (nil: all) and `filter` could match.
    case query(QueryNode?, TaskFilter)
    /// No tasks: the special notes (types, saved views, typed items) and problems only.
    case notesOnly
    case resolving(String)
    /// Only the tasks at the paths a reference names exactly.
    case exact(String)
    /// The tasks whose stored form mentions this text (a superset of those with that key).
    case mentioning(String)
    /// The tasks at this path, with what they name up the tree and the tasks naming them
    /// (`Prefilter.withRelated`, with dependents).
    case around(String)

    /// The index's condition for this need on `today`; a view or query also loads what its
    /// tasks' dependencies need (`Prefilter.withRelated`), with every task of `wholeProjects`.
    func prefilter(today: LocalDate, wholeProjects: [String]) -> Prefilter {
        switch self {
        case .all: return .all
        case .view(let kind, let filter): return Prefilter.view(kind, filter: filter, today: today).withRelated(projects: wholeProjects)
        case .query(let node, let filter):
            let blocking = node?.conditions.contains { $0.field == .blocking } ?? false
            return Prefilter.query(node, filter: filter, today: today).withRelated(projects: wholeProjects, dependents: blocking)
        case .notesOnly: return .query(.or([]), today: today)
        case .resolving(let query): return .resolving(query)
        case .exact(let query): return .exact(query)
        case .mentioning(let text): return .mentioning(text)
        case .around(let path): return Prefilter.exact(path).withRelated(projects: [], dependents: true)
        }
    }
}

extension TodoService {
    /// Opens the index on first use: `.local` when it can be used, else `.off` after a warning.
    func openIndex() {
        guard case .closed = access else { return }
        guard options.useIndex, vault.exists else {
            access = .off
            return
        }
        do {
            Trace.mark("start")
            let path = options.indexPath ?? TaskIndex.defaultPath(root: root)
            let index = try TaskIndex(vault: vault, path: path)
            if let store = historyStore {
                let clock = options.clock, warn = options.warn
                // Read afresh: an index server refreshes without a service call (which reloads them).
                let settings = LiveSettings(root: root, vault.settings)
                index.onSeen = { [weak self] files in
                    defer { Trace.mark("history: \(files.count) files seen") }
                    TodoService.recordSeen(files, store: store, at: clock().now, quarantine: settings.current.quarantine,
                                           audit: { self?.audit($0) }, warn: warn)
                }
            }
            access = .local(index)
            Trace.mark("open index")
        } catch {
            options.warn("index cache unavailable (\(error)); reading the vault directly")
            access = .off
        }
    }

    /// Brings a local index up to date before a read: once per command, before every read in a
    /// long-running process. A running `todomd watch` that can vouch for the index saves the walk.
    private func refreshLocal(_ index: TaskIndex) -> Bool {
        if refreshed && !options.longRunning { return true }
        do {
            if IndexClient.sync(index) {
                Trace.mark("synced with the running watch")
            } else {
                try index.refresh(progress: options.progress)
            }
            refreshed = true
            return true
        } catch {
            options.warn("index cache unavailable (\(error)); reading the vault directly")
            access = .off
            return false
        }
    }

    /// The vault as `need` requires it: from the index when it can answer, else read from the
    /// files (and in a command, read once and kept).
    func snapshot(_ need: SnapshotNeed, clock: Clock) -> VaultSnapshot {
        // Projects' dates apply to tasks without their own (effective dates): a view loads every
        // task of such a project (`SnapshotNeed.prefilter`), then they are applied.
        let settings = vault.settings
        var snap = settledSnapshot(need, clock: clock)
        if settings.hasProjectDates { snap.tasks = settings.withEffectiveDates(snap.tasks) }
        let held = heldPaths()
        if !held.isEmpty { snap.tasks.removeAll { held.contains($0.path) } }
        return snap
    }

    /// The snapshot after merging sync-conflict copies (open conflicts left out).
    private func settledSnapshot(_ need: SnapshotNeed, clock: Clock) -> VaultSnapshot {
        guard !settlingCopies else { return loadSnapshot(need, clock: clock) }
        if vault.exists {
            settleSettingsCopies()
            do { try finishInterruptedRename() } catch { options.warn("an interrupted rename could not be finished yet: \(error)") }
        }
        var snap = loadSnapshot(need, clock: clock)
        // Sync-conflict copies: merged into their originals first; open conflicts left out.
        let indexed: Bool
        switch access {
        case .closed, .off: indexed = false
        default: indexed = true
        }
        let candidates = indexed ? copyCandidates() : snap.tasks.filter { $0.line == nil }.map(\.path).filter(SyncConflictNames.mayBeCopy)
        guard !candidates.isEmpty else {
            openCopies = []
            return snap
        }
        if !settleSyncCopies(candidates).merged.isEmpty { snap = loadSnapshot(need, clock: clock) }
        if !openCopies.isEmpty { snap.tasks.removeAll { openCopies.contains($0.path) } }
        return snap
    }

    /// Paths no view shows: copies with open sync conflicts, and files the quarantine holds.
    func hiddenPaths() -> Set<String> {
        openCopies.union(heldPaths())
    }

    private func loadSnapshot(_ need: SnapshotNeed, clock: Clock) -> VaultSnapshot {
        if let snap = indexSnapshot(need, clock: clock) { return snap }
        if !options.longRunning, let loaded { return loaded }
        let snap = vault.load()
        if !options.longRunning { loaded = snap }
        return snap
    }

    /// What `need` requires, from the index only; nil when the index cannot answer.
    func indexSnapshot(_ need: SnapshotNeed, clock: Clock) -> VaultSnapshot? {
        openIndex()
        let prefilter = need.prefilter(today: clock.today, wholeProjects: vault.settings.wholeProjects)
        switch access {
        case .closed, .off:
            return nil
        case .local(let index):
            guard refreshLocal(index) else { return nil }
            do { return try index.snapshot(prefilter) } catch {
                options.warn("index cache unreadable (\(error)); reading the vault directly")
                return nil
            }
        #if os(Linux)
        case .served(let server):
            do {
                if let snap = try server.withFreshIndex({ try $0.snapshot(prefilter) }) { return snap }
            } catch {
                options.warn("index cache unreadable (\(error)); reading the vault directly")
            }
            return nil
        #endif
        }
    }

    /// Runs `body` with an index usable for search: the cache, refreshed; or, with the cache off,
    /// one built in memory for this call.
    func withSearchIndex<T>(_ body: (TaskIndex) throws -> T) throws -> T {
        openIndex()
        switch access {
        case .local(let index) where refreshLocal(index):
            return try body(index)
        #if os(Linux)
        case .served(let server):
            if let r = try server.withFreshIndex(body) { return r }
        #endif
        default:
            break
        }
        let memory = try TaskIndex(vault: vault, inMemory: true)
        try memory.refresh()
        return try body(memory)
    }

    /// The task at `path` as it was at `version`, if the index saw that version.
    func indexedTask(path: String, version: String) -> TodoTask? {
        switch access {
        case .local(let index): return try? index.task(path: path, version: version)
        #if os(Linux)
        case .served(let server): return server.withIndex { try? $0.task(path: path, version: version) }
        #endif
        default: return rehearsalBase?.indexedTask(path: path, version: version)
        }
    }

    /// Tells the index about files this service just wrote, so the next read need not find them.
    func noteWritten(_ paths: [String]) {
        loaded = nil
        let set = Set(paths.filter { !$0.isEmpty })
        guard !set.isEmpty else { return }
        switch access {
        case .local(let index): _ = try? index.refresh(paths: set)
        #if os(Linux)
        case .served(let server): _ = server.withIndex { try? $0.refresh(paths: set) }
        #endif
        default: break
        }
    }
}

extension TodoService {
    /// The vault's dependencies for a view of `snap` (possibly a prefiltered part of the vault).
    /// A view's snapshot from the index holds what they need (`holdsDependencies`); a part
    /// without it, when one of its tasks names a dependency or is in a sequential project (or
    /// `always`, a query about blocking), makes the whole vault read. A vault without either
    /// pays nothing.
    func dependencies(of snap: VaultSnapshot, clock: Clock, always: Bool = false) -> TaskDependencies {
        let settings = vault.settings
        let sequential = settings.hasSequentialProjects && Set(snap.tasks.compactMap(\.project)).contains(where: settings.isSequential)
        guard always || sequential || snap.tasks.contains(where: TaskDependencies.hasReferences) else { return .none }
        let tasks = snap.holdsDependencies ? snap.tasks : snapshot(.all, clock: clock).tasks
        return dependencies(among: tasks, order: OrderFile.load(root: root))
    }

    /// The dependencies among `tasks` (the whole vault), with the order of its sequential
    /// projects (`.todomd.json` `projects`) in `order`.
    func dependencies(among tasks: [TodoTask], order: OrderFile) -> TaskDependencies {
        let settings = vault.settings
        guard settings.hasSequentialProjects else { return TaskDependencies(tasks) }
        return TaskDependencies(tasks, sequence: ProjectSequence(tasks, isSequential: settings.isSequential, order: order))
    }
}
