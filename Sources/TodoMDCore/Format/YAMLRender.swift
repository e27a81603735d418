/// Renders frontmatter values in the schema's style: strings double-quoted (`title: "…"`),
/// booleans and numbers bare, lists as block sequences. When a key is rewritten, the quoting
/// style it had (plain, single, double, flow list, item indent) is kept where it can be.
enum YAMLRender {
    enum ScalarStyle { case plain, single, double }

    /// How an existing value was written, so a rewrite can keep it.
    struct Style {
        var scalar: ScalarStyle = .double
        var flowList = false
        var itemPrefix = "  - "
        var trailingComment: String?
    }

    /// A key written as is: letters, digits, `_`, `-`, `.`, not starting with `-` (else quoted,
    /// so `"a: b"` stays one key).
    static func isPlainKey(_ key: String) -> Bool {
        guard let f = key.unicodeScalars.first, f != "-", f != "." else { return false }
        return key.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || $0 == "_" || $0 == "-" || $0 == "." }
    }

    static func lines(key: String, keyText: String? = nil, value: FieldValue, style: Style = Style()) -> [String] {
        let k = keyText ?? (isPlainKey(key) ? key : doubleQuoted(key))
        var out: [String]
        switch value {
        case .string(let s): out = ["\(k): \(scalar(s, style.scalar))"]
        case .bool(let b): out = ["\(k): \(b)"]
        case .int(let i): out = ["\(k): \(i)"]
        case .null: out = ["\(k): null"]
        case .raw(let r): out = ["\(k): \(r)"]
        case .list(let items):
            if items.isEmpty {
                out = ["\(k): []"]
            } else if style.flowList {
                out = ["\(k): [" + items.map { item($0, inFlow: true) }.joined(separator: ", ") + "]"]
            } else {
                out = ["\(k):"] + items.map { style.itemPrefix + item($0, inFlow: false) }
            }
        }
        if let c = style.trailingComment, out.count == 1 { out[0] += c }
        return out
    }

    static func scalar(_ s: String, _ style: ScalarStyle) -> String {
        switch style {
        case .plain where isPlainSafe(s, inFlow: false) || LocalDateTime(s) != nil: return s
        case .single where !s.contains(where: { $0 == "\n" || $0 == "\r" || $0.isControl }):
            return "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
        default: return doubleQuoted(s)
        }
    }

    static func item(_ s: String, inFlow: Bool) -> String {
        isPlainSafe(s, inFlow: inFlow) ? s : doubleQuoted(s)
    }

    /// YAML double-quoted scalar with the escapes YAML and JSON share.
    static func doubleQuoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20 || u.value == 0x7F || (0x80...0x9F).contains(u.value)
                || u.value == 0xFEFF || u.value == 0x2028 || u.value == 0x2029:
                out += u.value <= 0xFF ? "\\x" + hex(u.value, 2) : "\\u" + hex(u.value, 4)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }

    private static func hex(_ v: UInt32, _ width: Int) -> String {
        let h = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - h.count)) + h
    }

    /// True when `s` reads back as the same string without quotes.
    static func isPlainSafe(_ s: String, inFlow: Bool) -> Bool {
        guard let first = s.first, let last = s.last, last != " ", first != " " else { return false }
        if "-?:,[]{}#&*!|>'\"%@`".contains(first) {
            // `-x`, `?x` and `:x` are plain when followed by a non-space; keep it simple: quote.
            return false
        }
        if s.contains(": ") || s.contains(" #") || s.hasSuffix(":") { return false }
        if inFlow, s.contains(where: { ",[]{}".contains($0) }) { return false }
        if s.contains(where: { $0.isNewline || $0.isControl || $0 == "\t" }) { return false }
        let lower = s.lowercased()
        let reserved: Set<String> = ["null", "~", "true", "false", "yes", "no", "on", "off", "y", "n"]
        if reserved.contains(lower) { return false }
        // Anything that could resolve as a number, date or timestamp stays quoted.
        if let c = s.first, c.isNumber || c == "." || c == "+" {
            return false
        }
        return true
    }
}

extension Character {
    var isControl: Bool { unicodeScalars.contains { $0.properties.generalCategory == .control } }
}
