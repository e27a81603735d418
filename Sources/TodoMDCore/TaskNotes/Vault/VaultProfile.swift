import Foundation

/// Which spelling a vault's task files use (PRODUCT.md decision 8): the schema's, or TaskNotes'
/// when the vault has the TaskNotes plugin's settings (`.obsidian/plugins/tasknotes/data.json`)
/// or `.todomd.json` says `"profile": "tasknotes"` (then the plugin's defaults apply).
public enum VaultProfile {
    /// The format of `root`'s task files, and why the plugin's settings could not be used, if
    /// they could not (the plugin's defaults are used then).
    public static func format(root: String, settings: VaultSettings, zone: @escaping @Sendable () -> TimeZone) -> (TaskFileFormat, problem: String?) {
        let pluginPath = root + "/" + TaskNotesPluginSettings.relativePath
        if let data = FileManager.default.contents(atPath: pluginPath), settings.profile != "schema" {
            do {
                let json = try JSONText.parse(Array(data))
                let fingerprint = String(Vault.fingerprint(Array(data)), radix: 16)
                var format = TaskNotesTaskFormat(config: try TaskNotesConfig(pluginData: json), settingsFingerprint: fingerprint, zone: zone)
                if case .bool(let keep)? = json.member("maintainDueDateOffsetInRecurring") { format.maintainDueDateOffset = keep }
                return (format, nil)
            } catch {
                return (TaskNotesTaskFormat(config: .freshVault, zone: zone),
                        "\(TaskNotesPluginSettings.relativePath): \(error); TaskNotes' defaults used")
            }
        }
        if settings.profile == "tasknotes" { return (TaskNotesTaskFormat(config: .freshVault, zone: zone), nil) }
        return (MarkdownTaskFormat(), nil)
    }
}
