import Foundation

/// The effective mapping from semantic roles to frontmatter keys (tasknotes-spec §2.4, §9.6).
///
/// Readers look a role up with `value(of:in:)` (canonical key first, then the role's legacy
/// alias spelling, §2.4.2/§2.5); writers use `key(for:)` only (§2.4.3).
public struct TaskNotesFieldMapping: Equatable, Sendable {
    /// The canonical write key of every role (every role has one, §2.4.1).
    public private(set) var keys: [TaskNotesRole: String]
    /// The frontmatter key shown as the task's display name (mdbase `collection.display`).
    public var displayNameKey: String

    /// A mapping with `overrides` on top of `base`; the display key follows the title key
    /// unless given.
    public init(base: TaskNotesFieldMapping = .contractDefault, overrides: [TaskNotesRole: String] = [:], displayNameKey: String? = nil) {
        var keys = base.keys
        for (role, key) in overrides { keys[role] = key }
        self.keys = keys
        self.displayNameKey = displayNameKey ?? keys[.title] ?? "title"
    }

    private init(keys: [TaskNotesRole: String]) {
        self.keys = keys
        self.displayNameKey = keys[.title] ?? "title"
    }

    /// Every role stored under its contract field name: the default of an mdbase type that
    /// implements `tasknotes.task` without renaming fields (§12.5).
    public static let contractDefault = TaskNotesFieldMapping(
        keys: Dictionary(uniqueKeysWithValues: TaskNotesRole.allCases.map { ($0, $0.contractName) }))

    /// The storage keys of a fresh TaskNotes vault (§9.21 "Default field mapping"): camelCase
    /// for the historical plugin fields, snake_case for the recurrence and occurrence roles.
    public static let pluginDefault: TaskNotesFieldMapping = {
        var keys = contractDefault.keys
        for role: TaskNotesRole in [.recurrenceAnchor, .completeInstances, .skippedInstances, .recurrenceParent,
                                    .occurrenceDate, .occurrenceMaterialization, .occurrenceNextTrigger,
                                    .occurrenceTemplate, .occurrencePastHorizon, .occurrenceFutureHorizon] {
            keys[role] = role.specName
        }
        return TaskNotesFieldMapping(keys: keys)
    }()

    /// The mapping an mdbase type declares through its schema fields: a field carrying
    /// `tn_role: <role>` stores that role, the first such field winning when several claim the
    /// same role; roles nobody claims keep their contract names.
    public init(schemaFields fields: [(String, JSONValue)], displayNameKey: String? = nil) {
        var overrides: [TaskNotesRole: String] = [:]
        for (name, definition) in fields {
            guard case .object(let members) = definition,
                  case .string(let roleName)? = TaskNotesMembers.value(members, "tn_role"),
                  let role = TaskNotesRole(name: roleName), overrides[role] == nil else { continue }
            overrides[role] = name
        }
        let display = displayNameKey.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        self.init(base: .contractDefault, overrides: overrides, displayNameKey: display)
    }

    /// The canonical write key of `role`.
    public func key(for role: TaskNotesRole) -> String { keys[role] ?? role.contractName }

    /// The role stored under `key`, if any.
    public func role(forKey key: String) -> TaskNotesRole? {
        TaskNotesRole.allCases.first { keys[$0] == key }
    }

    /// Stores `role` under `key` from now on. Renaming the title key also moves
    /// `displayNameKey` when it was following the title key; a display key set apart stays.
    public mutating func setKey(_ key: String, for role: TaskNotesRole) {
        if displayNameKey == self.key(for: role), role == .title { displayNameKey = key }
        keys[role] = key
    }

    /// Role → key pairs in role declaration order.
    public var orderedPairs: [(TaskNotesRole, String)] {
        TaskNotesRole.allCases.map { ($0, key(for: $0)) }
    }

    /// The value of `role` in `frontmatter`: the canonical key when present, else a legacy
    /// alias (the role's other spelling, §2.5). `aliasIgnored` reports a canonical/alias
    /// conflict that the canonical key won (`alias_conflict_ignored`, §2.4.2).
    public func value(of role: TaskNotesRole, in frontmatter: [(String, JSONValue)]) -> (value: JSONValue, aliasIgnored: Bool)? {
        let canonical = key(for: role)
        let aliases = [role.specName, role.contractName].filter { $0 != canonical && self.role(forKey: $0) == nil }
        let alias = aliases.lazy.compactMap { a in TaskNotesMembers.value(frontmatter, a) }.first
        if let v = TaskNotesMembers.value(frontmatter, canonical) {
            return (v, alias != nil)
        }
        return alias.map { ($0, false) }
    }

    /// Frontmatter → role view: mapped keys become contract role names; unmapped keys pass
    /// through unchanged (unknown fields are preserved, §2.7) unless a role took the name.
    public func normalize(_ frontmatter: [(String, JSONValue)]) -> [(String, JSONValue)] {
        var out: [(String, JSONValue)] = []
        for (key, value) in frontmatter {
            if let role = role(forKey: key) { out.append((role.contractName, value)) }
        }
        for (key, value) in frontmatter where role(forKey: key) == nil && !out.contains(where: { $0.0 == key }) {
            out.append((key, value))
        }
        return out
    }

    /// Role view → frontmatter: role names (either spelling) become their canonical write
    /// keys; other keys pass through unchanged.
    public func denormalize(_ roleData: [(String, JSONValue)]) -> [(String, JSONValue)] {
        var out: [(String, JSONValue)] = []
        for (name, value) in roleData {
            if let role = TaskNotesRole(name: name) { out.append((key(for: role), value)) }
        }
        for (name, value) in roleData where TaskNotesRole(name: name) == nil && !out.contains(where: { $0.0 == name }) {
            out.append((name, value))
        }
        return out
    }
}
