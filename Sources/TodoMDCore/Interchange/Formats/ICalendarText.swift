import Foundation

/// One RFC 5545 content line: `NAME;PARAM=value:VALUE`.
struct ICalendarProperty {
    /// Upper-cased.
    var name: String
    /// Parameter names upper-cased, values without their quotes.
    var params: [(String, String)]
    /// The raw value (still escaped).
    var value: String
    /// The line it starts on.
    var line: Int

    func param(_ name: String) -> String? { params.first { $0.0 == name }?.1 }
}

/// RFC 5545's text layer: unfolding, content lines, TEXT escapes and folding.
enum ICalendarText {
    /// Joins folded lines (a line starting with a space or tab continues the previous one).
    static func unfold(_ lines: [Substring]) -> [(line: Int, text: String)] {
        var out: [(line: Int, text: String)] = []
        for (n, l) in lines.enumerated() {
            if let f = l.first, f == " " || f == "\t", !out.isEmpty {
                out[out.count - 1].text += l.dropFirst()
            } else {
                out.append((n + 1, String(l)))
            }
        }
        return out
    }

    /// A content line; nil when it has no `:` outside quotes (not a content line at all).
    static func property(_ text: String, line: Int) -> ICalendarProperty? {
        let chars = Array(text)
        var i = 0
        while i < chars.count, chars[i] != ";", chars[i] != ":" { i += 1 }
        guard i < chars.count, i > 0 else { return nil }
        var p = ICalendarProperty(name: String(chars[0..<i]).uppercased().trimmingCharacters(in: .whitespaces), params: [], value: "", line: line)
        while i < chars.count, chars[i] == ";" {
            i += 1
            var name = ""
            while i < chars.count, chars[i] != "=", chars[i] != ":", chars[i] != ";" { name.append(chars[i]); i += 1 }
            var value = ""
            if i < chars.count, chars[i] == "=" {
                i += 1
                var quoted = false
                while i < chars.count {
                    let c = chars[i]
                    if c == "\"" { quoted.toggle(); i += 1; continue }
                    if !quoted, c == ";" || c == ":" { break }
                    value.append(c)
                    i += 1
                }
            }
            p.params.append((name.uppercased(), value))
        }
        guard i < chars.count, chars[i] == ":" else { return nil }
        p.value = String(chars[(i + 1)...])
        return p
    }

    /// A TEXT value unescaped: `\n` `\N` → newline, `\,` `\;` `\\` → the character.
    static func unescape<S: StringProtocol>(_ s: S) -> String {
        var out = "", escaped = false
        for c in s {
            if escaped {
                switch c {
                case "n", "N": out.append("\n")
                default: out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        if escaped { out.append("\\") }
        return out
    }

    /// A list value (`CATEGORIES:a,b\,c`) split at unescaped commas, each unescaped.
    static func list(_ s: String) -> [String] {
        var parts: [String] = [], cur = "", escaped = false
        for c in s {
            if escaped { cur.append("\\"); cur.append(c); escaped = false } else if c == "\\" { escaped = true } else if c == "," {
                parts.append(cur); cur = ""
            } else { cur.append(c) }
        }
        if escaped { cur.append("\\") }
        parts.append(cur)
        return parts.map { unescape($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// A TEXT value escaped; control characters other than tab are dropped (RFC 5545 forbids them).
    static func escape(_ s: String) -> String {
        var out = ""
        for u in s.replacingOccurrences(of: "\r\n", with: "\n").unicodeScalars {
            switch u {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\t": out.unicodeScalars.append(u)
            default: if u.value >= 0x20, u.value != 0x7F { out.unicodeScalars.append(u) }
            }
        }
        return out
    }

    /// A content line folded at 75 octets (never inside a UTF-8 sequence), ending in CRLF.
    static func fold(_ line: String) -> String {
        var out = "", octets = 0
        for u in line.unicodeScalars {
            let w = UTF8.width(u)
            if octets + w > 75 {
                out += "\r\n "
                octets = 1
            }
            out.unicodeScalars.append(u)
            octets += w
        }
        return out + "\r\n"
    }
}
