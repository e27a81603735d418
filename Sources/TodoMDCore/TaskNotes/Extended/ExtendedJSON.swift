import Foundation

/// Readers and writers for the entries of the structured roles (`blocked_by`, `reminders`,
/// `time_entries`), whose entries keep unknown keys and key order. Member lookup is
/// `JSONValue.member(_:)` (TaskNotes/Mapping).
enum ExtendedJSON {
    /// `object` with `key` set to `value` in place (appended when new); nil removes it.
    static func setting(_ object: [(String, JSONValue)], _ key: String, _ value: JSONValue?) -> [(String, JSONValue)] {
        guard let value else { return object.filter { $0.0 != key } }
        guard let i = object.firstIndex(where: { $0.0 == key }) else { return object + [(key, value)] }
        // Later duplicates of the key go: the entry is written with one.
        var out = object.enumerated().filter { $0.offset == i || $0.element.0 != key }.map(\.element)
        out[i].1 = value
        return out
    }

    /// A string member, nil when absent or null; `wrongType` when it is something else.
    static func string(_ json: JSONValue, _ key: String) -> (value: String?, wrongType: Bool) {
        switch json.member(key) {
        case nil, .null?: return (nil, false)
        case .string(let s)?: return (s, false)
        default: return (nil, true)
        }
    }

    /// The instant of a strict datetime (`Z` or an offset required, §3.4.2); nil otherwise.
    static func instant(_ text: String) -> Date? {
        guard case .dateTime(let t)? = try? TaskNotesDateParser.parse(text) else { return nil }
        return t.instant
    }
}
