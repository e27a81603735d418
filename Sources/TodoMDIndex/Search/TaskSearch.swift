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
}

extension TaskIndex {
    /// Full-text search over title, description, tags and body (FTS5, BM25-ranked), best first.
    /// `prefilter` narrows the candidates as for views; `limit` caps the hits.
    public func search(_ query: String, prefilter: Prefilter = .all, limit: Int = 50) throws -> [SearchHit] {
        guard let match = SearchQuery.fts(query) else { return [] }
        var hits: [SearchHit] = []
        try db.read { db in
            try SQLRows.each(db, """
                SELECT d.data, snippet(fts, -1, '**', '**', '…', 12), bm25(fts, 10.0, 4.0, 6.0, 1.0) AS rank
                FROM fts JOIN tasks t ON t.id = fts.rowid JOIN task_data d ON d.id = t.id
                WHERE fts MATCH ? AND \(prefilter.sql)
                ORDER BY rank, t.path, t.ord LIMIT \(max(1, limit))
                """, [match] + prefilter.arguments) { s in
                hits.append(SearchHit(task: try TaskCodec.decode(SQLRows.blob(s, 0)), snippet: SQLRows.text(s, 1),
                                      rank: sqlite3_column_double(s, 2)))
            }
        }
        return hits
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
