import Foundation

/// The capture inbox's settings in `.todomd.json` (README, "Capture"); the daily note's folder,
/// name and template come from Obsidian's own settings (`DailyNoteSettings`).
public struct CaptureSettings: Equatable, Sendable {
    /// How a push reaches the daily note.
    public enum PushMode: String, Sendable {
        /// Appended to the note's file in this vault.
        case file
        /// Through Obsidian's Actions URI, for a vault that lives on another machine.
        case uri
    }

    /// The queue's folder (`inbox_folder`, vault-relative, hidden so entries are never tasks).
    public var folder = ".inbox"
    /// `inbox_push`: `file` (default) or `uri`.
    public var pushMode: PushMode = .file
    /// `obsidian_vault`: the vault's name in Obsidian for Actions URIs (default: the folder's name).
    public var obsidianVault: String?
    /// `inbox_keep_synced_days`: pushed entries are removed after this many days (default 7).
    public var keepSyncedDays = 7

    public init() {}

    mutating func load(_ obj: [String: Any], problems: inout [String]) {
        if let v = obj["inbox_folder"] {
            if let t = v as? String, t.hasPrefix("."), !t.contains(".."), !t.contains("/"), t.count > 1, t.count <= 100 {
                folder = t
            } else {
                problems.append("inbox_folder must be a hidden folder name at the vault root, like .inbox")
            }
        }
        if let v = obj["inbox_push"] {
            if let t = v as? String, let m = PushMode(rawValue: t) { pushMode = m } else { problems.append("inbox_push must be \"file\" or \"uri\"") }
        }
        if let v = obj["obsidian_vault"] {
            if let t = v as? String, !t.isEmpty, t.count <= 200 { obsidianVault = t } else { problems.append("obsidian_vault must be the vault's name in Obsidian") }
        }
        if let v = obj["inbox_keep_synced_days"] {
            if let n = v as? Int, n >= 0, n <= 3650 { keepSyncedDays = n } else { problems.append("inbox_keep_synced_days must be a whole number from 0 to 3650") }
        }
    }
}
