import Foundation
import TodoMDCore

/// What taking a backup did.
public struct BackupResult: Sendable {
    public var snapshot: BackupSnapshot
    /// The vault held what the backup before holds (`backup now` takes one anyway).
    public var unchanged: Bool
    /// Old backups deleted to keep `backup_keep`.
    public var removed: [String]
    /// Files that could not be read, so are not in it.
    public var skipped: [String] = []
}

/// What restoring a whole backup did.
public struct BackupRestore: Sendable {
    public var snapshot: BackupSnapshot
    /// Where the files went: a new folder, or the vault (in place).
    public var folder: String
    /// Files written: every file (into a folder), those that differed (in place).
    public var restored: [String]
    /// In place: files made since the backup, now in the trash (`trash restore` brings them back).
    public var trashed: [(path: String, trashPath: String)] = []
    /// In place: the backup of the vault as it was just before.
    public var before: BackupSnapshot?
    /// Files that could not be restored, with why.
    public var problems: [FileProblem] = []
    public var messages: [String] = []
}

/// What restoring one task from a backup did.
public struct BackupTaskRestore: Sendable {
    public var snapshot: BackupSnapshot
    /// The task as restored (its file now holds the backup's bytes).
    public var task: VersionedTask
    /// false when the file already held the backup's bytes: nothing was written.
    public var changed: Bool
    public var messages: [String] = []
}

/// Backups (spec 004): snapshots of the vault's files in `BackupStore`, taken every hour when
/// something changed (`backupIfDue`, run by `watch` and `serve` through `startBackups`) or on
/// demand, the newest 30 kept (`backup_dir`, `backup_keep`, `backup_interval_minutes` in
/// `.todomd.json`), and restored into a new folder, in place, or one task at a time.
extension TodoService {
    /// The backup folder: `backup_dir`, else `backups/<vault key>` beside the index cache (so a
    /// test's cache folder holds it), else in the cache folder (`~/.cache/todomd/backups/<key>`).
    public var backupDirectory: String {
        locked {
            if let dir = vault.settings.backupDirectory { return dir }
            return cacheFolder + "/backups/" + Vault.cacheKey(root: root)
        }
    }

    /// The store of this vault's backups.
    public var backupStore: BackupStore { BackupStore(directory: backupDirectory) }

    /// Takes a backup now, even when nothing changed since the last one (`unchanged` says so),
    /// then deletes the oldest beyond `backup_keep`.
    public func backupNow() throws -> BackupResult {
        try takeBackup(onlyIfDue: false)!
    }

    /// Takes a backup when `backup_interval_minutes` have passed since the last one and the
    /// vault's files differ from it (else nil, cheaply: one walk of stamps). What `watch` and
    /// `serve` run every few minutes.
    @discardableResult
    public func backupIfDue() throws -> BackupResult? {
        try takeBackup(onlyIfDue: true)
    }

    /// The backups, newest first.
    public func backups() -> [BackupSnapshot] { backupStore.snapshots() }

    /// The backup `date` names (see `BackupDate`: an id, `latest`, or a date or time for the
    /// newest backup at or before it).
    public func backup(at date: String) throws -> BackupSnapshot {
        try pick(date, in: backupStore).0
    }

    /// The backup `date` names in `store`, with its manifest. Takes no service lock: restores
    /// call it holding the store's.
    private func pick(_ date: String, in store: BackupStore) throws -> (BackupSnapshot, BackupManifest) {
        let m = try store.manifest(try BackupDate.pick(date, ids: store.ids(), clock: clock))
        return (store.snapshot(m), m)
    }

    /// The work of `backupNow` and `backupIfDue`. The service lock is held only to read the
    /// settings: a first snapshot of a large vault copies every file, and a server answers
    /// requests meanwhile. The store's lock keeps other processes' snapshots out.
    private func takeBackup(onlyIfDue: Bool, pinned: Set<String> = []) throws -> BackupResult? {
        let (vault, store) = try locked { () throws -> (Vault, BackupStore) in
            try requireVault()
            return (self.vault, backupStore)
        }
        let settings = vault.settings
        if onlyIfDue, settings.backupIntervalMinutes == 0 { return nil }
        let now = clock.now
        return try store.withLock { () throws -> BackupResult? in
            let last = store.ids().first
            if onlyIfDue, let last, let taken = BackupID.parse(last)?.date,
               now >= taken, now.timeIntervalSince(taken) < Double(settings.backupIntervalMinutes) * 60 {
                return nil
            }
            let files = BackupStore.vaultFiles(vault)
            let lastManifest = try last.map { try store.manifest($0) }
            let unchanged = lastManifest.map { BackupStore.matches(files, root: vault.root, manifest: $0) } ?? files.isEmpty
            if onlyIfDue, unchanged { return nil }
            let (snapshot, skipped) = try store.take(root: vault.root, files: files, at: now)
            let removed = try store.prune(keep: settings.backupKeep, pinned: pinned.union([snapshot.id]))
            return BackupResult(snapshot: snapshot, unchanged: unchanged, removed: removed, skipped: skipped)
        }
    }

    // MARK: Restoring

    /// Restores a whole backup into a new folder (`folder`: absent or empty; default
    /// `<vault>-restored-<id>` beside the vault). The vault is not touched. Copies, never links:
    /// the folder is the user's to edit, and the backup must not change with it.
    public func restoreBackup(_ date: String, to folder: String? = nil) throws -> BackupRestore {
        let store = backupStore
        return try store.withLock {
            let (snap, m) = try pick(date, in: store)
            let parent = (root as NSString).deletingLastPathComponent
            var dest = folder ?? parent + "/" + (root as NSString).lastPathComponent + "-restored-" + snap.id
            if !dest.hasPrefix("/") { dest = FileManager.default.currentDirectoryPath + "/" + dest }
            dest = (dest as NSString).standardizingPath
            let vaultPath = (root as NSString).standardizingPath
            guard dest != vaultPath, !dest.hasPrefix(vaultPath + "/") else {
                throw TodoError.invalidArgument("\(dest) is in the vault: restore into a folder outside it, or use --in-place")
            }
            if let names = BackupFiles.list(dest), !names.isEmpty {
                throw TodoError.invalidArgument("\(dest) is not empty: restore into a new or empty folder")
            } else if FileManager.default.fileExists(atPath: dest), BackupFiles.list(dest) == nil {
                throw TodoError.invalidArgument("\(dest) exists and is not a folder")
            }
            var result = BackupRestore(snapshot: snap, folder: dest, restored: [])
            var made: Set<String> = []
            for f in m.files {
                do {
                    let bytes = try store.read(snap.id, f)
                    let dir = ((dest + "/" + f.path) as NSString).deletingLastPathComponent
                    if made.insert(dir).inserted { try BackupFiles.makeDirs(dir) }
                    try BackupFiles.createFile(dest + "/" + f.path, bytes: bytes, mode: 0o644)
                    result.restored.append(f.path)
                } catch {
                    result.problems.append(FileProblem(path: f.path, reasons: ["\(error)"]))
                }
            }
            if m.files.isEmpty { try BackupFiles.makeDirs(dest) }
            return result
        }
    }

    /// Restores a whole backup into the vault: first a backup of the vault as it is, then every
    /// file of the backup written back through the engine's checked atomic write (files that
    /// already hold its bytes are left alone), and Markdown files made since moved to the
    /// trash. One undoable action (`todomd undo`), though the backup taken first is the surer
    /// way back. Files that cannot be written are reported and the rest restored.
    public func restoreBackupInPlace(_ date: String) throws -> BackupRestore {
        try locked("backup restore") {
            try requireVault()
            let store = backupStore
            return try store.withLock {
                let (snap, m) = try pick(date, in: store)
                let before = try takeBackup(onlyIfDue: false, pinned: [snap.id])!
                var result = BackupRestore(snapshot: snap, folder: root, restored: [], before: before.snapshot)
                for f in m.files {
                    do {
                        let bytes = try store.read(snap.id, f)
                        if try writeBack(f.path, bytes) { result.restored.append(f.path) }
                    } catch {
                        result.problems.append(FileProblem(path: f.path, reasons: ["\(error)"]))
                    }
                }
                let kept = Set(m.files.map(\.path))
                for f in BackupStore.vaultFiles(vault) where !kept.contains(f.path) {
                    // The trash lists task files; a settings file the backup lacked stays.
                    if BackupStore.vaultFileNames.contains(f.path) {
                        result.messages.append("\(f.path) was not in the backup; left as it is")
                        continue
                    }
                    do { result.trashed.append((f.path, try Trash(vault: vault).delete(f.path))) } catch {
                        result.problems.append(FileProblem(path: f.path, reasons: ["not moved to the trash: \(error)"]))
                    }
                }
                noteWritten(result.restored + result.trashed.map(\.path))
                return result
            }
        }
    }

    /// Restores one task's file from a backup, as a normal, undoable edit: `reference` names a
    /// task of the vault (its file is given the backup's bytes; a task moved since is found by
    /// its file name), or the vault-relative path of a file that is gone (made again).
    /// `expected` checks the task's version as `set --if-version` does.
    public func restoreBackupTask(_ date: String, task reference: String, expected: String? = nil) throws -> BackupTaskRestore {
        try locked("backup restore") {
            try requireVault()
            let store = backupStore
            return try store.withLock {
                let (snap, m) = try pick(date, in: store)
                var current: VersionedTask?
                do { current = try resolve(reference, prefer: .any, clock: clock) } catch TodoError.notFound {}
                let (path, file) = try backupFile(for: reference, current: current?.task.path, in: m)
                var messages: [String] = []
                if let current {
                    try checkExpected(expected, current: current, keys: [])
                    if current.task.line != nil { messages.append("\(current.task.key) is a checkbox line: its whole note \(path) was restored") }
                }
                if file.path != path { messages.append("the backup holds it as \(file.path)") }
                let bytes = try store.read(snap.id, file)
                let changed = try writeBack(path, bytes)
                if !changed { messages.append("\(path) already held the backup's bytes; nothing was written") }
                noteWritten([path])
                guard case .task(let t) = vault.format.read(path: path, bytes: bytes, zone: clock.timeZone) else {
                    throw TodoError.malformed(path: path, reason: "restored, but the backup's copy is not a task file")
                }
                return BackupTaskRestore(snapshot: snap, task: versioned(t), changed: changed, messages: messages)
            }
        }
    }

    /// The file of backup `m` that `reference` names, and where it goes in the vault.
    private func backupFile(for reference: String, current: String?, in m: BackupManifest) throws -> (String, BackupFile) {
        if let current {
            if let f = m.files.first(where: { $0.path == current }) { return (current, f) }
            let name = (current as NSString).lastPathComponent
            let same = m.files.filter { ($0.path as NSString).lastPathComponent == name }
            if same.count == 1 { return (current, same[0]) }
            throw TodoError.missing("\(current) is not in backup \(m.id) (the path as it was works too: todomd backup restore \(m.id) --task PATH)")
        }
        var rel = reference.hasPrefix("./") ? String(reference.dropFirst(2)) : reference
        if !rel.lowercased().hasSuffix(".md") { rel += ".md" }
        guard !rel.hasPrefix("/"), !rel.split(separator: "/").contains(".."), let f = m.files.first(where: { $0.path == rel }) else {
            throw TodoError.notFound(reference)
        }
        return (rel, f)
    }

    /// Gives a vault file `bytes` through the engine's checked atomic write (creating it if it
    /// is gone); false when it already holds them.
    private func writeBack(_ path: String, _ bytes: [UInt8]) throws -> Bool {
        if let current = try? vault.readBytes(path) {
            if current == bytes { return false }
            try vault.replaceFile(path, expected: Vault.fingerprint(current), with: bytes)
            return true
        }
        guard try vault.createFile(path, bytes: bytes) else {
            throw TodoError.conflict(path: path, reason: "the file appeared meanwhile")
        }
        return true
    }
}
