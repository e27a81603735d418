import Foundation
import TodoMDCore
import TodoMDIndex

/// A file the quarantine holds back.
public struct QuarantinedFile: Sendable {
    public var path: String
    /// Its task (nil: the file is not a task file, or cannot be read: `problem` says why).
    public var task: VersionedTask?
    public var problem: String?
    /// When it arrived.
    public var at: Date
    /// The `source` it names (nil: none).
    public var source: String?
    /// `source` (not a trusted source) or `burst` (one of more new files than the rate allows).
    public var reason: String

    /// Why it is held, for people.
    public var why: String { Self.why(reason, source: source) }

    static func why(_ reason: String, source: String?) -> String {
        reason == "burst" ? "one of a burst of new files" : source.map { "its source (\($0)) is not trusted" } ?? "it names no source"
    }
}

/// What the quarantine holds.
public struct QuarantineList: Sendable {
    /// Whether `.todomd.json` turns it on (off: nothing is held, and `files` is empty).
    public var enabled: Bool
    public var files: [QuarantinedFile]
    /// The burst the files held for it came in (how many, from which sources), if any.
    public var alert: RateAlert?
    /// The burst rule: more than `burst` new files within `windowSeconds` (0: off).
    public var burst: Int
    public var windowSeconds: Int
}

/// The quarantine (issue 16; spec 000's v2 security roadmap, opt-in with `"quarantine"` in
/// `.todomd.json`): a new file whose `source` is not trusted, or that arrives in a burst (more
/// than the rate alert's 50 within 60 s), is left out of every view, count and search until the
/// user approves it; rejecting moves it to the trash. "New" means new to this device's version
/// history: a file written by an editor, a sync engine or a script, or created through todomd
/// by an agent (MCP) or a URL. What the user makes in todomd is never held. The state is kept
/// beside the history (per device, in the cache); an exact reference (path or id) still reaches
/// a held file, so it can be looked at before it is approved.
extension TodoService {
    /// The paths held back (empty when the quarantine is off).
    func heldPaths() -> Set<String> {
        guard vault.settings.quarantine != nil, let store = historyStore else { return [] }
        return (try? store.heldPaths()) ?? []
    }

    /// Judges new files: holds the untrusted, and all of a burst. Lock-free (the store has its
    /// own), so the index's and the watch's threads call it too.
    static func arrive(_ files: [(path: String, source: String?)], settings: QuarantineSettings?, store: HistoryStore, at now: Date,
                       warn: (String) -> Void) {
        guard let q = settings, !files.isEmpty else { return }
        let arrivals = files.map { HistoryStore.Arrival(path: $0.path, source: $0.source, trusted: q.trusts($0.source)) }
        do { try store.arrive(arrivals, at: now, burst: q.burst, window: q.window) } catch {
            warn("could not update the quarantine (\(error))")
        }
    }

    /// What the quarantine holds, oldest first; files gone meanwhile are let go.
    public func quarantine() -> QuarantineList {
        locked {
            let settings = vault.settings.quarantine
            var list = QuarantineList(enabled: settings != nil, files: [], alert: nil, burst: settings?.burst ?? 0,
                                      windowSeconds: Int(settings?.window ?? 0))
            guard settings != nil, let store = historyStore else { return list }
            _ = snapshot(.notesOnly, clock: clock)   // what changed since is seen (and judged) first
            guard let held = try? store.held() else { return list }
            var gone: [String] = []
            for h in held {
                guard vault.regularFileStamp(h.path) != nil else {
                    gone.append(h.path)
                    continue
                }
                var f = QuarantinedFile(path: h.path, task: nil, problem: nil, at: h.at, source: h.source, reason: h.reason)
                do {
                    f.task = try taskFile(named: h.path)
                    if f.task == nil { f.problem = "a note: its checkbox tasks are held with it" }
                } catch {
                    f.problem = "\(error)"
                }
                list.files.append(f)
            }
            try? store.release(gone)
            let burst = list.files.filter { $0.reason == "burst" }
            if !burst.isEmpty {
                var counts: [String: Int] = [:]
                for f in burst { counts[f.source ?? "unknown", default: 0] += 1 }
                list.alert = RateAlert(total: burst.count, windowSeconds: list.windowSeconds,
                                       sources: counts.map { RateAlert.Source(source: $0.key, count: $0.value) }
                                           .sorted { ($0.count, $1.source) > ($1.count, $0.source) })
            }
            return list
        }
    }

    /// Approves held files (paths, file names, ids or titles of held tasks; `all`: every one):
    /// they show in the views from now on. Returns their paths.
    @discardableResult
    public func approveQuarantined(_ references: [String], all: Bool = false) throws -> [String] {
        try locked {
            let paths = try quarantinedPaths(references, all: all)
            try historyStore?.release(paths)
            return paths
        }
    }

    /// Rejects held files: each goes to the trash (one undoable action; undo brings them back,
    /// approved) and out of the quarantine.
    @discardableResult
    public func rejectQuarantined(_ references: [String], all: Bool = false) throws -> [(path: String, trashPath: String)] {
        try locked {
            let paths = try quarantinedPaths(references, all: all)
            var out: [(path: String, trashPath: String)] = []
            let trash = Trash(vault: vault)
            for p in paths { out.append((p, try trash.delete(p))) }
            noteWritten(paths)
            try historyStore?.release(paths)
            return out
        }
    }

    /// The held files `references` name (each must name one).
    private func quarantinedPaths(_ references: [String], all: Bool) throws -> [String] {
        guard vault.settings.quarantine != nil else {
            throw TodoError.invalidArgument("the quarantine is off (\"quarantine\": true in \(VaultSettings.fileName) turns it on)")
        }
        let files = quarantine().files
        if all { return files.map(\.path) }
        guard !references.isEmpty else { throw TodoError.invalidArgument("name the files to approve or reject, or say --all") }
        return try references.map { ref in
            let lower = ref.lowercased()
            let matches = files.filter { f in
                f.path == ref || f.path.lowercased() == lower || f.path.lowercased() == lower + ".md"
                    || ((f.path as NSString).lastPathComponent).lowercased() == lower
                    || f.task.map { $0.task.key == ref || $0.task.title.lowercased() == lower } == true
            }
            guard let first = matches.first else {
                throw TodoError.notFound("\(ref) is not in the quarantine (todomd quarantine lists it)")
            }
            guard matches.count == 1 else {
                throw TodoError.invalidArgument("\(ref) names \(matches.count) held files; say which by path: "
                    + matches.map(\.path).joined(separator: ", "))
            }
            return first.path
        }
    }
}
