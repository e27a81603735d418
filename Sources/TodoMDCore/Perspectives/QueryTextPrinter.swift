import Foundation

extension QueryText {
    /// The text syntax for a tree; `parse(print(t))` gives `t.normalized` back.
    public static func print(_ node: QueryNode) -> String {
        render(node.normalized, inAnd: false)
    }

    static func render(_ node: QueryNode, inAnd: Bool) -> String {
        if let k = keyword(for: node) { return k }
        switch node {
        case .and(let cs):
            if cs.isEmpty { return "all" }
            return cs.map { render($0, inAnd: true) }.joined(separator: " & ")
        case .or(let cs):
            if cs.isEmpty { return "!all" }
            // An AND inside an OR needs no parentheses, but reads better with them.
            let s = cs.map { c -> String in
                if case .and(let inner) = c, inner.count > 1 { return "(" + render(c, inAnd: true) + ")" }
                return render(c, inAnd: false)
            }.joined(separator: " | ")
            return inAnd ? "(" + s + ")" : s
        case .not(let c):
            switch c {
            case .condition: return "!" + render(c, inAnd: true)
            case .and(let cs) where cs.isEmpty: return "!all"
            default: return keyword(for: c).map { "!" + $0 } ?? "!(" + render(c, inAnd: false) + ")"
            }
        case .condition(let c):
            return condition(c)
        }
    }

    /// The keyword a node is, when it is exactly one (`p1`, `today`, `flagged`).
    static func keyword(for node: QueryNode) -> String? {
        guard case .condition = node else {
            if case .or = node { return keywords.first { $0.value == node && $0.key.hasPrefix("to") }?.key }
            return nil
        }
        return keywords.filter { $0.value == node && $0.key != "all" }.map(\.key).min()
    }

    static func condition(_ c: QueryCondition) -> String {
        let name = c.field.name
        if c.op.takesNoValue { return "\(name):\(c.op.rawValue)" }
        let v = value(c.value)
        if c.field == .tags, c.op == .contains, case .string(let s) = c.value, !needsQuotes(s), !s.isEmpty { return "#" + s }
        if c.field == .area, c.op == .equals, case .string(let s) = c.value, !needsQuotes(s), !s.isEmpty { return "@" + s }
        if c.field == .text, c.op == .contains, case .string(let s) = c.value { return quote(s) }
        // A value that starts like an operator (`before:…`, `none`) is written with its operator.
        if startsLikeOperator(c.value) { return "\(name):\(c.op.rawValue):\(v)" }
        let ordered = c.field.kind == .date || c.field.kind == .timestamp
        switch c.op {
        case c.field.kind == .presence ? .present : c.field.operators[0]: return "\(name):\(v)"
        case .notEquals: return "\(name)!=\(v)"
        case .before where ordered, .lessThan where !ordered: return "\(name)<\(v)"
        case .onOrBefore where ordered, .atMost where !ordered: return "\(name)<=\(v)"
        case .after where ordered, .greaterThan where !ordered: return "\(name)>\(v)"
        case .onOrAfter where ordered, .atLeast where !ordered: return "\(name)>=\(v)"
        default: return "\(name):\(c.op.rawValue):\(v)"
        }
    }

    static func value(_ v: JSONValue) -> String {
        switch v {
        case .array(let items) where items.count == 1:
            // A list of one means its one value.
            return value(items[0])
        case .array(let items):
            let parts = items.map { QueryValues.scalar($0) ?? "" }
            if parts.count > 1, !parts.contains(where: { $0.isEmpty || needsQuotes($0) }) { return parts.joined(separator: ",") }
            // A list that cannot be written bare: its items quoted one by one are not a list
            // in the syntax, so the list is written as one quoted, comma-separated value.
            return quote(parts.joined(separator: ","))
        default:
            let s = QueryValues.scalar(v) ?? ""
            return needsQuotes(s) ? quote(s) : s
        }
    }

    static func needsQuotes(_ s: String) -> Bool {
        if s.isEmpty || s.first!.isWhitespace || s.last!.isWhitespace { return true }
        return s.contains { "&|()\",".contains($0) }
    }

    /// Whether the parser would read the start of the value as an operator.
    static func startsLikeOperator(_ v: JSONValue) -> Bool {
        let first: String
        if case .array(let items) = v { first = items.first.flatMap(QueryValues.scalar) ?? "" } else { first = QueryValues.scalar(v) ?? "" }
        let word = String(first.prefix { $0.isLetter || $0 == "_" }).lowercased()
        if word.count == first.count { return QueryOp(rawValue: word)?.takesNoValue == true }
        let next = first[first.index(first.startIndex, offsetBy: word.count)]
        return next == ":" && word.count > 1 && (QueryOp(rawValue: word) ?? QueryOp(name: word)) != nil
    }

    static func quote(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
