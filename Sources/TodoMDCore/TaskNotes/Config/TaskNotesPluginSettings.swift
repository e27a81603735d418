import Foundation

/// The `tasknotes_plugin_data_json` configuration provider (tasknotes-spec §9.2.4): the
/// TaskNotes Obsidian plugin's `.obsidian/plugins/tasknotes/data.json`, normalized to the
/// spec's configuration keys. Keys the plugin file does not set are left out, so the result
/// is a partial configuration for `TaskNotesConfigMerge`.
public enum TaskNotesPluginSettings {
    /// Where the plugin keeps its settings, relative to the vault root.
    public static let relativePath = ".obsidian/plugins/tasknotes/data.json"

    /// The plugin's own defaults for settings missing from `data.json` (§9.2.4 "Key
    /// `data.json` fields with defaults", statuses and priorities of §9.21).
    public static let defaults: [(String, JSONValue)] = {
        func status(_ value: String, _ label: String, _ completed: Bool, _ order: Int) -> JSONValue {
            .object([("id", .string(value)), ("value", .string(value)), ("label", .string(label)),
                     ("isCompleted", .bool(completed)), ("order", .int(order))])
        }
        func priority(_ value: String, _ weight: Int) -> JSONValue {
            .object([("id", .string(value)), ("value", .string(value)), ("label", .string(value.capitalized)), ("weight", .int(weight))])
        }
        return [
            ("tasksFolder", .string("TaskNotes/Tasks")), ("taskIdentificationMethod", .string("tag")),
            ("taskTag", .string("task")), ("taskPropertyName", .string("")), ("taskPropertyValue", .string("")),
            ("storeTitleInFilename", .bool(true)), ("taskFilenameFormat", .string("title")),
            ("customFilenameTemplate", .string("{title}")), ("defaultTaskStatus", .string("open")),
            ("defaultTaskPriority", .string("normal")),
            ("customStatuses", .array([status("none", "None", false, 0), status("open", "Open", false, 1),
                                       status("in-progress", "In progress", false, 2), status("done", "Done", true, 3)])),
            ("customPriorities", .array(TaskNotesConfig.defaultPriorities.map { priority($0.value, $0.weight) })),
            ("autoStopTimeTrackingOnComplete", .bool(true)), ("autoStopTimeTrackingNotification", .bool(false)),
            ("useFrontmatterMarkdownLinks", .bool(false)), ("moveArchivedTasks", .bool(false)),
            ("archiveFolder", .string("TaskNotes/Archive")), ("excludedFolders", .string("")),
        ]
    }()

    /// `data` with every missing top-level setting taken from `defaults`.
    public static func withDefaults(_ data: JSONValue) -> JSONValue {
        TaskNotesConfigMerge.mergeTopLevel([.object(defaults), data])
    }

    /// The partial configuration `data.json` supplies (key table of §9.2.4).
    ///
    /// Beyond the table: `customPriorities` become `priority.values` / `priority.default`
    /// and, for entries with an integer `weight`, `priority.definitions: [{value, weight}]`
    /// (the shape of the mdbase binding's `priority`, §12.7, which calls the weight semantic;
    /// labels and colors are presentation and left out), and `nlpTriggers.triggers` become
    /// `nlp.triggers` (§9.17.1).
    public static func partialConfig(from data: JSONValue) -> JSONValue {
        guard case .object(let d) = data else { return .object([]) }
        func get(_ k: String) -> JSONValue? { TaskNotesMembers.value(d, k) }
        func string(_ k: String) -> JSONValue? { if case .string? = get(k) { return get(k) } else { return nil } }
        func bool(_ k: String) -> JSONValue? { if case .bool? = get(k) { return get(k) } else { return nil } }
        var out: [(String, JSONValue)] = []
        func section(_ name: String, _ pairs: [(String, JSONValue?)]) {
            let present = pairs.compactMap { k, v in v.map { (k, $0) } }
            if !present.isEmpty { out.append((name, .object(present))) }
        }

        if case .object(let fm)? = get("fieldMapping") {
            let mapping = fm.compactMap { key, value -> (String, JSONValue)? in
                guard case .string(let s) = value, !s.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
                return (TaskNotesRole(name: key)?.specName ?? TaskNotesRole.snakeCase(key), .string(s))
            }
            out.append(("mapping", .object(mapping)))
        }

        var storage: JSONValue? = nil
        if case .bool(let b)? = get("storeTitleInFilename") {
            storage = .string(b ? TaskNotesTitleStorage.filename.rawValue : TaskNotesTitleStorage.frontmatter.rawValue)
        }
        section("title", [("storage", storage), ("filename_format", string("taskFilenameFormat")),
                          ("custom_filename_template", string("customFilenameTemplate"))])

        if case .object(let tcd)? = get("taskCreationDefaults") {
            let enabled = TaskNotesMembers.value(tcd, "useBodyTemplate")
            let path = TaskNotesMembers.value(tcd, "bodyTemplate")
            section("templating", [("enabled", enabled.flatMap { $0.boolPayload.map(JSONValue.bool) }),
                                   ("template_path", path.flatMap { $0.scalarText.map(JSONValue.string) })])
        }

        var statusPairs: [(String, JSONValue?)] = []
        if case .array(let statuses)? = get("customStatuses") {
            let entries = statuses.compactMap { s -> (String, Bool)? in
                guard case .object(let m) = s, case .string(let v)? = TaskNotesMembers.value(m, "value") else { return nil }
                return (v, TaskNotesMembers.value(m, "isCompleted") == .bool(true))
            }
            statusPairs.append(("values", .array(entries.map { .string($0.0) })))
            statusPairs.append(("default", string("defaultTaskStatus")))
            statusPairs.append(("completed_values", .array(entries.filter(\.1).map { .string($0.0) })))
        }
        section("status", statusPairs)

        if let priorities = get("customPriorities")?.arrayItems {
            let entries = priorities.compactMap { p -> (value: String, weight: JSONValue?)? in
                guard let v = p.member("value")?.stringPayload else { return nil }
                guard case .int? = p.member("weight") else { return (v, nil) }
                return (v, p.member("weight"))
            }
            let definitions = entries.compactMap { e in e.weight.map { JSONValue.object([("value", .string(e.value)), ("weight", $0)]) } }
            section("priority", [("values", .array(entries.map { .string($0.value) })), ("default", string("defaultTaskPriority")),
                                 ("definitions", definitions.isEmpty ? nil : .array(definitions))])
        }

        section("defaults", [("status", string("defaultTaskStatus")), ("priority", string("defaultTaskPriority"))])
        section("time_tracking", [("auto_stop_on_complete", bool("autoStopTimeTrackingOnComplete")),
                                  ("auto_stop_notification", bool("autoStopTimeTrackingNotification"))])
        section("task_detection", [("method", string("taskIdentificationMethod")), ("tag", string("taskTag")),
                                   ("property_name", string("taskPropertyName")), ("property_value", string("taskPropertyValue")),
                                   ("default_folder", string("tasksFolder")), ("excluded_folders", string("excludedFolders"))])
        section("archive", [("move_on_archive", bool("moveArchivedTasks")), ("folder", string("archiveFolder"))])
        section("links", [("use_markdown_format", bool("useFrontmatterMarkdownLinks"))])

        if case .object(let nlp)? = get("nlpTriggers"), case .array(let triggers)? = TaskNotesMembers.value(nlp, "triggers") {
            let mapped = triggers.compactMap { t -> JSONValue? in
                guard case .object(let m) = t else { return nil }
                func v(_ k: String) -> JSONValue? { TaskNotesMembers.value(m, k) }
                let pairs: [(String, JSONValue?)] = [("property_id", v("propertyId")), ("trigger", v("trigger")), ("enabled", v("enabled"))]
                return .object(pairs.compactMap { k, val in val.map { (k, $0) } })
            }
            out.append(("nlp", .object([("triggers", .array(mapped))])))
        }
        return .object(out)
    }
}
