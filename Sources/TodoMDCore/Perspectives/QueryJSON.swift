import Foundation

/// A filter tree in `.perspectives.json`'s shape: a group is
/// `{ "operator": "AND" | "OR" | "NOT", "conditions": [ … ] }` (NOT of several means NOT of
/// their AND), a condition `{ "field": …, "op": …, "value": … }`. Boolean fields may leave out
/// `op` and `value` (`{ "field": "flagged" }`).
public enum QueryJSON {
    /// The tree a JSON value holds, or the first problem, with its path.
    public static func node(_ v: JSONValue, path: String = "filter", depth: Int = 0) throws -> QueryNode {
        guard depth < 24 else { throw QueryProblem(path, "groups nest deeper than 24 levels") }
        guard case .object(let obj) = v else { throw QueryProblem(path, "expected an object with \"operator\" and \"conditions\", or a condition with \"field\"") }
        func get(_ k: String) -> JSONValue? { obj.first { $0.0 == k }?.1 }
        if let field = get("field") {
            guard case .string(let name) = field else { throw QueryProblem(path + ".field", "expected a field name") }
            guard let f = QueryField(name: name) else {
                let names = QueryField.known.map(\.name)
                throw QueryProblem(path + ".field", "unknown field \"\(name)\"" + Suggestion.hint(for: name, among: names, quote: "\"")
                    + "; a key of your own is extra.\(name)")
            }
            let op: QueryOp
            switch get("op") ?? get("operator") {
            case nil, .null?:
                op = f.kind == .boolean ? .equals : (f.kind == .presence ? .present : f.operators[0])
            case .string(let s)?:
                guard let o = QueryOp(name: s) else {
                    throw QueryProblem(path + ".op", "unknown operator \"\(s)\"" + Suggestion.hint(for: s, among: f.operators.map(\.rawValue), quote: "\"")
                        + "; \(f.name) takes " + f.operators.map(\.rawValue).joined(separator: ", "))
                }
                op = o
            default: throw QueryProblem(path + ".op", "expected an operator name")
            }
            let c = QueryCondition(f, op, get("value") ?? .null)
            let node = QueryNode.condition(c)
            if let p = QueryEvaluator.problem(in: node, path: path) { throw p }
            return node
        }
        guard case .string(let opName)? = get("operator") else {
            throw QueryProblem(path, "expected \"operator\" (AND, OR, NOT) with \"conditions\", or a condition with \"field\"")
        }
        guard case .array(let items)? = get("conditions") else { throw QueryProblem(path + ".conditions", "expected a list of conditions") }
        let children = try items.enumerated().map { try node($0.element, path: "\(path).conditions[\($0.offset)]", depth: depth + 1) }
        switch opName.uppercased() {
        case "AND", "ALL", "&": return .and(children)
        case "OR", "ANY", "|": return .or(children)
        case "NOT", "NONE", "!":
            guard !children.isEmpty else { throw QueryProblem(path + ".conditions", "NOT needs a condition") }
            return .not(children.count == 1 ? children[0] : .and(children))
        default: throw QueryProblem(path + ".operator", "unknown operator \"\(opName)\"; groups are AND, OR or NOT")
        }
    }

    /// The JSON form of a tree.
    public static func json(_ node: QueryNode) -> JSONValue {
        switch node {
        case .and(let cs): return .object([("operator", .string("AND")), ("conditions", .array(cs.map(json)))])
        case .or(let cs): return .object([("operator", .string("OR")), ("conditions", .array(cs.map(json)))])
        case .not(let c): return .object([("operator", .string("NOT")), ("conditions", .array([json(c)]))])
        case .condition(let c):
            var o: [(String, JSONValue)] = [("field", .string(c.field.name)), ("op", .string(c.op.rawValue))]
            if c.value != .null { o.append(("value", c.value)) }
            return .object(o)
        }
    }
}
