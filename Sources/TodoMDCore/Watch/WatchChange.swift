import Foundation

/// One thing `watch` reports.
public enum WatchChange: Sendable {
    /// A task appeared (a new task file, or a new checkbox line in a note), at `version`.
    case added(TodoTask, version: String?)
    /// A task's fields changed; `version` is the new one's.
    case modified(old: TodoTask, new: TodoTask, version: String?)
    /// A task went away (its file was removed or moved out, or its line deleted).
    case removed(TodoTask)
    /// A file could not be read (fully).
    case problem(FileProblem)
    /// Many new files in a short time.
    case alert(RateAlert)
    /// A new file the quarantine holds for review (`reason`: why), shown nowhere until approved.
    case held(path: String, reason: String)
    /// A sync engine's copy of `original` changed the same fields: a conflict to settle.
    case conflict(original: String, copy: String)

    /// The `--json` field names whose values differ between two versions of a task, in schema
    /// order (derived fields such as `next_occurrences`, and the line a task moved to, are
    /// left out).
    public static func changedFields(_ old: TodoTask, _ new: TodoTask) -> [String] {
        var out: [String] = []
        if old.path != new.path { out.append("path") }
        for key in TaskKey.all where old.value(forKey: key) != new.value(forKey: key) { out.append(key) }
        if old.body != new.body { out.append("body") }
        if old.extra.count != new.extra.count || !zip(old.extra, new.extra).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 }) {
            out.append("extra")
        }
        if old.problems != new.problems { out.append("problems") }
        return out
    }
}
