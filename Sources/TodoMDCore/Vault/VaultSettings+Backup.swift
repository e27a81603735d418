import Foundation

extension VaultSettings {
    /// Reads `backup_dir`, `backup_keep` and `backup_interval_minutes` (README, "Backups").
    /// A `backup_dir` inside the vault must be a hidden folder (`.backups`): the scanner skips
    /// those, while the files of a visible one would show as tasks a second time.
    mutating func loadBackupSettings(_ obj: [String: Any], root: String, problems: inout [String]) {
        if let v = obj["backup_dir"], !(v is NSNull) {
            if let t = v as? String, !t.isEmpty, let dir = Self.backupDirectory(t, root: root) {
                backupDirectory = dir
            } else {
                problems.append("backup_dir must be a folder outside the vault, or a hidden one in it (like .backups)")
            }
        }
        if let v = obj["backup_keep"] {
            if let n = v as? Int, n >= 1, n <= 10_000 { backupKeep = n } else {
                problems.append("backup_keep must be a whole number from 1 to 10000")
            }
        }
        if let v = obj["backup_interval_minutes"] {
            if let n = v as? Int, n >= 0, n <= 100_000 { backupIntervalMinutes = n } else {
                problems.append("backup_interval_minutes must be a whole number from 0 (no automatic backups) to 100000")
            }
        }
    }

    /// The absolute folder a `backup_dir` value names (`~/…`, absolute, or relative to the
    /// vault), or nil when it is the vault, a visible folder inside it, or in its trash.
    static func backupDirectory(_ value: String, root: String) -> String? {
        var path = value
        if path == "~" || path.hasPrefix("~/") {
            path = (ProcessInfo.processInfo.environment["HOME"] ?? NSHomeDirectory()) + path.dropFirst()
        } else if !path.hasPrefix("/") {
            path = root + "/" + path
        }
        path = (path as NSString).standardizingPath
        let base = (root as NSString).standardizingPath
        for vault in Set([base, FileSystem.realPath(base) ?? base]) {
            let resolved = vault == base ? path : (FileSystem.realPath(path) ?? path)
            guard resolved == vault || resolved.hasPrefix(vault + "/") else { continue }
            let inside = resolved.dropFirst(vault.count).split(separator: "/")
            // Not in the trash either: `trash list` shows what is in it.
            guard inside.contains(where: { $0.hasPrefix(".") }), inside.first != Substring(Trash.folder) else { return nil }
        }
        return path
    }
}
