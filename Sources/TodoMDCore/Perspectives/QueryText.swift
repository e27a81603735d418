import Foundation

/// A query the text syntax could not read, with the column (1-based) where it went wrong.
public struct QueryTextError: Error, Sendable, Equatable, CustomStringConvertible {
    public var query: String
    public var column: Int
    public var message: String

    /// `column 12: …`, then the query and a caret under the column.
    public var description: String {
        "column \(column): \(message)\n  \(query)\n  " + String(repeating: " ", count: max(0, column - 1)) + "^"
    }
}

/// The short text syntax for queries (README "Perspectives"), compiling to the same tree as
/// `.perspectives.json`: `area:Work & (p1 | flagged) & !#waiting & due<+7d`.
///
/// ```
/// query := or          or := and ("|" and)*        and := unary ("&" unary)*
/// unary := "!" unary | "(" query ")" | term
/// term  := keyword | "#"tag | "@"area | "\"words\"" | field (":" | "=" | "!=" | "<" | "<=" | ">" | ">=") value
///        | field ":" operator ":" value | field ":" (none | any | past)
/// ```
/// A value runs to the next `&`, `|` or `)`; quote it (`"…"`, `\"` inside) when it holds one
/// of those, a comma that is not a list separator, or a colon. `a,b` is a list.
public enum QueryText {
    /// The tree for `text`.
    public static func parse(_ text: String) throws -> QueryNode {
        var p = Parser(chars: Array(text.unicodeScalars), query: text)
        p.skipSpace()
        guard !p.atEnd else { throw p.error(at: 0, "the query is empty") }
        let node = try p.parseOr()
        p.skipSpace()
        if !p.atEnd {
            throw p.error(at: p.pos, p.chars[p.pos] == ")" ? "a ) without its (" : "expected & or | here")
        }
        return node
    }

    /// Words that stand alone, and what they mean.
    static let keywords: [String: QueryNode] = {
        func c(_ f: QueryField, _ op: QueryOp, _ v: JSONValue = .null) -> QueryNode { .condition(QueryCondition(f, op, v)) }
        var k: [String: QueryNode] = [
            "today": .or([c(.due, .on, .string("today")), c(.scheduled, .on, .string("today"))]),
            "tomorrow": .or([c(.due, .on, .string("tomorrow")), c(.scheduled, .on, .string("tomorrow"))]),
            "overdue": c(.overdue, .equals, .bool(true)),
            "available": c(.available, .equals, .bool(true)),
            "blocked": c(.blocked, .equals, .bool(true)),
            "blocking": c(.blocking, .equals, .bool(true)),
            "waiting": c(.waiting, .equals, .bool(true)),
            "flagged": c(.flagged, .equals, .bool(true)),
            "recurring": c(.recurrence, .present),
            "all": .and([]),
            "p1": c(.priority, .equals, .string("high")), "p2": c(.priority, .equals, .string("medium")),
            "p3": c(.priority, .equals, .string("low")), "p4": c(.priority, .equals, .string("none")),
        ]
        for s in TaskStatus.allCases { k[s.rawValue] = c(.status, .equals, .string(s.rawValue)) }
        return k
    }()

    struct Parser {
        /// Unicode scalars, not characters: a comma or quote followed by a combining mark is one
        /// character, and must still separate.
        let chars: [Unicode.Scalar]
        let query: String
        var pos = 0
        var depth = 0
        /// Parentheses and `!` nest at most this deep (a crafted query must not exhaust the stack).
        static let maxDepth = 64

        var atEnd: Bool { pos >= chars.count }

        func error(at i: Int, _ message: String) -> QueryTextError {
            QueryTextError(query: query, column: min(i, chars.count) + 1, message: message)
        }

        mutating func skipSpace() {
            while pos < chars.count, chars[pos].isSpace { pos += 1 }
        }

        mutating func parseOr() throws -> QueryNode {
            var items = [try parseAnd()]
            while true {
                skipSpace()
                guard pos < chars.count, chars[pos] == "|" else { break }
                pos += 1
                items.append(try parseAnd())
            }
            return items.count == 1 ? items[0] : .or(items)
        }

        mutating func parseAnd() throws -> QueryNode {
            var items = [try parseUnary()]
            while true {
                skipSpace()
                guard pos < chars.count, chars[pos] == "&" else { break }
                pos += 1
                items.append(try parseUnary())
            }
            return items.count == 1 ? items[0] : .and(items)
        }

        mutating func parseUnary() throws -> QueryNode {
            skipSpace()
            guard pos < chars.count else { throw error(at: pos, "expected a condition after the operator") }
            switch chars[pos] {
            case "!":
                let at = pos
                pos += 1
                depth += 1
                defer { depth -= 1 }
                guard depth <= Self.maxDepth else { throw error(at: at, "the query nests deeper than \(Self.maxDepth) levels") }
                return .not(try parseUnary())
            case "(":
                let open = pos
                pos += 1
                depth += 1
                guard depth <= Self.maxDepth else { throw error(at: open, "the query nests deeper than \(Self.maxDepth) levels") }
                let inner = try parseOr()
                skipSpace()
                guard pos < chars.count, chars[pos] == ")" else { throw error(at: pos, "expected ) to close the ( at column \(open + 1)") }
                pos += 1
                depth -= 1
                return inner
            case "&", "|", ")":
                throw error(at: pos, "expected a condition before \(chars[pos])")
            default:
                return try parseTerm()
            }
        }

        /// Reads up to the next `&`, `|` or `)` outside quotes; returns the raw text and where it began.
        mutating func termText() throws -> (text: [Unicode.Scalar], start: Int) {
            let start = pos
            var inQuote = false
            while pos < chars.count {
                let c = chars[pos]
                if inQuote {
                    if c == "\\" { pos += 1 } else if c == "\"" { inQuote = false }
                } else if c == "\"" {
                    inQuote = true
                } else if c == "&" || c == "|" || c == ")" || (c == "(" && pos > start) {
                    break
                }
                pos += 1
            }
            if inQuote { throw error(at: chars.count, "the quote is not closed") }
            var text = Array(chars[start..<min(pos, chars.count)])
            while let l = text.last, l.isSpace { text.removeLast() }
            return (text, start)
        }

        mutating func parseTerm() throws -> QueryNode {
            let (t, start) = try termText()
            if pos < chars.count, chars[pos] == "(" { throw error(at: pos, "expected & or | before (") }
            let word = Self.text(t)
            if t.first == "\"" {
                let (v, end) = try Self.unquote(t, 0, at: start, self)
                guard end == t.count else { throw error(at: start + end, "expected & or | after the quoted text") }
                guard v.unicodeScalars.contains(where: { !$0.isSpace }) else { throw error(at: start, "the quoted text is empty") }
                return .condition(QueryCondition(.text, .contains, .string(v)))
            }
            if t.first == "#" || t.first == "@" {
                let v = try value(Array(t.dropFirst()), at: start + 1)
                guard v != .string("") else { throw error(at: start + 1, t.first == "#" ? "expected a tag after #" : "expected an area after @") }
                return .condition(t.first == "#" ? QueryCondition(.tags, .contains, v) : QueryCondition(.area, .equals, v))
            }
            // field, then an operator
            var i = 0
            while i < t.count, t[i].isWordPart || t[i] == "_" || t[i] == "." || t[i] == "-" { i += 1 }
            if i == t.count {
                if let k = QueryText.keywords[word.lowercased()] { return k }
                throw error(at: start, "unknown word \"\(word)\"" + Suggestion.hint(for: word.lowercased(), among: Array(QueryText.keywords.keys), quote: "\"")
                    + "; write field:value, #tag, @area, or \"words\" to search")
            }
            let name = Self.text(t[0..<i])
            guard !name.isEmpty else { throw error(at: start, "expected a field name, #tag, @area, a keyword or \"words\"") }
            guard let field = QueryField(name: name) else {
                throw error(at: start, "unknown field \"\(name)\"" + Suggestion.hint(for: name.lowercased(), among: QueryField.known.map(\.name), quote: "\"")
                    + "; a key of your own is extra.\(name)")
            }
            var j = i
            while j < t.count, t[j].isSpace { j += 1 }
            let opStart = start + j
            func sym(_ s: String) -> Bool {
                let a = Array(s.unicodeScalars)
                return j + a.count <= t.count && Array(t[j..<(j + a.count)]) == a
            }
            let ordered = field.kind == .date || field.kind == .timestamp
            var op: QueryOp
            if sym("<=") { op = ordered ? .onOrBefore : .atMost; j += 2 } else if sym(">=") { op = ordered ? .onOrAfter : .atLeast; j += 2 } else if sym("!=") {
                op = .notEquals; j += 2
            } else if sym("<") { op = ordered ? .before : .lessThan; j += 1 } else if sym(">") { op = ordered ? .after : .greaterThan; j += 1 } else if sym(":") || sym("=") {
                j += 1
                op = field.kind == .presence ? .present : field.operators[0]
                // `field:op:value` (an operator by name), or `field:none` / `:any` / `:past`.
                var k = j
                while k < t.count, t[k].properties.isAlphabetic || t[k] == "_" { k += 1 }
                let opWord = Self.text(t[j..<k]).lowercased()
                if k < t.count, t[k] == ":", let named = QueryOp(rawValue: opWord) ?? QueryOp(name: opWord), opWord.count > 1 {
                    op = named
                    j = k + 1
                } else if k == t.count || t[k...].allSatisfy(\.isSpace), let bare = QueryOp(rawValue: opWord), bare.takesNoValue {
                    op = bare
                    j = k
                }
            } else {
                throw error(at: opStart, "expected :, <, <=, >, >= or != after \(name)")
            }
            if op == .notEquals, !field.operators.contains(.notEquals) {
                throw error(at: opStart, "\(field.name) does not take !=; write !\(name):…")
            }
            guard field.operators.contains(op) else {
                throw error(at: opStart, "\(field.name) does not take \(op.rawValue); it takes " + field.operators.map(\.rawValue).joined(separator: ", "))
            }
            var v: JSONValue = .null
            if !op.takesNoValue {
                v = try value(Array(t[j...]), at: start + j)
                if v == .string("") {
                    if field.kind == .boolean { v = .bool(true) } else { throw error(at: start + j, "expected a value for \(field.name)") }
                }
            } else if t[j...].contains(where: { !$0.isSpace }) {
                throw error(at: start + j, "\(op.rawValue) takes no value")
            }
            if field.kind == .number, case .string(let n) = v, let i = Int(n) { v = .int(i) }
            if field.kind == .boolean, case .string(let b) = v, ["true", "false"].contains(b.lowercased()) { v = .bool(b.lowercased() == "true") }
            let node = QueryNode.condition(QueryCondition(field, op, v))
            if let p = QueryEvaluator.problem(in: node, path: "") {
                throw error(at: start + j, p.message)
            }
            return node
        }

        /// A value: quoted text, or raw text with `a,b` as a list.
        func value(_ t: [Unicode.Scalar], at offset: Int) throws -> JSONValue {
            var i = 0
            while i < t.count, t[i].isSpace { i += 1 }
            let rest = Array(t[i...])
            if rest.first == "\"" {
                let (v, end) = try Self.unquote(rest, 0, at: offset + i, self)
                guard rest[end...].allSatisfy(\.isSpace) else { throw error(at: offset + i + end, "expected & or | after the quoted value") }
                return .string(v)
            }
            if let q = rest.firstIndex(of: "\"") { throw error(at: offset + i + q, "quote the whole value (\"…\"), not part of it") }
            if rest.contains(",") {
                // Each item trimmed by the same test as the term's ends.
                let parts = rest.split(separator: ",", omittingEmptySubsequences: false).map { Self.text(Self.trimmed($0)) }
                if parts.contains(where: \.isEmpty) { throw error(at: offset + i, "a list has an empty item") }
                return .array(parts.map(JSONValue.string))
            }
            return .string(Self.text(rest))
        }

        static func text(_ scalars: some Sequence<Unicode.Scalar>) -> String {
            var s = ""
            s.unicodeScalars.append(contentsOf: scalars)
            return s
        }

        static func trimmed(_ s: ArraySlice<Unicode.Scalar>) -> ArraySlice<Unicode.Scalar> {
            var s = s
            while let f = s.first, f.isSpace { s = s.dropFirst() }
            while let l = s.last, l.isSpace { s = s.dropLast() }
            return s
        }

        /// The text of a quoted string starting at `t[i]`, and the index after its closing quote.
        static func unquote(_ t: [Unicode.Scalar], _ i: Int, at offset: Int, _ p: Parser) throws -> (String, Int) {
            var out = ""
            var k = i + 1
            while k < t.count {
                let c = t[k]
                if c == "\\", k + 1 < t.count {
                    out.unicodeScalars.append(t[k + 1])
                    k += 2
                    continue
                }
                if c == "\"" { return (out, k + 1) }
                out.unicodeScalars.append(c)
                k += 1
            }
            throw p.error(at: offset + t.count, "the quote is not closed")
        }
    }
}

extension Unicode.Scalar {
    /// White space, as the query syntax trims it.
    var isSpace: Bool { properties.isWhitespace }
    /// A letter or digit: part of a field name or keyword.
    var isWordPart: Bool { properties.isAlphabetic || properties.numericType != nil }
}
