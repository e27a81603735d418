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
        try removeTasks(path: path)
        try db.cachedStatement(sql: "DELETE FROM files WHERE path = ?").execute(arguments: [path])
    }

    private func removeTasks(path: String) throws {
        for table in ["fts WHERE rowid", "task_data WHERE id"] {
            try db.cachedStatement(sql: "DELETE FROM \(table) IN (SELECT id FROM tasks WHERE path = ?)").execute(arguments: [path])
        }
        try db.cachedStatement(sql: "DELETE FROM tasks WHERE path = ?").execute(arguments: [path])
    }

    /// Stores `c` as read from `file`. The row as it is now decides what to replace: another
    /// process may have stored this file since our refresh looked (then rows are not doubled).
    func store(_ file: ScannedFile, _ c: FileContents) throws {
        let kind = Self.kind(c)
        let problem = kind == .special ? nil : c.problem.map { $0.reasons.joined(separator: "\n") }
        let current = try Row.fetchOne(db.cachedStatement(sql: "SELECT fingerprint FROM files WHERE path = ?"), arguments: [file.path])
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO files VALUES (?, ?, ?, ?, ?, ?, ?)").execute(arguments: [
            file.path, file.stamp.size, file.stamp.mtimeNanos, Int64(bitPattern: file.stamp.inode),
            Int64(bitPattern: c.fingerprint), kind.rawValue, problem,
        ])
        if let current {
            // Same bytes (a touch, or another process was first): only the identity changes.
            if current[0] == Int64(bitPattern: c.fingerprint) { return }
            try removeTasks(path: file.path)
        }
        guard kind != .special else { return }
        let insertTask = try db.cachedStatement(sql: """
            INSERT INTO tasks (path, ord, fingerprint, status, due, defer, scheduled, flagged, area_key, project_key, tags_key, title_key)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        let insertData = try db.cachedStatement(sql: "INSERT INTO task_data (id, data) VALUES (?, ?)")
        let insertText = try db.cachedStatement(sql: "INSERT INTO fts (rowid, title, description, tags, body) VALUES (?, ?, ?, ?, ?)")
        for (i, t) in c.tasks.enumerated() {
            try insertTask.execute(arguments: [
                file.path, i, Int64(bitPattern: c.fingerprint), t.status.rawValue, t.due?.date.description, t.deferDate?.date.description,
                t.scheduled?.date.description, t.flagged, t.area.map(Prefilter.fold), t.project.map(Prefilter.fold),
                Prefilter.tagsKey(t.tags), t.title.lowercased(),
            ])
            let id = db.lastInsertedRowID
            try insertData.execute(arguments: [id, Data(TaskCodec.encode(t))])
            if withText { try insertText.execute(arguments: [id, t.title, t.description ?? "", t.tags.joined(separator: " "), t.body]) }
        }
    }

    static func kind(_ c: FileContents) -> FileKind {
        switch c.note {
        case .typeDefinition?, .view?, .item?, .problem?: return .special
        case .plain?: return c.tasks.isEmpty ? .nothing : .noteWithTasks
        case nil: return c.tasks.isEmpty ? .nothing : .taskFile
        }
    }
}

/// Reads and parses files on every core.
enum ParallelReader {
    static func read(_ files: [ScannedFile], vault: Vault) -> [FileContents] {
        var out = [FileContents?](repeating: nil, count: files.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, files.count))
        out.withUnsafeMutableBufferPointer { buf in
            let base = buf.baseAddress!
            DispatchQueue.concurrentPerform(iterations: workers) { w in
                var i = w
                while i < files.count {
                    (base + i).pointee = vault.readContents(files[i])
                    i += workers
                }
            }
        }
        return out.map { $0! }
    }
}

/// One chunk of files being read and parsed in the background.
final class ParsedChunk: @unchecked Sendable {
    private var result: [FileContents] = []
    private let done = DispatchSemaphore(value: 0)

    init(_ items: [(file: ScannedFile, old: UInt64?)], vault: Vault) {
        let files = items.map(\.file)
        DispatchQueue.global().async {
            self.result = ParallelReader.read(files, vault: vault)
            self.done.signal()
        }
    }

    func wait() -> [FileContents] {
        done.wait()
        return result
    }
}
