import Foundation
import TodoMDCore

/// One file of a backup, as its manifest lists it.
public struct BackupFile: Codable, Sendable, Equatable {
    /// Vault-relative, `/`-separated: the same path inside the snapshot folder.
    public var path: String
    public var size: Int64
    /// `Vault.fingerprint` of the bytes, in hex: restores check the copy against it.
    public var fingerprint: String
    /// The vault file's stamp when it was read: the next backup links the copy instead of
    /// reading the file again when the stamp is the same (ctime too, which no tool can set).
    public var mtime: Int64
    public var ctime: Int64
    public var inode: UInt64
    public var device: UInt64

    init(path: String, stamp: FileStamp, fingerprint: String) {
        self.path = path
        size = stamp.size
        self.fingerprint = fingerprint
        mtime = stamp.mtimeNanos
        ctime = stamp.ctimeNanos
        inode = stamp.inode
        device = stamp.device
    }

    /// Whether `stamp` is the stamp this file was read with (so the bytes are the same).
    func sameStamp(_ stamp: FileStamp) -> Bool {
        size == stamp.size && mtime == stamp.mtimeNanos && ctime == stamp.ctimeNanos && inode == stamp.inode && device == stamp.device
    }
}

/// `.backup.json` in a snapshot folder: what it holds. Written last, inside the temp folder
/// that is renamed into place, so a folder with a manifest is a complete snapshot.
public struct BackupManifest: Codable, Sendable {
    public var format = 1
    public var id: String
    /// When it was taken (UTC ISO-8601, from the service's clock).
    public var created: String
    /// The vault it is a backup of (its path when taken).
    public var vault: String
    public var files: [BackupFile]
    /// Bytes copied for this snapshot; the rest are hard links to the snapshot before.
    public var copiedBytes: Int64

    public static let fileName = ".backup.json"

    /// The sum of the files' sizes (what a restore writes).
    public var bytes: Int64 { files.reduce(0) { $0 + $1.size } }

    static func fingerprint(_ bytes: [UInt8]) -> String {
        let hex = String(Vault.fingerprint(bytes), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// A snapshot as `backup list` shows it.
public struct BackupSnapshot: Sendable, Equatable {
    /// `YYYYMMDD-HHMMSS` in UTC (`-2`, `-3`… when two are taken in one second).
    public var id: String
    public var date: Date
    /// The snapshot folder.
    public var path: String
    public var files: Int
    public var bytes: Int64
    /// Bytes this snapshot copied (the rest are shared with the one before).
    public var copiedBytes: Int64
}

/// Snapshot ids: the UTC time they were taken, sortable as text within one second's suffixes.
enum BackupID {
    /// `20261124-090000` for 2026-11-24T09:00:00Z.
    static func make(_ date: Date) -> String {
        let iso = Timestamp.format(date)  // 2026-11-24T09:00:00Z
        let digits = iso.filter(\.isNumber)
        return String(digits.prefix(8)) + "-" + String(digits.dropFirst(8).prefix(6))
    }

    /// The time and the same-second counter of an id; nil for names that are not ids.
    static func parse(_ id: String) -> (date: Date, n: Int)? {
        let parts = id.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts[0].count == 8, parts[1].count == 6,
              parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        let d = parts[0], t = parts[1]
        let iso = "\(d.prefix(4))-\(d.dropFirst(4).prefix(2))-\(d.suffix(2))T\(t.prefix(2)):\(t.dropFirst(2).prefix(2)):\(t.suffix(2))Z"
        guard let date = Timestamp.parse(iso) else { return nil }
        let n = parts.count == 3 ? Int(parts[2]) ?? 0 : 1
        guard n >= 1, n < 100_000 else { return nil }
        return (date, n)
    }

    /// Newest first.
    static func newestFirst(_ ids: [String]) -> [String] {
        ids.compactMap { id in parse(id).map { (id, $0) } }
            .sorted { ($0.1.date, $0.1.n) > ($1.1.date, $1.1.n) }
            .map(\.0)
    }
}
