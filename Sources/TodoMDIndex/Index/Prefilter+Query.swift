import Foundation
import TodoMDCore

/// Compiling a query tree to a prefilter. Each condition gives two SQL conditions on the
/// `tasks` columns: one every task that matches satisfies, one every task that does not match
/// satisfies. Either may let extra rows through (`1` lets every row through), never drop one:
/// the tree is then evaluated exactly in Swift. NOT swaps the two; AND and OR combine them.
/// Exact conditions (dates at day level, status, flags, priority, folded area and project,
/// full text) are written so they are never NULL, and their negation is their NOT.
extension Prefilter {
    /// The tasks `node` (nil: every task), narrowed by `filter`, could match on `today`.
    public static func query(_ node: QueryNode?, filter: TaskFilter = TaskFilter(), today: LocalDate) -> Prefilter {
        var p = Prefilter()
        if let node {
            let c = QueryCompiler(today: today).compile(node)
            if c.pos.sql != "1" { p.add(c.pos.sql, c.pos.args) }
            p.textQueries = node.textQueries
        }
        p.narrow(by: filter)
        return p
    }
}

/// A piece of SQL and its arguments.
struct SQLPart: Equatable {
    var sql: String
    var args: [String] = []

    static let all = SQLPart(sql: "1"), none = SQLPart(sql: "0")

    static func and(_ parts: [SQLPart]) -> SQLPart {
        if parts.contains(.none) { return .none }
        let kept = parts.filter { $0 != .all }
        if kept.isEmpty { return .all }
        if kept.count == 1 { return kept[0] }
        return SQLPart(sql: kept.map { "(" + $0.sql + ")" }.joined(separator: " AND "), args: kept.flatMap(\.args))
    }

    static func or(_ parts: [SQLPart]) -> SQLPart {
        if parts.contains(.all) { return .all }
        let kept = parts.filter { $0 != .none }
        if kept.isEmpty { return .none }
        if kept.count == 1 { return kept[0] }
        return SQLPart(sql: kept.map { "(" + $0.sql + ")" }.joined(separator: " OR "), args: kept.flatMap(\.args))
    }

    var negated: SQLPart {
        if self == .all { return .none }
        if self == .none { return .all }
        return SQLPart(sql: "NOT (" + sql + ")", args: args)
    }
}

struct QueryCompiler {
    var today: LocalDate

    /// `pos`: satisfied by every task that matches; `neg`: by every task that does not.
    struct Compiled {
        var pos: SQLPart
        var neg: SQLPart

        static let unknown = Compiled(pos: .all, neg: .all)

        /// An exact, never-NULL condition.
        static func exact(_ p: SQLPart) -> Compiled { Compiled(pos: p, neg: p.negated) }
    }

    func compile(_ node: QueryNode) -> Compiled {
        switch node {
        case .and(let cs):
            let parts = cs.map(compile)
            return Compiled(pos: .and(parts.map(\.pos)), neg: .or(parts.map(\.neg)))
        case .or(let cs):
            let parts = cs.map(compile)
            return Compiled(pos: .or(parts.map(\.pos)), neg: .and(parts.map(\.neg)))
        case .not(let c):
            let inner = compile(c)
            return Compiled(pos: inner.neg, neg: inner.pos)
        case .condition(let c):
            return condition(c)
        }
    }

    static let active = SQLPart(sql: "status IN ('todo','in-progress')")

    func condition(_ c: QueryCondition) -> Compiled {
        let values = Self.strings(c.value)
        func marks(_ n: Int) -> String { Array(repeating: "?", count: n).joined(separator: ",") }
        switch c.field {
        case .status:
            let v = values.map { $0.lowercased() }
            let isIn = SQLPart(sql: "status IN (\(marks(v.count)))", args: v)
            return c.op == .notEquals || c.op == .notIn ? .exact(isIn.negated) : .exact(isIn)
        case .area, .project:
            let col = c.field == .area ? "area_key" : "project_key"
            switch c.op {
            case .empty: return .exact(SQLPart(sql: "\(col) IS NULL"))
            case .present: return .exact(SQLPart(sql: "\(col) IS NOT NULL"))
            case .equals, .in, .notEquals, .notIn:
                let v = values.map(Fold.key)
                let isIn = SQLPart(sql: "\(col) IS NOT NULL AND \(col) IN (\(marks(v.count)))", args: v)
                return c.op == .equals || c.op == .in ? .exact(isIn) : .exact(isIn.negated)
            case .contains:
                // Folded text holds a folded part at least where Swift finds it (bytes, not characters).
                return Compiled(pos: .or(values.map { SQLPart(sql: "instr(\(col), ?) > 0", args: [Fold.key($0)]) }), neg: .all)
            default: return .unknown
            }
        case .tags:
            switch c.op {
            case .empty: return .exact(SQLPart(sql: "tags_key = ''"))
            case .present: return .exact(SQLPart(sql: "tags_key != ''"))
            case .contains, .in:
                // `work` matches `work` and `work/…`: every such tag starts with " work" in tags_key.
                let parts = values.map { pattern -> SQLPart in
                    var t = pattern.lowercased()
                    if t.hasPrefix("#") { t.removeFirst() }
                    guard !t.isEmpty, !t.contains("*") else { return .all }
                    return SQLPart(sql: "instr(tags_key, ?) > 0", args: [" " + t])
                }
                return Compiled(pos: c.op == .contains ? .and(parts) : .or(parts), neg: .all)
            default: return .unknown
            }
        case .priority:
            guard let wanted = Self.priorities(c.op, values) else { return .unknown }
            return .exact(SQLPart(sql: "priority IN (\(marks(wanted.count)))", args: wanted.map(\.rawValue)))
        case .flagged:
            return .exact(SQLPart(sql: Self.bool(c.value) ? "flagged = 1" : "flagged = 0"))
        case .available:
            // Deferred until today counts (its time may still be ahead: Swift decides).
            // A blocked or waiting task is open and not deferred, yet not available: "not available" cannot be narrowed here.
            let pos = SQLPart.and([Self.active, SQLPart(sql: "defer IS NULL OR defer <= ?", args: [today.description])])
            return Self.bool(c.value) ? Compiled(pos: pos, neg: .all) : Compiled(pos: .all, neg: pos)
        case .overdue:
            let pos = SQLPart.and([Self.active, SQLPart(sql: "due IS NOT NULL AND due <= ?", args: [today.description])])
            let neg = SQLPart.or([Self.active.negated, SQLPart(sql: "due IS NULL OR due >= ?", args: [today.description])])
            return Self.bool(c.value) ? Compiled(pos: pos, neg: neg) : Compiled(pos: neg, neg: pos)
        case .due, .scheduled, .deferDate:
            return date(c.field == .deferDate ? "defer" : c.field.name, c.op, c.value)
        case .type:
            let kinds = values.map { ListType.key($0) }
            let task = kinds.contains("task") || kinds.contains("todo"), checkbox = kinds.contains("checkbox") || kinds.contains("todo")
            let isIn: SQLPart = task && checkbox ? .all : (task ? SQLPart(sql: "line IS NULL") : (checkbox ? SQLPart(sql: "line IS NOT NULL") : .none))
            return c.op == .equals || c.op == .in ? .exact(isIn) : .exact(isIn.negated)
        case .recurrence, .estimate, .source, .title, .folder, .created, .modified, .completed, .extra, .blocked, .blocking, .waiting:
            return .unknown
        case .text:
            guard case .string(let s) = c.value else { return .unknown }
            guard let match = SearchQuery.fts(s) else { return .exact(.none) }
            return .exact(SQLPart(sql: "t.id IN (SELECT rowid FROM fts WHERE fts MATCH ?)", args: [match]))
        }
    }

    /// A date column (`YYYY-MM-DD` text, so text order is date order) against a date value.
    func date(_ col: String, _ op: QueryOp, _ value: JSONValue) -> Compiled {
        let d = today.description
        switch op {
        case .empty: return .exact(SQLPart(sql: "\(col) IS NULL"))
        case .present: return .exact(SQLPart(sql: "\(col) IS NOT NULL"))
        case .past:
            // Before now: before today, or today at a time already past (Swift decides).
            return Compiled(pos: SQLPart(sql: "\(col) IS NOT NULL AND \(col) <= ?", args: [d]),
                            neg: SQLPart(sql: "\(col) IS NULL OR \(col) >= ?", args: [d]))
        default: break
        }
        guard let text = Self.strings(value).first, let r = QueryDateValue.resolve(text, today: today) else { return .unknown }
        let s = r.start.description, e = r.end.description
        switch op {
        case .before: return .exact(SQLPart(sql: "\(col) IS NOT NULL AND \(col) < ?", args: [s]))
        case .after: return .exact(SQLPart(sql: "\(col) IS NOT NULL AND \(col) > ?", args: [e]))
        case .on: return .exact(SQLPart(sql: "\(col) IS NOT NULL AND \(col) >= ? AND \(col) <= ?", args: [s, e]))
        case .onOrBefore: return .exact(SQLPart(sql: "\(col) IS NOT NULL AND \(col) <= ?", args: [e]))
        case .onOrAfter: return .exact(SQLPart(sql: "\(col) IS NOT NULL AND \(col) >= ?", args: [s]))
        case .beforeOrNone: return .exact(SQLPart(sql: "\(col) IS NULL OR \(col) <= ?", args: [e]))
        default: return .unknown
        }
    }

    static func strings(_ v: JSONValue) -> [String] {
        if case .array(let a) = v { return a.compactMap(\.scalarText) }
        return v.scalarText.map { [$0] } ?? []
    }

    static func bool(_ v: JSONValue) -> Bool {
        switch v {
        case .bool(let b): return b
        case .string(let s): return !["false", "no", "0"].contains(s.lowercased())
        case .int(let i): return i != 0
        default: return true
        }
    }

    /// The priorities a priority condition lets through.
    static func priorities(_ op: QueryOp, _ values: [String]) -> [Priority]? {
        let ps = values.compactMap { v -> Priority? in
            switch v.lowercased() {
            case "p1": return .high
            case "p2": return .medium
            case "p3": return .low
            case "p4": return Priority.none
            case let l: return Priority(rawValue: l)
            }
        }
        guard let first = ps.first, ps.count == values.count else { return nil }
        let all = Priority.allCases
        switch op {
        case .equals, .in: return ps
        case .notEquals, .notIn: return all.filter { !ps.contains($0) }
        case .atLeast: return all.filter { $0 >= first }
        case .atMost: return all.filter { $0 <= first }
        case .greaterThan: return all.filter { $0 > first }
        case .lessThan: return all.filter { $0 < first }
        default: return nil
        }
    }
}
