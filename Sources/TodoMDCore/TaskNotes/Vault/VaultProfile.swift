import Foundation
import Yams

/// Which spelling a vault's task files use (PRODUCT.md decision 8): the schema's, or TaskNotes'
/// when the vault has the TaskNotes plugin's settings (`.obsidian/plugins/tasknotes/data.json`),
/// a `tasknotes.yaml` at its root (the spec's own configuration file, §9.2.1), or `.todomd.json`
/// says `"profile": "tasknotes"` (then the plugin's defaults apply).
///
/// Providers, lowest precedence first (§9.2.2): the built-in defaults, `data.json`, then
/// `tasknotes.yaml`; per top-level key the highest provider wins.
public enum VaultProfile {
    /// The spec's configuration file at the vault root.
    public static let yamlFile = "tasknotes.yaml"

    /// The format of `root`'s task files, and what in the settings could not be used, if
    /// anything (a bad section is left out, the rest of the settings still apply).
    public static func format(root: String, settings: VaultSettings, zone: @escaping @Sendable () -> TimeZone) -> (TaskFileFormat, problem: String?) {
        if settings.profile == "schema" { return (MarkdownTaskFormat(), nil) }
        let plugin = load(root, TaskNotesPluginSettings.relativePath) { try JSONText.parse($0) }
        let yaml = load(root, yamlFile, parse: parseYAML)
        if plugin == nil, yaml == nil, settings.profile != "tasknotes" { return (MarkdownTaskFormat(), nil) }
        var problems: [String] = []
        var providers: [JSONValue] = []
        var pluginData: JSONValue = .object([])
        switch plugin {
        case .success(let (json, _))?:
            pluginData = json
            providers.append(TaskNotesPluginSettings.partialConfig(from: json))
        case .failure(let p)?: problems.append(p.message)
        case nil: break
        }
        switch yaml {
        case .success(let (json, _))?: providers.append(json)
        case .failure(let p)?: problems.append(p.message)
        case nil: break
        }
        let (config, refused) = config(from: providers)
        let sources = [plugin.map { _ in TaskNotesPluginSettings.relativePath }, yaml.map { _ in yamlFile }].compactMap { $0 }
        problems += refused.map { sources.joined(separator: " + ") + ": " + $0 }
        let fingerprint = [plugin, yaml].compactMap { r -> String? in
            if case .success(let (_, bytes))? = r { return String(Vault.fingerprint(bytes), radix: 16) } else { return nil }
        }.joined(separator: "+")
        var format = TaskNotesTaskFormat(config: config, settingsFingerprint: fingerprint, zone: zone)
        if case .bool(let keep)? = pluginData.member("maintainDueDateOffsetInRecurring") { format.maintainDueDateOffset = keep }
        if let tag = pluginData.member("fieldMapping")?.member("archiveTag")?.stringPayload {
            let t = TaskNotesTaskDetection.normalizedTag(tag)
            format.archiveTag = t.isEmpty ? nil : t
        }
        format.userFields = TaskNotesUserField.fields(of: pluginData)
        return (format, problems.isEmpty ? nil : problems.joined(separator: "; "))
    }

    struct Problem: Error { let message: String }

    /// A settings file read and parsed: nil when absent; a problem when too large, unreadable
    /// or malformed (the other providers and the defaults still apply).
    static func load(_ root: String, _ relative: String, parse: ([UInt8]) throws -> JSONValue) -> Result<(JSONValue, [UInt8]), Problem>? {
        let path = root + "/" + relative
        guard let size = FileSystem.statStamp(path).map({ $0.0.size }) else { return nil }
        guard size <= Int64(Limits.fileBytes), let data = FileManager.default.contents(atPath: path) else {
            return .failure(Problem(message: "\(relative): larger than 1 MB or unreadable; TaskNotes' defaults used"))
        }
        do { return .success((try parse(Array(data)), Array(data))) } catch {
            return .failure(Problem(message: "\(relative): \(error); TaskNotes' defaults used"))
        }
    }

    /// `tasknotes.yaml` as JSON, within the YAML limits (depth, nodes, aliases).
    static func parseYAML(_ bytes: [UInt8]) throws -> JSONValue {
        let text = String(decoding: bytes, as: UTF8.self)
        if let reason = YAMLSafety.check(text) { throw Problem(message: reason) }
        let node: Node?
        do { node = try Yams.compose(yaml: text) } catch { throw Problem(message: "not YAML (\(error))") }
        guard let node else { return .object([]) }
        var budget = YAMLBudget()
        let json = FieldReader.json(node, budget: &budget)
        if budget.exhausted { throw Problem(message: budget.reason) }
        guard case .object = json else { throw Problem(message: "not a mapping of settings") }
        return json
    }

    /// The configuration of the providers' partial configurations (lowest precedence first);
    /// a section the spec's checks refuse (no completed status, a default status not in the
    /// list…) is left out and reported, so the field mapping and task identification of the
    /// rest still apply.
    static func config(from providers: [JSONValue]) -> (TaskNotesConfig, problems: [String]) {
        guard case .object(var sections) = TaskNotesConfigMerge.mergeTopLevel(providers) else { return (.freshVault, []) }
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

extension VaultProfile.Problem: CustomStringConvertible {
    var description: String { message }
}
