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
            // Parentheses only where the text needs them (an OR inside an AND, NOT of a group),
            // so the printed text nests no deeper than any text that parses to the tree.
            let s = cs.map { render($0, inAnd: false) }.joined(separator: " | ")
            return inAnd ? "(" + s + ")" : s
        case .not(let c):
            switch c {
            case .condition, .not: return "!" + render(c, inAnd: true)
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
        let u = s.unicodeScalars
        if u.isEmpty || u.first!.isSpace || u.last!.isSpace { return true }
        return u.contains { "&|()\",".unicodeScalars.contains($0) }
    }

    /// Whether the parser would read the start of the value as an operator.
    static func startsLikeOperator(_ v: JSONValue) -> Bool {
        let first: String
        if case .array(let items) = v { first = items.first.flatMap(QueryValues.scalar) ?? "" } else { first = QueryValues.scalar(v) ?? "" }
        // The parser's test, on scalars: a run of letters and `_`, then `:` or the end.
        let scalars = Array(first.unicodeScalars)
        let n = scalars.prefix { $0.properties.isAlphabetic || $0 == "_" }.count
        let word = Parser.text(scalars[0..<n]).lowercased()
        if n == scalars.count { return QueryOp(rawValue: word)?.takesNoValue == true }
        if scalars[n...].allSatisfy(\.isSpace) { return QueryOp(rawValue: word)?.takesNoValue == true }
        return scalars[n] == ":" && word.count > 1 && (QueryOp(rawValue: word) ?? QueryOp(name: word)) != nil
    }

    /// `"…"` with `\` and `"` escaped, scalar by scalar (a backslash followed by a combining
    /// mark is one character, which a character-wise replace would miss).
    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            if u == "\\" || u == "\"" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(u)
        }
        out.unicodeScalars.append("\"")
        return out
    }
}
