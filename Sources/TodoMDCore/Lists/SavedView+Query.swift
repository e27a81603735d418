import Foundation

extension ViewFilter {
    /// The same filter as a query tree (spec 003 saved views are perspectives over tasks and
    /// typed items). `due_before: +7d` keeps its inclusive meaning: on or before.
    public var query: QueryNode {
        func c(_ f: QueryField, _ op: QueryOp, _ v: JSONValue = .null) -> QueryNode { .condition(QueryCondition(f, op, v)) }
        func list(_ xs: [String]) -> JSONValue { .array(xs.map(JSONValue.string)) }
        var all: [QueryNode] = []
        if !itemTypes.isEmpty { all.append(c(.type, .in, list(itemTypes))) }
        if let done = completed {
            // Tasks are completed when done or cancelled; typed items also by a `completed` / `done` flag.
            let isDone = QueryNode.or([c(.status, .in, list(["done", "cancelled"])), c(.extra("completed"), .equals, .bool(true)),
                                       c(.extra("done"), .equals, .bool(true))])
            all.append(done ? isDone : .not(isDone))
        }
        if !statuses.isEmpty { all.append(c(.status, .in, list(statuses.map(\.rawValue)))) }
        if !priorities.isEmpty { all.append(c(.priority, .in, list(priorities.map(\.rawValue)))) }
        if let f = flagged { all.append(c(.flagged, .equals, .bool(f))) }
        if let a = area { all.append(c(.area, .equals, .string(a))) }
        if let p = project { all.append(c(.project, .equals, .string(p))) }
        if let s = source { all.append(c(.source, .equals, .string(s))) }
        if !folders.isEmpty { all.append(c(.folder, .in, list(folders))) }
        for t in tags { all.append(c(.tags, .contains, .string(t))) }
        if !excludedTags.isEmpty { all.append(c(.tags, .notContains, list(excludedTags))) }
        for d in dates {
            let field: QueryField
            switch d.field {
            case "due": field = .due
            case "scheduled": field = .scheduled
            case "defer": field = .deferDate
            case "created": field = .created
            case "modified": field = .modified
            case "completed", "completion", "done": field = .completed
            default: field = .extra(d.field)
            }
            let op: QueryOp = d.op == .before ? .onOrBefore : (d.op == .after ? .onOrAfter : .on)
            all.append(c(field, op, .string(d.value)))
        }
        for f in fields {
            let ops: [Compare: QueryOp] = [.eq: .equals, .ne: .notEquals, .lt: .lessThan, .le: .atMost, .gt: .greaterThan, .ge: .atLeast]
            all.append(c(.extra(f.field), ops[f.op]!, .string(f.value)))
        }
        return .and(all)
    }
}
