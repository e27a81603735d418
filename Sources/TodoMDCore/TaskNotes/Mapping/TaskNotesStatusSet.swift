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
        let members = definition.flatMap { d -> [(String, JSONValue)]? in
            if case .object(let m) = d { return m } else { return nil }
        } ?? []
        func strings(_ key: String) -> [String]? {
            guard case .array(let items)? = members.last(where: { $0.0 == key })?.1 else { return nil }
            return items.compactMap { v -> String? in
                guard case .string(let s) = v else { return nil }
                let t = s.trimmingCharacters(in: .whitespaces)
                return t.isEmpty ? nil : t
            }
        }
        let values = strings("values") ?? []
        var completed = strings("tn_completed_values") ?? []
        if completed.isEmpty {
            completed = values.filter { Self.conventionalCompletedSpellings.contains($0.lowercased()) }
        }
        if completed.isEmpty { completed = Self.conventionalCompleted }
        var defaultValue = values.first { !completed.contains($0) } ?? "open"
        if case .string(let d)? = members.last(where: { $0.0 == "default" })?.1 { defaultValue = d }
        self.init(values: values, defaultValue: defaultValue, completedValues: completed)
    }

    /// Whether `status` is a completed status.
    public func isCompleted(_ status: String?) -> Bool {
        guard let status, !status.isEmpty else { return false }
        return completedValues.contains(status)
    }

    /// The status a complete operation writes when none is requested (§9.9).
    public var defaultCompleted: String { completedValues.first ?? "done" }
}
