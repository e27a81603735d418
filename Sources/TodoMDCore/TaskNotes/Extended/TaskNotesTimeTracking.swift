import Foundation

/// Time-tracking management over a task's `time_entries` (tasknotes-spec §5.19, §3.11).
/// Each operation takes the current list and returns the list to persist; the caller sets
/// `date_modified` when the list changed.
public enum TaskNotesTimeTracking {
    /// Reads and validates a whole list: the §2.6.1 rules of
    /// `TaskNotesValidator.timeEntryIssues` (the first issue is thrown), then each entry's
    /// times as instants with an offset.
    public static func entries(_ list: [JSONValue]) throws -> [TaskNotesTimeEntry] {
        if let issue = TaskNotesValidator.timeEntryIssues(list).first {
            throw TaskNotesError.coded(issue.code, issue.message, field: issue.field)
        }
        return try list.map(TaskNotesTimeEntry.init(json:))
    }

    /// Starts a session at `now` (§5.19.1): fails with `time_tracking_already_active` when one
    /// runs; the list is written canonically with the new entry appended.
    public static func start(_ list: [JSONValue], now: Date, description: String? = nil) throws -> [JSONValue] {
        let current = try entries(list)
        if current.contains(where: \.isActive) {
            throw TaskNotesError.coded("time_tracking_already_active", "a time entry is already running", field: "timeEntries")
        }
        return (current + [TaskNotesTimeEntry(start: now, description: description)]).map(\.json)
    }

    /// Stops the running session at `now` (§5.19.2): fails with `no_active_time_entry` when
    /// none runs, `invalid_time_range` when `now` is before its start. Other entries are kept
    /// as they were.
    public static func stop(_ list: [JSONValue], now: Date) throws -> [JSONValue] {
        let current = try entries(list)
        guard let i = current.firstIndex(where: \.isActive) else {
            throw TaskNotesError.coded("no_active_time_entry", "no time entry is running", field: "timeEntries")
        }
        var stopped = current[i]
        guard now >= stopped.start else {
            throw TaskNotesError.coded("invalid_time_range", "the stop time is before the running entry's start", field: "timeEntries.endTime")
        }
        stopped.end = now
        var out = list
        out[i] = stopped.json
        return out
    }

    /// An explicit replacement list (§5.19.3), validated and written canonically.
    public static func replace(with list: [JSONValue]) throws -> [JSONValue] {
        try entries(list).map(\.json)
    }

    /// Removes the entry at `index`, 0-based in list order (§5.19.4's documented selector);
    /// an index outside the list is `time_entry_not_found`. Other entries are kept as they were.
    public static func remove(at index: Int, from list: [JSONValue]) throws -> [JSONValue] {
        guard list.indices.contains(index) else {
            throw TaskNotesError.coded("time_entry_not_found", "no time entry at index \(index) (the list has \(list.count))", field: "timeEntries")
        }
        var out = list
        out.remove(at: index)
        return out
    }

    /// Completion-triggered auto-stop (§5.19.5): with `time_tracking.auto_stop_on_complete`
    /// and a completion transition of this task, its running session stops at `now`. Returns
    /// the new list, or nil when nothing was stopped.
    public static func autoStop(_ list: [JSONValue], enabled: Bool, isCompletionTransition: Bool, now: Date) throws -> [JSONValue]? {
        guard enabled, isCompletionTransition, try entries(list).contains(where: \.isActive) else { return nil }
        return try stop(list, now: now)
    }

    /// The derived views of §3.11.5, in whole minutes: `closed` sums finished entries; `live`
    /// (only when a session runs) adds the running one's time up to `now`.
    public static func totals(_ list: [JSONValue], now: Date) throws -> (closedMinutes: Int, liveMinutes: Int?) {
        let all = try entries(list)
        let closed = all.filter { !$0.isActive }.reduce(0) { $0 + $1.seconds(until: now) }
        guard all.contains(where: \.isActive) else { return (closed / 60, nil) }
        let live = all.reduce(0) { $0 + $1.seconds(until: now) }
        return (closed / 60, live / 60)
    }
}
