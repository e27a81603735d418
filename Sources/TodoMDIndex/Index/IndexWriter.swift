import Foundation
import GRDB
import TodoMDCore

/// Writes one file's parsed contents into the cache tables (inside the caller's transaction).
struct IndexWriter {
    let db: Database
    /// Whether the full-text table is kept (it is built on the first search, then maintained).
    let withText: Bool

    /// Reads the full-text flag inside the caller's write transaction, so a search building the
    /// table at the same time cannot miss rows written here.
    init(_ db: Database) throws {
        self.db = db
        withText = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'fts'") == "1"
    }

    func remove(path: String) throws {
        if SyncConflictNames.mayBeCopy(path) {
            try db.cachedStatement(sql: "DELETE FROM copies WHERE path = ?").execute(arguments: [path])
        }
        try keepHistory(path: path)
        try removeTasks(path: path)
        try db.cachedStatement(sql: "DELETE FROM files WHERE path = ?").execute(arguments: [path])
    }

    /// Copies a file's current tasks into `history`, each under its version, so an edit made
    /// against one of them can still be merged after the file changed.
    private func keepHistory(path: String) throws {
        let rows = try Row.fetchAll(db.cachedStatement(sql: """
            SELECT t.fingerprint, d.data FROM tasks t JOIN task_data d ON d.id = t.id WHERE t.path = ?
            """), arguments: [path])
        guard !rows.isEmpty else { return }
        let insert = try db.cachedStatement(sql: "INSERT INTO history (path, version, data) VALUES (?, ?, ?)")
        for row in rows {
            let data: Data = row[1]
            let version = try data.withUnsafeBytes { try TaskCodec.version($0) }
            try insert.execute(arguments: [path, version, data])
        }
        try db.cachedStatement(sql: "DELETE FROM history WHERE seq <= (SELECT max(seq) FROM history) - ?")
            .execute(arguments: [IndexSchema.historyLimit])
    }

    private func removeTasks(path: String) throws {
        for table in ["fts WHERE rowid", "task_data WHERE id", "refs WHERE task"] {
            try db.cachedStatement(sql: "DELETE FROM \(table) IN (SELECT id FROM tasks WHERE path = ?)").execute(arguments: [path])
        }
        try db.cachedStatement(sql: "DELETE FROM tasks WHERE path = ?").execute(arguments: [path])
    }

    /// Stores one file's rows. The row as it is now decides what to replace: another process
    /// may have stored this file since our refresh looked (then rows are not doubled).
    func store(_ f: StoredFile) throws {
        if SyncConflictNames.mayBeCopy(f.file.path) {
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO copies (path) VALUES (?)").execute(arguments: [f.file.path])
        }
        let insertFile = try db.cachedStatement(sql: "INSERT OR IGNORE INTO files VALUES (?, ?, ?, ?, ?, ?, ?)")
        let fileValues: [SQLValue] = [.text(f.file.path), .int(f.file.stamp.size), .int(f.file.stamp.changeTime),
                                      .int(Int64(bitPattern: f.file.stamp.inode)), .int(f.fingerprint), .int(Int64(f.kind.rawValue)),
                                      .text(f.problem)]
        try SQLBind.run(insertFile, fileValues, db)
        if db.changesCount > 0 {
            // A new file has no tasks yet, unless the cache is damaged (a flipped bit in a
            // file's path makes it look new): never store its tasks twice.
            if try Int64.fetchOne(db.cachedStatement(sql: "SELECT id FROM tasks WHERE path = ? LIMIT 1"), arguments: [f.file.path]) != nil {
                try removeTasks(path: f.file.path)
            }
        } else {
            // The file was known: replace its identity, and its tasks unless the bytes are the same
            // (a touch, or another process was first).
            let current = try Int64.fetchOne(db.cachedStatement(sql: "SELECT fingerprint FROM files WHERE path = ?"), arguments: [f.file.path])
            try SQLBind.run(try db.cachedStatement(sql: "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?)"), fileValues, db)
            if current == f.fingerprint { return }
            try keepHistory(path: f.file.path)
            try removeTasks(path: f.file.path)
        }
        let insertTask = try db.cachedStatement(sql: """
            INSERT INTO tasks (path, ord, fingerprint, status, due, defer, scheduled, flagged, priority, line, area_key, project_key, tags_key, title_key, handle, name_key)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let insertData = try db.cachedStatement(sql: "INSERT INTO task_data (id, data) VALUES (?, ?)")
        let insertRef = try db.cachedStatement(sql: "INSERT INTO refs (task, name) VALUES (?, ?)")
        let insertText = try db.cachedStatement(sql: "INSERT INTO fts (rowid, title, description, tags, body) VALUES (?, ?, ?, ?, ?)")
        for (i, t) in f.tasks.enumerated() {
            try SQLBind.run(insertTask, [.text(f.file.path), .int(Int64(i)), .int(f.fingerprint), .text(t.status), .text(t.due),
                                         .text(t.deferDate), .text(t.scheduled), .int(t.flagged ? 1 : 0), .text(t.priority),
                                         t.line.map { .int(Int64($0)) } ?? .text(nil), .text(t.areaKey),
                                         .text(t.projectKey), .text(t.tagsKey), .text(t.titleKey), .text(t.handle), .text(t.nameKey)], db)
            let id = db.lastInsertedRowID
            try SQLBind.run(insertData, [.int(id), .blob(t.data)], db)
            for name in t.refs { try SQLBind.run(insertRef, [.int(id), .text(name)], db) }
            if withText {
                try SQLBind.run(insertText, [.int(id), .text(t.task.title), .text(t.task.description ?? ""),
                                             .text(t.task.tags.joined(separator: " ")), .text(t.task.body)], db)
            }
        }
    }
}

/// Reads and parses files on every core.
enum ParallelReader {
    static func read(_ files: [ScannedFile], vault: Vault, keepBytes: Bool = false) -> [StoredFile] {
        var out = [StoredFile?](repeating: nil, count: files.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, files.count))
        out.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                var i = w
                while i < files.count {
                    (base + i).pointee = StoredFile(files[i], vault.readContents(files[i], keepBytes: keepBytes))
                    i += workers
                }
            }
        }
        return out.map { $0! }
    }
}

/// One chunk of files being read, parsed and turned into rows in the background.
final class ParsedChunk: @unchecked Sendable {
    private var result: [StoredFile] = []
    private let done = DispatchSemaphore(value: 0)

    init(_ items: [(file: ScannedFile, old: UInt64?)], vault: Vault, keepBytes: Bool) {
        let files = items.map(\.file)
        DispatchQueue.global().async {
            self.result = ParallelReader.read(files, vault: vault, keepBytes: keepBytes)
            self.done.signal()
        }
    }

    func wait() -> [StoredFile] {
        done.wait()
        return result
    }
}
