import Foundation
import GRDB
import GRDBSQLite
import TodoMDCore

/// One search result: the task, a snippet of the best-matching field, and its rank.
public struct SearchHit: Sendable {
    public var task: TodoTask
    /// Text around the match, matched words wrapped in `**`.
    public var snippet: String
    /// BM25 score (lower is better), with title weighted over tags, description and body.
    public var rank: Double
    /// The fingerprint of the task's file as indexed (its version, for a task file).
    public var fileFingerprint: UInt64
}

extension TaskIndex {
    /// Full-text search over title, description, tags and body (FTS5, BM25-ranked), best first;
    /// open tasks before done and cancelled ones, as in Things' and OmniFocus' search.
    /// `prefilter` narrows the candidates as for views; `limit` caps the hits.
    public func search(_ query: String, prefilter: Prefilter = .all, limit: Int = 50) throws -> [SearchHit] {
        guard let match = SearchQuery.fts(query) else { return [] }
        // A full-text table that disagrees with its rows is damage too.
        return try healingDamage(isRowDamage: { $0 is TextDamage }) { try searchOnce(match, prefilter: prefilter, limit: limit) }
    }

    private struct TextDamage: Error {}

    private func searchOnce(_ match: String, prefilter: Prefilter, limit: Int) throws -> [SearchHit] {
        try buildTextIndex()
        var hits: [SearchHit] = []
        try db.read { db in
            try SQLRows.each(db, """
                SELECT d.data, snippet(fts, -1, '**', '**', '…', 12), bm25(fts, 10.0, 4.0, 6.0, 1.0) AS rank, t.fingerprint
                FROM fts JOIN tasks t ON t.id = fts.rowid JOIN task_data d ON d.id = t.id
                WHERE fts MATCH ? AND \(prefilter.sql)
                ORDER BY t.status IN ('done', 'cancelled'), rank, t.path, t.ord LIMIT \(max(1, limit))
                """, [match] + prefilter.arguments) { s in
                let (task, fingerprint) = try TaskCodec.decodeWithFingerprint(SQLRows.blob(s, 0))
                let snippet = SQLRows.text(s, 1).trimmingCharacters(in: .whitespacesAndNewlines)
                guard Self.snippet(snippet, isFrom: task) else { throw TextDamage() }
                hits.append(SearchHit(task: task, snippet: snippet, rank: sqlite3_column_double(s, 2), fileFingerprint: fingerprint))
            }
        }
        return hits
    }

    /// Whether every piece of a snippet (the full-text table's own copy of the text) is in the
    /// task's checked row: a damaged table must not show words the file does not have.
    static func snippet(_ snippet: String, isFrom t: TodoTask) -> Bool {
        let fields = [t.title, t.description ?? "", t.tags.joined(separator: " "), t.body].map { $0.replacingOccurrences(of: "**", with: "") }
        return snippet.replacingOccurrences(of: "**", with: "").components(separatedBy: "…").allSatisfy { piece in
            let p = piece.trimmingCharacters(in: .whitespacesAndNewlines)
            return p.isEmpty || fields.contains { $0.contains(p) }
        }
    }

    /// Builds the full-text table on first use: cold indexing stays fast for users who never
    /// search, and from then on every refresh maintains it.
    func buildTextIndex() throws {
        if try db.read({ try String.fetchOne($0, sql: "SELECT value FROM meta WHERE key = 'fts'") }) == "1" { return }
        try write { db in
            guard try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'fts'") != "1" else { return }
            var blobs = BlobBatch()
            var ids: [Int64] = []
            try SQLRows.each(db, "SELECT id, data FROM task_data") { s in
                ids.append(sqlite3_column_int64(s, 0))
                blobs.append(SQLRows.blob(s, 1))
            }
            let insert = try db.cachedStatement(sql: "INSERT INTO fts (rowid, title, description, tags, body) VALUES (?, ?, ?, ?, ?)")
            try db.execute(sql: "DELETE FROM fts")
            for (id, t) in zip(ids, try blobs.decodeAll()) {
                try insert.execute(arguments: [id, t.title, t.description ?? "", t.tags.joined(separator: " "), t.body])
            }
            try db.execute(sql: "INSERT OR REPLACE INTO meta (key, value) VALUES ('fts', '1')")
            Trace.mark("built full-text index of \(ids.count) tasks")
        }
    }

    /// Search within a view and filters: the hits that `view` (if any) would show under
    /// `engine`, in rank order.
    public func search(_ query: String, view: ViewKind?, filter: TaskFilter, engine: ViewEngine, limit: Int = 50) throws -> [SearchHit] {
        let pre = view.map { Prefilter.view($0, filter: filter, today: engine.clock.today) } ?? {
            var p = Prefilter.all
            p.narrow(by: filter)
            return p
        }()
        // Ask for more than `limit`: the exact view rules may drop some of the prefiltered hits.
        let hits = try search(query, prefilter: pre, limit: view == nil && filter.isEmpty ? limit : max(limit * 20, 1000))
        var keep = Set(hits.map(\.task.key))
        if let view {
            let shown = engine.build(view, tasks: hits.map(\.task), filter: filter)
            keep = Set(shown.groups.flatMap { $0.tasks.map(\.key) })
        } else {
            keep = Set(hits.filter { filter.matches($0.task) }.map(\.task.key))
        }
        return Array(hits.filter { keep.contains($0.task.key) }.prefix(limit))
    }
}

extension TaskIndex {
    /// For each full-text query, the keys (`TodoTask.key`) of the tasks it matches: what a
    /// perspective's `text` conditions mean, the same words as `search`.
    public func textMatches(_ queries: [String]) throws -> [String: Set<String>] {
        guard !queries.isEmpty else { return [:] }
        try buildTextIndex()
        var out: [String: Set<String>] = [:]
        try db.read { db in
            for q in Set(queries) {
                var keys = Set<String>()
                if let match = SearchQuery.fts(q) {
                    try SQLRows.each(db, "SELECT t.path, t.line FROM fts JOIN tasks t ON t.id = fts.rowid WHERE fts MATCH ?", [match]) { s in
                        let path = SQLRows.text(s, 0)
                        keys.insert(sqlite3_column_type(s, 1) == SQLITE_NULL ? path : "\(path):\(sqlite3_column_int64(s, 1) + 1)")
                    }
                }
                out[q] = keys
            }
        }
        return out
    }
}
