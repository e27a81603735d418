import Foundation

/// Which spelling a vault's task files use (PRODUCT.md decision 8): the schema's, or TaskNotes'
/// when the vault has the TaskNotes plugin's settings (`.obsidian/plugins/tasknotes/data.json`)
/// or `.todomd.json` says `"profile": "tasknotes"` (then the plugin's defaults apply).
public enum VaultProfile {
    /// The format of `root`'s task files, and what in the plugin's settings could not be used,
    /// if anything (a bad section is left out, the rest of the settings still apply).
    public static func format(root: String, settings: VaultSettings, zone: @escaping @Sendable () -> TimeZone) -> (TaskFileFormat, problem: String?) {
        if settings.profile == "schema" { return (MarkdownTaskFormat(), nil) }
        let relative = TaskNotesPluginSettings.relativePath
        let pluginPath = root + "/" + relative
        guard let size = FileSystem.statStamp(pluginPath).map({ $0.0.size }) else {
            return settings.profile == "tasknotes" ? (TaskNotesTaskFormat(config: .freshVault, zone: zone), nil) : (MarkdownTaskFormat(), nil)
        }
        guard size <= Int64(Limits.fileBytes), let data = FileManager.default.contents(atPath: pluginPath) else {
            return (TaskNotesTaskFormat(config: .freshVault, zone: zone), "\(relative): larger than 1 MB or unreadable; TaskNotes' defaults used")
        }
        let json: JSONValue
        do { json = try JSONText.parse(Array(data)) } catch {
            return (TaskNotesTaskFormat(config: .freshVault, zone: zone), "\(relative): not JSON (\(error)); TaskNotes' defaults used")
        }
        let (config, problems) = config(from: json)
        var format = TaskNotesTaskFormat(config: config, settingsFingerprint: String(Vault.fingerprint(Array(data)), radix: 16), zone: zone)
        if case .bool(let keep)? = json.member("maintainDueDateOffsetInRecurring") { format.maintainDueDateOffset = keep }
        return (format, problems.isEmpty ? nil : "\(relative): " + problems.joined(separator: "; "))
    }

    /// The configuration of the plugin's settings; a section the spec's checks refuse (no
    /// completed status, a default status not in the list…) is left out and reported, so the
    /// field mapping and task identification of the rest still apply.
    static func config(from pluginData: JSONValue) -> (TaskNotesConfig, problems: [String]) {
        guard case .object(var sections) = TaskNotesPluginSettings.partialConfig(from: pluginData) else { return (.freshVault, []) }
        var problems: [String] = []
        while true {
            do {
                return (try TaskNotesConfig(providers: [.object(sections)]), problems)
            } catch let e as TaskNotesConfigError {
                let section = e.path.split(separator: ".").first.map(String.init) ?? ""
                problems.append("\(e); that setting is left out")
                guard let i = sections.firstIndex(where: { $0.0 == section }) else { return (.freshVault, problems) }
                sections.remove(at: i)
            } catch {
                return (.freshVault, problems + ["\(error); TaskNotes' defaults used"])
            }
        }
    }
}
