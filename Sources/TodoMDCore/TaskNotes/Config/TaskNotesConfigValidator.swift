import Foundation

/// A configuration error with its key path (tasknotes-spec §9.20: structured errors with key
/// path context), e.g. `title.storage`.
public struct TaskNotesConfigError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The configuration key path, e.g. `title.storage`; empty for the whole configuration.
    public var path: String
    /// What is wrong, usually starting with the path.
    public var message: String
    public init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }
    public var description: String { path.isEmpty || message.hasPrefix(path) ? message : "\(path): \(message)" }
}

/// Schema checks of the configuration sections (§9.6–§9.18, the error list of §9.20).
/// Only strict mode exists in this implementation, so `validation.mode=permissive` is an
/// error (§9.10).
public enum TaskNotesConfigValidator {
    /// The sections this validator knows, by top-level key.
    public static let sections = ["mapping", "task_detection", "status", "validation", "dependencies", "links", "title",
                                  "templating", "reminders", "time_tracking", "occurrences", "nlp"]

    /// Checks one top-level section; throws the first problem found.
    public static func validate(section: String, value: JSONValue) throws {
        guard case .object(let m) = value else { throw TaskNotesConfigError(section, "\(section) must be an object") }
        func get(_ k: String) -> JSONValue? { TaskNotesMembers.value(m, k) }
        func fail(_ k: String, _ why: String) -> TaskNotesConfigError { TaskNotesConfigError("\(section).\(k)", "\(section).\(k): \(why)") }
        func oneOf(_ k: String, _ allowed: [String]) throws {
            guard let v = get(k) else { return }
            guard case .string(let s) = v, allowed.contains(s) else {
                throw fail(k, "invalid value \(v.scalarText ?? "?"); expected one of \(allowed.joined(separator: ", "))")
            }
        }
        func boolean(_ k: String) throws {
            if let v = get(k), v.boolPayload == nil { throw fail(k, "invalid value; expected a boolean") }
        }
        func nonEmptyString(_ k: String) -> String? {
            guard case .string(let s)? = get(k), !s.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            return s
        }
        func strings(_ k: String) throws -> [String]? {
            guard let v = get(k) else { return nil }
            guard case .array(let items) = v else { throw fail(k, "invalid value; expected a list") }
            return try items.map { item in
                guard case .string(let s) = item else { throw fail(k, "invalid entry; expected strings") }
                return s
            }
        }

        switch section {
        case "mapping":
            for (role, key) in m {
                guard case .string(let s) = key, !s.trimmingCharacters(in: .whitespaces).isEmpty else {
                    throw fail(role, "invalid storage key; expected a non-empty string")
                }
            }
        case "validation":
            try oneOf("mode", ["strict", "permissive"])
            if get("mode") == .string("permissive") { throw fail("mode", "unsupported: permissive mode is not implemented") }
            try boolean("reject_unknown_fields")
        case "title":
            try oneOf("storage", TaskNotesTitleStorage.allCases.map(\.rawValue))
            try oneOf("filename_format", TaskNotesFilenameFormat.allCases.map(\.rawValue))
            if get("storage") == .string(TaskNotesTitleStorage.frontmatter.rawValue) {
                guard get("filename_format") != nil else { throw fail("filename_format", "missing; required when title.storage=frontmatter") }
                if get("filename_format") == .string(TaskNotesFilenameFormat.custom.rawValue), nonEmptyString("custom_filename_template") == nil {
                    throw fail("custom_filename_template", "missing; required when filename_format=custom")
                }
            }
        case "templating":
            try boolean("enabled")
            if get("enabled") == .bool(true), nonEmptyString("template_path") == nil {
                throw fail("template_path", "missing; required when templating.enabled=true")
            }
            try oneOf("failure_mode", ["error", "warning_fallback"])
            try oneOf("unknown_variable_policy", ["preserve", "empty"])
        case "reminders":
            if let v = get("date_only_anchor_time") {
                guard case .string(let s) = v, isClockTime(s) else { throw fail("date_only_anchor_time", "invalid value; expected HH:MM (24-hour)") }
            }
            try boolean("apply_defaults_when_explicit")
        case "time_tracking":
            try boolean("auto_stop_on_complete")
            try boolean("auto_stop_notification")
        case "status":
            let values = try strings("values") ?? []
            if let d = get("default") {
                guard case .string(let s) = d, values.isEmpty || values.contains(s) else { throw fail("default", "not present in status.values") }
            }
            if let completed = try strings("completed_values") {
                guard !completed.isEmpty else { throw fail("completed_values", "must be a non-empty list") }
                if let bad = completed.first(where: { !values.isEmpty && !values.contains($0) }) {
                    throw fail("completed_values", "\(bad) is not present in status.values")
                }
            }
            let skipped = try strings("skipped_values") ?? []
            if let bad = skipped.first(where: { !values.isEmpty && !values.contains($0) }) {
                throw fail("skipped_values", "\(bad) is not present in status.values")
            }
            if let d = get("default_skipped") {
                guard case .string(let s) = d, skipped.contains(s) else { throw fail("default_skipped", "not present in status.skipped_values") }
            }
        case "task_detection":
            try oneOf("method", [TaskNotesTaskDetection.Method.tag.rawValue, TaskNotesTaskDetection.Method.property.rawValue])
            var enabled: [String] = []
            if let methods = try strings("methods") {
                guard !methods.isEmpty else { throw fail("methods", "must be a non-empty list") }
                for name in methods where TaskNotesTaskDetection.Method(rawValue: name) == nil {
                    throw fail("methods", "invalid entry \(name)")
                }
                guard Set(methods).count == methods.count else { throw fail("methods", "entries must be unique") }
                enabled = methods
            } else {
                enabled = [get("method")?.scalarText ?? "tag"]
            }
            try oneOf("combine", ["and", "or"])
            if enabled.contains("tag"), let t = get("tag"), TaskNotesTaskDetection.normalizedTag(t.scalarText ?? "").isEmpty {
                throw fail("tag", "empty tag while the tag method is enabled")
            }
            if enabled.contains("property"), nonEmptyString("property_name") == nil {
                throw fail("property_name", "missing; required when the property method is enabled")
            }
        case "dependencies":
            try oneOf("default_reltype", TaskNotesDependency.RelType.allCases.map(\.rawValue))
            try oneOf("unresolved_target_severity", ["warning", "error"])
            try boolean("treat_missing_target_as_blocked")
            try boolean("enforce_unique_uid")
            try boolean("require_resolved_uid_on_write")
        case "links":
            try oneOf("unresolved_default_severity", ["warning", "error"])
            _ = try strings("extensions")
            try boolean("update_references_on_rename")
            try boolean("use_markdown_format")
        case "occurrences":
            try oneOf("default_materialization", ["manual", "on_completion", "rolling"])
            try oneOf("default_next_trigger", ["completion", "completion_or_skip"])
            for k in ["past_horizon", "future_horizon"] {
                if let v = get(k) {
                    guard case .string(let s) = v, ReminderEntry.seconds(s) != nil else { throw fail(k, "invalid ISO 8601 duration") }
                }
            }
        case "nlp":
            guard let triggers = get("triggers") else { return }
            guard case .array(let items) = triggers else { throw fail("triggers", "invalid value; expected a list") }
            for item in items {
                guard case .object(let t) = item else { throw fail("triggers", "invalid entry; expected objects") }
                func s(_ k: String) -> String? {
                    guard case .string(let v)? = TaskNotesMembers.value(t, k), !v.isEmpty else { return nil }
                    return v
                }
                guard s("property_id") != nil else { throw fail("triggers[].property_id", "empty") }
                guard s("trigger") != nil else { throw fail("triggers[].trigger", "empty") }
                if let e = TaskNotesMembers.value(t, "enabled"), e.boolPayload == nil { throw fail("triggers[].enabled", "invalid value; expected a boolean") }
            }
        default:
            break
        }
    }

    /// `HH:MM`, 24-hour.
    static func isClockTime(_ s: String) -> Bool {
        let u = Array(s.utf8)
        guard u.count == 5, u[2] == UInt8(ascii: ":"),
              [0, 1, 3, 4].allSatisfy({ u[$0] >= 0x30 && u[$0] <= 0x39 }) else { return false }
        let h = Int(u[0] - 0x30) * 10 + Int(u[1] - 0x30), m = Int(u[3] - 0x30) * 10 + Int(u[4] - 0x30)
        return h <= 23 && m <= 59
    }
}
