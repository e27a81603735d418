import Foundation

/// Checks items against their type: leniently on read (warnings), strictly on write (errors).
public enum ListValidation {
    /// Problems of a value for a field, or nil when it fits.
    public static func problem(_ value: JSONValue, for field: ListField) -> String? {
        switch (field.kind, value) {
        case (_, .null): return nil
        case (.text, .string), (.text, .int), (.text, .double): return nil
        case (.number, .int(let i)): return range(Double(i), field)
        case (.number, .double(let d)): return range(d, field)
        case (.number, .string(let s)):
            guard let d = Double(s) else { return "\(field.name): \"\(s)\" is not a number" }
            return range(d, field)
        case (.date, .string(let s)):
            return LocalDate(s) == nil && LocalDateTime(s) == nil ? "\(field.name): \"\(s)\" is not a date (YYYY-MM-DD)" : nil
        case (.list, .array), (.list, .string): return nil
        case (.boolean, .bool): return nil
        default: return "\(field.name): expected \(field.kind.rawValue)"
        }
    }

    static func range(_ d: Double, _ f: ListField) -> String? {
        if let lo = f.min, d < lo { return "\(f.name): \(format(d)) is below the minimum \(format(lo))" }
        if let hi = f.max, d > hi { return "\(f.name): \(format(d)) is above the maximum \(format(hi))" }
        return nil
    }

    static func format(_ d: Double) -> String { d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d) }

    /// Warnings for an item as read.
    public static func warnings(_ item: ListItem, type: ListType) -> [String] {
        var out: [String] = []
        for f in type.fields {
            let v = f.name == "title" ? JSONValue.string(item.title) : item.value(f.name)
            if f.required, v == nil || v == .null || v == .string("") { out.append("\(f.name) is required") }
            if let v, let p = problem(v, for: f) { out.append(p) }
        }
        return out
    }

    /// Turns typed `key=value` text into a value for a field of `type`, or throws a clear error.
    public static func typedValue(_ raw: String, field: ListField, today: LocalDate) throws -> FieldValue {
        switch field.kind {
        case .text: return .string(raw)
        case .number:
            guard let d = Double(raw.trimmingCharacters(in: .whitespaces)), d.isFinite else {
                throw TodoError.invalidArgument("\(field.name): \"\(raw)\" is not a number")
            }
            if let p = range(d, field) { throw TodoError.invalidArgument(p) }
            return d == d.rounded() && abs(d) < 1e15 ? .int(Int(d)) : .raw(String(d))
        case .date:
            return .string(try DateArgument.parse(raw, today: today).description)
        case .list:
            return .list(raw.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        case .boolean:
            switch raw.lowercased() {
            case "true", "yes", "1": return .bool(true)
            case "false", "no", "0": return .bool(false)
            default: throw TodoError.invalidArgument("\(field.name): \"\(raw)\" is not true or false")
            }
        }
    }
}
