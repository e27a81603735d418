import Foundation

/// Engine settings, stored in `.todomd.json` at the vault root (documented in the README).
/// Unknown keys are kept when the file is rewritten; a malformed file is reported and the
/// defaults are used.
public struct VaultSettings: Equatable, Sendable {
    /// Move completed tasks to `Archive/` (spec 000 "Archive completed", default off).
    public var archiveCompleted = false
    /// Priority for new tasks (spec 000 "Default priority", default none).
    public var defaultPriority: Priority = .none
    /// Days a completed task stays visible in views; nil keeps them forever (spec 000
    /// "Completed task retention": forever, 7 or 30 days).
    public var completedRetentionDays: Int?
    /// Folder (vault-relative) where `Archive` moves go.
    public var archiveFolder = "Archive"
    /// Replaces the default "copy LLM prompt" template (`{{input}}`, `{{type}}`, `{{fields}}`).
    public var llmPromptTemplate: String?
    /// Scan notes for checkbox tasks (`- [ ] …`, Obsidian Tasks format).
    public var inlineTasks = true
    /// Only checkbox lines containing this text are tasks (Obsidian Tasks' global filter).
    public var globalFilter: String?
    /// Checkbox characters and their statuses (`[ ]` todo, `[x]` done, `[/]` in progress,
    /// `[-]` cancelled by default; more can be added, e.g. `">": "someday"`).
    public var statusMap: InlineStatusMap = .default
    /// The Obsidian Tasks plugin's settings (its `data.json`, defaults when absent), with
    /// `.todomd.json`'s `global_filter`, `remove_global_filter` and `status_map` applied on top:
    /// the plugin's file says what Obsidian does, `.todomd.json` is the user's explicit choice.
    /// `globalFilter` and `statusMap` above are the resulting values.
    public var obsidianTasks = ObsidianTasksSettings()
    /// Folders (vault-relative) never scanned: note templates would otherwise show as tasks.
    /// Default `Templates`, plus the folder Obsidian's Templates plugin is set to.
    public var templateFolders: [String] = ["Templates"]
    /// `every` repeats skip occurrences already past when completed late (OmniFocus's "catch
    /// up automatically"); off, each missed occurrence comes back one by one.
    public var repeatCatchUp = true
    /// The field a date typed without a keyword fills in quick entry (PRODUCT.md decision 6).
    public var bareDateField: QuickEntryParser.DateField = .due
    /// How quick entry reads numeric dates (`12/3`): `mdy`, `dmy` or `ymd`; nil leaves it to
    /// the locale (the service's default).
    public var dateOrder: DateOrder?

    /// What each source may do through todomd (MCP, the URL scheme).
    public var sourcePermissions = SourcePermissions()

    /// How many days the version history keeps (`history_days`; nil: 90).
    public var historyDays: Int?
    /// How many megabytes the version history may hold (`history_mb`; nil: 200).
    public var historyMegabytes: Int?

    /// Where backups go (`backup_dir`, made absolute; nil: `backups/<vault key>` in the cache folder).
    public var backupDirectory: String?
    /// How many backups are kept (`backup_keep`).
    public var backupKeep = 30
    /// Minutes between automatic backups (`backup_interval_minutes`; 0: none, `backup now` still works).
    public var backupIntervalMinutes = 60

    /// Append every change to the audit log, `.todomd/audit/` (`audit_log`; default on).
    public var auditLog = true

    /// Hold new files from untrusted sources, or in a burst, for review (`quarantine`; nil: off).
    public var quarantine: QuarantineSettings?

    /// When reminders fire, and whether tasks may nag (`notification_time`, `nag`…).
    public var reminders = ReminderSettings()

    /// Subscribed calendars and working hours for the calendar view (`calendars`, `work_hours`, `work_days`).
    public var calendar = CalendarSettings()

    /// How task files are spelled: `"tasknotes"` (TaskNotes' keys and values, its defaults when
    /// the plugin's settings are absent), `"schema"` (ours, even beside the plugin's settings),
    /// nil (TaskNotes' when the plugin's settings are there, else ours).
    public var profile: String?

    /// Completing a task's last open subtask completes the task too (`complete_parent_with_last_child`, default off).
    public var completeParentWithLastChild = false

    /// The capture inbox: its folder, how it is pushed to daily notes (`inbox_folder`, `inbox_push`…).
    public var capture = CaptureSettings()

    /// Per-project settings, by project name as written (`projects`; matched case-insensitively
    /// by `project(named:)`).
    public var projects: [String: ProjectSettings] = [:]

    public static let fileName = ".todomd.json"

    public init() {}

    /// Reads the settings; the problem string is set when the file exists but is unusable.
    public static func load(root: String) -> (VaultSettings, problem: String?) {
        var s = VaultSettings()
        let (plugin, pluginProblem) = ObsidianTasksSettings.load(root: root)
        if let plugin {
            s.obsidianTasks = plugin
            s.globalFilter = plugin.globalFilter
            s.statusMap = plugin.statusMap
        }
        let (own, problem) = load(root: root, onto: s)
        return (own, [problem, pluginProblem].compactMap { $0 }.joined(separator: "; ").nilIfEmpty)
    }

    /// `.todomd.json` read over `base` (the plugin's settings already applied).
    private static func load(root: String, onto base: VaultSettings) -> (VaultSettings, problem: String?) {
        var s = base
        let path = root + "/" + fileName
        guard let data = FileManager.default.contents(atPath: path) else { return (s, nil) }
        guard let obj = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            return (s, "\(fileName): not a JSON object; defaults used")
        }
        var problems: [String] = []
        if let v = obj["archive_completed"] {
            if let b = v as? Bool { s.archiveCompleted = b } else { problems.append("archive_completed must be true or false") }
        }
        if let v = obj["default_priority"] {
            if let t = v as? String, let p = Priority(rawValue: t) { s.defaultPriority = p } else {
                problems.append("default_priority must be none, low, medium or high")
            }
        }
        if let v = obj["completed_retention_days"] {
            if v is NSNull { s.completedRetentionDays = nil } else if let t = v as? String, t == "forever" {
                s.completedRetentionDays = nil
            } else if let n = v as? Int, n >= 0 { s.completedRetentionDays = n } else {
                problems.append("completed_retention_days must be a number of days, null or \"forever\"")
            }
        }
        if let v = obj["archive_folder"] {
            if let t = v as? String, !t.isEmpty, !t.hasPrefix("/"), !t.contains("..") { s.archiveFolder = t } else {
                problems.append("archive_folder must be a folder inside the vault")
            }
        }
        if let v = obj["templates_folder"] {
            if let t = v as? String { s.templateFolders = t.isEmpty ? [] : [t] } else if let list = v as? [String] {
                s.templateFolders = list
            } else {
                problems.append("templates_folder must be a folder name or a list of them")
            }
        }
        if let data = FileManager.default.contents(atPath: root + "/.obsidian/templates.json"),
           let o = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
           let f = o["folder"] as? String, !f.isEmpty {
            s.templateFolders.append(f.trimmingCharacters(in: CharacterSet(charactersIn: "/")))
        }
        if let v = obj["llm_prompt_template"] {
            if let t = v as? String { s.llmPromptTemplate = t } else { problems.append("llm_prompt_template must be text") }
        }
        if let v = obj["inline_tasks"] {
            if let b = v as? Bool { s.inlineTasks = b } else { problems.append("inline_tasks must be true or false") }
        }
        if let v = obj["global_filter"] {
            if let t = v as? String { s.globalFilter = t.isEmpty ? nil : t } else if !(v is NSNull) {
                problems.append("global_filter must be text")
            }
            s.obsidianTasks.globalFilter = s.globalFilter
        }
        if let v = obj["remove_global_filter"] {
            if let b = v as? Bool { s.obsidianTasks.removeGlobalFilter = b } else {
                problems.append("remove_global_filter must be true or false")
            }
        }
        if let v = obj["status_map"] {
            if let m = v as? [String: String] {
                for (char, status) in m {
                    guard char.count == 1, let c = char.first, status == "non_task" || TaskStatus(rawValue: status) != nil else {
                        problems.append("status_map: \"\(char)\": \"\(status)\" must map one character to a status")
                        continue
                    }
                    // Overrides the plugin's type for the character; its next status stays.
                    guard let st = TaskStatus(rawValue: status) else {
                        s.statusMap.nonTask.insert(c)
                        s.statusMap.statuses[c] = nil
                        for (k, v) in s.statusMap.characters where v == c { s.statusMap.characters[k] = nil }
                        continue
                    }
                    s.statusMap.nonTask.remove(c)
                    s.statusMap.statuses[c] = st
                    if s.statusMap.characters[st] == nil { s.statusMap.characters[st] = c }
                }
            } else {
                problems.append("status_map must map checkbox characters to statuses")
            }
        }
        if let v = obj["repeat_catch_up"] {
            if let b = v as? Bool { s.repeatCatchUp = b } else { problems.append("repeat_catch_up must be true or false") }
        }
        if let v = obj["bare_date_field"] {
            if let t = v as? String, let f = QuickEntryParser.DateField(rawValue: t) { s.bareDateField = f } else {
                problems.append("bare_date_field must be due, scheduled or defer")
            }
        }
        if let v = obj["date_order"] {
            if let t = v as? String, let o = DateOrder(rawValue: t.lowercased()) { s.dateOrder = o } else if !(v is NSNull) {
                problems.append("date_order must be mdy, dmy or ymd")
            }
        }
        for (key, min) in [("history_days", 1), ("history_mb", 1)] {
            guard let v = obj[key] else { continue }
            guard let n = v as? Int, n >= min, n <= 100_000 else {
                problems.append("\(key) must be a whole number from \(min) to 100000")
                continue
            }
            if key == "history_days" { s.historyDays = n } else { s.historyMegabytes = n }
        }
        s.loadBackupSettings(obj, root: root, problems: &problems)
        s.capture.load(obj, problems: &problems)
        s.loadAuditSettings(obj, problems: &problems)
        s.loadQuarantineSettings(obj, problems: &problems)
        s.loadReminderSettings(obj, problems: &problems)
        s.loadCalendarSettings(obj, problems: &problems)
        s.loadProjectSettings(obj, problems: &problems)
        if let v = obj["profile"] {
            if let t = v as? String, ["tasknotes", "schema"].contains(t) { s.profile = t } else if !(v is NSNull) {
                problems.append("profile must be \"tasknotes\" or \"schema\"")
            }
        }
        if let v = obj["source_permissions"] {
            let (p, bad) = SourcePermissions.parse(v)
            s.sourcePermissions = p
            problems += bad
        }
        return (s, problems.isEmpty ? nil : "\(fileName): " + problems.joined(separator: "; "))
    }
}
