import Foundation
import TodoMDCore

/// Random query trees over every field and operator, with values the evaluator takes: for the
/// property tests (text syntax round trip, SQL prefilter soundness).
public enum QueryFuzz {
    static let dates = ["today", "tomorrow", "yesterday", "+7d", "-30d", "+2w", "this week", "next month", "last month",
                        "start of month", "end of month", "last 7 days", "2026-11-20", "2026-12-01", "friday"]

    /// A random condition on `field`.
    public static func condition(_ r: inout SeededGenerator, _ field: QueryField) -> QueryCondition {
        let op = r.pick(field.operators)
        func s(_ v: String) -> JSONValue { .string(v) }
        func some(_ pool: [String]) -> JSONValue {
            op == .in || op == .notIn ? .array((0..<(1 + r.int(2))).map { _ in s(r.pick(pool)) }) : s(r.pick(pool))
        }
        if op.takesNoValue { return QueryCondition(field, op) }
        let value: JSONValue
        switch field.kind {
        case .status: value = some(TaskStatus.allCases.map(\.rawValue))
        case .text: value = some(["Work", "work", "Home", "Launch", "garden", "Café", "Health", "or"])
        case .tags: value = some(["work", "#Work/frontend", "work/*", "phone", "err*", "home", "waiting"])
        case .priority: value = some(["high", "medium", "low", "none", "p1", "p3"])
        case .boolean: value = .bool(r.chance(0.7))
        case .date, .timestamp: value = s(r.pick(dates))
        case .number: value = .int(r.pick([5, 15, 30, 60]))
        case .folder: value = some(["Work", "Projects", "notes", "work/sub"])
        case .type: value = some(["task", "checkbox", "todo", "book"])
        case .fullText: value = s(r.pick(["milk", "report", "café", "call budget", "deplo*"]))
        case .presence: value = .null
        case .extra:
            value = [.before, .after, .on, .onOrBefore, .onOrAfter].contains(op) ? s(r.pick(dates)) : some(["great", "2", "10", "ok"])
        }
        return QueryCondition(field, op, value)
    }

    public static let fields: [QueryField] = QueryField.known + [.extra("mood"), .extra("effort")]

    /// A random tree up to `depth` levels of groups.
    public static func tree(_ r: inout SeededGenerator, depth: Int = 3) -> QueryNode {
        if depth == 0 || r.chance(0.4) { return .condition(condition(&r, r.pick(fields))) }
        switch r.int(3) {
        case 0: return .and((0..<(1 + r.int(3))).map { _ in tree(&r, depth: depth - 1) })
        case 1: return .or((0..<(1 + r.int(3))).map { _ in tree(&r, depth: depth - 1) })
        default: return .not(tree(&r, depth: depth - 1))
        }
    }
}
