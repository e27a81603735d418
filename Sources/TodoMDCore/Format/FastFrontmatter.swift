import Foundation
import Yams

/// A fast reader for the frontmatter most task files use: `key: value` lines with plain or
/// quoted one-line scalars, flow lists of scalars (`[a, "b c"]`) and block lists of scalars.
/// It builds the same Yams nodes the YAML parser would, and gives up (nil) on anything else —
/// block scalars, nested mappings, anchors, tags, continuation lines, tabs, duplicate keys —
/// so the full parser handles those. Parsing 100,000 files with libyaml is the cold-index
/// bottleneck; this path keeps it near the cost of reading the bytes.
enum FastFrontmatter {
    static func parse(_ doc: FrontmatterDocument) -> [(String, Node)]? {
        var out: [(String, Node)] = []
        var seen = Set<String>()
        var i = 0
        let n = doc.lines.count
        while i < n {
            let raw = doc.lineText(i)
            i += 1
            if raw.utf8.contains(0x09) { return nil }
            let trimmed = raw.drop(while: { $0 == " " })
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard raw.first != " " else { return nil }  // an indented line we did not expect
            guard let colon = keyEnd(raw) else { return nil }
            let key = String(raw[..<colon])
            guard seen.insert(key).inserted else { return nil }  // let the parser report duplicates
            var rest = raw[raw.index(after: colon)...].drop(while: { $0 == " " })
            if rest.hasPrefix("#") { rest = rest[rest.endIndex...] }
            if rest.isEmpty {
                // A block list may follow; otherwise the value is null.
                var items: [Node] = []
                var indent: Int?
                while i < n {
                    let line = doc.lineText(i)
                    let body = line.drop(while: { $0 == " " })
                    if body.isEmpty { break }
                    guard body.hasPrefix("- ") || body == "-" else { break }
                    if line.utf8.contains(0x09) { return nil }
                    // Every item at the first one's indentation; anything else is the parser's.
                    let width = line.count - body.count
                    if indent == nil { indent = width } else if indent != width { return nil }
                    let itemText = body.dropFirst(1).drop(while: { $0 == " " })
                    guard !itemText.isEmpty, let item = scalar(itemText, inFlow: false) else { return nil }
                    items.append(item)
                    i += 1
                }
                if !items.isEmpty {
                    // A following indented line that is not an item (a nested map…) is not ours.
                    if i < n, doc.lineText(i).first == " ", !doc.lineText(i).allSatisfy({ $0 == " " }) { return nil }
                    out.append((key, .sequence(Node.Sequence(items, Tags.implicit(), .block))))
                } else {
                    out.append((key, .scalar(Node.Scalar("", Tags.implicit(), .plain))))
                }
                continue
            }
            if rest.first == "[" {
                guard let list = flowList(rest) else { return nil }
                out.append((key, list))
            } else {
                guard let value = scalar(rest, inFlow: false) else { return nil }
                out.append((key, value))
            }
            // The next line must start a new key (or be blank/comment): no continuations.
            if i < n, let next = doc.lineText(i).first, next == " " {
                if !doc.lineText(i).allSatisfy({ $0 == " " }) { return nil }
            }
        }
        return out
    }

    /// The index of the `:` ending a plain key made of safe characters, or nil.
    static func keyEnd(_ line: Substring) -> Substring.Index? {
        var i = line.startIndex
        guard let f = line.first, f.isLetter || f.isNumber || f == "_" else { return nil }
        while i < line.endIndex {
            let c = line[i]
            if c == ":" {
                let next = line.index(after: i)
                return next == line.endIndex || line[next] == " " ? i : nil
            }
            guard c.isLetter || c.isNumber || c == "_" || c == "-" || c == "." else { return nil }
            i = line.index(after: i)
        }
        return nil
    }

    /// One scalar (plain, 'single' or "double" quoted) with an optional trailing comment.
    static func scalar(_ text: Substring, inFlow: Bool) -> Node? {
        guard let first = text.first else { return nil }
        if first == "\"" || first == "'" {
            guard let (value, end) = quoted(text) else { return nil }
            let after = text[end...]
            if let f = after.first {
                // Only a comment may follow, after a space.
                guard f == " " else { return nil }
                let tail = after.drop(while: { $0 == " " })
                guard tail.isEmpty || tail.hasPrefix("#") else { return nil }
            }
            return .scalar(Node.Scalar(value, Tags.str(), first == "\"" ? .doubleQuoted : .singleQuoted))
        }
        // Plain: no leading indicator, no `: ` inside, a ` #` starts a comment.
        if "[]{}#&*!|>%@`,".contains(first) { return nil }
        if "-?:".contains(first) {
            let second = text.dropFirst().first
            if second == nil || second == " " { return nil }
        }
        var value = text
        var prev: Character = "x"
        for idx in value.indices {  // a ` #` starts a comment
            if value[idx] == "#", prev == " " { value = value[..<idx]; break }
            prev = value[idx]
        }
        while value.last == " " { value = value.dropLast() }
        if value.hasSuffix(":") { return nil }
        prev = "x"
        for c in value { if prev == ":", c == " " { return nil }; prev = c }
        if inFlow, value.contains(where: { "[]{},".contains($0) }) { return nil }
        return .scalar(Node.Scalar(String(value), Tags.implicit(), .plain))
    }

    /// `[a, "b", 'c']` on one line, items scalars; nil for anything nested.
    static func flowList(_ text: Substring) -> Node? {
        var rest = text.dropFirst()
        var items: [Node] = []
        rest = rest.drop(while: { $0 == " " })
        if rest.hasPrefix("]") {
            let tail = rest.dropFirst().drop(while: { $0 == " " })
            return tail.isEmpty || tail.hasPrefix("#") ? .sequence(Node.Sequence([], Tags.implicit(), .flow)) : nil
        }
        while true {
            rest = rest.drop(while: { $0 == " " })
            guard let f = rest.first else { return nil }
            var itemText: Substring
            if f == "\"" || f == "'" {
                guard let (_, end) = quoted(rest) else { return nil }
                itemText = rest[..<end]
                rest = rest[end...]
            } else {
                guard let stop = rest.firstIndex(where: { $0 == "," || $0 == "]" }) else { return nil }
                itemText = rest[..<stop]
                while itemText.last == " " { itemText = itemText.dropLast() }
                rest = rest[stop...]
                if itemText.isEmpty { return nil }
            }
            guard let item = scalar(itemText, inFlow: true) else { return nil }
            items.append(item)
            rest = rest.drop(while: { $0 == " " })
            guard let sep = rest.first else { return nil }
            rest = rest.dropFirst()
            if sep == "]" {
                let tail = rest.drop(while: { $0 == " " })
                guard tail.isEmpty || tail.hasPrefix("#") else { return nil }
                return .sequence(Node.Sequence(items, Tags.implicit(), .flow))
            }
            guard sep == "," else { return nil }
        }
    }

    /// A quoted scalar at the start of `text`: its value and the index after the closing quote.
    static func quoted(_ text: Substring) -> (String, Substring.Index)? {
        guard let q = text.first else { return nil }
        var out = ""
        var i = text.index(after: text.startIndex)
        while i < text.endIndex {
            let c = text[i]
            if c == q {
                let next = text.index(after: i)
                if q == "'", next < text.endIndex, text[next] == "'" {
                    out.append("'")
                    i = text.index(after: next)
                    continue
                }
                return (out, next)
            }
            if q == "\"", c == "\\" {
                i = text.index(after: i)
                guard i < text.endIndex else { return nil }
                let e = text[i]
                switch e {
                case "0": out.append("\u{0}")
                case "a": out.append("\u{7}")
                case "b": out.append("\u{8}")
                case "t": out.append("\t")
                case "n": out.append("\n")
                case "v": out.append("\u{B}")
                case "f": out.append("\u{C}")
                case "r": out.append("\r")
                case "e": out.append("\u{1B}")
                case " ": out.append(" ")
                case "\"": out.append("\"")
                case "/": out.append("/")
                case "\\": out.append("\\")
                case "N": out.append("\u{85}")
                case "_": out.append("\u{A0}")
                case "L": out.append("\u{2028}")
                case "P": out.append("\u{2029}")
                case "x", "u", "U":
                    let width = e == "x" ? 2 : (e == "u" ? 4 : 8)
                    var hex = ""
                    for _ in 0..<width {
                        i = text.index(after: i)
                        guard i < text.endIndex, text[i].isHexDigit else { return nil }
                        hex.append(text[i])
                    }
                    guard let v = UInt32(hex, radix: 16), let u = Unicode.Scalar(v) else { return nil }
                    out.unicodeScalars.append(u)
                default: return nil
                }
                i = text.index(after: i)
                continue
            }
            out.append(c)
            i = text.index(after: i)
        }
        return nil  // unterminated on this line: multi-line quoted scalars go to the parser
    }
}

/// Yams tags made with a shared resolver and constructor (building `Constructor.default` for
/// every node costs more than the rest of the fast path). Tags themselves are not shared: Yams
/// resolves an implicit tag in place.
enum Tags {
    static let resolver = Resolver.default
    static let constructor = Constructor.default
    static func implicit() -> Tag { Tag(.implicit, resolver, constructor) }
    static func str() -> Tag { Tag(.str, resolver, constructor) }
}
