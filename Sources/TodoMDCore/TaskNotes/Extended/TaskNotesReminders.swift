import Foundation

extension ReminderEntry {
    /// Strict validation of one TaskNotes reminder object (tasknotes-spec §10.3.1, §10.3.6,
    /// §3.12), beyond what `init?(object:)` needs to schedule it:
    ///
    /// - `id` a non-empty string (`invalid_reminder_entry`), `type` `absolute` or `relative`
    ///   (`invalid_reminder_type`);
    /// - `absolute`: `absoluteTime` a datetime with `Z` or an offset
    ///   (`invalid_reminder_absolute_time`); relative-only keys on it are ignored;
    /// - `relative`: `relatedTo` `due` or `scheduled` (`invalid_reminder_related_to`), `offset`
    ///   an ISO 8601 duration with an optional `-` (`invalid_reminder_offset`); an
    ///   `absoluteTime` on it is ignored.
    ///
    /// The invalid mixes of §10.3.6 (an absolute reminder with only `relatedTo`, a relative
    /// one with only `absoluteTime`) fail on their type's missing field.
    public static func validateTaskNotes(_ json: JSONValue) throws {
        guard case .object = json else {
            throw TaskNotesError.coded("invalid_reminder_entry", "a reminder must be an object", field: "reminders")
        }
        guard let id = ExtendedJSON.string(json, "id").value, !id.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw TaskNotesError.coded("invalid_reminder_entry", "id is required and must be a non-empty string", field: "reminders.id")
        }
        if ExtendedJSON.string(json, "description").wrongType {
            throw TaskNotesError.coded("invalid_reminder_entry", "description must be a string", field: "reminders.description")
        }
        switch ExtendedJSON.string(json, "type").value {
        case "absolute"?:
            guard ExtendedJSON.string(json, "absoluteTime").value.flatMap(TaskNotesDateParser.instant) != nil else {
                throw TaskNotesError.coded("invalid_reminder_absolute_time", "absoluteTime must be a datetime with Z or an offset, such as 2026-02-20T09:00:00Z", field: "reminders.absoluteTime")
            }
        case "relative"?:
            guard let base = ExtendedJSON.string(json, "relatedTo").value, base == "due" || base == "scheduled" else {
                throw TaskNotesError.coded("invalid_reminder_related_to", "relatedTo must be due or scheduled", field: "reminders.relatedTo")
            }
            guard let offset = ExtendedJSON.string(json, "offset").value, TaskNotesDuration.isValid(offset) else {
                throw TaskNotesError.coded("invalid_reminder_offset", "offset must be an ISO 8601 duration such as -PT15M", field: "reminders.offset")
            }
        default:
            throw TaskNotesError.coded("invalid_reminder_type", "type must be absolute or relative", field: "reminders.type")
        }
    }
}

/// Operations on a task's `reminders` list (tasknotes-spec §10.3.8, §5.11). Entries a call
/// does not touch are kept exactly as they were.
public enum TaskNotesReminders {
    /// Validates a whole list: every entry, unique ids (`duplicate_reminder_id`, §10.3.2), and
    /// in strict mode a present base for each relative reminder (`unresolvable_reminder_base`,
    /// §10.3.11). `hasBase("due")` says whether the task has a usable `due`.
    public static func validate(_ entries: [JSONValue], hasBase: (String) -> Bool) throws {
        var ids = Set<String>()
        for e in entries {
            try ReminderEntry.validateTaskNotes(e)
            guard let id = ExtendedJSON.string(e, "id").value else { continue }
            guard ids.insert(id).inserted else {
                throw TaskNotesError.coded("duplicate_reminder_id", "reminder id \"\(id)\" is used more than once", field: "reminders.id")
            }
            if ExtendedJSON.string(e, "type").value == "relative", let base = ExtendedJSON.string(e, "relatedTo").value, !hasBase(base) {
                throw TaskNotesError.coded("unresolvable_reminder_base", "reminder \"\(id)\" is relative to \(base), which the task does not have", field: "reminders.relatedTo")
            }
        }
    }

    /// `current` with `entry` appended after checking its shape and that its id is new.
    public static func add(_ entry: JSONValue, to current: [JSONValue]) throws -> [JSONValue] {
        try ReminderEntry.validateTaskNotes(entry)
        if let id = id(of: entry), current.contains(where: { Self.id(of: $0) == id }) {
            throw TaskNotesError.coded("duplicate_reminder_id", "reminder id \"\(id)\" already exists", field: "reminders.id")
        }
        return current + [entry]
    }

    /// `current` with the reminder `id` patched (§10.3.8: by id, patch by default): the
    /// patch's keys replace the entry's, a null removes one; the result is validated. An
    /// unknown id is `reminder_not_found`.
    public static func update(id: String, patch: [(String, JSONValue)], in current: [JSONValue]) throws -> [JSONValue] {
        guard let i = current.firstIndex(where: { Self.id(of: $0) == id }), case .object(var o) = current[i] else {
            throw TaskNotesError.coded("reminder_not_found", "no reminder has id \"\(id)\"", field: "reminders.id")
        }
        for (k, v) in patch { o = TaskNotesMembers.setting(o, k, v == .null ? nil : v) }
        let merged = JSONValue.object(o)
        try ReminderEntry.validateTaskNotes(merged)
        if let newID = Self.id(of: merged), newID != id, current.contains(where: { Self.id(of: $0) == newID }) {
            throw TaskNotesError.coded("duplicate_reminder_id", "reminder id \"\(newID)\" already exists", field: "reminders.id")
        }
        var out = current
        out[i] = merged
        return out
    }

    /// `current` without the reminder `id`; idempotent.
    public static func remove(id: String, from current: [JSONValue]) -> [JSONValue] {
        current.filter { Self.id(of: $0) != id }
    }

    static func id(of json: JSONValue) -> String? {
        ExtendedJSON.string(json, "id").value
    }
}
