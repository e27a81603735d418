import Foundation

/// A small JSON writer that keeps key order, so `--json` output is stable and reads in the
/// schema's order.
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

extension TodoTask {
    /// The stable `--json` shape of a task: `path`, every schema field (null when unset),
    /// `recurrence_text` (the rule in words) and `next_occurrences` (the next dates if completed
    /// `today`), then `body`, `extra` (unknown keys) and `problems`.
    public func json(today: LocalDate) -> JSON {
        func d(_ v: LocalDateTime?) -> JSON { .opt(v?.description) }
        func ts(_ v: Date?) -> JSON { .opt(v.map(Timestamp.format)) }
        return .object([
            ("path", .string(path)),
            ("line", line.map { .int($0 + 1) } ?? .null),
            ("id", .string(line == nil ? path : path + "#" + (Vault.identity(self) ?? String(line! + 1)))),
            ("title", .string(title)),
            ("status", .string(status.rawValue)),
            ("due", d(due)),
            ("defer", d(deferDate)),
            ("scheduled", d(scheduled)),
            ("priority", .string(priority.rawValue)),
            ("flagged", .bool(flagged)),
            ("area", .opt(area)),
            ("project", .opt(project)),
            ("tags", .array(tags.map(JSON.string))),
            ("recurrence", .opt(recurrence)),
            ("recurrence_type", .opt(repeatMode?.rawValue)),
            ("recurrence_text", .opt(recurrenceText)),
            ("next_occurrences", .array(RecurrencePlanner.preview(self, mode: effectiveRepeatMode, completionDay: today,
                                                                  today: today, limit: 5).map { .string($0.description) })),
            ("estimated_minutes", estimatedMinutes.map(JSON.int) ?? .null),
            ("description", .opt(description)),
            ("created", ts(created)),
            ("modified", ts(modified)),
            ("completed", ts(completed)),
            ("source", .opt(source)),
            ("body", .string(body)),
            ("extra", .object(extra.map { ($0.0, JSON($0.1)) })),
            ("problems", .array(problems.map(JSON.string))),
        ])
    }
}

extension TodoTask {
    /// The rule in words (`every week on Saturday`), or nil.
    public var recurrenceText: String? {
        guard let r = recurrence, let parsed = try? RecurrencePlanner.parse(r) else { return nil }
        return TextRule.describe(parsed.rule, whenDone: effectiveRepeatMode != .every)
    }

    /// `recurrence_type`, else what a text rule's `when done` implies (due-again, or
    /// defer-another for a task that only has a defer date), else `every`.
    public var effectiveRepeatMode: RepeatMode {
        if let m = repeatMode { return m }
        guard let r = recurrence, let parsed = try? RecurrencePlanner.parse(r), parsed.whenDone else { return .every }
        return deferDate != nil && due == nil ? .deferAnother : .dueAgain
    }
}
