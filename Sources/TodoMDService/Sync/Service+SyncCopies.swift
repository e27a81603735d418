import Foundation
import TodoMDCore
import TodoMDIndex

/// A task file and a sync engine's copy of it that could not be merged by themselves: the
/// same field changed on both devices. Until it is resolved, only the original shows as a task.
public struct SyncConflict: Sendable {
    /// The copy, its original and the engine that made it. "Mine" is the original (the file
    /// in place), "theirs" the copy.
    public var copy: SyncConflictCopy
    public var title: String
    /// The fields (and `body`) changed differently on both sides.
    public var conflicts: [TaskMerge.Conflict]
    /// The fields the copy changed alone: merged when the conflict is resolved.
    public var merged: [String]
    /// Whether the common ancestor came from the version history (else: no ancestor known).
    public var hasBase: Bool
}

/// What settling the sync-conflict copies did.
public struct SyncMergeReport: Sendable {
    /// Copies merged into their originals (and moved to the trash), with the fields they gave.
    public var merged: [(copy: SyncConflictCopy, fields: [String])] = []
    /// Copies left for the user: the same field changed on both sides.
    public var open: [SyncConflict] = []
    /// Copies that could not be read or written (path and reason).
    public var problems: [FileProblem] = []
}

/// Sync-conflict copies (issue 16): a copy a sync engine made (`task.sync-conflict-….md`,
/// `task (… conflicted copy …).md`, `task 2.md`…) is never shown as another task. It is merged
/// into its original field by field, three-way, the common ancestor taken from the version
/// history (`syncBase`); different fields merge by themselves, body lines like
/// `git merge-file`, and the copy goes to the trash. The same field changed on both sides is a
/// conflict the user resolves (`conflicts`, `resolveConflict`).
extension TodoService {
    /// Merges every copy that merges cleanly and remembers the open ones (their copies are left
    /// out of every read). Runs before reads; a merge is its own undoable action (`merge`),
    /// never part of the command that happened to read.
    @discardableResult
    func settleSyncCopies(_ candidates: [String]) -> SyncMergeReport {
        guard !settlingCopies else { return SyncMergeReport() }
        settlingCopies = true
        defer { settlingCopies = false }
        let copies = detectCopies(candidates)
        Trace.mark("sync copies: \(copies.count) found")
        let report = asSyncMerge { mergeCopies(copies) }
        Trace.mark("sync copies: merged \(report.merged.count)")
        openCopies = Set(report.open.map(\.copy.copy))
        return report
    }

    /// Runs `body` as the sync engine's `merge`: its writes attributed to `sync`, one undoable
    /// action under one hold of the vault lock, each folder synced once at the end; recorded in
    /// the history before the index is told (it then finds them known).
    func asSyncMerge<T>(_ body: () -> T) -> T {
        let saved = actingSource
        actingSource = Self.syncSource
        let recorder = recorder(vault)
        // One hold of the vault lock for the batch (it is reentrant), not one per file.
        var result: T?
        recorder.observe { _ = try? vault.withLock { result = vault.syncingFoldersOnce(body) } }
        let done = result ?? recorder.observe { vault.syncingFoldersOnce(body) }
        saveAction("merge", recorder.changes, vault: vault)
        actingSource = saved
        noteWritten(recorder.changes.map(\.path))
        return done
    }

    /// The candidates that are copies: the distinctive names always, the others (`name 2.md`,
    /// `name (1).md`, `name-DEVICE.md`) only beside an original with the same `created`.
    func detectCopies(_ candidates: [String]) -> [SyncConflictCopy] { Self.detectCopies(candidates, vault: vault) }

    static func detectCopies(_ candidates: [String], vault: Vault) -> [SyncConflictCopy] {
        candidates.compactMap { path in
            guard let c = SyncConflictNames.detect(path, exists: { vault.regularFileStamp($0) != nil }) else { return nil }
            if c.engine.isDistinctive { return c }
            guard let a = try? vault.readBytes(c.original), let b = try? vault.readBytes(c.copy),
                  let created = FileFields(a).valueText(TaskKey.created), created == FileFields(b).valueText(TaskKey.created) else { return nil }
            return c
        }
    }

    func mergeCopies(_ copies: [SyncConflictCopy], resolve: [String: [String: TaskMerge.Choice]] = [:]) -> SyncMergeReport {
        var report = SyncMergeReport()
        for c in copies {
            do {
                let theirs = try vault.readBytes(c.copy)
                guard let mine = try? vault.readBytes(c.original) else {
                    // The original is gone (removed or renamed on this device): the copy takes its place.
                    guard try vault.createFile(c.original, bytes: theirs) else { throw TodoError.conflict(path: c.original, reason: "appeared meanwhile") }
                    try Trash(vault: vault).delete(c.copy)
                    report.merged.append((c, ["body"]))
                    continue
                }
                let (result, open) = merge(c, mine: mine, theirs: theirs, resolve: resolve[c.copy] ?? [:])
                if let open {
                    report.open.append(open)
                    continue
                }
                if result.bytes != mine { try vault.replaceFile(c.original, expected: Vault.fingerprint(mine), with: result.bytes) }
                try Trash(vault: vault).delete(c.copy)
                report.merged.append((c, result.fromTheirs))
            } catch {
                report.problems.append(FileProblem(path: c.copy, reasons: ["could not merge it into \(c.original): \(error)"]))
            }
        }
        return report
    }

    /// Merges a copy into its original's bytes (nothing written), and the conflict that leaves
    /// open, if any.
    func merge(_ c: SyncConflictCopy, mine: [UInt8], theirs: [UInt8], resolve: [String: TaskMerge.Choice] = [:])
        -> (TaskMerge.Result, SyncConflict?) {
        let bases = syncBases(c.original, copy: c.copy, mine: mine, theirs: theirs)
        let r = TaskMerge.merge(bases: bases, mine: mine, theirs: theirs, resolve: resolve)
        guard !r.conflicts.isEmpty else { return (r, nil) }
        return (r, SyncConflict(copy: c, title: Self.title(c.original, mine), conflicts: r.conflicts, merged: r.fromTheirs,
                                hasBase: !bases.isEmpty))
    }

    /// The candidate common ancestors of two versions of `path` (the original's bytes, the
    /// copy's), from the version history, newest first: the newest version that is neither, and
    /// the newest version both sides descend from as far as their contents tell (merged against
    /// both, a field the two disagree on is a conflict: `TaskMerge.merge(bases:)`). A version is taken only when each side has every change it made (the
    /// keys it changed from the version before hold its values on both sides) and neither side
    /// holds a value an older version had where it differs from it (a change it never got).
    /// Which versions came from this device and which from the sync engine cannot be told apart
    /// (both are "external" to todomd), so the rule errs towards an older ancestor: that turns
    /// an ambiguous field into a conflict for the user, never into a lost edit. Nil: no history.
    func syncBases(_ path: String, copy: String, mine: [UInt8], theirs: [UInt8]) -> [[UInt8]] {
        guard let store = historyStore, let all = try? store.versions(path: path, limit: 1000) else { return [] }
        var seen = Set<String>()
        let versions = all.compactMap { v -> (String, FileFields)? in
            guard let h = v.hash, seen.insert(h).inserted, let bytes = try? store.blob(h) else { return nil }
            return (h, FileFields(bytes))
        }
        let sideHashes = [HistoryStore.hash(mine), HistoryStore.hash(theirs)]
        // The newest version that is neither side: the ancestor if the other side got every
        // version this device saw.
        let newest = versions.first { !sideHashes.contains($0.0) }
        let sides = [FileFields(mine), FileFields(theirs)]
        var conservative = versions.last { !sideHashes.contains($0.0) }
        for (i, (hash, x)) in versions.enumerated() where !sideHashes.contains(hash) {
            let older = versions[(i + 1)...].map(\.1)
            if sides.allSatisfy({ !Self.lacks($0, x, older) }) {
                conservative = (hash, x)
                break
            }
        }
        var out: [[UInt8]] = []
        // The original itself, when it was here before the copy arrived and the copy has every
        // change it made: this device did not touch the file since the other device's copy
        // left it (the common case). Both first seen together tell nothing.
        let mineSince = all.first { $0.hash == sideHashes[0] }?.at
        let copySince = (try? store.versions(path: copy, limit: 1000))?.last?.at
        if let i = versions.firstIndex(where: { $0.0 == sideHashes[0] }), let mineSince, mineSince < copySince ?? .distantFuture,
           !Self.lacks(sides[1], sides[0], versions[(i + 1)...].map(\.1)) {
            out.append(mine)
        }
        for h in [newest?.0, conservative?.0].compactMap({ $0 }) {
            if let bytes = try? store.blob(h), !out.contains(bytes) { out.append(bytes) }
        }
        return out
    }

    /// Whether `side` shows it does not descend from version `x`: a key `x` changed (from the
    /// version before it) holds another value on `side`, or a key where `side` differs from
    /// `x` holds a value an older version had.
    static func lacks(_ side: FileFields, _ x: FileFields, _ older: [FileFields]) -> Bool {
        var keys = side.fields.map(\.key)
        for f in x.fields where !keys.contains(f.key) { keys.append(f.key) }
        for f in older.first?.fields ?? [] where !keys.contains(f.key) { keys.append(f.key) }
        for key in keys where key != TaskKey.modified {
            let value = side.raw(key)
            guard !TaskMerge.same(value, x.raw(key)) else { continue }
            if let previous = older.first, !TaskMerge.same(previous.raw(key), x.raw(key)) { return true }
            if older.contains(where: { TaskMerge.same($0.raw(key), value) }) { return true }
        }
        if !TaskMerge.same(side.body, x.body) {
            if let previous = older.first, !TaskMerge.same(previous.body, x.body) { return true }
            if older.contains(where: { TaskMerge.same($0.body, side.body) }) { return true }
        }
        return false
    }

    // MARK: Conflicts

    /// The open conflicts: copies whose original changed the same fields.
    public func conflicts() -> [SyncConflict] {
        locked {
            _ = snapshot(.notesOnly, clock: clock)
            let copies = detectCopies(copyCandidates())
            return copies.compactMap { c -> SyncConflict? in
                guard let theirs = try? vault.readBytes(c.copy), let mine = try? vault.readBytes(c.original) else { return nil }
                return merge(c, mine: mine, theirs: theirs).1
            }
        }
    }

    /// The open conflict a reference names: a copy's or an original's path, or a task.
    public func conflict(_ reference: String) throws -> SyncConflict {
        try locked {
            let open = conflicts()
            let target = open.first { $0.copy.copy == reference || $0.copy.original == reference }
                ?? (try? resolve(reference, prefer: .any, clock: clock).task.path).flatMap { p in open.first { $0.copy.original == p } }
            guard let target else { throw TodoError.notFound("no open sync conflict for \(reference) (todomd conflicts lists them)") }
            return target
        }
    }

    /// Resolves the conflict of a task (or of a copy, by its path): `take` settles every
    /// conflicting field for one side, `fields` names a side or a value per field
    /// (`status=theirs`, `due=2026-12-01`); the copy's other changes merge as usual, the
    /// original is written (one undoable action) and the copy goes to the trash.
    public func resolveConflict(_ reference: String, take: String?, fields: [(String, String)]) throws -> SyncMergeReport {
        try locked {
            let conflict = try self.conflict(reference)
            var choices: [String: TaskMerge.Choice] = [:]
            if let take {
                guard let side = Self.side(take) else { throw TodoError.invalidArgument("--take is mine or theirs") }
                for c in conflict.conflicts { choices[c.key] = side }
            }
            for (key, value) in fields {
                guard conflict.conflicts.contains(where: { $0.key == key }) else {
                    throw TodoError.invalidArgument("\(key) is not in conflict (conflicting: \(conflict.conflicts.map(\.key).joined(separator: ", ")))")
                }
                if let side = Self.side(value) {
                    choices[key] = side
                } else if key == "body" {
                    throw TodoError.invalidArgument("body takes mine or theirs")
                } else {
                    choices[key] = .value(try Self.fieldValue(key, value, clock: clock))
                }
            }
            let missing = conflict.conflicts.map(\.key).filter { choices[$0] == nil }
            guard missing.isEmpty else {
                throw TodoError.invalidArgument("say which side wins for \(missing.joined(separator: ", ")) (--take mine|theirs, or field=mine|theirs|value)")
            }
            let report = recordingAction("resolve") { mergeCopies([conflict.copy], resolve: [conflict.copy.copy: choices]) }
            if let p = report.problems.first { throw TodoError.conflict(path: p.path, reason: p.reasons.joined(separator: "; ")) }
            openCopies.remove(conflict.copy.copy)
            return report
        }
    }

    static func side(_ s: String) -> TaskMerge.Choice? {
        switch s.lowercased() {
        case "mine", "ours", "original": return .mine
        case "theirs", "copy": return .theirs
        default: return nil
        }
    }

    /// A value typed for a field, read and checked as `set` reads it (`due=friday`, `tags=a,b`).
    static func fieldValue(_ key: String, _ text: String, clock: Clock) throws -> FieldValue {
        try change(key, text.isEmpty || text == "null" ? .clear : .text(text), clock: clock).value ?? .null
    }

    /// The copy candidates the index tracks, or (no index) the copies among the vault's files.
    func copyCandidates() -> [String] {
        switch access {
        case .local(let index): return (try? index.copyCandidates()) ?? []
        #if os(Linux)
        case .served(let server): return server.withIndex { try? $0.copyCandidates() } ?? []
        #endif
        default: return vault.scan(sorted: false).files.map(\.path).filter(SyncConflictNames.mayBeCopy)
        }
    }
}
