import ArgumentParser
import Foundation
import TodoMDCore
import TodoMDIndex

/// What a command needs: the clock, the vault, what was read from it, and how to print.
final class Context {
    let clock: Clock
    let vault: Vault
    let out: Printer
    private var cached: VaultSnapshot?
    /// Read the files directly, without the index cache (`--no-cache`, `TODOMD_NO_CACHE=1`).
    let noCache: Bool
    private var openedIndex: TaskIndex??

    init(_ options: VaultOptions, env: [String: String] = ProcessInfo.processInfo.environment) throws {
        clock = try Clock.fromEnvironment()
        vault = Vault(root: try VaultLocator.locate(flag: options.vault), clock: clock)
        out = Printer(clock: clock)
        noCache = options.noCache || ["1", "true", "yes"].contains(env["TODOMD_NO_CACHE"]?.lowercased() ?? "")
    }

    /// Everything in the vault: from the index cache, refreshed first, unless it is off.
    var snapshot: VaultSnapshot {
        if let s = cached { return s }
        let s = indexed { try $0.snapshot() } ?? vault.load()
        cached = s
        return s
    }

    /// Enough of the vault to build `kind` under `filter`: the index loads only the tasks the
    /// view could show (and all notes, problems, types and saved views).
    func snapshot(for kind: ViewKind, filter: TaskFilter) -> VaultSnapshot {
        if let s = cached { return s }
        return indexed { try $0.snapshot(.view(kind, filter: filter, today: clock.today)) } ?? snapshot
    }

    /// The vault's index, refreshed; nil when the cache is off or cannot be used (then the
    /// command reads the files directly, after a warning).
    var index: TaskIndex? {
        if let i = openedIndex { return i }
        var i: TaskIndex?
        if !noCache, vault.exists {
            do {
                Trace.mark("start")
                let idx = try TaskIndex(vault: vault)
                Trace.mark("open index")
                if IndexClient.sync(idx) {
                    // A running `todomd watch` has stored every change made so far: no walk.
                    Trace.mark("synced with the running watch")
                } else {
                    let bar = ProgressBar(label: "indexing")
                    try idx.refresh(progress: bar.update)
                    bar.finish()
                }
                i = idx
            } catch {
                Printer.warn("index cache unavailable (\(error)); reading the vault directly")
            }
        }
        openedIndex = .some(i)
        return i
    }

    /// The index to search: the cache, or with the cache off, one built in memory for this run.
    func searchIndex() throws -> TaskIndex {
        if let i = index { return i }
        let i = try TaskIndex(vault: vault, inMemory: true)
        try i.refresh()
        return i
    }

    private func indexed(_ body: (TaskIndex) throws -> VaultSnapshot) -> VaultSnapshot? {
        guard let i = index else { return nil }
        do { return try body(i) } catch {
            Printer.warn("index cache unreadable (\(error)); reading the vault directly")
            return nil
        }
    }

    var order: OrderFile { OrderFile.load(root: vault.root) }

    var engine: ViewEngine {
        ViewEngine(clock: clock, order: order, retentionDays: vault.settings.completedRetentionDays)
    }

    /// The task TASK names. With the index, only the tasks it could name are loaded.
    func resolve(_ query: String, prefer: TaskResolver.Preference = .any) throws -> TodoTask {
        let snap = cached ?? indexed { try $0.snapshot(.resolving(query)) } ?? snapshot
        let t = try TaskResolver.resolve(query, in: snap.tasks, prefer: prefer)
        resolvedFingerprints[t.path] = snap.fingerprints[t.path]
        return t
    }

    private var resolvedFingerprints: [String: UInt64] = [:]

    /// The hash of a task's file as read, so an edit can tell whether someone changed it since.
    func fingerprint(_ t: TodoTask) -> UInt64? { resolvedFingerprints[t.path] ?? snapshot.fingerprints[t.path] }

    /// Runs a command body: engine errors go to stderr with their exit code.
    static func run(_ options: VaultOptions, _ body: (Context) throws -> Void) throws {
        do {
            try body(try Context(options))
        } catch let e as TodoError {
            Printer.error(e.description)
            throw ExitCode(e.exitCode)
        }
    }
}
