import Foundation

/// Typed reading of the entries of the structured roles (`blocked_by`, `reminders`,
/// `time_entries`). Member lookup is `JSONValue.member(_:)` and writing is
/// `TaskNotesMembers.setting` (TaskNotes/Mapping).
enum ExtendedJSON {
    /// A string member, nil when absent or null; `wrongType` when it is something else.
    static func string(_ json: JSONValue, _ key: String) -> (value: String?, wrongType: Bool) {
        switch json.member(key) {
        case nil, .null?: return (nil, false)
        case .string(let s)?: return (s, false)
        default: return (nil, true)
        }
    }
}
