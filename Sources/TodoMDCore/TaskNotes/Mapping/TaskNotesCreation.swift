import Foundation

/// The parts of an mdbase type definition that task creation needs (tasknotes-spec §12.3):
/// schema `fields` (with `default`, `required`, `tn_role`), the `path_pattern`, and the
/// `match.where` conditions that identify records of the type.
public struct TaskNotesTaskType: Sendable {
    /// Schema fields by name: their definitions (`type`, `default`, `required`, `tn_role`).
    public var fields: [(String, JSONValue)]
    /// The type's `path_pattern` template; nil means `{title}`.
    public var pathPattern: String?
    /// The `match.where` conditions by key: a plain value or `{eq|contains|exists: …}`.
    public var matchWhere: [(String, JSONValue)]

    public init(fields: [(String, JSONValue)] = [], pathPattern: String? = nil, matchWhere: [(String, JSONValue)] = []) {
        self.fields = fields
        self.pathPattern = pathPattern
        self.matchWhere = matchWhere
    }

    /// Reads `{fields, path_pattern, match: {where}}`.
    public init(json: JSONValue) {
        self.init(fields: json.member("fields")?.objectMembers ?? [],
                  pathPattern: json.member("path_pattern")?.stringPayload ?? json.member("pathPattern")?.stringPayload,
                  matchWhere: json.member("match")?.member("where")?.objectMembers ?? [])
    }

    /// The role → key mapping the type's fields declare.
    public var mapping: TaskNotesFieldMapping { TaskNotesFieldMapping(schemaFields: fields) }
}

/// Creating a task record (tasknotes-spec §5.3).
public enum TaskNotesCreation {
    /// A created task, not yet written.
    public struct Result: Sendable {
        /// Path relative to the collection root, ending in `.md`.
        public var path: String
        /// The frontmatter to write: the input's keys in order, then added defaults and stamps.
        public var frontmatter: [(String, JSONValue)]
        /// Non-fatal problems to show the user (none are produced yet).
        public var warnings: [String]
    }

    /// The new task's frontmatter and path.
    ///
    /// In order: caller values win; schema `default`s fill absent fields (§5.3.2, §9.8:
    /// defaults never override input); the type's `match.where` conditions are made true so
    /// the new file is recognised as this type (`eq`/plain value → set, `contains` → added
    /// to the list, `exists: true` → `true` when absent); `date_created`/`date_modified` are
    /// set to `now` when absent (`nowText`, the caller's reading of the clock, is written as
    /// given; otherwise UTC second precision, §3.3.2); required fields are checked; the path
    /// comes from the type's `path_pattern` (default `{title}`).
    public static func create(frontmatter input: [(String, JSONValue)], type: TaskNotesTaskType, now: Date, nowText: String? = nil,
                              zone: TimeZone) throws -> Result {
        var fm = input
        func has(_ key: String) -> Bool { fm.contains { $0.0 == key } }
        func set(_ key: String, _ value: JSONValue) { fm = TaskNotesMembers.setting(fm, key, value) }
        for (name, definition) in type.fields where !has(name) {
            if let d = definition.member("default") { set(name, d) }
        }
        for (key, condition) in type.matchWhere {
            let ops = condition.objectMembers ?? []
            if ops.isEmpty {
                if !has(key) { set(key, condition) }
                continue
            }
            for (op, operand) in ops {
                switch op {
                case "eq": if !has(key) { set(key, operand) }
                case "contains":
                    let current = TaskNotesMembers.value(fm, key)
                    var items = current?.arrayItems ?? current.map { [$0] } ?? []
                    if !items.contains(operand) { items.append(operand) }
                    set(key, .array(items))
                case "exists": if operand == .bool(true), !has(key) { set(key, .bool(true)) }
                default: break
                }
            }
        }
        let mapping = type.mapping
        let stamp = JSONValue.string(nowText ?? Timestamp.format(now))
        for role: TaskNotesRole in [.dateCreated, .dateModified] where !has(mapping.key(for: role)) {
            set(mapping.key(for: role), stamp)
        }
        for (name, definition) in type.fields where definition.member("required") == .bool(true) {
            let value = TaskNotesMembers.value(fm, name)
            if value == nil || value == .null || value == .string("") {
                throw TaskNotesError(code: "missing_required", message: "validation_error: missing_required field \(name)", field: name)
            }
        }

        func text(_ role: TaskNotesRole) -> String? { mapping.value(of: role, in: fm)?.value.scalarText }
        let title = TaskNotesTitle.frontmatterTitle(fm, mapping: mapping) ?? ""
        let context = TaskNotesFileName.Context(title: title, status: text(.status), priority: text(.priority), due: text(.due),
                                                scheduled: text(.scheduled), fields: fm, now: now, zone: zone)
        let path: String
        do {
            path = try TaskNotesFileName.path(template: type.pathPattern ?? "{title}", context: context)
        } catch let e as TaskNotesFileName.MissingVariables {
            throw TaskNotesError(code: "path_required", message: e.description, field: nil)
        }
        return Result(path: path, frontmatter: fm, warnings: [])
    }
}
