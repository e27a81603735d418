import Foundation

/// One validation finding (tasknotes-spec §6.6): a §6.7 code, its severity, a message, and
/// the frontmatter key concerned.
public struct TaskNotesIssue: Equatable, Sendable {
    /// How serious a finding is (§6.6): only errors make a record invalid.
    public enum Severity: String, Sendable { case error, warning, info }
    /// The §6.7 issue code, e.g. `missing_required`.
    public var code: String
    public var severity: Severity
    /// What was found, for people.
    public var message: String
    /// The frontmatter key concerned, when there is one.
    public var field: String?

    public init(_ code: String, _ message: String, severity: Severity = .error, field: String? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.field = field
    }
}

/// Core validation of one task record (tasknotes-spec §6.3 rows 1–8 and 15, plus the
/// instance-list rows 5 when present).
public struct TaskNotesValidator: Sendable {
    /// Where each role is stored.
    public var mapping: TaskNotesFieldMapping
    /// The allowed statuses (empty values: any) and which of them complete a task.
    public var statuses: TaskNotesStatusSet
    /// Declared schema type per frontmatter key (`string`, `enum`, `date`, `datetime`,
    /// `list`, `integer`, `number`, `boolean`); roles without one use their natural kind.
    public var declaredTypes: [String: String]
    /// Keys the record may carry; nil: the mapped role keys.
    public var knownKeys: Set<String>?
    /// Where the title lives, for the `unresolvable_title` check (§9.13).
    public var titleStorage: TaskNotesTitleStorage
    /// `validation.reject_unknown_fields` (§9.10): unknown keys become errors, not info.
    public var rejectUnknownFields: Bool

    public init(mapping: TaskNotesFieldMapping, statuses: TaskNotesStatusSet, declaredTypes: [String: String] = [:],
                knownKeys: Set<String>? = nil, titleStorage: TaskNotesTitleStorage = .frontmatter, rejectUnknownFields: Bool = false) {
        self.mapping = mapping
        self.statuses = statuses
        self.declaredTypes = declaredTypes
        self.knownKeys = knownKeys
        self.titleStorage = titleStorage
        self.rejectUnknownFields = rejectUnknownFields
    }

    /// A validator for records of an mdbase type: its fields give the mapping, the types, the
    /// status set (of the status field) and the known keys.
    public init(schemaFields fields: [(String, JSONValue)], rejectUnknownFields: Bool = false) {
        let mapping = TaskNotesFieldMapping(schemaFields: fields)
        var types: [String: String] = [:]
        for (name, def) in fields { if let t = def.member("type")?.stringPayload { types[name] = t } }
        self.init(mapping: mapping, statuses: TaskNotesStatusSet(schemaFields: fields, mapping: mapping), declaredTypes: types,
                  knownKeys: fields.isEmpty ? nil : Set(fields.map(\.0)), rejectUnknownFields: rejectUnknownFields)
    }

    /// The issues of `frontmatter` stored at `path` (relative or absolute; nil when unknown).
    public func validate(_ frontmatter: [(String, JSONValue)], path: String?) -> [TaskNotesIssue] {
        var issues: [TaskNotesIssue] = []
        func value(_ role: TaskNotesRole) -> JSONValue? {
            guard let v = mapping.value(of: role, in: frontmatter)?.value, v != .null else { return nil }
            return v
        }

        // Row 1: unconditionally required roles.
        for role: TaskNotesRole in [.status, .dateCreated, .dateModified] where value(role) == nil {
            issues.append(TaskNotesIssue("missing_required", "required role \(role.specName) is missing", field: mapping.key(for: role)))
        }
        // Row 1b: the title resolves under the active title policy.
        if TaskNotesTitle.resolve(frontmatter: frontmatter, mapping: mapping, path: path, storage: titleStorage) == nil {
            issues.append(TaskNotesIssue("unresolvable_title", "no title in frontmatter or file name", field: mapping.key(for: .title)))
        }

        // Types and values of every mapped role present.
        var temporal: [TaskNotesRole: TaskNotesDateValue] = [:]
        for role in TaskNotesRole.allCases {
            guard let v = value(role) else { continue }
            let key = mapping.key(for: role)
            if let issue = typeIssue(role: role, key: key, value: v) {
                issues.append(issue)
                continue
            }
            if role.valueKind == .temporal || ["date", "datetime"].contains(declaredTypes[key] ?? ""), case .string(let s) = v {
                if let parsed = try? TaskNotesDateParser.parse(s) {
                    temporal[role] = parsed
                } else {
                    issues.append(TaskNotesIssue("invalid_date_value", "\(key): \(s) is not a valid date or datetime", field: key))
                }
            }
        }

        // Row 1a: a completed non-recurring task carries its completion date (§2.2.1).
        let recurring = value(.recurrence).map { $0.scalarText?.trimmingCharacters(in: .whitespaces).isEmpty == false } ?? false
        if !recurring, statuses.isCompleted(value(.status)?.scalarText), value(.completedDate) == nil {
            issues.append(TaskNotesIssue("missing_required", "completed task has no \(TaskNotesRole.completedDate.specName)",
                                         field: mapping.key(for: .completedDate)))
        }
        // Row 6: modified not before created.
        if let c = temporal[.dateCreated], let m = temporal[.dateModified], Self.seconds(m) < Self.seconds(c) {
            issues.append(TaskNotesIssue("date_modified_before_created", "date_modified is earlier than date_created",
                                         field: mapping.key(for: .dateModified)))
        }
        // Row 5: instance lists hold dates and do not overlap. An entry counts on its written
        // day, as `TaskNotesInstanceLists` matches it (`…T23:00-05:00` is not the next UTC day).
        var lists: [TaskNotesRole: Set<LocalDate>] = [:]
        for role: TaskNotesRole in [.completeInstances, .skippedInstances] {
            guard let items = value(role)?.arrayItems else { continue }
            let key = mapping.key(for: role)
            var days = Set<LocalDate>()
            for item in items {
                guard let s = item.stringPayload, (try? TaskNotesDateParser.parse(s)) != nil, let day = TaskNotesTargetDay.dayToken(s) else {
                    issues.append(TaskNotesIssue("invalid_date_value", "\(key): \(item.scalarText ?? "?") is not a date", field: key))
                    continue
                }
                days.insert(day)
            }
            lists[role] = days
        }
        if let a = lists[.completeInstances], let b = lists[.skippedInstances], let day = a.intersection(b).sorted().first {
            issues.append(TaskNotesIssue("instance_state_overlap", "\(day) is both completed and skipped",
                                         field: mapping.key(for: .skippedInstances)))
        }
        // Row 8: time entries.
        if let entries = value(.timeEntries)?.arrayItems {
            issues += Self.timeEntryIssues(entries, field: mapping.key(for: .timeEntries))
        }
        // Row 15: semantic id.
        if let id = value(.id), id.stringPayload?.trimmingCharacters(in: .whitespaces).isEmpty != false {
            issues.append(TaskNotesIssue("invalid_task_id", "id must be a non-empty string", field: mapping.key(for: .id)))
        }
        // Unknown fields (§6.7 `unknown_field`; an error under reject_unknown_fields).
        let known = knownKeys ?? Set(mapping.keys.values)
        for (key, _) in frontmatter where !known.contains(key) && mapping.role(forKey: key) == nil {
            issues.append(TaskNotesIssue("unknown_field", "\(key) is not a mapped field", severity: rejectUnknownFields ? .error : .info, field: key))
        }
        return issues
    }

    /// A wrong JSON type for the role's declared or natural kind; an enum value outside its set.
    private func typeIssue(role: TaskNotesRole, key: String, value v: JSONValue) -> TaskNotesIssue? {
        let declared = declaredTypes[key]
        let kind: TaskNotesRole.ValueKind
        switch declared {
        case "string", "enum", "date", "datetime", "link": kind = declared == "date" || declared == "datetime" ? .temporal : .string
        case "list": kind = .list
        case "integer", "number": kind = .integer
        default: kind = role.valueKind
        }
        func wrong(_ expected: String) -> TaskNotesIssue {
            TaskNotesIssue("invalid_type", "\(key): expected \(expected)", field: key)
        }
        switch kind {
        case .string, .temporal:
            guard case .string(let s) = v else { return wrong(kind == .temporal ? "a date string" : "a string") }
            if role == .status, !statuses.values.isEmpty, !statuses.values.contains(s) {
                return TaskNotesIssue("invalid_enum_value", "\(key): \(s) is not a configured status", field: key)
            }
        case .list:
            guard case .array = v else { return wrong("a list") }
        case .integer:
            switch v {
            case .int(let n) where n >= 0: break
            case .double(let d) where d >= 0 && d == d.rounded(): break
            default: return wrong("a non-negative integer")
            }
        case .other:
            break
        }
        return nil
    }

    /// §2.6.1: each entry has a `startTime`; an `endTime` is not before it; at most one entry
    /// is active (no `endTime`).
    public static func timeEntryIssues(_ entries: [JSONValue], field: String = "timeEntries") -> [TaskNotesIssue] {
        var issues: [TaskNotesIssue] = []
        var active = 0
        for (i, entry) in entries.enumerated() {
            guard case .object = entry else {
                issues.append(TaskNotesIssue("invalid_type", "\(field)[\(i)]: expected an object", field: field))
                continue
            }
            let start = entry.member("startTime").flatMap { $0 == .null ? nil : $0 }
            let end = entry.member("endTime").flatMap { $0 == .null ? nil : $0 }
            guard let start else {
                issues.append(TaskNotesIssue("missing_time_entry_start", "\(field)[\(i)]: startTime is required", field: field))
                continue
            }
            guard let s = start.stringPayload.flatMap({ try? TaskNotesDateParser.parse($0) }) else {
                issues.append(TaskNotesIssue("invalid_datetime_value", "\(field)[\(i)]: startTime is not a datetime", field: field))
                continue
            }
            if let end {
                guard let e = end.stringPayload.flatMap({ try? TaskNotesDateParser.parse($0) }) else {
                    issues.append(TaskNotesIssue("invalid_datetime_value", "\(field)[\(i)]: endTime is not a datetime", field: field))
                    continue
                }
                if seconds(e) < seconds(s) {
                    issues.append(TaskNotesIssue("invalid_time_range", "\(field)[\(i)]: endTime is before startTime", field: field))
                }
            } else {
                active += 1
            }
        }
        if active > 1 {
            issues.append(TaskNotesIssue("multiple_active_time_entries", "\(active) active time entries; at most one is allowed", field: field))
        }
        return issues
    }

    /// The instant of a value for ordering; a date counts as its UTC midnight (§3.5.3).
    static func seconds(_ v: TaskNotesDateValue) -> Int {
        switch v {
        case .date(let d): return d.dayNumber * 86_400
        case .dateTime(let t): return t.epochSeconds
        }
    }
}
