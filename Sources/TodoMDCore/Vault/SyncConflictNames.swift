import Foundation

/// A conflict copy a sync engine made beside a task file: `plan.sync-conflict-20261124-101010-ABCDEFG.md`
/// (Syncthing), `plan (Anna's conflicted copy 2026-11-24).md` (Dropbox), `plan (conflicted copy
/// 2026-11-24 101010).md` (Nextcloud, ownCloud), `plan 2.md` (iCloud Drive), `plan-LAPTOP.md`
/// (OneDrive), `plan (1).md` (Google Drive).
public struct SyncConflictCopy: Sendable, Equatable {
    public enum Engine: String, Sendable, CaseIterable {
        case syncthing, dropbox, nextcloud, icloud, onedrive, googleDrive = "google-drive"

        /// The engine's name as people know it.
        public var displayName: String {
            switch self {
            case .syncthing: return "Syncthing"
            case .dropbox: return "Dropbox"
            case .nextcloud: return "Nextcloud/ownCloud"
            case .icloud: return "iCloud Drive"
            case .onedrive: return "OneDrive"
            case .googleDrive: return "Google Drive"
            }
        }

        /// Whether the name alone says it is a copy; the others (`plan 2.md`, `plan (1).md`,
        /// `plan-LAPTOP.md`) are ordinary names too, and count only beside their original with
        /// the same `created`.
        public var isDistinctive: Bool { self == .syncthing || self == .dropbox || self == .nextcloud }
    }

    /// The copy's and the original's vault-relative paths.
    public var copy: String
    public var original: String
    public var engine: Engine

    public init(copy: String, original: String, engine: Engine) {
        self.copy = copy
        self.original = original
        self.engine = engine
    }
}

/// Recognises conflict copies by their names (issue 16: never show a copy as another task).
public enum SyncConflictNames {
    private static let patterns: [(NSRegularExpression, SyncConflictCopy.Engine)] = ([
        (#"^(.+)\.sync-conflict-\d{8}-\d{6}-[A-Z0-9]{7}$"#, .syncthing),
        (#"^(.+) \((?:[^()]+'s )?conflicted copy \d{4}-\d{2}-\d{2} \d{6}\)$"#, .nextcloud),
        (#"^(.+) \((?:[^()]+'s )?conflicted copy \d{4}-\d{2}-\d{2}(?: \(\d+\))?\)$"#, .dropbox),
        (#"^(.+) \(\d{1,2}\)$"#, .googleDrive),
        (#"^(.+) ([2-9]|[1-9]\d)$"#, .icloud),
        (#"^(.+?)-([A-Z0-9][A-Z0-9-]{2,})$"#, .onedrive),
    ] as [(String, SyncConflictCopy.Engine)]).map { (try! NSRegularExpression(pattern: $0.0), $0.1) }

    /// The copy `path` (vault-relative, `.md`) is, if its name is a conflict copy's: the
    /// distinctive names always; the others only when `exists` says the original is there.
    public static func detect(_ path: String, exists: (String) -> Bool) -> SyncConflictCopy? {
        let ext = path.lowercased().hasSuffix(".md") ? ".md" : path.hasSuffix(".json") && !path.contains("/") ? ".json" : nil
        guard let ext else { return nil }
        let dir = (path as NSString).deletingLastPathComponent
        let stem = String(((path as NSString).lastPathComponent as NSString).deletingPathExtension)
        // A `.json` copy counts only of the vault's own files (`.order.json`, `.perspectives.json`).
        if ext == ".json" {
            guard let c = detect(String(path.dropLast(5)) + ".md", exists: { exists(String($0.dropLast(3)) + ".json") }),
                  SettingsFileMerge.kind(of: String(c.original.dropLast(3)) + ".json") != nil else { return nil }
            return SyncConflictCopy(copy: path, original: String(c.original.dropLast(3)) + ".json", engine: c.engine)
        }
        let range = NSRange(stem.startIndex..., in: stem)
        for (regex, engine) in patterns {
            guard let m = regex.firstMatch(in: stem, range: range), let r = Range(m.range(at: 1), in: stem) else { continue }
            if engine == .onedrive {
                // A device name (capitals, digits, dashes; a letter) after any dash of the name.
                if let c = oneDriveCopy(path, dir: dir, stem: stem, exists: exists) { return c }
                continue
            }
            let name = String(stem[r]) + ".md"
            let original = dir.isEmpty ? name : dir + "/" + name
            if engine.isDistinctive || exists(original) { return SyncConflictCopy(copy: path, original: original, engine: engine) }
        }
        return nil
    }

    /// OneDrive's `name-DEVICE.md`: the device name may hold dashes, so every split whose
    /// suffix could be one is tried, the longest original first, and the original must exist.
    private static func oneDriveCopy(_ path: String, dir: String, stem: String, exists: (String) -> Bool) -> SyncConflictCopy? {
        var i = stem.endIndex
        while let dash = stem[..<i].lastIndex(of: "-") {
            let suffix = stem[stem.index(after: dash)...]
            guard suffix.count >= 3, suffix.allSatisfy({ ($0.isASCII && ($0.isUppercase || $0.isNumber)) || $0 == "-" }) else { return nil }
            if suffix.contains(where: \.isLetter), !stem[..<dash].isEmpty {
                let name = String(stem[..<dash]) + ".md"
                let original = dir.isEmpty ? name : dir + "/" + name
                if exists(original) { return SyncConflictCopy(copy: path, original: original, engine: .onedrive) }
            }
            i = dash
        }
        return nil
    }

    /// A cheap test (no regular expression) that `path` could be a copy's name: false for
    /// nearly every task file, so the index tracks only the few that could be.
    public static func mayBeCopy(_ path: String) -> Bool {
        let name = path.utf8.split(separator: UInt8(ascii: "/")).last ?? []
        guard name.count > 3 else { return false }
        let stem = name.dropLast(3)
        guard let last = stem.last else { return false }
        if last == UInt8(ascii: ")") { return true }
        if String(decoding: stem, as: UTF8.self).contains(".sync-conflict-") { return true }
        // `name 2` (iCloud)
        var digits = stem.reversed().prefix { $0 >= 0x30 && $0 <= 0x39 }.count
        if digits > 0, digits < stem.count, stem[stem.index(stem.endIndex, offsetBy: -digits - 1)] == 0x20 { return true }
        // `name-DEVICE` (OneDrive): capitals and digits after the last dash, with a capital.
        digits = 0
        var capitals = 0
        for b in stem.reversed() {
            if b >= 0x41 && b <= 0x5A {
                capitals += 1
            } else if b >= 0x30 && b <= 0x39 {
                digits += 1
            } else {
                return b == 0x2D && capitals > 0 && capitals + digits >= 3
            }
        }
        return false
    }
}
