import Foundation

/// One of the TaskNotes plugin's `userFields`: a frontmatter key of the user's own with a type
/// (text, number, date, boolean, list). Its values stay in the task's `extra` (queryable as
/// `extra.KEY`); writing one through `set` stores it typed, as the plugin does, so
/// `effort=3` is the number 3 and `reviewers=Ann, Bo` a list.
public struct TaskNotesUserField: Equatable, Sendable {
    public enum Kind: String, Sendable { case text, number, date, boolean, list }

    public var key: String
    public var displayName: String
    public var kind: Kind

    /// The user fields of the plugin's settings; entries without a key are skipped, an unknown
    /// type is text.
    public static func fields(of pluginData: JSONValue) -> [TaskNotesUserField] {
        (pluginData.member("userFields")?.arrayItems ?? []).prefix(200).compactMap { entry in
            guard let key = entry.member("key")?.stringPayload?.trimmingCharacters(in: .whitespaces), !key.isEmpty,
                  key.count <= Limits.fieldLength else { return nil }
            let name = entry.member("displayName")?.stringPayload ?? key
            return TaskNotesUserField(key: key, displayName: name,
                                      kind: Kind(rawValue: entry.member("type")?.stringPayload?.lowercased() ?? "") ?? .text)
        }
    }

    /// `value` as this field stores it; a value that is not of the field's type is refused.
    public func coerce(_ value: FieldValue?) throws -> FieldValue? {
        guard let value, value != .null else { return value }
        let text: String? = {
            switch value {
            case .string(let s), .raw(let s): return s.trimmingCharacters(in: .whitespaces)
            case .int(let i): return String(i)
            case .bool(let b): return String(b)
            case .list(let l): return l.joined(separator: ", ")
            case .null: return nil
            }
        }()
        guard let text else { return value }
        func refuse(_ what: String) -> TodoError {
            TodoError.invalidArgument("\(key) (\(displayName)) is a \(kind.rawValue) field in this TaskNotes vault: \"\(text)\" is not \(what)")
        }
        switch kind {
        case .text:
            if case .list = value { return value }
            return .string(text)
        case .number:
            if let i = Int(text) { return .int(i) }
            guard let d = Double(text), d.isFinite else { throw refuse("a number") }
            return .raw(String(d))
        case .boolean:
            switch text.lowercased() {
            case "true", "yes", "on", "1": return .bool(true)
            case "false", "no", "off", "0": return .bool(false)
            default: throw refuse("true or false")
            }
        case .date:
            guard LocalDateTime(text) != nil else { throw refuse("a date (YYYY-MM-DD)") }
            return .string(text)
        case .list:
            if case .list = value { return value }
            return .list(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        }
    }
}
