import Foundation

/// Which folder is the collection (vault) root.
///
/// Sources are consulted in a fixed, documented precedence (tasknotes-spec §9.2.2 requires
/// deterministic provider precedence): an explicit command-line flag, then the environment,
/// then the persisted setting, then the working directory. A blank value (empty or only
/// whitespace) counts as absent. A relative result is resolved against the working directory.
public enum TaskNotesCollectionPath {
    /// The collection root: the first non-blank of `flag`, `environment`, `persisted`, else
    /// `cwd`; `~` expands to the home folder, a relative choice is taken from `cwd`, and the
    /// result is normalized (`.`/`..` segments and repeated slashes folded).
    public static func resolve(flag: String? = nil, environment: String? = nil, persisted: String? = nil, cwd: String) -> String {
        let chosen = [flag, environment, persisted]
            .compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
            .first { !$0.isEmpty }
        guard let chosen else { return normalize(cwd) }
        if chosen.hasPrefix("/") { return normalize(chosen) }
        if chosen == "~" || chosen.hasPrefix("~/") {
            return normalize(NSHomeDirectory() + String(chosen.dropFirst()))
        }
        return normalize(cwd + "/" + chosen)
    }

    /// Removes `.` segments, folds `..` and repeated slashes; keeps absoluteness.
    static func normalize(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for seg in path.split(separator: "/", omittingEmptySubsequences: true) {
            if seg == "." { continue }
            if seg == "..", let last = parts.last, last != ".." {
                parts.removeLast()
                continue
            }
            if seg == "..", absolute { continue }
            parts.append(seg)
        }
        let joined = parts.joined(separator: "/")
        if absolute { return "/" + joined }
        return joined.isEmpty ? "." : joined
    }
}
