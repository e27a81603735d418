import Foundation

/// Small readers over `JSONValue` for the TaskNotes code and its adapter. The names are
/// spelled out so they cannot collide with helpers elsewhere in the module.
extension JSONValue {
    /// The string payload, if this is a string.
    public var stringPayload: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The boolean payload, if this is a boolean.
    public var boolPayload: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The members, if this is an object.
    public var objectMembers: [(String, JSONValue)]? { if case .object(let m) = self { return m } else { return nil } }
    /// The last value of `key`, if this is an object holding it.
    public func member(_ key: String) -> JSONValue? {
        objectMembers.flatMap { TaskNotesMembers.value($0, key) }
    }
    /// The items, if this is an array.
    public var arrayItems: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
}

/// Writing the members of a frontmatter mapping or an entry object, which keep unknown keys and
/// key order (§2.7). Readers take a repeated key's last value (`member(_:)`), so the one setter
/// every writer uses must leave a single copy behind.
enum TaskNotesMembers {
    /// The value of `key`: its last copy, as every reader takes it.
    static func value(_ object: [(String, JSONValue)], _ key: String) -> JSONValue? {
        object.last { $0.0 == key }?.1
    }

    /// `object` with `key` set to `value` at its first position (appended when new) and its later
    /// duplicates removed; a nil `value` removes every copy.
    static func setting(_ object: [(String, JSONValue)], _ key: String, _ value: JSONValue?) -> [(String, JSONValue)] {
        guard let value else { return object.filter { $0.0 != key } }
        guard let i = object.firstIndex(where: { $0.0 == key }) else { return object + [(key, value)] }
        var out = object.enumerated().filter { $0.offset == i || $0.element.0 != key }.map(\.element)
        out[i].1 = value
        return out
    }
}
