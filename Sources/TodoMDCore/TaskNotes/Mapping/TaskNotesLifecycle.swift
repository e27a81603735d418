import Foundation

/// Frontmatter-level task mutations of tasknotes-spec §5.4–§5.6 and §5.13. Every function
/// keeps unknown fields and key order (§2.7) and reports whether anything changed, so the
/// caller only touches `date_modified` and writes when it did (§5.2.2).
public enum TaskNotesLifecycle {
    /// A task's frontmatter as ordered key/value pairs.
    public typealias Frontmatter = [(String, JSONValue)]

    /// Patch semantics (§5.4.1): each patch key replaces its value (appended when new; a
    /// repeated key is left with one copy); a `null` value removes the key. `changed` is false
    /// when every value was already so.
    public static func applyPatch(_ original: Frontmatter, _ patch: Frontmatter) -> (frontmatter: Frontmatter, changed: Bool) {
        var fm = original
        for (key, value) in patch { fm = TaskNotesMembers.setting(fm, key, value == .null ? nil : value) }
        return (fm, JSONValue.object(fm) != JSONValue.object(original))
    }

    /// Non-recurring complete (§5.5). A task already in a completed status is left as is
    /// (idempotent; its `completed_date` is kept, or set to `day` if missing). Otherwise the
    /// status becomes `status` (default: the first completed value, §9.9) and
    /// `completed_date` is overwritten with `day`: a date left over from an earlier
    /// completion is stale once the task was reopened.
    public static func complete(_ original: Frontmatter, mapping: TaskNotesFieldMapping, statuses: TaskNotesStatusSet,
                                day: LocalDate, status: String? = nil) -> (frontmatter: Frontmatter, changed: Bool) {
        let statusKey = mapping.key(for: .status), dateKey = mapping.key(for: .completedDate)
        let current = mapping.value(of: .status, in: original)?.value.scalarText
        var patch: Frontmatter = []
        if statuses.isCompleted(current) {
            if mapping.value(of: .completedDate, in: original) == nil { patch.append((dateKey, .string(day.description))) }
        } else {
            patch.append((statusKey, .string(status ?? statuses.defaultCompleted)))
            patch.append((dateKey, .string(day.description)))
        }
        return applyPatch(original, patch)
    }

    /// Non-recurring uncomplete (§5.6): the status becomes `status` (default:
    /// `status.default`); `completed_date` is removed when `clearCompletedDate`, kept
    /// otherwise.
    public static func uncomplete(_ original: Frontmatter, mapping: TaskNotesFieldMapping, statuses: TaskNotesStatusSet,
                                  status: String? = nil, clearCompletedDate: Bool = true) -> (frontmatter: Frontmatter, changed: Bool) {
        var patch: Frontmatter = [(mapping.key(for: .status), .string(status ?? statuses.defaultValue))]
        if clearCompletedDate { patch.append((mapping.key(for: .completedDate), .null)) }
        return applyPatch(original, patch)
    }

    /// The optional delete safety check (§5.13): with backlink checking on, a delete that
    /// would leave `brokenLinks` dangling is refused unless forced.
    public static func checkDelete(brokenLinks: [String], checkBacklinks: Bool, force: Bool) throws {
        guard checkBacklinks, !force, !brokenLinks.isEmpty else { return }
        throw TaskNotesError(code: "backlink_conflict",
                                        message: "delete blocked: backlinks or dependency references from \(brokenLinks.joined(separator: ", ")); use force to delete",
                                        field: nil)
    }
}
