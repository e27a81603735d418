import Foundation
import Yams

/// A fast reader for the frontmatter most task files use: `key: value` lines with plain or
/// quoted one-line scalars, flow lists of scalars (`[a, "b c"]`) and block lists of scalars.
/// It builds the same Yams nodes the YAML parser would, and gives up (nil) on anything else —
/// block scalars, nested mappings, anchors, tags, continuation lines, tabs, duplicate keys —
/// so the full parser handles those. It works on bytes: parsing 100,000 files with libyaml (or
/// with Character-by-Character Swift) is the cold-index bottleneck; this path stays near the
/// cost of reading the files. `FastFrontmatterTests` checks it against the YAML parser.
enum FastFrontmatter {
    static let space: UInt8 = 0x20, hash: UInt8 = 0x23, dash: UInt8 = 0x2D, colon: UInt8 = 0x3A
    static let dquote: UInt8 = 0x22, squote: UInt8 = 0x27, comma: UInt8 = 0x2C, lbracket: UInt8 = 0x5B, rbracket: UInt8 = 0x5D

    static func parse(_ doc: FrontmatterDocument) -> [(String, Node)]? {
        let b = doc.bytes
        var out: [(String, Node)] = []
        var seen = Set<String>()
        var i = 0
        let n = doc.lines.count
        func isBlank(_ r: Range<Int>) -> Bool { r.allSatisfy { b[$0] == space } }
        while i < n {
            let r = doc.content(i)
            i += 1
            if !plainLine(b, r) { return nil }
            var p = r.lowerBound
            while p < r.upperBound, b[p] == space { p += 1 }
            if p == r.upperBound || b[p] == hash { continue }  // blank or comment
            guard p == r.lowerBound else { return nil }  // an indented line we did not expect
            guard let colonAt = keyEnd(b, r) else { return nil }
            let key = String(decoding: b[r.lowerBound..<colonAt], as: UTF8.self)
            guard seen.insert(key).inserted else { return nil }  // the parser reports duplicates
            var v = colonAt + 1
            while v < r.upperBound, b[v] == space { v += 1 }
            if v < r.upperBound, b[v] == hash { v = r.upperBound }  // `key: # comment`
            if v == r.upperBound {
                // A block list may follow; otherwise the value is null.
                var items: [Node] = []
                var indent: Int?
                while i < n {
                    let lr = doc.content(i)
                    var q = lr.lowerBound
                    while q < lr.upperBound, b[q] == space { q += 1 }
                    guard q < lr.upperBound, b[q] == dash, q + 1 == lr.upperBound || b[q + 1] == space else { break }
                    if !plainLine(b, lr) { return nil }
                    // Every item at the first one's indentation; anything else is the parser's.
                    if indent == nil { indent = q - lr.lowerBound } else if indent != q - lr.lowerBound { return nil }
                    var s = q + 1
                    while s < lr.upperBound, b[s] == space { s += 1 }
                    guard s < lr.upperBound, let item = scalar(b, s..<lr.upperBound, inFlow: false) else { return nil }
                    items.append(item)
                    i += 1
                }
                if !items.isEmpty {
                    // A following indented line that is not an item (a nested map…) is not ours.
                    if i < n, b[doc.content(i)].first == space, !isBlank(doc.content(i)) { return nil }
                    out.append((key, .sequence(Node.Sequence(items, Tags.implicit(), .block))))
                } else {
                    if i < n, b[doc.content(i)].first == space, !isBlank(doc.content(i)) { return nil }
                    out.append((key, .scalar(Node.Scalar("", Tags.implicit(), .plain))))
                }
                continue
            }
            if b[v] == lbracket {
                guard let list = flowList(b, v..<r.upperBound) else { return nil }
                out.append((key, list))
            } else {
                guard let value = scalar(b, v..<r.upperBound, inFlow: false) else { return nil }
                out.append((key, value))
            }
            // The next line must start a new key (or be blank or a comment): no continuations.
            if i < n, b[doc.content(i)].first == space, !isBlank(doc.content(i)) { return nil }
        }
        return out
    }

    /// No tab and nothing YAML forbids or breaks lines on (C0 controls, DEL, C1 and NEL): such lines are
    /// the parser's, which reports them, so both readers agree on every file.
    static func plainLine(_ b: [UInt8], _ r: Range<Int>) -> Bool {
        var i = r.lowerBound
        while i < r.upperBound {
            let c = b[i]
            if c < 0x20 || c == 0x7F { return false }
            if c == 0xC2, i + 1 < r.upperBound, b[i + 1] >= 0x80, b[i + 1] <= 0x9F { return false }
            if c == 0xE2, i + 2 < r.upperBound, b[i + 1] == 0x80, b[i + 2] == 0xA8 || b[i + 2] == 0xA9 { return false }  // LS, PS
            i += 1
        }
        return true
    }

    /// Where the `:` of a plain key (ASCII letters, digits, `_`, `-`, `.`) ends, or nil.
    static func keyEnd(_ b: [UInt8], _ r: Range<Int>) -> Int? {
        guard let f = r.first.map({ b[$0] }), isKeyStart(f) else { return nil }
        var i = r.lowerBound
        while i < r.upperBound {
            let c = b[i]
            if c == colon { return i + 1 == r.upperBound || b[i + 1] == space ? i : nil }
            guard isKeyStart(c) || c == dash || c == 0x2E else { return nil }
            i += 1
        }
        return nil
    }

    static func isKeyStart(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F
    }

    /// One scalar (plain, 'single' or "double" quoted) with an optional trailing comment.
    static func scalar(_ b: [UInt8], _ r: Range<Int>, inFlow: Bool) -> Node? {
        guard let first = r.first.map({ b[$0] }) else { return nil }
        if first == dquote || first == squote {
            guard let (value, end) = quoted(b, r) else { return nil }
            if end < r.upperBound {
                // Only a comment may follow, after a space.
                guard b[end] == space else { return nil }
                var t = end
                while t < r.upperBound, b[t] == space { t += 1 }
                guard t == r.upperBound || b[t] == hash else { return nil }
            }
            return .scalar(Node.Scalar(value, Tags.str(), first == dquote ? .doubleQuoted : .singleQuoted))
        }
        // Plain: no leading indicator, no `: ` inside, a ` #` starts a comment.
        switch first {
        case 0x5B, 0x5D, 0x7B, 0x7D, hash, 0x26, 0x2A, 0x21, 0x7C, 0x3E, 0x25, 0x40, 0x60, comma: return nil
        case dash, 0x3F, colon:
            if r.count == 1 || b[r.lowerBound + 1] == space { return nil }
        default: break
        }
        var end = r.upperBound
        var k = r.lowerBound
        while k < r.upperBound {
            let c = b[k]
            if c == hash, k > r.lowerBound, b[k - 1] == space { end = k; break }
            if c == colon, k + 1 < r.upperBound, b[k + 1] == space { return nil }
            if inFlow, c == comma || c == lbracket || c == rbracket || c == 0x7B || c == 0x7D { return nil }
            k += 1
        }
        while end > r.lowerBound, b[end - 1] == space { end -= 1 }
        if end > r.lowerBound, b[end - 1] == colon { return nil }
        return .scalar(Node.Scalar(String(decoding: b[r.lowerBound..<end], as: UTF8.self), Tags.implicit(), .plain))
    }

    /// `[a, "b", 'c']` on one line, items scalars; nil for anything nested.
    static func flowList(_ b: [UInt8], _ r: Range<Int>) -> Node? {
        var p = r.lowerBound + 1
        var items: [Node] = []
        func skip() { while p < r.upperBound, b[p] == space { p += 1 } }
        func tailIsEmpty(_ from: Int) -> Bool {
            var t = from
            while t < r.upperBound, b[t] == space { t += 1 }
            return t == r.upperBound || (b[t] == hash && t > from)
        }
        skip()
        if p < r.upperBound, b[p] == rbracket {
            return tailIsEmpty(p + 1) ? .sequence(Node.Sequence([], Tags.implicit(), .flow)) : nil
        }
        while true {
            skip()
            guard p < r.upperBound else { return nil }
            let itemRange: Range<Int>
            if b[p] == dquote || b[p] == squote {
                guard let (_, end) = quoted(b, p..<r.upperBound) else { return nil }
                itemRange = p..<end
                p = end
            } else {
                var stop = p
                while stop < r.upperBound, b[stop] != comma, b[stop] != rbracket { stop += 1 }
                guard stop < r.upperBound else { return nil }
                var e = stop
                while e > p, b[e - 1] == space { e -= 1 }
                guard e > p else { return nil }
                itemRange = p..<e
                p = stop
            }
            guard let item = scalar(b, itemRange, inFlow: true) else { return nil }
            items.append(item)
            skip()
            guard p < r.upperBound else { return nil }
            let sep = b[p]
            p += 1
            if sep == rbracket {
                return tailIsEmpty(p) ? .sequence(Node.Sequence(items, Tags.implicit(), .flow)) : nil
            }
            guard sep == comma else { return nil }
        }
    }

    /// A quoted scalar at the start of `r`: its value and the index after the closing quote.
    static func quoted(_ b: [UInt8], _ r: Range<Int>) -> (String, Int)? {
        let q = b[r.lowerBound]
        var i = r.lowerBound + 1
        var runStart = i
        var out = ""
        var simple = true  // no escapes seen: one decode of the whole run
        while i < r.upperBound {
            let c = b[i]
            if c == q {
                if q == squote, i + 1 < r.upperBound, b[i + 1] == squote {
                    out += String(decoding: b[runStart..<i], as: UTF8.self) + "'"
                    simple = false
                    i += 2
                    runStart = i
                    continue
                }
                let tail = String(decoding: b[runStart..<i], as: UTF8.self)
                return (simple ? tail : out + tail, i + 1)
            }
            if q == dquote, c == 0x5C {  // backslash
                simple = false
                out += String(decoding: b[runStart..<i], as: UTF8.self)
                i += 1
                guard i < r.upperBound else { return nil }
                switch b[i] {
                case 0x30: out.append("\u{0}")
                case 0x61: out.append("\u{7}")
                case 0x62: out.append("\u{8}")
                case 0x74: out.append("\t")
                case 0x6E: out.append("\n")
                case 0x76: out.append("\u{B}")
                case 0x66: out.append("\u{C}")
                case 0x72: out.append("\r")
                case 0x65: out.append("\u{1B}")
                case space: out.append(" ")
                case dquote: out.append("\"")
                case 0x2F: out.append("/")
                case 0x5C: out.append("\\")
                case 0x4E: out.append("\u{85}")
                case 0x5F: out.append("\u{A0}")
                case 0x4C: out.append("\u{2028}")
                case 0x50: out.append("\u{2029}")
                case 0x78, 0x75, 0x55:  // x u U
                    let width = b[i] == 0x78 ? 2 : (b[i] == 0x75 ? 4 : 8)
                    guard i + width < r.upperBound,
                          let v = UInt32(String(decoding: b[(i + 1)...(i + width)], as: UTF8.self), radix: 16),
                          let u = Unicode.Scalar(v) else { return nil }
                    out.unicodeScalars.append(u)
                    i += width
                default: return nil
                }
                i += 1
                runStart = i
                continue
            }
            i += 1
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
