import Foundation

/// JSON for the vault's settings-like files (`.perspectives.json`): read keeping key order (a
/// rewrite leaves what it did not change as it was), nested at most `maxDepth` deep, and
/// written pretty with two-space indents.
public enum JSONText {
    public static let maxDepth = 64

    public struct ParseError: Error, CustomStringConvertible {
        public var line: Int
        public var column: Int
        public var message: String
        public var description: String { "line \(line), column \(column): \(message)" }
    }

    public static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        var p = Reader(b: bytes)
        p.space()
        let v = try p.value(depth: 0)
        p.space()
        guard p.i == bytes.count else { throw p.fail("unexpected text after the JSON value") }
        return v
    }

    struct Reader {
        let b: [UInt8]
        var i = 0

        func fail(_ m: String) -> ParseError {
            var line = 1, col = 1
            for k in 0..<min(i, b.count) { if b[k] == 0x0A { line += 1; col = 1 } else if b[k] & 0xC0 != 0x80 { col += 1 } }
            return ParseError(line: line, column: col, message: m)
        }

        mutating func space() { while i < b.count, [0x20, 0x09, 0x0A, 0x0D].contains(b[i]) { i += 1 } }

        mutating func literal(_ s: String, _ v: JSONValue) throws -> JSONValue {
            let u = Array(s.utf8)
            guard i + u.count <= b.count, Array(b[i..<(i + u.count)]) == u else { throw fail("expected a value") }
            i += u.count
            return v
        }

        mutating func value(depth: Int) throws -> JSONValue {
            guard depth < JSONText.maxDepth else { throw fail("nested deeper than \(JSONText.maxDepth) levels") }
            guard i < b.count else { throw fail("the file ends where a value should be") }
            switch b[i] {
            case UInt8(ascii: "{"):
                i += 1
                var pairs: [(String, JSONValue)] = []
                space()
                if i < b.count, b[i] == UInt8(ascii: "}") { i += 1; return .object(pairs) }
                while true {
                    space()
                    guard i < b.count, b[i] == UInt8(ascii: "\"") else { throw fail("expected a key in quotes") }
                    let k = try string()
                    space()
                    guard i < b.count, b[i] == UInt8(ascii: ":") else { throw fail("expected : after the key") }
                    i += 1
                    space()
                    pairs.append((k, try value(depth: depth + 1)))
                    space()
                    guard i < b.count else { throw fail("the object is not closed") }
                    if b[i] == UInt8(ascii: ",") { i += 1; continue }
                    guard b[i] == UInt8(ascii: "}") else { throw fail("expected , or }") }
                    i += 1
                    return .object(pairs)
                }
            case UInt8(ascii: "["):
                i += 1
                var items: [JSONValue] = []
                space()
                if i < b.count, b[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
                while true {
                    space()
                    items.append(try value(depth: depth + 1))
                    space()
                    guard i < b.count else { throw fail("the list is not closed") }
                    if b[i] == UInt8(ascii: ",") { i += 1; continue }
                    guard b[i] == UInt8(ascii: "]") else { throw fail("expected , or ]") }
                    i += 1
                    return .array(items)
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try literal("true", .bool(true))
            case UInt8(ascii: "f"): return try literal("false", .bool(false))
            case UInt8(ascii: "n"): return try literal("null", .null)
            default: return try number()
            }
        }

        mutating func number() throws -> JSONValue {
            let start = i
            while i < b.count, "+-0123456789.eE".utf8.contains(b[i]) { i += 1 }
            let text = String(decoding: b[start..<i], as: UTF8.self)
            if text.first == "+" { throw fail("\"\(text)\" is not a number") }
            if let n = Int(text) { return .int(n) }
            if let d = Double(text), d.isFinite, text.first != "+" { return .double(d) }
            i = start
            throw fail(text.isEmpty ? "expected a value" : "\"\(text)\" is not a number")
        }

        mutating func string() throws -> String {
            i += 1
            var out: [UInt8] = []
            while i < b.count {
                let c = b[i]
                if c == UInt8(ascii: "\"") {
                    i += 1
                    guard let s = String(validating: out, as: UTF8.self) else { throw fail("the text is not valid UTF-8") }
                    return s
                }
                if c < 0x20 { throw fail("a control character inside quotes (write \\n)") }
                if c != UInt8(ascii: "\\") { out.append(c); i += 1; continue }
                guard i + 1 < b.count else { break }
                let e = b[i + 1]
                i += 2
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code), i + 1 < b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") {
                        i += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw fail("a broken surrogate pair") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("\\u escape is not a character") }
                    out += Array(String(Character(scalar)).utf8)
                default: throw fail("unknown escape \\\(Character(Unicode.Scalar(e)))")
                }
            }
            throw fail("the text in quotes is not closed")
        }

        mutating func hex4() throws -> UInt32 {
            guard i + 4 <= b.count, let v = UInt32(String(decoding: b[i..<(i + 4)], as: UTF8.self), radix: 16) else {
                throw fail("\\u needs four hex digits")
            }
            i += 4
            return v
        }
    }

    /// Pretty JSON: two-space indents, one key or item per line, short lists of scalars on one line.
    public static func pretty(_ v: JSONValue) -> String {
        var out = ""
        write(v, indent: "", to: &out)
        return out
    }

    static func write(_ v: JSONValue, indent: String, to out: inout String) {
        switch v {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .int(let n): out += String(n)
        case .double(let d): out += d == d.rounded() && abs(d) < 1e15 ? String(format: "%.1f", d) : String(d)
        case .string(let s): out += quoted(s)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            if items.allSatisfy({ if case .array = $0 { return false }; if case .object = $0 { return false }; return true }) {
                var line = "["
                for (k, item) in items.enumerated() { if k > 0 { line += ", " }; write(item, indent: indent, to: &line) }
                if line.count < 80 { out += line + "]"; return }
            }
            out += "[\n"
            for (k, item) in items.enumerated() {
                out += indent + "  "
                write(item, indent: indent + "  ", to: &out)
                out += k == items.count - 1 ? "\n" : ",\n"
            }
            out += indent + "]"
        case .object(let pairs):
            if pairs.isEmpty { out += "{}"; return }
            // A condition or sort key (scalars and short lists only) fits on one line.
            if pairs.allSatisfy({ if case .object = $0.1 { return false }; if case .array(let a) = $0.1 { return a.count <= 6 }; return true }) {
                var line = "{ "
                for (k, (key, value)) in pairs.enumerated() {
                    if k > 0 { line += ", " }
                    line += quoted(key) + ": "
                    write(value, indent: indent, to: &line)
                }
                line += " }"
                if line.count + indent.count <= 100, !line.contains("\n") { out += line; return }
            }
            out += "{\n"
            for (k, (key, value)) in pairs.enumerated() {
                out += indent + "  " + quoted(key) + ": "
                write(value, indent: indent + "  ", to: &out)
                out += k == pairs.count - 1 ? "\n" : ",\n"
            }
            out += indent + "}"
        }
    }

    /// `s` as a JSON string literal (the audit log's lines use it too).
    public static func quoted(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if u.value < 0x20 { out += String(format: "\\u%04x", u.value) } else { out.unicodeScalars.append(u) }
            }
        }
        return out + "\""
    }
}
