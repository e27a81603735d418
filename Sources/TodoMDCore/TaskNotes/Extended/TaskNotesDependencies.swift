import Foundation

/// The `dependencies` configuration (tasknotes-spec §9.11) and the rules it drives (§10.2).
public struct TaskNotesDependencyPolicy: Sendable {
    /// `enforce_unique_uid` (default true): a repeated normalized `uid` is rejected with
    /// `duplicate_dependency_uid` (§10.2.3); false keeps duplicates (compatibility).
    public var enforceUniqueUID = true
    /// `treat_missing_target_as_blocked` (default true, §10.2.5 item 5).
    public var treatMissingTargetAsBlocked = true
    /// `unresolved_target_severity`: `warning` (default) or `error` (§10.2.6).
    public var unresolvedTargetSeverity = "warning"
    /// `require_resolved_uid_on_write` (default false): add/update fail on a missing target.
    public var requireResolvedUIDOnWrite = false
    /// `default_reltype` for an entry without `reltype`, set only in compatibility mode
    /// (§10.2.1); nil (strict) rejects such entries.
    public var defaultRelType: TaskNotesDependency.RelType?

    public init() {}

    /// The issue code of a dependency whose target cannot be resolved.
    public static let unresolvedTarget = "unresolved_dependency_target"

    /// What a dependency on a missing task means (§10.2.6): whether it blocks and the severity
    /// of its `unresolved_dependency_target` issue. On a write with
    /// `require_resolved_uid_on_write`, it is an error instead.
    public func missingTarget(onWrite: Bool) throws -> (blocked: Bool, severity: String) {
        if onWrite && requireResolvedUIDOnWrite {
            throw TaskNotesError.coded(Self.unresolvedTarget, "the dependency target cannot be resolved and require_resolved_uid_on_write is set", field: "blockedBy.uid")
        }
        return (treatMissingTargetAsBlocked, unresolvedTargetSeverity == "error" ? "error" : "warning")
    }
}

/// Operations on a task's `blocked_by` list (tasknotes-spec §10.2.9, §5.10). Lists are the
/// frontmatter values; entries a call does not touch are kept exactly as they were.
public enum TaskNotesDependencies {
    /// Validates a whole list (§10.2.3, §10.2.4): every entry, no self-dependency (when the
    /// task's own reference `taskUID` is known), no repeated normalized `uid` when the policy
    /// enforces uniqueness.
    @discardableResult
    public static func validate(_ entries: [JSONValue], taskUID: String? = nil,
                                policy: TaskNotesDependencyPolicy = TaskNotesDependencyPolicy()) throws -> [TaskNotesDependency] {
        var seen = Set<String>()
        return try entries.map { json in
            let d = try TaskNotesDependency(json: json, defaultRelType: policy.defaultRelType)
            try checkSelf(d, taskUID)
            if policy.enforceUniqueUID {
                guard seen.insert(d.key).inserted else {
                    throw TaskNotesError.coded("duplicate_dependency_uid", "\(d.uid) appears more than once", field: "blockedBy.uid")
                }
            }
            return d
        }
    }

    /// `current` with `entry` appended in canonical form (§10.2.9 add).
    public static func add(_ entry: JSONValue, to current: [JSONValue], taskUID: String? = nil,
                           policy: TaskNotesDependencyPolicy = TaskNotesDependencyPolicy()) throws -> [JSONValue] {
        let d = try TaskNotesDependency(json: entry, defaultRelType: policy.defaultRelType)
        try checkSelf(d, taskUID)
        if policy.enforceUniqueUID, current.contains(where: { key(of: $0) == d.key }) {
            throw TaskNotesError.coded("duplicate_dependency_uid", "\(d.uid) is already a dependency", field: "blockedBy.uid")
        }
        return current + [d.json]
    }

    /// `current` without the entries whose normalized `uid` is `uid`'s; idempotent (§10.2.9).
    public static func remove(uid: String, from current: [JSONValue]) -> [JSONValue] {
        let k = TaskNotesDependency.key(uid)
        return current.filter { key(of: $0) != k }
    }

    /// The explicit replace mode (§10.2.9): `entries`, validated as a set, in canonical form.
    public static func replace(with entries: [JSONValue], taskUID: String? = nil,
                               policy: TaskNotesDependencyPolicy = TaskNotesDependencyPolicy()) throws -> [JSONValue] {
        try validate(entries, taskUID: taskUID, policy: policy).map(\.json)
    }

    static func key(of json: JSONValue) -> String? {
        guard case .string(let u)? = json.member("uid") else { return nil }
        return TaskNotesDependency.key(u)
    }

    /// §10.2.4: the same key, or a plain name equal to the last path segment of the other.
    static func checkSelf(_ d: TaskNotesDependency, _ taskUID: String?) throws {
        guard let taskUID, !taskUID.trimmingCharacters(in: .whitespaces).isEmpty else { return }
        let a = d.key, b = TaskNotesDependency.key(taskUID)
        let same = a == b || (!a.contains("/") && b.split(separator: "/").last.map(String.init) == a)
            || (!b.contains("/") && a.split(separator: "/").last.map(String.init) == b)
        if same {
            throw TaskNotesError.coded("self_dependency", "a task cannot depend on itself (\(d.uid))", field: "blockedBy.uid")
        }
    }
}
