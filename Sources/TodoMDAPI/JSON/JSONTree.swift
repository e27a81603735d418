import Foundation
import TodoMDCore

/// A small ordered JSON tree for documents built by hand (the OpenAPI document, benchmark
/// reports). The API's own types are written by `JSONOut`, which is much faster.
public indirect enum JSON: Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func opt(_ s: String?) -> JSON { s.map(JSON.string) ?? .null }

    public init(_ v: JSONValue) {
        switch v {
        case .null: self = .null
        case .bool(let b): self = .bool(b)
        case .int(let i): self = .int(i)
        case .double(let d): self = .double(d)
        case .string(let s): self = .string(s)
        case .array(let a): self = .array(a.map(JSON.init))
        case .object(let o): self = .object(o.map { ($0.0, JSON($0.1)) })
        }
    }

    /// Pretty-printed with two-space indentation.
    public func render(indent: Int = 0) -> String {
        let pad = String(repeating: "  ", count: indent + 1), end = String(repeating: "  ", count: indent)
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .int(let i): return String(i)
        case .double(let d): return d.isFinite ? String(d) : "null"
        case .string(let s): return Self.quote(s)
        case .array(let a):
            if a.isEmpty { return "[]" }
            return "[\n" + a.map { pad + $0.render(indent: indent + 1) }.joined(separator: ",\n") + "\n\(end)]"
        case .object(let o):
            if o.isEmpty { return "{}" }
            return "{\n" + o.map { pad + Self.quote($0.0) + ": " + $0.1.render(indent: indent + 1) }
                .joined(separator: ",\n") + "\n\(end)}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20 || u.value == 0x2028 || u.value == 0x2029:
                out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}

