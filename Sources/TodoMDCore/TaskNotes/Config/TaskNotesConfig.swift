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

    /// The priorities of a fresh vault with their weights (§9.21 "Default priorities").
    public static let defaultPriorities: [(value: String, weight: Int)] = [("none", 0), ("low", 1), ("normal", 2), ("high", 3)]

    /// The effective `spec_version` (§9.5): the providers' own, else `targetSpecVersion`.
    public var specVersion: String
    /// True when no provider supplied `spec_version` (§9.5 asks to disclose it).
    public var specVersionSynthesized: Bool
    /// Role → frontmatter key (`mapping`, §9.6), over the plugin's default keys.
    public var mapping: TaskNotesFieldMapping
    /// Which Markdown files are tasks (`task_detection`, §9.7).
    public var taskDetection: TaskNotesTaskDetection
    /// The status vocabulary and its completed/skipped values (`status`, §9.9).
    public var statuses: TaskNotesStatusSet
    /// Priority values in order (empty: any string).
    public var priorityValues: [String]
    /// Priority value → weight (higher is more important, §12.7 "priority weight is
    /// semantic"), from `priority.definitions[].weight` (the plugin's
    /// `customPriorities[].weight`). Empty when the configuration gives no weights; values
    /// without a weight are absent. Does not change what `priorityValues` accepts.
    public var priorityWeights: [String: Int]
    /// The priority of a new task (`priority.default`, else `defaults.priority`).
    public var defaultPriority: String
    /// Where the title lives and how file names are made (`title`, §9.13).
    public var title: TaskNotesTitlePolicy
    /// Whether new tasks get a body template (`templating.enabled`, §9.14).
    public var templatingEnabled: Bool
    /// The body template's vault-relative path (`templating.template_path`).
    public var templatePath: String?
    /// Completing a task stops its running time entry (`time_tracking.auto_stop_on_complete`, §9.16).
    public var autoStopTimeTrackingOnComplete: Bool
    /// Tell the user when a completion stopped a time entry (`time_tracking.auto_stop_notification`).
    public var autoStopTimeTrackingNotification: Bool
    /// Archiving moves the file to `archiveFolder` (`archive.move_on_archive`).
    public var moveArchivedTasks: Bool
    /// Where archived tasks go when `moveArchivedTasks` (`archive.folder`).
    public var archiveFolder: String
    /// Write links as `[text](path)` rather than `[[wikilinks]]` (`links.use_markdown_format`, §11).
    public var useMarkdownLinks: Bool
    /// Unknown frontmatter keys are validation errors, not info (`validation.reject_unknown_fields`, §9.10).
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
        // Without a `status` section the defaults' `values` yield their completed value.
        let completed = TaskNotesStatusSet.completedValues(declared: strings(status?.member("completed_values")), values: values,
                                                           fallback: [base.defaultCompleted])
        statuses = TaskNotesStatusSet(
            values: values,
            defaultValue: status?.member("default")?.stringPayload ?? defaults?.member("status")?.stringPayload ?? base.defaultValue,
            completedValues: completed,
            skippedValues: strings(status?.member("skipped_values")) ?? [],
            defaultSkipped: status?.member("default_skipped")?.stringPayload)
        if let values = strings(c.member("priority")?.member("values")) {
            priorityValues = values
            var weights: [String: Int] = [:]
            for d in c.member("priority")?.member("definitions")?.arrayItems ?? [] {
                if let v = d.member("value")?.stringPayload, case .int(let w)? = d.member("weight") { weights[v] = w }
            }
            priorityWeights = weights
        } else {
            priorityValues = Self.defaultPriorities.map(\.value)
            priorityWeights = Dictionary(uniqueKeysWithValues: Self.defaultPriorities.map { ($0.value, $0.weight) })
        }
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
