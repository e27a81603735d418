import Foundation

/// Follows a vault: keeps what every file held, and turns batches of changed paths into
/// `WatchChange`s (added, modified, removed tasks; problems; rate alerts).
///
/// Batches are debounced: they are processed `debounce` after the last event, but never more
/// than `maxDelay` after the first, so a change is reported within ~200 ms. Writes the engine
/// made itself (recorded in the vault's `WriteJournal` within `ownWriteWindow`) are not
/// reported, but new files still count for the rate alert.
public final class WatchSession: @unchecked Sendable {
    public let vault: Vault
    public let journal: WriteJournal?
    public var ownWriteWindow: TimeInterval = 10
    /// Report todomd's own writes too (a server's clients want to hear of each other's edits).
    public var reportOwnWrites = false
    public var debounce: TimeInterval = 0.05
    public var maxDelay: TimeInterval = 0.15

    /// What each file held when last read, and its stamp.
    private var files: [String: FileContents] = [:]
    private var stamps: [String: FileStamp] = [:]
    private var rate: RateLimitMonitor
    private let now: @Sendable () -> Date
    private let realRoot: String
    private let excluded: Set<String>

    private let queue = DispatchQueue(label: "todomd.watch.session")
    private var source: FileEventSource?
    private var onChanges: (@Sendable ([WatchChange]) -> Void)?
    private var pending = FileEventBatch()
    private var firstAt: UInt64?
    private var lastAt: UInt64 = 0
    private var active = false

    /// Reads the whole vault as it is now.
    public init(vault: Vault, journal: WriteJournal? = nil, rateMonitor: RateLimitMonitor = RateLimitMonitor(),
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.vault = vault
        self.journal = journal ?? WriteJournal.journal(forRoot: vault.root)
        rate = rateMonitor
        self.now = now
        realRoot = FileSystem.realPath(vault.root) ?? vault.root
        excluded = Set(vault.settings.templateFolders)
        var scanner = VaultScanner(root: vault.root)
        scanner.excluded = excluded
        for f in scanner.scan().files {
            stamps[f.path] = f.stamp
            if case .read(let c) = read(f.path) { files[f.path] = c.contents }
        }
    }

    /// The tasks currently known, by file. (Not from inside `onChanges`: it runs on the
    /// session's queue.)
    public var tasks: [TodoTask] { queue.sync { files.keys.sorted().flatMap { files[$0]!.tasks } } }

    // MARK: Live

    /// Starts `source` and calls `onChanges` (on the session's queue) with each debounced
    /// batch's changes.
    public func start(source: FileEventSource, onChanges: @escaping @Sendable ([WatchChange]) -> Void) throws {
        queue.sync {
            self.source = source
            self.onChanges = onChanges
            active = true
        }
        try source.start { [weak self] batch in
            guard let self else { return }
            self.queue.async { self.enqueue(batch) }
        }
    }

    /// Stops the source and the session; no `onChanges` call starts afterwards. (Not from
    /// inside `onChanges`.)
    public func stop() {
        source?.stop()
        queue.sync {
            active = false
            onChanges = nil
            source = nil
        }
    }

    private func enqueue(_ batch: FileEventBatch) {
        guard active else { return }
        pending.paths.formUnion(batch.paths)
        pending.rescan = pending.rescan || batch.rescan
        let t = DispatchTime.now().uptimeNanoseconds
        if firstAt == nil { firstAt = t }
        lastAt = t
        scheduleCheck()
    }

    private func dueTime() -> UInt64? {
        guard let first = firstAt else { return nil }
        return min(lastAt + UInt64(debounce * 1e9), first + UInt64(maxDelay * 1e9))
    }

    private func scheduleCheck() {
        guard let due = dueTime() else { return }
        queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: due)) { [weak self] in self?.check() }
    }

    private func check() {
        guard active, let due = dueTime() else { return }
        if DispatchTime.now().uptimeNanoseconds + 1_000_000 < due { return scheduleCheck() }
        let batch = pending
        pending = FileEventBatch()
        firstAt = nil
        let changes = process(batch, hold: true)
        if !changes.isEmpty { onChanges?(changes) }
    }

    /// Files whose tasks vanished (emptied, half written, or gone) at the last check: looked at
    /// once more a debounce later, so an in-place rewrite (truncate, then write) or a delete and
    /// re-create reads as `modified`, not `removed` + `added`.
    private var held = Set<String>()

    private func hold(_ path: String) {
        held.insert(path)
        queue.asyncAfter(deadline: .now() + max(debounce, 0.02)) { [weak self] in
            self?.enqueue(FileEventBatch(paths: [path]))
        }
    }

    // MARK: Processing

    /// Applies one batch synchronously and returns what changed (the live path calls this
    /// after debouncing; tests call it directly).
    public func apply(_ batch: FileEventBatch) -> [WatchChange] {
        queue.sync { process(batch, hold: false) }
    }

    private func process(_ batch: FileEventBatch, hold holding: Bool) -> [WatchChange] {
        var candidates = Set<String>()
        var rescan = batch.rescan
        for p in batch.paths {
            let parts = p.split(separator: "/").map(String.init)
            if parts.isEmpty || parts.contains(where: { $0.hasPrefix(".") }) { continue }
            if excluded.contains(where: { p == $0 || p.hasPrefix($0 + "/") }) { continue }
            if let (_, mode) = FileSystem.statStamp(vault.absolute(p)), FileSystem.isDir(mode) {
                rescan = true
                continue
            }
            if Self.isMarkdown(p) { candidates.insert(p) }
            if files[p] == nil, stamps.keys.contains(where: { $0.hasPrefix(p + "/") }) { rescan = true }
        }
        if rescan {
            var scanner = VaultScanner(root: vault.root)
            scanner.excluded = excluded
            var present = Set<String>()
            for f in scanner.scan().files {
                present.insert(f.path)
                if stamps[f.path] != f.stamp { candidates.insert(f.path) }
            }
            for p in stamps.keys where !present.contains(p) { candidates.insert(p) }
        }
        guard !candidates.isEmpty else { return [] }

        let since = now().addingTimeInterval(-ownWriteWindow)
        let own = reportOwnWrites ? [] : journal?.entries(since: since) ?? []
        var ownWrites = Set<String>(), ownRemovals = Set<String>()
        for e in own {
            if let fp = e.fingerprint { ownWrites.insert(e.path + "\t" + String(fp, radix: 16)) } else { ownRemovals.insert(e.path) }
        }
        func absolutes(_ rel: String) -> [String] {
            let abs = vault.absolute(rel)
            let real = FileSystem.realPath(abs)
            return real.map { $0 == abs ? [abs] : [abs, $0] } ?? [abs, realRoot + "/" + rel]
        }
        func isOwnWrite(_ rel: String, _ fp: UInt64) -> Bool {
            absolutes(rel).contains { ownWrites.contains($0 + "\t" + String(fp, radix: 16)) }
        }
        func isOwnRemoval(_ rel: String) -> Bool { absolutes(rel).contains { ownRemovals.contains($0) } }

        var changes: [WatchChange] = []
        var newSources: [String?] = []
        for p in candidates.sorted() {
            let old = files[p]
            let result = read(p)
            let secondLook = held.remove(p) != nil
            if holding, !secondLook, let old, !old.tasks.isEmpty {
                var vanished = false
                switch result {
                case .gone: vanished = true
                case .read(let c): vanished = c.contents.tasks.isEmpty
                case .failed: break
                }
                if vanished { hold(p); continue }
            }
            switch result {
            case .gone:
                stamps[p] = nil
                guard let old else { continue }
                files[p] = nil
                if isOwnRemoval(p) { continue }
                changes += old.tasks.map(WatchChange.removed)
            case .failed(let problem):
                // Keep what we knew; re-read on the next event.
                stamps[p] = nil
                if old?.problem != problem {
                    if var o = old { o.problem = problem; files[p] = o }
                    changes.append(.problem(problem))
                }
            case .read(let c):
                stamps[p] = c.stamp
                files[p] = c.contents
                if let old, old.fingerprint == c.contents.fingerprint { continue }
                if old == nil { newSources.append(c.contents.tasks.first?.source) }
                if isOwnWrite(p, c.contents.fingerprint) { continue }
                changes += Self.diff(old: old?.tasks ?? [], new: c.contents.tasks, fingerprint: c.contents.fingerprint)
                if let problem = c.contents.problem, problem != old?.problem { changes.append(.problem(problem)) }
            }
        }
        if !newSources.isEmpty, let alert = rate.record(newSources, at: now()) { changes.append(.alert(alert)) }
        return changes
    }

    static func isMarkdown(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return name.count > 3 && name.lowercased().hasSuffix(".md")
    }

    private enum ReadResult {
        case read(Stamped)
        case gone
        case failed(FileProblem)
    }

    private struct Stamped {
        var contents: FileContents
        var stamp: FileStamp
    }

    /// Reads one file as `Vault.load` does (a link must stay inside the vault).
    private func read(_ rel: String) -> ReadResult {
        let abs = vault.absolute(rel)
        guard let (lst, lmode) = FileSystem.lstatStamp(abs) else { return .gone }
        var stamp = lst, mode = lmode
        if FileSystem.isLink(lmode) {
            guard let target = FileSystem.realPath(abs), target.hasPrefix(realRoot + "/"),
                  let resolved = FileSystem.statStamp(target) else { return .gone }
            (stamp, mode) = resolved
        }
        guard FileSystem.isReg(mode) else { return .gone }
        do {
            let bytes = stamp.size > Int64(Limits.fileBytes)
                ? Array(try FileSystem.readFile(abs).prefix(8)) + [UInt8](repeating: 0x20, count: Limits.fileBytes + 1)
                : try FileSystem.readFile(abs)
            return .read(Stamped(contents: vault.readContents(path: rel, bytes: bytes, modified: stamp.mtimeNanos), stamp: stamp))
        } catch {
            if FileSystem.lstatStamp(abs) == nil { return .gone }
            return .failed(FileProblem(path: rel, reasons: ["cannot read: \(error)"]))
        }
    }

    /// The changes between a file's tasks before and after. Tasks are paired by key and title,
    /// then by title (checkbox lines that moved), then by key (a line whose title changed); a
    /// task that only moved to another line is not reported.
    static func diff(old: [TodoTask], new: [TodoTask], fingerprint: UInt64) -> [WatchChange] {
        var oldLeft = old.map { Optional($0) }
        var pairs: [Int: Int] = [:]  // new index → old index
        func pass(_ match: (TodoTask, TodoTask) -> Bool) {
            for (ni, n) in new.enumerated() where pairs[ni] == nil {
                if let oi = oldLeft.firstIndex(where: { $0.map { match($0, n) } ?? false }) {
                    pairs[ni] = oi
                    oldLeft[oi] = nil
                }
            }
        }
        pass { $0.key == $1.key && $0.title == $1.title }
        pass { $0.line != nil && $1.line != nil && $0.title == $1.title }
        pass { $0.key == $1.key }
        var changes: [WatchChange] = oldLeft.compactMap { $0.map(WatchChange.removed) }
        for (ni, n) in new.enumerated() {
            if let oi = pairs[ni] {
                if !sameIgnoringLine(old[oi], n) {
                    changes.append(.modified(old: old[oi], new: n, version: TaskVersion.of(n, fileFingerprint: fingerprint)))
                }
            } else {
                changes.append(.added(n, version: TaskVersion.of(n, fileFingerprint: fingerprint)))
            }
        }
        return changes
    }

    static func sameIgnoringLine(_ a: TodoTask, _ b: TodoTask) -> Bool {
        var x = a, y = b
        x.line = nil; x.sourceLine = nil
        y.line = nil; y.sourceLine = nil
        return x == y
    }
}
