import Foundation
import TodoMDCore
import TodoMDIndex

/// The version history, as the service holds it.
enum HistoryState {
    case closed
    case off
    case open(HistoryStore)
}

/// One version in a task's history, newest first in `TaskHistory.entries`.
public struct HistoryEntry: Sendable, Equatable {
    /// What `restore --version` takes: `v` and the version's number.
    public var version: String { "v\(seq)" }
    public var seq: Int64
    /// The content hash (nil: the file was removed or moved away in this version).
    public var hash: String?
    public var at: Date
    /// `todomd`, `external` (an editor, a sync engine) or `seen` (the file as first seen).
    public var by: String
    public var action: String?
    public var frontEnd: String?
    public var source: String?
    /// The file in this version, and where it was before when this version moved it.
    public var path: String
    public var from: String?
    /// The keys that changed from the version before (and `body`).
    public var fields: [String]
    /// The file holds exactly these bytes now.
    public var current: Bool
    public var size: Int
}

/// The versions of one task's file.
public struct TaskHistory: Sendable {
    /// The file (vault-relative) as it is now, or was last.
    public var path: String
    public var title: String?
    public var entries: [HistoryEntry]
    /// The store they come from (a cache: deleting it loses only the history).
    public var store: String
}

/// The version history (issue 16): every version of every file todomd writes, and every change
/// the index or the watch sees from outside, kept in a content-addressed store in the cache
/// folder (`HistoryStore`), pruned to 90 days and 200 MB (`history_days`, `history_mb`).
extension TodoService {
    /// Where the store lives: `history/<vault key>.sqlite` beside the index (a test's cache
    /// folder holds it), else in the cache folder. Empty: no history.
    public var historyStorePath: String {
        if let p = options.historyPath { return p }
        return HistoryStore.defaultPath(root: root, cacheDirectory: cacheFolder)
    }

    /// The store, opened on first use (nil when off or it cannot be opened: a warning, once).
    var historyStore: HistoryStore? {
        switch historyState {
        case .open(let s): return s
        case .off: return nil
        case .closed:
            let path = historyStorePath
            guard !path.isEmpty else {
                historyState = .off
                return nil
            }
            // Not yet made (a first `add` makes the default vault): asked again later.
            guard vault.exists else { return nil }
            do {
                let store = try HistoryStore(path: path)
                historyState = .open(store)
                pruneHistoryIfDue(store)
                return store
            } catch {
                options.warn("version history unavailable (\(error))")
                historyState = .off
                return nil
            }
        }
    }

    /// How long and how much the history keeps, from the settings.
    var historyRetention: HistoryStore.Retention {
        let s = vault.settings
        return HistoryStore.Retention(maxAge: Double(s.historyDays ?? 90) * 86_400, maxBytes: (s.historyMegabytes ?? 200) * 1024 * 1024)
    }

    /// Prunes once a day (the first use after a day has passed).
    private func pruneHistoryIfDue(_ store: HistoryStore) {
        let now = clock.now
        if let last = store.lastPruned(), now.timeIntervalSince(last) < 86_400 { return }
        do { try store.prune(now: now, retention: historyRetention, pinned: undoPinnedBlobs()) } catch {
            options.warn("could not prune the version history (\(error))")
        }
    }

    // MARK: Recording

    /// A recorder for an action on `vault` that tells the history, write by write, which bytes
    /// are todomd's (`HistoryStore.expect`), so the index seeing them first does not log them
    /// as an edit from outside.
    ///
    /// A file an agent or a URL creates (not a move) is judged by the quarantine as it is
    /// written, before a watch can show it.
    func recorder(_ vault: Vault) -> ChangeRecorder {
        let recorder = ChangeRecorder(root: vault.root)
        guard let store = historyStore else { return recorder }
        let agent = actingSource.flatMap { $0 == Self.syncSource ? nil : $0 }
        let quarantine = agent == nil ? nil : vault.settings.quarantine
        let now = clock.now, warn = options.warn
        // A sync merge records its versions before the index is told (`asSyncMerge`): its
        // writes need no marks (a watch in another process may log them as seen from outside).
        let mark = actingSource != Self.syncSource
        recorder.onWrite = { [unowned recorder] path, before, after in
            if mark { store.expect(path: path, after: after) }
            guard let quarantine, before == nil, let after, Self.mayHold(path),
                  !recorder.changes.contains(where: { $0.after == nil && $0.before == after }) else { return }
            Self.arrive([(path, Self.fileSource(after) ?? agent)], settings: quarantine, store: store, at: now, warn: warn)
        }
        return recorder
    }

    /// The `source` of the merges of sync-conflict copies.
    static let syncSource = "sync"

    /// Whether the quarantine judges a new file at `path`: a Markdown file the scanner reads
    /// (not in a hidden folder such as the trash) that is not a sync engine's copy (merged
    /// into its original instead).
    static func mayHold(_ path: String) -> Bool {
        guard path.lowercased().hasSuffix(".md"), !path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else { return false }
        return !SyncConflictNames.mayBeCopy(path) || SyncConflictNames.detect(path, exists: { _ in true }) == nil
    }

    /// Whether new bytes hold tasks worth holding back: a task file's frontmatter or a
    /// checkbox line (a plain note shows nothing to hide).
    static func holdsTasks(_ bytes: [UInt8]) -> Bool {
        if FrontmatterDocument.startsWithDelimiter(bytes) { return true }
        let text = String(decoding: bytes.prefix(Limits.fileBytes), as: UTF8.self)
        return text.contains("- [") || text.contains("* [")
    }

    /// Records the files an action changed (todomd's own writes) and appends them to the audit
    /// log. Called when an action is saved to the undo journal.
    @discardableResult
    func recordHistory(_ label: String, _ changes: [FileChange], keep: [[UInt8]] = []) -> Bool {
        guard let store = historyStore else { return false }
        let now = clock.now
        let frontEnd = self.frontEnd, source = actingSource ?? frontEnd
        var records: [HistoryStore.Change] = []
        var events: [VaultChangeEvent] = []
        for m in Self.pairMoves(changes) {
            let c = m.change
            var record = HistoryStore.Change(path: c.path, from: m.from, before: c.before, after: c.after, by: "todomd",
                                             action: label, frontEnd: frontEnd, source: source)
            if m.from != nil { record.before = c.after }
            records.append(record)
            if m.movedAway { continue }
            let kind: VaultChangeEvent.Kind = m.from != nil ? .moved : c.before == nil ? .created : c.after == nil ? .removed : .changed
            events.append(VaultChangeEvent(at: now, path: c.path, from: m.from, kind: kind, by: "todomd", frontEnd: frontEnd,
                                           source: source, action: label, before: c.before.map(HistoryStore.hash),
                                           after: c.after.map(HistoryStore.hash),
                                           fields: m.from != nil ? [] : FileFields.changedKeys(c.before, c.after),
                                           title: Self.title(c.path, c.after ?? c.before)))
        }
        defer { audit(events) }
        do { try store.record(records, at: now, keep: keep) } catch {
            options.warn("could not record the version history (\(error))")
            return false
        }
        return true
    }

    /// One file change with the move it is part of: a file gone whose bytes appeared at a new
    /// path is a move (`from` on the new path; the old path `movedAway`).
    struct PairedChange {
        var change: FileChange
        var from: String?
        var movedAway = false
    }

    static func pairMoves(_ changes: [FileChange]) -> [PairedChange] {
        var out = changes.map { PairedChange(change: $0) }
        var used = Set<Int>()
        for i in changes.indices where changes[i].before != nil && changes[i].after == nil {
            if let j = changes.indices.first(where: { !used.contains($0) && changes[$0].before == nil && changes[$0].after == changes[i].before }) {
                used.insert(j)
                out[j].from = changes[i].path
                out[i].movedAway = true
            }
        }
        return out
    }

    /// One arrival is recorded and judged at a time in this process: the live watch and an
    /// index refresh (a served index refreshes on the same file events) see the same new file,
    /// and whichever records it second must find the quarantine's verdict already made. The
    /// watch reads what is held under this lock too (a web test once saw `added`, not `held`).
    static let seenLock = NSLock()

    /// Records what the index saw change (from outside, or first seen) and appends the real
    /// changes to the audit log. Runs on the index's thread, without the service lock: it
    /// touches only the store (which has its own) and the audit log (appends).
    static func recordSeen(_ files: [SeenFile], store: HistoryStore, at now: Date, quarantine: QuarantineSettings?,
                           audit: ([VaultChangeEvent]) -> Void, warn: (String) -> Void) {
        seenLock.lock()
        defer { seenLock.unlock() }
        let changes = files.map { HistoryStore.Change(path: $0.path, before: nil, after: $0.bytes, by: $0.initial ? "seen" : "external") }
        let added: [HistoryStore.Version]
        do { added = try store.record(changes, at: now) } catch {
            warn("could not record the version history (\(error))")
            return
        }
        var events: [VaultChangeEvent] = []
        var arrivals: [(path: String, source: String?)] = []
        for v in added where v.by == "external" {
            let before = v.parent.flatMap { try? store.blob($0) }
            let after = files.first { $0.path == v.path }?.bytes
            let kind: VaultChangeEvent.Kind = v.hash == nil ? .removed : v.parent == nil ? .created : .changed
            events.append(VaultChangeEvent(at: now, path: v.path, kind: kind, by: "external",
                                           source: (after ?? before).flatMap(Self.fileSource),
                                           before: v.parent, after: v.hash,
                                           fields: v.parent != nil && before == nil ? [] : FileFields.changedKeys(before, after),
                                           title: title(v.path, after ?? before)))
            if kind == .created, let after, mayHold(v.path), holdsTasks(after) { arrivals.append((v.path, fileSource(after))) }
        }
        arrive(arrivals, settings: quarantine, store: store, at: now, warn: warn)
        audit(events)
    }

    /// The `source` a file's frontmatter names, unquoted.
    static func fileSource(_ bytes: [UInt8]) -> String? {
        FileFields(bytes).scalar(TaskKey.source)
    }

    /// The title of the task a file holds (else its name).
    static func title(_ path: String, _ bytes: [UInt8]?) -> String {
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        guard let bytes, let t = FileFields(bytes).scalar(TaskKey.title), !t.isEmpty else { return name }
        return t
    }

    // MARK: Reading

    /// The versions of a task's file, newest first, following it back across moves. `reference`
    /// is a task, or the vault-relative path of a file that is gone.
    public func history(_ reference: String, limit: Int = 100) throws -> TaskHistory {
        try locked {
            let (path, title) = try historyPath(reference)
            guard let store = historyStore else { throw TodoError.invalidArgument("the version history is off") }
            var versions = try store.versions(path: path, limit: limit)
            // A move: the versions of where the file was, before it moved.
            var seenPaths: Set<String> = [path]
            while versions.count < limit, let oldest = versions.last, let from = oldest.from, seenPaths.insert(from).inserted {
                versions += try store.versions(path: from, limit: limit).filter { $0.seq < oldest.seq }.prefix(limit - versions.count)
            }
            let currentHash = (try? vault.readBytes(path)).map(HistoryStore.hash)
            var entries: [HistoryEntry] = []
            for (i, v) in versions.enumerated() {
                let previous = v.parent ?? (i + 1 < versions.count ? versions[i + 1].hash : nil)
                let fields: [String]
                if v.by == "seen" || (v.from != nil && v.parent == v.hash) {
                    fields = []
                } else {
                    fields = FileFields.changedKeys(previous.flatMap { try? store.blob($0) }, v.hash.flatMap { try? store.blob($0) })
                }
                entries.append(HistoryEntry(seq: v.seq, hash: v.hash, at: v.at, by: v.by, action: v.action, frontEnd: v.frontEnd,
                                            source: v.source, path: v.path, from: v.from, fields: fields,
                                            current: i == 0 && v.hash != nil && v.hash == currentHash, size: v.size))
            }
            return TaskHistory(path: path, title: title, entries: entries, store: store.path)
        }
    }

    /// The bytes of one version (`v42`, `42`, or a content hash prefix of 6+ characters) of a
    /// task's file.
    public func versionBytes(_ reference: String, version: String) throws -> (path: String, bytes: [UInt8], entry: HistoryStore.Version) {
        try locked {
            let (path, _) = try historyPath(reference)
            guard let store = historyStore else { throw TodoError.invalidArgument("the version history is off") }
            let v = try findVersion(version, path: path, store: store)
            guard let hash = v.hash, let bytes = try store.blob(hash) else {
                throw TodoError.invalidArgument("version \(version) of \(path) is a removal: there is nothing to restore")
            }
            return (path, bytes, v)
        }
    }

    /// Brings back one version of a task's file as a normal, undoable edit: checked against
    /// `expected` (the task's version the caller read) or the file as read now; a file that is
    /// gone is created again.
    public func restoreVersion(_ reference: String, version: String, expected: String? = nil) throws -> ActionOutcome {
        try locked {
            let (path, bytes, _) = try versionBytes(reference, version: version)
            if let current = try? vault.readBytes(path) {
                if let expected, let t = try? resolve(reference, prefer: .any, clock: clock) {
                    try checkUnchanged(expected, current: t, nothing: "restored")
                }
                if current != bytes { try vault.replaceFile(path, expected: Vault.fingerprint(current), with: bytes) }
            } else {
                guard try vault.createFile(path, bytes: bytes) else { throw TodoError.conflict(path: path, reason: "the file appeared meanwhile") }
            }
            noteWritten([path])
            guard case .task(let t) = vault.format.read(path: path, bytes: bytes, zone: clock.timeZone) else {
                throw TodoError.malformed(path: path, reason: "restored, but the version is not a task file")
            }
            return ActionOutcome(task: versioned(t), created: [], messages: [])
        }
    }

    /// The file a history reference names: a task's file, else a vault-relative `.md` path
    /// (a file that is gone).
    private func historyPath(_ reference: String) throws -> (String, String?) {
        do {
            let t = try resolve(reference, prefer: .any, clock: clock).task
            return (t.path, t.title)
        } catch {
            let rel = Trash.relative(reference)
            if Self.isFilePath(rel), let store = historyStore, (try? store.latest(path: rel)) ?? nil != nil {
                return (rel, nil)
            }
            throw error
        }
    }

    /// Whether `reference` can name a file that is gone: a vault-relative `.md` path that stays
    /// inside the vault.
    static func isFilePath(_ reference: String) -> Bool {
        reference.lowercased().hasSuffix(".md") && !reference.hasPrefix("/") && !reference.split(separator: "/").contains("..")
    }

    private func findVersion(_ text: String, path: String, store: HistoryStore) throws -> HistoryStore.Version {
        let t = text.lowercased()
        let digits = t.hasPrefix("v") ? String(t.dropFirst()) : t
        if let seq = Int64(digits), digits.count < 12, let v = try store.version(seq: seq) {
            let known = v.path == path ? [] : try history(path, limit: 500).entries
            guard v.path == path || known.contains(where: { $0.seq == seq }) else {
                throw TodoError.invalidArgument("version \(text) is not a version of \(path) (todomd history \(path))")
            }
            return v
        }
        if t.count >= 6, t.allSatisfy(\.isHexDigit) {
            let matches = try history(path, limit: 500).entries.filter { $0.hash?.hasPrefix(t) == true }
            if let first = matches.first, let v = try store.version(seq: first.seq) { return v }
        }
        throw TodoError.invalidArgument("no version \(text) of \(path): see todomd history")
    }
}
