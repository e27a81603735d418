import Foundation
import TodoMDCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A folder of snapshots of one vault (spec 004 "backups"): `<directory>/<YYYYMMDD-HHMMSS>/`
/// holds a copy of every task file with its vault-relative path, plus `.todomd.json`,
/// `.order.json` and `.perspectives.json`, and `.backup.json` (the manifest).
///
/// Deduplicated as rsync `--link-dest` and Time Machine do: a file unchanged since the snapshot
/// before is a hard link to that snapshot's copy, so an hourly snapshot of an unchanged vault
/// costs folders and links, not bytes. Copies are read-only and never links to the vault's own
/// files (an editor writing in place would change the backup with them). A snapshot is written
/// into a temp folder renamed into place when complete, so a crash never leaves a half
/// snapshot that looks whole.
///
/// Pure file work, with the time given by the caller; `TodoService` (`Service+Backup.swift`)
/// decides when, and holds `withLock` around every change.
public struct BackupStore: Sendable {
    public let directory: String

    /// The vault's own files a backup holds beside its Markdown files.
    public static let vaultFileNames = [VaultSettings.fileName, OrderFile.fileName, ".perspectives.json"]
    /// Temp folders of snapshots being written start with this.
    static let tempPrefix = ".tmp-"

    public init(directory: String) { self.directory = directory }

    /// A snapshot's folder.
    public func path(_ id: String) -> String { directory + "/" + id }

    /// Ids of the complete snapshots (those with a manifest), newest first.
    public func ids() -> [String] {
        let names = BackupFiles.list(directory) ?? []
        return BackupID.newestFirst(names.filter { FileManager.default.fileExists(atPath: path($0) + "/" + BackupManifest.fileName) })
    }

    /// A snapshot's manifest.
    public func manifest(_ id: String) throws -> BackupManifest {
        let file = path(id) + "/" + BackupManifest.fileName
        do {
            return try JSONDecoder().decode(BackupManifest.self, from: Data(try Vault.readFile(file)))
        } catch let e as TodoError {
            throw e
        } catch {
            throw TodoError.malformed(path: file, reason: "not a backup manifest (\(error))")
        }
    }

    /// Complete snapshots, newest first (their manifests read; unreadable ones left out).
    public func snapshots() -> [BackupSnapshot] {
        ids().compactMap { id in (try? manifest(id)).map { snapshot($0) } }
    }

    func snapshot(_ m: BackupManifest) -> BackupSnapshot {
        BackupSnapshot(id: m.id, date: BackupID.parse(m.id)?.date ?? Timestamp.parse(m.created) ?? .distantPast, path: path(m.id),
                       files: m.files.count, bytes: m.bytes, copiedBytes: m.copiedBytes)
    }

    /// The bytes of one file of a snapshot, checked against the manifest's fingerprint.
    public func read(_ id: String, _ file: BackupFile) throws -> [UInt8] {
        let bytes = try Vault.readFile(path(id) + "/" + file.path)
        guard BackupManifest.fingerprint(bytes) == file.fingerprint else {
            throw TodoError.malformed(path: path(id) + "/" + file.path, reason: "the backup's copy was changed since it was taken")
        }
        return bytes
    }

    /// Runs `body` holding the store's lock (a file lock in the folder, created if needed).
    public func withLock<T>(_ body: () throws -> T) throws -> T {
        if !FileManager.default.fileExists(atPath: directory) {
            try BackupFiles.makeDirs(directory)
            chmod(directory, 0o700)  // a backup is as private as the vault, whatever the umask
        }
        return try BackupFiles.withLock(directory + "/.lock", body)
    }

    // MARK: Taking

    /// What a backup of `vault` holds now: every Markdown file the scanner sees (templates
    /// included: they are the user's files too), and the vault's own files, sorted by path.
    public static func vaultFiles(_ vault: Vault) -> [ScannedFile] {
        var files = VaultScanner(root: vault.root).scan().files
        for name in vaultFileNames {
            if let stamp = vault.regularFileStamp(name) { files.append(ScannedFile(path: name, stamp: stamp)) }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Whether `files` (as `vaultFiles` lists them) hold what `manifest` lists: the same paths,
    /// and for each file the same stamp, or else the same bytes (read only then). A file that
    /// cannot be read is no change: no backup could hold it, and taking one every hour for it
    /// would rotate the useful ones away.
    public static func matches(_ files: [ScannedFile], root: String, manifest: BackupManifest) -> Bool {
        var listed = Dictionary(manifest.files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        for f in files {
            let m = listed.removeValue(forKey: f.path)
            if let m, m.sameStamp(f.stamp) { continue }
            guard let bytes = try? Vault.readFile(root + "/" + f.path) else { continue }
            guard let m, BackupManifest.fingerprint(bytes) == m.fingerprint else { return false }
        }
        return listed.isEmpty
    }

    /// Takes a snapshot of `files` (vault-relative, in the vault at `root`) as of `date`. Call
    /// holding `withLock`. Files that vanish meanwhile are left out, and so are files that
    /// cannot be read (returned in `skipped`).
    public func take(root: String, files: [ScannedFile], at date: Date) throws -> (BackupSnapshot, skipped: [String]) {
        removeStaleTemps()
        let previous = try ids().first.map { try manifest($0) }
        let byPath = Dictionary((previous?.files ?? []).map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        let id = freeID(date)
        let temp = directory + "/" + Self.tempPrefix + id
        try BackupFiles.makeDirs(temp)
        var made: Set<String> = [""]
        var entries: [BackupFile] = []
        var copied: Int64 = 0
        var skipped: [String] = []
        for f in files {
            let folder = (f.path as NSString).deletingLastPathComponent
            if made.insert(folder).inserted { try BackupFiles.makeDirs(temp + "/" + folder) }
            let target = temp + "/" + f.path
            let old = byPath[f.path]
            let linkable = previous.map { path($0.id) + "/" + f.path }
            // Unchanged by its stamp: link without reading it.
            if let old, let linkable, old.sameStamp(f.stamp), BackupFiles.hardLink(linkable, target) {
                entries.append(old)
                continue
            }
            let bytes: [UInt8]
            do { bytes = try Vault.readFile(root + "/" + f.path) } catch {
                if access(root + "/" + f.path, F_OK) == 0 { skipped.append(f.path) }
                continue
            }
            let entry = BackupFile(path: f.path, stamp: f.stamp, fingerprint: BackupManifest.fingerprint(bytes))
            entries.append(entry)
            // Touched but the same bytes: still a link.
            if let old, let linkable, old.fingerprint == entry.fingerprint, old.size == Int64(bytes.count),
               BackupFiles.hardLink(linkable, target) { continue }
            try BackupFiles.createFile(target, bytes: bytes, mode: 0o444)
            copied += Int64(bytes.count)
        }
        let m = BackupManifest(id: id, created: Timestamp.format(date), vault: root, files: entries, copiedBytes: copied)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try BackupFiles.createFile(temp + "/" + BackupManifest.fileName, bytes: Array(try encoder.encode(m)), mode: 0o444)
        Vault.syncFolder(temp)
        try BackupFiles.renameItem(temp, path(id))
        Vault.syncFolder(directory)
        return (snapshot(m), skipped)
    }

    /// Deletes all but the newest `keep` snapshots, never one of `pinned`; returns the ids
    /// deleted. Call holding `withLock`.
    @discardableResult
    public func prune(keep: Int, pinned: Set<String> = []) throws -> [String] {
        let old = ids().dropFirst(max(0, keep)).filter { !pinned.contains($0) }
        for id in old {
            // Out of sight first, so a listing never shows a half-deleted snapshot.
            let doomed = directory + "/" + Self.tempPrefix + "old-" + id
            try BackupFiles.renameItem(path(id), doomed)
            try BackupFiles.remove(doomed)
        }
        return Array(old)
    }

    /// An id for `date` no snapshot (or temp folder) uses yet.
    private func freeID(_ date: Date) -> String {
        let base = BackupID.make(date)
        var id = base
        var n = 1
        while FileManager.default.fileExists(atPath: path(id)) || FileManager.default.fileExists(atPath: directory + "/" + Self.tempPrefix + id) {
            n += 1
            id = base + "-\(n)"
        }
        return id
    }

    /// Temp folders left by a snapshot or a prune that was killed: every one present while the
    /// lock is held is one.
    private func removeStaleTemps() {
        for name in BackupFiles.list(directory) ?? [] where name.hasPrefix(Self.tempPrefix) {
            try? BackupFiles.remove(directory + "/" + name)
        }
    }
}
