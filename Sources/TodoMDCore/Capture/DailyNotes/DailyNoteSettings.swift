import Foundation

/// Where the day's note lives and how entries go into it, read from the same settings Obsidian
/// uses so that todomd writes to the note Obsidian opens for that day.
public struct DailyNoteSettings: Equatable, Sendable {
    /// Folder of the daily notes, vault-relative, no leading or trailing `/` ("" = vault root).
    public var folder: String
    /// Moment.js format of the note's name; a `/` in it makes subfolders.
    public var format: String
    /// Vault-relative path of the template a new note starts from, as the user wrote it.
    public var template: String?
    /// The heading whose section receives entries (`## Inbox`); nil appends at the end.
    public var heading: String?
    /// What goes between two entries (`"\n"`: one per line; `"\n\n"`: blank lines between).
    public var separator: String
    /// The settings files that supplied values, vault-relative, lowest precedence first.
    public var sources: [String]

    /// Obsidian's defaults: `YYYY-MM-DD` notes at the vault root, no template.
    public init(folder: String = "", format: String = "YYYY-MM-DD", template: String? = nil,
                heading: String? = nil, separator: String = "\n", sources: [String] = []) {
        self.folder = folder
        self.format = format
        self.template = template
        self.heading = heading
        self.separator = separator
        self.sources = sources
    }

    static let corePath = ".obsidian/daily-notes.json"
    static let periodicPath = ".obsidian/plugins/periodic-notes/data.json"
    static let todomdPath = ".todomd.json"

    /// Reads, lowest precedence first: Obsidian's core Daily notes settings, the Periodic Notes
    /// plugin's `daily` settings when enabled (they replace the core ones, as in Obsidian, where
    /// that plugin then handles daily notes), and the `daily_notes` object of `.todomd.json`.
    /// A file that is too large or malformed, or a value of the wrong type or an unsafe path, is
    /// a problem naming the file and key; everything else still applies.
    public static func load(root: String) -> (DailyNoteSettings, problems: [String]) {
        var s = DailyNoteSettings()
        var problems: [String] = []
        if let core = object(root, corePath, &problems) {
            s.apply(core, file: corePath, keys: ["folder", "format", "template"], emptyIsDefault: true, &problems)
        }
        if let plugin = object(root, periodicPath, &problems), let daily = plugin.member("daily"),
           daily.objectMembers != nil, daily.member("enabled")?.boolPayload == true {
            s = DailyNoteSettings(sources: [periodicPath])
            s.apply(daily, file: periodicPath, keys: ["folder", "format", "template"], emptyIsDefault: true, &problems, prefix: "daily.")
        }
        if let todomd = object(root, todomdPath, &problems), let section = todomd.member("daily_notes") {
            if section.objectMembers == nil {
                problems.append("\(todomdPath): daily_notes must be an object")
            } else {
                s.apply(section, file: todomdPath, keys: ["folder", "format", "template", "heading", "separator"],
                        emptyIsDefault: false, &problems, prefix: "daily_notes.")
            }
        }
        return (s, problems)
    }

    /// Applies the string `keys` of `json`. Obsidian writes "" for an untouched setting, which
    /// means its default; in `.todomd.json` an empty or null template or heading means none.
    private mutating func apply(_ json: JSONValue, file: String, keys: [String], emptyIsDefault: Bool,
                                _ problems: inout [String], prefix: String = "") {
        var used = false
        for key in keys {
            guard let v = json.member(key) else { continue }
            let name = "\(file): \(prefix)\(key)"
            if case .null = v, !emptyIsDefault, key == "template" || key == "heading" {
                if key == "template" { template = nil } else { heading = nil }
                used = true
                continue
            }
            guard let text = v.stringPayload else {
                problems.append("\(name) must be text")
                continue
            }
            used = true
            switch key {
            case "folder":
                if let p = Self.vaultPath(text) { folder = p } else { problems.append("\(name) must be a folder inside the vault") }
            case "format":
                if text.isEmpty { format = DailyNoteSettings().format } else if Self.safeFormat(text) { format = text } else {
                    problems.append("\(name) must not name a place outside the daily-notes folder")
                }
            case "template":
                if text.isEmpty { template = nil } else if let p = Self.vaultPath(text), !p.isEmpty { template = p } else {
                    problems.append("\(name) must be a note inside the vault")
                }
            case "heading":
                if text.contains(where: \.isNewline) { problems.append("\(name) must be one line") } else {
                    let h = text.trimmingCharacters(in: .whitespaces)
                    heading = h.isEmpty ? nil : h
                }
            default:
                separator = text
            }
        }
        if used && !sources.contains(file) { sources.append(file) }
    }

    /// The JSON object in `root/relative`; nil when the file is absent, or a problem when it is
    /// too large, unreadable, or not a JSON object.
    private static func object(_ root: String, _ relative: String, _ problems: inout [String]) -> JSONValue? {
        let path = root + "/" + relative
        guard let size = FileSystem.statStamp(path)?.0.size else { return nil }
        guard size <= Int64(Limits.fileBytes), let bytes = try? FileSystem.readFile(path) else {
            problems.append("\(relative): larger than 1 MB or unreadable; ignored")
            return nil
        }
        do {
            let json = try JSONText.parse(bytes)
            guard json.objectMembers != nil else {
                problems.append("\(relative): not a JSON object; ignored")
                return nil
            }
            return json
        } catch {
            problems.append("\(relative): \(error); ignored")
            return nil
        }
    }

    /// `text` as a clean vault-relative path (outer `/` stripped, empty and `.` segments
    /// dropped), or nil when it could leave the vault: a `..` segment, a `~`, drive letter or
    /// backslash start, or a NUL.
    static func vaultPath(_ text: String) -> String? {
        guard !text.contains("\0"), !text.hasPrefix("~"), !text.hasPrefix("\\") else { return nil }
        let u = Array(text.utf8)
        if u.count >= 2, u[1] == UInt8(ascii: ":"), (u[0] | 0x20) >= 0x61, (u[0] | 0x20) <= 0x7A { return nil }
        let parts = text.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        guard !parts.contains(where: { $0 == ".." || $0.split(separator: "\\").contains("..") }) else { return nil }
        return parts.joined(separator: "/")
    }

    /// Whether names made with `format` stay inside the folder. Tokens render to letters and
    /// digits, so the literal parts alone decide, and any one date shows them.
    static func safeFormat(_ format: String) -> Bool {
        let sample = MomentFormat.format(LocalDate(dayNumber: 0), format)
        return !sample.contains("\0") && vaultPath(sample) != nil
    }

    /// The vault-relative path of `date`'s note: the folder, then the formatted name (its `/`
    /// making subfolders) with `.md`.
    public func notePath(for date: LocalDate) -> String {
        let name = MomentFormat.format(date, format)
        let parts = (folder + "/" + name).split(separator: "/").filter { $0 != "." && $0 != ".." }
        return parts.joined(separator: "/") + ".md"
    }

    /// The template's vault-relative path, with `.md` added when its name has no extension
    /// (Obsidian stores `Templates/Daily` for `Templates/Daily.md`).
    public var templatePath: String? {
        guard let template, let clean = Self.vaultPath(template), !clean.isEmpty else { return nil }
        let name = clean.split(separator: "/").last.map(String.init) ?? clean
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return clean + ".md" }
        let ext = name[name.index(after: dot)...]
        let isExtension = (1...8).contains(ext.count) && ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            && ext.contains(where: \.isLetter)
        return isExtension ? clean : clean + ".md"
    }
}
