import Foundation

/// The parts of an mdbase type definition that task creation needs (tasknotes-spec §12.3):
/// schema `fields` (with `default`, `required`, `tn_role`), the `path_pattern`, and the
/// `match.where` conditions that identify records of the type.
public struct TaskNotesTaskType: Sendable {
    public var fields: [(String, JSONValue)]
    public var pathPattern: String?
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
    public struct Result: Sendable {
        /// Path relative to the collection root, ending in `.md`.
        public var path: String
        public var frontmatter: [(String, JSONValue)]
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
        func set(_ key: String, _ value: JSONValue) {
            if let i = fm.firstIndex(where: { $0.0 == key }) { fm[i].1 = value } else { fm.append((key, value)) }
        }
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
                    var items = fm.last(where: { $0.0 == key })?.1.arrayItems
                        ?? fm.last(where: { $0.0 == key }).map { [$0.1] } ?? []
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
            let value = fm.last(where: { $0.0 == name })?.1
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
