import Crypto
import Foundation
import GRDB
import TodoMDCore

/// The version history of one vault: every version of every file todomd wrote or saw, kept
/// outside the vault (a cache folder), content-addressed (a blob is named by the SHA-256 of its
/// bytes, so a version seen twice is stored once) and pruned by age and size.
///
/// A version is one row: the file, when, its blob (nil: the file was removed), the blob it
/// replaced (`parent`: reliable for todomd's own writes, "the version before" for changes seen
/// from outside), who made it (`todomd` with the action, front end and source; `external`; or
/// `seen`, a file's first sighting) and, for a move, where the file was. Deleting the store
/// loses only the history.
public final class HistoryStore: @unchecked Sendable {
    /// One version of one file.
    public struct Version: Sendable, Equatable {
        /// Increases with every version recorded in this store.
        public var seq: Int64
        public var path: String
        public var at: Date
        /// The blob (nil: the file was removed or moved away).
        public var hash: String?
        /// The blob this version replaced (nil: none known).
        public var parent: String?
        /// `todomd`, `external` or `seen` (the first time the file was seen).
        public var by: String
        public var action: String?
        public var frontEnd: String?
        public var source: String?
        /// For a move: where the file was.
        public var from: String?
        /// The blob's size in bytes (0 when removed).
        public var size: Int
    }

    /// One file change todomd made or saw, to record.
    public struct Change: Sendable {
        public var path: String
        public var from: String?
        public var before: [UInt8]?
        public var after: [UInt8]?
        public var by: String
        public var action: String?
        public var frontEnd: String?
        public var source: String?

        public init(path: String, from: String? = nil, before: [UInt8]?, after: [UInt8]?, by: String,
                    action: String? = nil, frontEnd: String? = nil, source: String? = nil) {
            self.path = path
            self.from = from
            self.before = before
            self.after = after
            self.by = by
            self.action = action
            self.frontEnd = frontEnd
            self.source = source
        }
    }

    /// How long and how much the store keeps: versions older than `maxAge` go, then the oldest
    /// until the blobs fit in `maxBytes`; a file's newest version always stays (the base a
    /// later conflict is merged against).
    public struct Retention: Sendable, Equatable {
        public var maxAge: TimeInterval
        public var maxBytes: Int
        public static let standard = Retention(maxAge: 90 * 86_400, maxBytes: 200 * 1024 * 1024)

        public init(maxAge: TimeInterval, maxBytes: Int) {
            self.maxAge = maxAge
            self.maxBytes = maxBytes
        }
    }

    public let path: String
    let db: DatabaseQueue
    static let schemaVersion = 2

    /// Opens (or makes) the store at `path`.
    public init(path: String) throws {
        self.path = path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        var config = Configuration()
        config.busyMode = .timeout(30)
        config.label = "todomd-history"
        config.journalMode = .wal
        do {
            db = try Self.open(path, config)
        } catch let e as DatabaseError where e.resultCode == .SQLITE_CORRUPT || e.resultCode == .SQLITE_NOTADB {
            // A cache: a damaged one is started afresh rather than failing every write.
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            db = try Self.open(path, config)
        }
    }

    private static func open(_ path: String, _ config: Configuration) throws -> DatabaseQueue {
        let q = try DatabaseQueue(path: path, configuration: config)
        try q.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            try db.inTransaction(.immediate) {
                let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
                if version != schemaVersion {
                    try db.execute(sql: """
                        DROP TABLE IF EXISTS blobs; DROP TABLE IF EXISTS versions; DROP TABLE IF EXISTS meta;
                        DROP TABLE IF EXISTS expected; DROP TABLE IF EXISTS quarantine; DROP TABLE IF EXISTS arrivals;
                        CREATE TABLE blobs (hash TEXT PRIMARY KEY, size INTEGER NOT NULL, data BLOB NOT NULL);
                        CREATE TABLE versions (
                            seq INTEGER PRIMARY KEY AUTOINCREMENT, path TEXT NOT NULL, at INTEGER NOT NULL,
                            hash TEXT, parent TEXT, by TEXT NOT NULL, action TEXT, front_end TEXT, source TEXT, from_path TEXT);
                        CREATE INDEX versions_path ON versions(path, seq);
                        CREATE INDEX versions_hash ON versions(hash);
                        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                        -- Bytes todomd is writing (hash '' = removing), until its action is recorded.
                        CREATE TABLE expected (path TEXT NOT NULL, hash TEXT NOT NULL, at INTEGER NOT NULL, PRIMARY KEY (path, hash)) WITHOUT ROWID;
                        -- Quarantine (HistoryStore+Quarantine.swift): files held back, and recent arrivals.
                        CREATE TABLE quarantine (path TEXT PRIMARY KEY, at INTEGER NOT NULL, source TEXT, reason TEXT NOT NULL) WITHOUT ROWID;
                        CREATE TABLE arrivals (path TEXT NOT NULL, at INTEGER NOT NULL, source TEXT);
                        CREATE INDEX arrivals_at ON arrivals(at);
                        PRAGMA user_version = \(schemaVersion);
                        """)
                }
                return .commit
            }
        }
        return q
    }

    /// The store of the vault at `root` in `cacheDirectory`.
    public static func defaultPath(root: String, cacheDirectory: String = Vault.cacheDirectory) -> String {
        cacheDirectory + "/history/" + Vault.cacheKey(root: root) + ".sqlite"
    }

    /// The blob name of `bytes`: SHA-256, hex.
    public static func hash(_ bytes: [UInt8]) -> String {
        // Hex by hand: `String(format:)` per byte costs more than hashing the file.
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(64)
        for b in SHA256.hash(data: bytes) {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    // MARK: Recording

    /// Notes that todomd is writing `after` to `path` (nil: removing it), before its action is
    /// recorded: a change seen with exactly these bytes meanwhile (by this process's index or
    /// another's watch) is todomd's, not an edit from outside. Forgotten when the action is
    /// recorded, or after 10 minutes.
    public func expect(path: String, after: [UInt8]?) {
        let hash = after.map(Self.hash) ?? ""
        _ = try? db.write { db in
            try db.cachedStatement(sql: "INSERT OR REPLACE INTO expected (path, hash, at) VALUES (?, ?, ?)")
                .execute(arguments: [path, hash, Self.millis(Date())])
        }
    }

    /// Records changes todomd made (`by == "todomd"`) or saw (`external`, `seen`), at `at`.
    /// A change whose result is already the file's newest version is not recorded again
    /// (todomd's own write, then seen by the index), except that such a version seen first
    /// from outside moments ago is credited to todomd. A todomd write over bytes the store has
    /// not seen records those bytes first, as seen from outside. `keep`: more blobs to store
    /// in the same transaction (the bytes the undo journal points at). Returns the versions added.
    @discardableResult
    public func record(_ changes: [Change], at: Date, keep: [[UInt8]] = []) throws -> [Version] {
        guard !changes.isEmpty || !keep.isEmpty else { return [] }
        let ms = Self.millis(at)
        let afterHashes = changes.map { $0.after.map(Self.hash) }
        let byTodomd = changes.contains { $0.by == "todomd" }
        // Whether one of todomd's writes is under way (rare: then each change is checked).
        func expecting(_ db: Database) throws -> Bool {
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT EXISTS (SELECT 1 FROM expected)")) ?? false
        }
        func expected(_ db: Database, _ i: Int) throws -> Bool {
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM expected WHERE path = ? AND hash = ?"),
                              arguments: [changes[i].path, afterHashes[i] ?? ""]) == true
        }
        // What the index sees of todomd's own writes needs no write transaction.
        if keep.isEmpty, !byTodomd, try db.read({ db in
            try expecting(db) && changes.indices.allSatisfy { try expected(db, $0) }
        }) { return [] }
        return try db.write { db in
            var added: [Version] = []
            for bytes in keep { try Self.store(db, bytes, hash: Self.hash(bytes)) }
            if byTodomd {
                try db.execute(sql: "DELETE FROM expected WHERE at < ?", arguments: [Self.millis(Date()) - 600_000])
            }
            let checkExpected = try expecting(db)
            for (i, c) in changes.enumerated() {
                let afterHash = afterHashes[i]
                let beforeHash = c.before.map(Self.hash)
                if c.by == "todomd" {
                    if checkExpected {
                        try db.cachedStatement(sql: "DELETE FROM expected WHERE path = ?").execute(arguments: [c.path])
                    }
                } else if checkExpected, try expected(db, i) {
                    continue  // todomd's own write, recorded with its action
                }
                let latest = try Self.latest(db, path: c.path)
                if c.by == "todomd" {
                    if let latest, latest.hash == afterHash, latest.by != "todomd", ms - Self.millis(latest.at) < 60_000 {
                        // The index saw todomd's write first: credit it.
                        try db.execute(sql: "UPDATE versions SET by = 'todomd', action = ?, front_end = ?, source = ?, parent = ?, from_path = ? WHERE seq = ?",
                                       arguments: [c.action, c.frontEnd, c.source, beforeHash, c.from, latest.seq])
                        continue
                    }
                    if let before = c.before, let beforeHash, latest?.hash != beforeHash, c.from == nil {
                        try Self.store(db, before, hash: beforeHash)
                        added.append(try Self.insert(db, Version(seq: 0, path: c.path, at: at.addingTimeInterval(-0.001), hash: beforeHash,
                                                                  parent: latest?.hash, by: "external", size: before.count)))
                    }
                } else if let latest, latest.hash == afterHash {
                    continue
                }
                if latest == nil, afterHash == nil { continue }
                if let bytes = c.after, let afterHash { try Self.store(db, bytes, hash: afterHash) }
                let parent = c.by == "todomd" ? beforeHash : latest?.hash
                added.append(try Self.insert(db, Version(seq: 0, path: c.path, at: at, hash: afterHash, parent: parent, by: c.by,
                                                          action: c.action, frontEnd: c.frontEnd, source: c.source, from: c.from,
                                                          size: c.after?.count ?? 0)))
            }
            return added
        }
    }

    private static func store(_ db: Database, _ bytes: [UInt8], hash: String) throws {
        try db.cachedStatement(sql: "INSERT OR IGNORE INTO blobs (hash, size, data) VALUES (?, ?, ?)")
            .execute(arguments: [hash, bytes.count, Data(bytes)])
    }

    private static func insert(_ db: Database, _ v: Version) throws -> Version {
        try db.cachedStatement(sql: """
            INSERT INTO versions (path, at, hash, parent, by, action, front_end, source, from_path) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """).execute(arguments: [v.path, millis(v.at), v.hash, v.parent, v.by, v.action, v.frontEnd, v.source, v.from])
        var out = v
        out.seq = db.lastInsertedRowID
        return out
    }

    // MARK: Reading

    /// The newest version of `path`.
    public func latest(path: String) throws -> Version? {
        try db.read { try Self.latest($0, path: path) }
    }

    private static func latest(_ db: Database, path: String) throws -> Version? {
        try Row.fetchOne(db.cachedStatement(sql: select + " WHERE v.path = ? ORDER BY v.seq DESC LIMIT 1"), arguments: [path]).map(version)
    }

    /// The versions of `path`, newest first (at most `limit`).
    public func versions(path: String, limit: Int = 200) throws -> [Version] {
        try db.read { db in
            try Row.fetchAll(db, sql: Self.select + " WHERE v.path = ? ORDER BY v.seq DESC LIMIT ?", arguments: [path, limit]).map(Self.version)
        }
    }

    /// The versions whose blob is `hash` (newest first).
    public func versions(hash: String) throws -> [Version] {
        try db.read { db in
            try Row.fetchAll(db, sql: Self.select + " WHERE v.hash = ? ORDER BY v.seq DESC", arguments: [hash]).map(Self.version)
        }
    }

    /// The version numbered `seq`.
    public func version(seq: Int64) throws -> Version? {
        try db.read { try Row.fetchOne($0, sql: Self.select + " WHERE v.seq = ?", arguments: [seq]).map(Self.version) }
    }

    /// The bytes of a blob (a full hash, or a unique prefix of at least 6 characters).
    public func blob(_ hash: String) throws -> [UInt8]? {
        try db.read { db in
            if hash.count == 64 {
                return try Data.fetchOne(db, sql: "SELECT data FROM blobs WHERE hash = ?", arguments: [hash]).map { Array($0) }
            }
            guard hash.count >= 6, hash.allSatisfy(\.isHexDigit) else { return nil }
            let rows = try Data.fetchAll(db, sql: "SELECT data FROM blobs WHERE hash >= ? AND hash < ? LIMIT 2",
                                         arguments: [hash.lowercased(), hash.lowercased() + "g"])
            return rows.count == 1 ? Array(rows[0]) : nil
        }
    }

    /// Whether the store holds a blob.
    public func hasBlob(_ hash: String) -> Bool {
        (try? db.read { try Bool.fetchOne($0, sql: "SELECT 1 FROM blobs WHERE hash = ?", arguments: [hash]) }) ?? nil ?? false
    }

    /// How many versions and blob bytes the store holds.
    public func size() throws -> (versions: Int, bytes: Int) {
        try db.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM versions") ?? 0,
             try Int.fetchOne(db, sql: "SELECT coalesce(sum(size), 0) FROM blobs") ?? 0)
        }
    }

    // MARK: Pruning

    /// Drops versions beyond `retention` (never a file's newest), then blobs nothing points at
    /// (`pinned`: blobs to keep anyway, e.g. the undo journal's). Returns how many versions went.
    @discardableResult
    public func prune(now: Date, retention: Retention = .standard, pinned: Set<String> = []) throws -> Int {
        try db.write { db in
            let newest = "SELECT max(seq) FROM versions GROUP BY path"
            try db.execute(sql: "DELETE FROM versions WHERE at < ? AND seq NOT IN (\(newest))",
                           arguments: [Self.millis(now) - Int64(retention.maxAge * 1000)])
            var dropped = db.changesCount
            try Self.dropUnreferencedBlobs(db, pinned: pinned)
            var total = try Int.fetchOne(db, sql: "SELECT coalesce(sum(size), 0) FROM blobs") ?? 0
            while total > retention.maxBytes {
                let batch = try Int64.fetchAll(db, sql: "SELECT seq FROM versions WHERE seq NOT IN (\(newest)) ORDER BY seq LIMIT 256")
                if batch.isEmpty { break }
                try db.execute(sql: "DELETE FROM versions WHERE seq IN (\(batch.map(String.init).joined(separator: ",")))")
                dropped += batch.count
                try Self.dropUnreferencedBlobs(db, pinned: pinned)
                total = try Int.fetchOne(db, sql: "SELECT coalesce(sum(size), 0) FROM blobs") ?? 0
            }
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('pruned', ?)", arguments: [String(Self.millis(now))])
            return dropped
        }
    }

    /// When the store was last pruned.
    public func lastPruned() -> Date? {
        guard let text = try? db.read({ try String.fetchOne($0, sql: "SELECT value FROM meta WHERE key = 'pruned'") }),
              let ms = Int64(text) else { return nil }
        return Date(timeIntervalSince1970: Double(ms) / 1000)
    }

    private static func dropUnreferencedBlobs(_ db: Database, pinned: Set<String>) throws {
        let orphans = try String.fetchAll(db, sql: """
            SELECT hash FROM blobs WHERE hash NOT IN (SELECT hash FROM versions WHERE hash IS NOT NULL)
            """).filter { !pinned.contains($0) }
        for chunk in stride(from: 0, to: orphans.count, by: 500).map({ orphans[$0..<min($0 + 500, orphans.count)] }) {
            try db.execute(sql: "DELETE FROM blobs WHERE hash IN (\(chunk.map { _ in "?" }.joined(separator: ",")))",
                           arguments: StatementArguments(Array(chunk)))
        }
    }

    // MARK: Rows

    private static let select = """
        SELECT v.seq, v.path, v.at, v.hash, v.parent, v.by, v.action, v.front_end, v.source, v.from_path, coalesce(b.size, 0)
        FROM versions v LEFT JOIN blobs b ON b.hash = v.hash
        """

    private static func version(_ r: Row) -> Version {
        Version(seq: r[0], path: r[1], at: Date(timeIntervalSince1970: Double(r[2] as Int64) / 1000), hash: r[3], parent: r[4],
                by: r[5], action: r[6], frontEnd: r[7], source: r[8], from: r[9], size: r[10])
    }

    static func millis(_ d: Date) -> Int64 { Int64((d.timeIntervalSince1970 * 1000).rounded()) }
}
