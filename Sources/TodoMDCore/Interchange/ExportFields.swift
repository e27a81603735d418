import Foundation

/// A task's fields as the generic exports write them: every schema key, the unknown keys, the
/// file and the body, in a fixed order.
public enum ExportFields {
    /// The columns of the CSV export (unknown keys are not columns: they vary per task).
    public static let csvColumns = ["file"] + TaskKey.all + ["parent", "notes"]

    /// Every field of `t` with a value, as JSON values, `file` first and `body` last.
    public static func object(_ t: TodoTask) -> [(String, JSONValue)] {
        var out: [(String, JSONValue)] = [("file", .string(t.id))]
        for change in MarkdownTaskFormat.fields(of: t) {
            guard let v = change.value else { continue }
            out.append((change.key, json(v)))
        }
        if t.line != nil, !out.contains(where: { $0.0 == TaskKey.source }) { out.append((TaskKey.source, .string("inline"))) }
        out.append(("body", .string(t.body)))
        return out
    }

    static func json(_ v: FieldValue) -> JSONValue {
        switch v {
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        case .int(let i): return .int(i)
        case .null: return .null
        case .list(let l): return .array(l.map { .string($0) })
        case .raw(let r): return .string(r)
        }
    }

    /// A CSV cell for a value: lists joined with `, `.
    public static func cell(_ v: JSONValue?) -> String {
        switch v {
        case nil, .null?: return ""
        case .array(let a)?: return a.compactMap(\.scalarText).joined(separator: ", ")
        case .object?: return FieldReader.flow(v!)
        case let v?: return v.scalarText ?? ""
        }
    }

    /// An instant in UTC as `20261127T093000Z` (iCalendar, Taskwarrior).
    public static func compactUTC(_ d: Date) -> String {
        let s = Timestamp.format(d)  // 2026-11-27T09:30:00Z
        return s.filter { $0 != "-" && $0 != ":" }.replacingOccurrences(of: ".000", with: "")
    }
}

extension JSONText {
    /// One line of JSON (`{"a":1,"b":[2]}`), key order kept.
    public static func compact(_ v: JSONValue) -> String {
        var out = ""
        writeCompact(v, to: &out)
        return out
    }

    static func writeCompact(_ v: JSONValue, to out: inout String) {
        switch v {
        case .array(let items):
            out += "["
            for (k, item) in items.enumerated() { if k > 0 { out += "," }; writeCompact(item, to: &out) }
            out += "]"
        case .object(let pairs):
            out += "{"
            for (k, (key, item)) in pairs.enumerated() {
                if k > 0 { out += "," }
                out += quoted(key) + ":"
                writeCompact(item, to: &out)
            }
            out += "}"
        default: write(v, indent: "", to: &out)
        }
    }
}
