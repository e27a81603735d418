import Foundation

/// The effective configuration of a TaskNotes collection (tasknotes-spec §9), typed.
///
/// Providers, lowest precedence first: built-in defaults (§9.21 "minimal fresh vault"), the
/// plugin's `data.json` (§9.2.4), then `tasknotes.yaml` or runtime overrides when the caller
/// has them. Resolution is per top-level key (§9.2.2); nested keys missing from a winning
/// section take their schema defaults.
public struct TaskNotesConfig: Equatable, Sendable {
    /// The spec version this engine implements.
    public static let targetSpecVersion = "0.3.0-rc.3"

    public var specVersion: String
    /// True when no provider supplied `spec_version` (§9.5 asks to disclose it).
    public var specVersionSynthesized: Bool
    public var mapping: TaskNotesFieldMapping
    public var taskDetection: TaskNotesTaskDetection
    public var statuses: TaskNotesStatusSet
    /// Priority values in order (empty: any string) and the default priority.
    public var priorityValues: [String]
    public var defaultPriority: String
    public var title: TaskNotesTitlePolicy
    public var templatingEnabled: Bool
    public var templatePath: String?
    public var autoStopTimeTrackingOnComplete: Bool
    public var autoStopTimeTrackingNotification: Bool
    public var moveArchivedTasks: Bool
    public var archiveFolder: String
    public var useMarkdownLinks: Bool
    public var rejectUnknownFields: Bool

    /// The effective configuration of a vault with neither `data.json` nor `tasknotes.yaml`
    /// (§9.21).
    public static let freshVault = TaskNotesConfig(resolved: .object([]), specVersionSynthesized: true)

    /// The configuration of an Obsidian vault from its plugin settings (the parsed
    /// `.obsidian/plugins/tasknotes/data.json`); settings the file lacks take the plugin's
    /// defaults (§9.2.4).
    public init(pluginData: JSONValue) throws {
        try self.init(providers: [TaskNotesPluginSettings.partialConfig(from: TaskNotesPluginSettings.withDefaults(pluginData))])
    }

    /// The configuration from partial configurations (spec keys), lowest precedence first,
    /// over the built-in defaults. Throws `TaskNotesConfigError` when a section is invalid
    /// or the spec version is unsupported (strict mode, §9.2.3, §9.5).
    public init(providers: [JSONValue]) throws {
        let merged = TaskNotesConfigMerge.mergeTopLevel(providers)
        let version = TaskNotesConfigMerge.effectiveSpecVersion(provided: merged.member("spec_version")?.stringPayload,
                                                                target: Self.targetSpecVersion)
        guard TaskNotesConfigMerge.isSupported(specVersion: version.value, target: Self.targetSpecVersion) else {
            throw TaskNotesConfigError("spec_version", "unsupported major version \(version.value) (target \(Self.targetSpecVersion))")
        }
        for (key, value) in merged.objectMembers ?? [] where TaskNotesConfigValidator.sections.contains(key) {
            try TaskNotesConfigValidator.validate(section: key, value: Self.withNestedDefaults(key, value))
        }
        self.init(resolved: merged, specVersionSynthesized: version.synthesized)
        specVersion = version.value
    }

    /// Schema defaults of nested keys, applied after top-level selection and before
    /// validation (§9.2.2): `title.filename_format` is `title` (the plugin default, §9.2.4).
    static func withNestedDefaults(_ section: String, _ value: JSONValue) -> JSONValue {
        guard section == "title", case .object(var m) = value, !m.contains(where: { $0.0 == "filename_format" }) else { return value }
        m.append(("filename_format", .string(TaskNotesFilenameFormat.title.rawValue)))
        return .object(m)
    }

    /// Reads an already merged configuration, filling defaults; values are assumed valid.
    private init(resolved c: JSONValue, specVersionSynthesized: Bool) {
        specVersion = c.member("spec_version")?.stringPayload ?? Self.targetSpecVersion
        self.specVersionSynthesized = specVersionSynthesized
        var overrides: [TaskNotesRole: String] = [:]
        for (name, key) in c.member("mapping")?.objectMembers ?? [] {
            if let role = TaskNotesRole(name: name), let k = key.stringPayload { overrides[role] = k }
        }
        mapping = TaskNotesFieldMapping(base: .pluginDefault, overrides: overrides)
        taskDetection = TaskNotesTaskDetection(config: c.member("task_detection"))

        let status = c.member("status")
        let defaults = c.member("defaults")
        func strings(_ v: JSONValue?) -> [String]? { v?.arrayItems?.compactMap(\.stringPayload) }
        let base = TaskNotesStatusSet.pluginDefault
        let values = strings(status?.member("values")) ?? base.values
        let completed = strings(status?.member("completed_values")).flatMap { $0.isEmpty ? nil : $0 }
            ?? (status == nil ? base.completedValues : values.filter { TaskNotesStatusSet.conventionalCompletedSpellings.contains($0.lowercased()) })
        statuses = TaskNotesStatusSet(
            values: values,
            defaultValue: status?.member("default")?.stringPayload ?? defaults?.member("status")?.stringPayload ?? base.defaultValue,
            completedValues: completed.isEmpty ? [base.defaultCompleted] : completed,
            skippedValues: strings(status?.member("skipped_values")) ?? [],
            defaultSkipped: status?.member("default_skipped")?.stringPayload)
        priorityValues = strings(c.member("priority")?.member("values")) ?? ["none", "low", "normal", "high"]
        defaultPriority = c.member("priority")?.member("default")?.stringPayload
            ?? defaults?.member("priority")?.stringPayload ?? "normal"
        title = TaskNotesTitlePolicy(config: c.member("title"))
        templatingEnabled = c.member("templating")?.member("enabled")?.boolPayload ?? false
        templatePath = c.member("templating")?.member("template_path")?.stringPayload
        autoStopTimeTrackingOnComplete = c.member("time_tracking")?.member("auto_stop_on_complete")?.boolPayload ?? true
        autoStopTimeTrackingNotification = c.member("time_tracking")?.member("auto_stop_notification")?.boolPayload ?? false
        moveArchivedTasks = c.member("archive")?.member("move_on_archive")?.boolPayload ?? false
        archiveFolder = c.member("archive")?.member("folder")?.stringPayload ?? "TaskNotes/Archive"
        useMarkdownLinks = c.member("links")?.member("use_markdown_format")?.boolPayload ?? false
        rejectUnknownFields = c.member("validation")?.member("reject_unknown_fields")?.boolPayload ?? false
    }
}
