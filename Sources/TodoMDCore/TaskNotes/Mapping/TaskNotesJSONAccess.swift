import Foundation

// Small readers over `JSONValue` for the TaskNotes mapping and configuration code. The names
// are prefixed so they cannot collide with helpers elsewhere in the module.
extension JSONValue {
    /// The string payload, if this is a string.
    var stringPayload: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The boolean payload, if this is a boolean.
    var boolPayload: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The members, if this is an object.
    var objectMembers: [(String, JSONValue)]? { if case .object(let m) = self { return m } else { return nil } }
    /// The last value of `key`, if this is an object holding it.
    func member(_ key: String) -> JSONValue? {
        guard case .object(let m) = self else { return nil }
        return m.last { $0.0 == key }?.1
    }
    /// The items, if this is an array.
    var arrayItems: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
}
