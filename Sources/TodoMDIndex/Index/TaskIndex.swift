import Foundation
import GRDB
import GRDBSQLite
import TodoMDCore

/// The SQLite cache of a vault (spec 000 "Performance with large vaults"): every file's identity
/// (path, size, mtime, inode) and what it held, parsed. `refresh()` lists and stats the vault and
/// re-parses only new or changed files; `snapshot(_:)` then answers a view from the cache, loading
/// only the tasks it could show. The cache holds no user data: deleting it loses nothing, and a
/// corrupt, foreign or older-schema cache is rebuilt, never trusted.
public final class TaskIndex {
    public let vault: Vault
    /// The database file; nil for an in-memory index.
    public let path: String?
    private(set) var db: DatabaseQueue
    private let identity: [String: String]
    /// Notes about the last walk (links not followed), for `VaultSnapshot.notes`; nil when this
    /// process did not walk (a watch did), then read from the cache.
    private var walkNotes: [String]?
    /// Told, after each write, the files whose bytes the index found new, changed or gone
    /// (with the bytes; nil: gone): the version history's view of changes from outside.
    public var onSeen: (@Sendable ([SeenFile]) -> Void)?

    /// What a refresh did.
    public struct RefreshStats: Sendable, Equatable {
        /// Markdown files in the vault.
        public var files = 0
        /// Files read and parsed because they were new or their identity changed.
        public var parsed = 0
        public var added = 0
        /// Files whose bytes changed (a touch without a change is parsed but not counted here).
        public var changed = 0
        public var removed = 0
        /// True when the cache was dropped and built again (corrupt, foreign, older schema).
        public var rebuilt = false
    }

    /// Opens the vault's index at `path` (default: `<cache>/index/<key>.sqlite`), or in memory
    /// when `inMemory`. A cache that cannot be opened or does not match is rebuilt.
    public init(vault: Vault, path: String? = nil, inMemory: Bool = false) throws {
        self.vault = vault
        let root = Self.realPath(vault.root) ?? vault.root
        self.path = inMemory ? nil : (path ?? Self.defaultPath(root: vault.root))
        identity = Self.identity(vault: vault, root: root)
        if let p = self.path {
            try? FileManager.default.createDirectory(atPath: (p as NSString).deletingLastPathComponent,
                                                     withIntermediateDirectories: true)
        }
        var attempt = 0
        while true {
            do {
                db = try Self.open(self.path, identity: identity)
                break
            } catch let e as DatabaseError where Self.isDamage(e) {
                // Not a database, or damaged: it is only a cache. (Never for a busy database:
                // removing files another process has open is what would damage it.)
                guard attempt == 0, let p = self.path else { throw e }
                Self.removeDatabase(p)
                rebuiltOnOpen = true
            } catch let e as DatabaseError where e.resultCode == .SQLITE_BUSY || e.resultCode == .SQLITE_LOCKED {
                // Another process is creating the file or switching it to WAL: wait and retry.
                guard attempt < 20 else { throw e }
                usleep(50_000)
            }
            attempt += 1
        }
    }

    /// Errors that mean the file is not a usable database, as opposed to one in use.
    static func isDamage(_ e: DatabaseError) -> Bool {
        // READONLY: a flipped header byte (the file format write version) makes SQLite refuse writes.
        [.SQLITE_CORRUPT, .SQLITE_NOTADB, .SQLITE_SCHEMA, .SQLITE_FORMAT, .SQLITE_ERROR, .SQLITE_READONLY].contains(e.resultCode)
    }

    /// Damage SQLite itself may not notice: a flipped bit in a record header makes a NOT NULL
    /// column read as NULL (or as another type), which fails to decode.
    static func isDamage(_ e: Error) -> Bool {
        if let d = e as? DatabaseError { return isDamage(d) }
        return e is RowDecodingError
    }

    private var rebuiltOnOpen = false

    /// What the cached parse depends on, as one string (a server compares it with its client's).
    public var identityKey: String { identity.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ";") }

    /// Whether the tables were made with this index's identity (another process with other
    /// settings or another time zone may have rebuilt them).
    public func cacheMatchesIdentity() throws -> Bool {
        try db.read { db in
            var meta: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM meta") { meta[row[0]] = row[1] }
            return identity.allSatisfy { meta[$0.key] == $0.value }
        }
    }

    /// `<cache>/index/<hash of the vault's real path>.sqlite`.
    public static func defaultPath(root: String, cacheDirectory: String = Vault.cacheDirectory) -> String {
        cacheDirectory + "/index/" + Vault.cacheKey(root: root) + ".sqlite"
    }

    /// What the cached parse depends on besides the files: the vault, the schema, the settings
    /// file (inline tasks, status map, templates), the Obsidian Tasks plugin's settings (global
    /// filter, statuses), the format's profile (TaskNotes' settings) and the time zone
    /// timestamps are read in.
    static func identity(vault: Vault, root: String) -> [String: String] {
        func bytes(_ rel: String) -> [UInt8] { (try? Data(contentsOf: URL(fileURLWithPath: vault.absolute(rel)))).map { Array($0) } ?? [] }
        let settings = bytes(".todomd.json") + bytes(ObsidianTasksSettings.relativePath)
        return ["vault": root, "settings": String(Vault.fingerprint(settings), radix: 16),
                "zone": vault.clock.timeZone.identifier, "schema": String(IndexSchema.version), "format": vault.format.cacheIdentity]
    }

    private static func open(_ path: String?, identity: [String: String]) throws -> DatabaseQueue {
        var config = Configuration()
        config.busyMode = .timeout(30)
        config.label = "todomd-index"
        let q: DatabaseQueue
        if let path {
            config.journalMode = .wal
            q = try DatabaseQueue(path: path, configuration: config)
        } else {
            q = try DatabaseQueue(configuration: config)
        }
        try q.writeWithoutTransaction { db in
            // A cache: durability of the last commits matters less than speed (a lost commit is
            // re-read from the files). A larger page cache and rarer checkpoints help cold builds.
            try db.execute(sql: "PRAGMA synchronous = NORMAL; PRAGMA cache_size = -32768; PRAGMA wal_autocheckpoint = 8192")
            try db.inTransaction(.immediate) {
                try Self.validate(db, identity: identity)
                return .commit
            }
        }
        return q
    }

    /// Drops and recreates the tables unless the cache was made by this schema for this vault
    /// with these settings. Runs in a write transaction, so two processes agree.
    private static func validate(_ db: Database, identity: [String: String]) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
        let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        if version == IndexSchema.version, IndexSchema.tables.isSubset(of: tables) {
            var meta: [String: String] = [:]
            for row in try Row.fetchAll(db, sql: "SELECT key, value FROM meta") { meta[row[0]] = row[1] }
            if identity.allSatisfy({ meta[$0.key] == $0.value }) { return }
        }
        try db.execute(sql: IndexSchema.drop)
        try db.execute(sql: IndexSchema.create)
        for (k, v) in identity { try db.execute(sql: "INSERT INTO meta (key, value) VALUES (?, ?)", arguments: [k, v]) }
        try db.execute(sql: "PRAGMA user_version = \(IndexSchema.version)")
    }

    static func removeDatabase(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    static func realPath(_ p: String) -> String? {
        guard let r = realpath(p, nil) else { return nil }
        defer { free(r) }
        return String(cString: r)
    }

    // MARK: Refresh

    /// Brings the cache up to date with the vault: lists and stats every file, re-parses new and
    /// changed ones on every core, drops removed ones. `progress(done, total)` is called while
    /// parsing. A cache that fails mid-way (damaged pages) is rebuilt once.
    @discardableResult
    public func refresh(progress: ((Int, Int) -> Void)? = nil) throws -> RefreshStats {
        do {
            var stats = try refreshOnce(progress: progress)
            stats.rebuilt = rebuiltOnOpen
            rebuiltOnOpen = false
            return stats
        } catch let e where Self.isDamage(e) {
            try rebuildFromScratch()
            var stats = try refreshOnce(progress: progress)
            stats.rebuilt = true
            return stats
        }
    }

    /// A damaged cache (pages SQLite cannot read, rows failing their checksum) is deleted and
    /// made anew, not repaired in place: dropping tables of a malformed file can fail, and then
    /// every later command warned "database disk image is malformed" for ever.
    func rebuildFromScratch() throws {
        guard let p = path else {
            try write { db in
                try db.execute(sql: IndexSchema.drop)
                try db.execute(sql: "PRAGMA user_version = 0")
                try Self.validate(db, identity: identity)
            }
            return
        }
        Self.removeDatabase(p)
        db = try Self.open(p, identity: identity)
        walkNotes = nil
    }

    private func refreshOnce(progress: ((Int, Int) -> Void)?) throws -> RefreshStats {
        Trace.mark("start refresh")
        let scan = vault.scan(sorted: false)
        let notes = Vault.walkNotes(scan).sorted()
        walkNotes = notes
        if try savedWalkNotes() != notes {
            try write { try $0.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('walk_notes', ?)",
                                       arguments: [notes.joined(separator: "\n")]) }
        }
        Trace.mark("walk: \(scan.files.count) files")
        let known = try loadStamps()
        Trace.mark("load \(known.count) stamps")
        var stats = RefreshStats()
        stats.files = scan.files.count
        var (todo, matched) = Self.compare(scan.files, known)
        // In path order: the primary keys then go in in order, and tasks' ids follow paths.
        todo.sort { $0.file.path < $1.file.path }
        Trace.mark("compare: \(todo.count) to read")
        var removed: [String] = []
        if matched < known.count {
            let present = Set(scan.files.map(\.path))
            removed = try db.read { try String.fetchAll($0, sql: "SELECT path FROM files") }.filter { !present.contains($0) }
        }
        stats.removed = removed.count
        stats.parsed = todo.count
        if !removed.isEmpty {
            try write { db in
                let w = try IndexWriter(db)
                for p in removed { try w.remove(path: p) }
            }
            onSeen?(removed.map { SeenFile(path: $0, bytes: nil, initial: false) })
        }
        // A pipeline: while this thread stores one chunk in SQLite, the next is read and parsed
        // on every core, so the cold index costs about max(parse, store), not their sum.
        let chunks = stride(from: 0, to: todo.count, by: 2048).map { Array(todo[$0..<min($0 + 2048, todo.count)]) }
        var done = 0
        let keepBytes = onSeen != nil
        // Until a first walk completes, every file is a first sighting, not a change (an empty
        // vault's first walk completes too: files after it are new).
        let initial = try db.read { try String.fetchOne($0, sql: "SELECT value FROM meta WHERE key = 'walked'") } == nil
        var next: ParsedChunk? = chunks.first.map { ParsedChunk($0, vault: vault, keepBytes: keepBytes) }
        var waited = 0.0, stored = 0.0
        for (k, slice) in chunks.enumerated() {
            let w0 = DispatchTime.now().uptimeNanoseconds
            let contents = next!.wait()
            let w1 = DispatchTime.now().uptimeNanoseconds
            waited += Double(w1 - w0) / 1e6
            next = k + 1 < chunks.count ? ParsedChunk(chunks[k + 1], vault: vault, keepBytes: keepBytes) : nil
            var seen: [SeenFile] = []
            try write { db in
                let w = try IndexWriter(db)
                for (i, item) in slice.enumerated() {
                    let f = contents[i]
                    if item.old == nil { stats.added += 1 } else if item.old.map({ Int64(bitPattern: $0) }) != f.fingerprint { stats.changed += 1 } else { try w.store(f); continue }
                    try w.store(f)
                    if keepBytes, let bytes = f.bytes { seen.append(SeenFile(path: f.file.path, bytes: bytes, initial: initial)) }
                }
            }
            if !seen.isEmpty { onSeen?(seen) }
            stored += Double(DispatchTime.now().uptimeNanoseconds - w1) / 1e6
            done += slice.count
            progress?(done, todo.count)
        }
        Trace.mark("parsed and stored \(todo.count) (waiting for parses \(Int(waited)) ms, storing \(Int(stored)) ms)")
        if initial { try write { try $0.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('walked', '1')") } }
        return stats
    }

    /// Brings only `paths` (vault-relative, as a watcher reports them) up to date, without
    /// walking the vault. A path that is not a Markdown file (a folder moved or removed, a link)
    /// falls back to a full `refresh()`.
    @discardableResult
    public func refresh(paths: Set<String>) throws -> RefreshStats {
        var stats = RefreshStats()
        var changed: [(file: ScannedFile, old: UInt64?)] = []
        var gone: [String] = []
        for p in paths.sorted() {
            let name = p.split(separator: "/").last.map(String.init) ?? p
            guard name.count > 3, name.lowercased().hasSuffix(".md"), !p.split(separator: "/").contains(where: { $0.hasPrefix(".") }) else {
                if vault.regularFileStamp(p) != nil { continue }  // another kind of file: not ours
                return try refresh()
            }
            // Links are followed only by the walk's rules (inside the vault): leave them to it.
            if Self.isLinkOrFolder(vault.absolute(p)) { return try refresh() }
            let old = try db.read { try Row.fetchOne($0, sql: "SELECT size, mtime, inode, fingerprint FROM files WHERE path = ?", arguments: [p]) }
            guard let stamp = vault.regularFileStamp(p) else {
                if old != nil { gone.append(p) }
                continue
            }
            if let old, old[0] == stamp.size, old[1] == stamp.changeTime, old[2] == Int64(bitPattern: stamp.inode) { continue }
            changed.append((ScannedFile(path: p, stamp: stamp), old.map { UInt64(bitPattern: $0[3]) }))
        }
        stats.removed = gone.count
        stats.parsed = changed.count
        let keepBytes = onSeen != nil
        let rows = ParallelReader.read(changed.map(\.file), vault: vault, keepBytes: keepBytes)
        var seen = gone.map { SeenFile(path: $0, bytes: nil, initial: false) }
        try write { db in
            let w = try IndexWriter(db)
            for p in gone { try w.remove(path: p) }
            for (item, f) in zip(changed, rows) {
                if item.old == nil { stats.added += 1 } else if item.old.map({ Int64(bitPattern: $0) }) != f.fingerprint { stats.changed += 1 } else { try w.store(f); continue }
                try w.store(f)
                if keepBytes, let bytes = f.bytes { seen.append(SeenFile(path: f.file.path, bytes: bytes, initial: false)) }
            }
        }
        if !seen.isEmpty { onSeen?(seen) }
        return stats
    }

    static func isLinkOrFolder(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && (st.st_mode & S_IFMT == S_IFLNK || st.st_mode & S_IFMT == S_IFDIR)
    }

    private func savedWalkNotes() throws -> [String] {
        let text = try db.read { try String.fetchOne($0, sql: "SELECT value FROM meta WHERE key = 'walk_notes'") } ?? ""
        return text.isEmpty ? [] : text.components(separatedBy: "\n")
    }

    func write(_ body: (Database) throws -> Void) throws {
        try db.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                try body(db)
                return .commit
            }
        }
    }

    /// The files that are new or whose identity changed (with their old fingerprint), and how
    /// many known files are still there; split over every core.
    private static func compare(_ files: [ScannedFile], _ known: [UInt64: Stamp]) -> (todo: [(file: ScannedFile, old: UInt64?)], matched: Int) {
        let n = max(1, min(ProcessInfo.processInfo.activeProcessorCount, files.count / 5000 + 1))
        var parts = [(todo: [(file: ScannedFile, old: UInt64?)], matched: Int)](repeating: ([], 0), count: n)
        parts.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            DispatchQueue.concurrentPerform(iterations: n) { w in
                var todo: [(file: ScannedFile, old: UInt64?)] = []
                var matched = 0
                var i = w
                while i < files.count {
                    let f = files[i]
                    i += n
                    guard let old = known[PathHash.of(f.path)] else {
                        todo.append((f, nil))
                        continue
                    }
                    matched += 1
                    if old.size != f.stamp.size || old.mtime != f.stamp.changeTime || old.inode != f.stamp.inode {
                        todo.append((f, old.fingerprint))
                    }
                }
                (base + w).pointee = (todo, matched)
            }
        }
        return (parts.flatMap(\.todo), parts.reduce(0) { $0 + $1.matched })
    }

    struct Stamp {
        var size: Int64, mtime: Int64, inode: UInt64, fingerprint: UInt64
    }

    /// Every cached file's identity, keyed by a hash of its path (no string per row: this runs
    /// on every command, over every file).
    private func loadStamps() throws -> [UInt64: Stamp] {
        try db.read { db in
            var out: [UInt64: Stamp] = [:]
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM files") ?? 0
            out.reserveCapacity(count)
            try SQLRows.each(db, "SELECT path, size, mtime, inode, fingerprint FROM files") { s in
                out[PathHash.of(SQLRows.bytes(s, 0))] = Stamp(size: sqlite3_column_int64(s, 1), mtime: sqlite3_column_int64(s, 2),
                                                inode: UInt64(bitPattern: sqlite3_column_int64(s, 3)),
                                                fingerprint: UInt64(bitPattern: sqlite3_column_int64(s, 4)))
            }
            return out
        }
    }

    // MARK: Reading

    /// The task at `path` as it was at `version`: one of the file's current tasks, or one the
    /// history kept when the file changed or went. nil when this index never saw that version.
    public func task(path: String, version: String) throws -> TodoTask? {
        try db.read { db in
            if let data = try Data.fetchOne(db, sql: "SELECT data FROM history WHERE path = ? AND version = ? ORDER BY seq DESC LIMIT 1",
                                            arguments: [path, version]) {
                return try data.withUnsafeBytes { try TaskCodec.decode($0) }
            }
            for row in try Row.fetchAll(db, sql: "SELECT t.fingerprint, d.data FROM tasks t JOIN task_data d ON d.id = t.id WHERE t.path = ?",
                                        arguments: [path]) {
                let data: Data = row[1]
                if try data.withUnsafeBytes({ try TaskCodec.version($0) }) == version {
                    return try data.withUnsafeBytes { try TaskCodec.decode($0) }
                }
            }
            return nil
        }
    }

    /// The short handles (`TaskHandle`) of the tasks with these ids, among every task the index
    /// holds: two lookups of the handle index per task, so a view's rows need no full scan.
    /// Each id must find its own hash there: the column is not checksummed, and a byte flipped
    /// in it (the fault-injection run found one) would otherwise lengthen or shorten a handle
    /// unseen. A missing one is damage: the cache is rebuilt and asked again.
    public func handles(ids: [String]) throws -> [String: String] {
        try healingDamage { try readHandles(ids: ids) }
    }

    private func readHandles(ids: [String]) throws -> [String: String] {
        try db.read { db in
            var out: [String: String] = [:]
            if ids.count > 200 {
                // A long list (`list all`): one scan of the handle index beats two lookups a row.
                let all = try String.fetchAll(db, sql: "SELECT DISTINCT handle FROM tasks ORDER BY handle")
                for id in ids {
                    let h = TaskHandle.hash(id)
                    var lo = 0, hi = all.count
                    while lo < hi { let mid = (lo + hi) / 2; if all[mid] < h { lo = mid + 1 } else { hi = mid } }
                    guard lo < all.count, all[lo] == h else { throw ByteReader.Corrupt() }
                    out[id] = TaskHandle.handle(h, before: lo > 0 ? all[lo - 1] : nil, after: lo + 1 < all.count ? all[lo + 1] : nil)
                }
                return out
            }
            for id in ids {
                let h = TaskHandle.hash(id)
                let before = try String.fetchOne(db, sql: "SELECT handle FROM tasks WHERE handle < ? ORDER BY handle DESC LIMIT 1", arguments: [h])
                let from = try String.fetchAll(db, sql: "SELECT DISTINCT handle FROM tasks WHERE handle >= ? ORDER BY handle LIMIT 2", arguments: [h])
                guard from.first == h else { throw ByteReader.Corrupt() }
                out[id] = TaskHandle.handle(h, before: before, after: from.dropFirst().first)
            }
            return out
        }
    }

    /// The vault as a snapshot, holding every task `prefilter` lets through, every problem, and
    /// every type definition, saved view and typed item. Call `refresh()` first.
    public func snapshot(_ prefilter: Prefilter = .all) throws -> VaultSnapshot {
        try healingDamage { try load(prefilter) }
    }

    /// Runs `answer`; when a row fails its check (`ByteReader.Corrupt`) or SQLite reports a
    /// damaged page, the cache is made anew from the files and `answer` runs once more, so no
    /// answer ever comes from a damaged row. `isRowDamage` adds errors of the caller's own.
    func healingDamage<T>(isRowDamage: (Error) -> Bool = { _ in false }, _ answer: () throws -> T) throws -> T {
        do { return try answer() } catch let e where isRowDamage(e) || e is ByteReader.Corrupt || Self.isDamage(e) {
            try rebuildFromScratch()
            try refresh()
            return try answer()
        }
    }

    private func load(_ prefilter: Prefilter) throws -> VaultSnapshot {
        if !prefilter.textQueries.isEmpty { try buildTextIndex() }
        var files: [FileContents] = []
        try db.read { db in
            // Special notes are re-read from disk: a handful of files, whose parsed forms are not cached.
            let special = try String.fetchAll(db, sql: "SELECT path FROM files WHERE kind = 3")
            let stamps = vault.statFiles(special)
            files += stamps.map(vault.readContents)
            try SQLRows.each(db, "SELECT path, problem FROM files WHERE problem IS NOT NULL AND kind != 3") { s in
                let p = SQLRows.text(s, 0)
                files.append(FileContents(path: p, problem: FileProblem(path: p, reasons: StoredFile.splitReasons(SQLRows.text(s, 1)))))
            }
            // Rows are copied into one buffer, then decoded on every core. No ORDER BY: the
            // planner then answers a view's OR of dates through the date indexes; Swift sorts.
            var blobs = BlobBatch()
            var columnPaths: [String] = []
            let references = prefilter.related ? try Int.fetchOne(db, sql: "SELECT count(*) FROM refs") ?? 0 : 0
            let select = prefilter.selectSQL(hasRefs: references > 0)
            var ids: [Int64] = []
            func row(_ s: OpaquePointer) {
                blobs.append(SQLRows.blob(s, 1))
                columnPaths.append(SQLRows.text(s, 0))
                if select.closing { ids.append(sqlite3_column_int64(s, 2)) }
            }
            try SQLRows.each(db, select.sql, select.arguments, row)
            if select.closing {
                let extra = try RelatedClosure.extra(db, seeds: ids, references: references, dependents: prefilter.dependents)
                if !extra.isEmpty { try SQLRows.each(db, Prefilter.selectByIDs, [RelatedClosure.jsonArray(extra)], row) }
            }
            Trace.mark("query \(columnPaths.count) tasks")
            let rows = try blobs.decodeAllWithFingerprints()
            // A task row without its data (a damaged id) decodes as empty and fails: LEFT JOIN.
            // The row's path column must be the checked blob's path (a flipped bit there would
            // file a task under another path); versions come from the checked blob.
            var fingerprints: [String: UInt64] = [:]
            for (row, p) in zip(rows, columnPaths) {
                guard row.task.path == p else { throw ByteReader.Corrupt() }
                fingerprints[p] = row.fileFingerprint
            }
            let decoded = rows.map(\.task)
            // Sorted by position (path, line), not by moving task structs around.
            let keys = decoded.map { ($0.path, $0.line ?? -1) }
            let tasks = keys.indices.sorted { keys[$0].0 != keys[$1].0 ? keys[$0].0 < keys[$1].0 : keys[$0].1 < keys[$1].1 }.map { decoded[$0] }
            var current: FileContents?
            for t in tasks {
                if current?.path != t.path {
                    if let c = current { files.append(c) }
                    current = FileContents(path: t.path)
                    current?.fingerprint = fingerprints[t.path] ?? 0
                }
                current?.tasks.append(t)
            }
            if let c = current { files.append(c) }
        }
        Trace.mark("decode \(files.count) files' tasks")
        var snap = vault.assemble(files)
        snap.holdsDependencies = prefilter.holdsDependencies
        snap.notes = try walkNotes ?? savedWalkNotes()
        Trace.mark("assemble")
        return snap
    }
}

/// A file the index found new, changed or gone.
public struct SeenFile: Sendable {
    public var path: String
    /// Its bytes now; nil: it is gone.
    public var bytes: [UInt8]?
    /// Seen while the index was built from nothing (its first sighting, not a change).
    public var initial: Bool

    public init(path: String, bytes: [UInt8]?, initial: Bool) {
        self.path = path
        self.bytes = bytes
        self.initial = initial
    }
}

extension TaskIndex {
    /// The files whose names may be sync-conflict copies (the service checks each).
    public func copyCandidates() throws -> [String] {
        try db.read { try String.fetchAll($0, sql: "SELECT path FROM copies ORDER BY path") }
    }
}
