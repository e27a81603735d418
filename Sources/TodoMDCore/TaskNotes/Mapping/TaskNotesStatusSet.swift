import Foundation

/// The configured status vocabulary and its completion semantics (tasknotes-spec §9.9).
public struct TaskNotesStatusSet: Equatable, Sendable {
    /// Known status values, in order (empty: any string is accepted).
    public var values: [String]
    /// The status given to new tasks.
    public var defaultValue: String
    /// Statuses that mean "completed"; the first is written by a plain complete (§9.9).
    public var completedValues: [String]
    /// Statuses that mean "skipped" (materialized occurrences, §9.9).
    public var skippedValues: [String]
    /// The status a skip writes (`status.default_skipped`), when configured.
    public var defaultSkipped: String?

    public init(values: [String], defaultValue: String, completedValues: [String], skippedValues: [String] = [], defaultSkipped: String? = nil) {
        self.values = values
        self.defaultValue = defaultValue
        self.completedValues = completedValues
        self.skippedValues = skippedValues
        self.defaultSkipped = defaultSkipped
    }

    /// The statuses of a fresh TaskNotes vault (§9.21 "Default statuses").
    public static let pluginDefault = TaskNotesStatusSet(
        values: ["none", "open", "in-progress", "done"], defaultValue: "open", completedValues: ["done"])

    /// Completed values assumed when a schema declares none and none of its values is a
    /// conventional completed spelling.
    public static let conventionalCompleted = ["done", "cancelled"]

    /// Spellings recognised as "completed" when a status enum does not say which of its values
    /// complete a task. Exact (case-insensitive) matches only: a guess must never turn an
    /// arbitrary value such as `finished-review` into a completion.
    static let conventionalCompletedSpellings: Set<String> = ["done", "complete", "completed", "cancelled", "canceled"]

    /// The status set of an mdbase status field definition: `values` are the enum values and
    /// `tn_completed_values` the completed ones; without the latter, the enum's conventional
    /// completed spellings; failing that, `conventionalCompleted`.
    public init(schemaField definition: JSONValue?) {
        func strings(_ key: String) -> [String]? {
            definition?.member(key)?.arrayItems?.compactMap { v -> String? in
                let t = v.stringPayload?.trimmingCharacters(in: .whitespaces) ?? ""
                return t.isEmpty ? nil : t
            }
        }
        let values = strings("values") ?? []
        let completed = Self.completedValues(declared: strings("tn_completed_values"), values: values, fallback: Self.conventionalCompleted)
        let defaultValue = definition?.member("default")?.stringPayload ?? values.first { !completed.contains($0) } ?? "open"
        self.init(values: values, defaultValue: defaultValue, completedValues: completed)
    }

    /// The status set of the field that stores the status role among an mdbase type's schema
    /// `fields` (see `init(schemaField:)`).
    public init(schemaFields fields: [(String, JSONValue)], mapping: TaskNotesFieldMapping) {
        self.init(schemaField: TaskNotesMembers.value(fields, mapping.key(for: .status)))
    }

    /// The completed values of a status vocabulary: the `declared` ones when non-empty, else the
    /// `values` spelled like a completion (`conventionalCompletedSpellings`), else `fallback`.
    /// Configuration and schema fields differ only in their fallback.
    public static func completedValues(declared: [String]?, values: [String], fallback: [String]) -> [String] {
        if let declared, !declared.isEmpty { return declared }
        let conventional = values.filter { conventionalCompletedSpellings.contains($0.lowercased()) }
        return conventional.isEmpty ? fallback : conventional
    }

    /// Whether `status` is a completed status.
    public func isCompleted(_ status: String?) -> Bool {
        guard let status, !status.isEmpty else { return false }
        return completedValues.contains(status)
    }

    /// The status a complete operation writes when none is requested (§9.9).
    public var defaultCompleted: String { completedValues.first ?? "done" }
}
