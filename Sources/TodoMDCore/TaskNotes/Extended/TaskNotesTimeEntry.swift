import Foundation

/// One `time_entries` item (tasknotes-spec §2.6.1, §3.11): `{startTime, endTime?, description?}`.
/// An entry without `endTime` is a running session.
public struct TaskNotesTimeEntry: Sendable {
    /// `startTime`.
    public var start: Date
    /// `endTime`; nil while the session runs.
    public var end: Date?
    /// `description` and any unknown keys, kept in order; a legacy `duration` is dropped
    /// (derived from start and end, §3.11.3).
    public var other: [(String, JSONValue)]

    /// Whether the session is still running.
    public var isActive: Bool { end == nil }

    public init(start: Date, end: Date? = nil, description: String? = nil) {
        self.start = start
        self.end = end
        other = description.map { [("description", .string($0))] } ?? []
    }

    /// Reads one entry strictly: `startTime` present (`missing_time_entry_start`), both times
    /// datetimes with `Z` or an offset (`invalid_datetime_value`), `endTime` not before
    /// `startTime` (`invalid_time_range`).
    public init(json: JSONValue) throws {
        guard case .object(let o) = json else {
            throw TaskNotesError.coded("invalid_time_entry", "a time entry must be an object with startTime", field: "timeEntries")
        }
        let s = ExtendedJSON.string(json, "startTime")
        guard let startText = s.value, !startText.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw TaskNotesError.coded(s.wrongType ? "invalid_datetime_value" : "missing_time_entry_start",
                                         "every time entry needs a startTime", field: "timeEntries.startTime")
        }
        guard let start = TaskNotesDateParser.instant(startText) else {
            throw TaskNotesError.coded("invalid_datetime_value", "startTime \"\(startText)\" is not a datetime with Z or an offset", field: "timeEntries.startTime")
        }
        let e = ExtendedJSON.string(json, "endTime")
        var end: Date?
        if e.wrongType {
            throw TaskNotesError.coded("invalid_datetime_value", "endTime must be a datetime string", field: "timeEntries.endTime")
        }
        if let endText = e.value, !endText.trimmingCharacters(in: .whitespaces).isEmpty {
            guard let d = TaskNotesDateParser.instant(endText) else {
                throw TaskNotesError.coded("invalid_datetime_value", "endTime \"\(endText)\" is not a datetime with Z or an offset", field: "timeEntries.endTime")
            }
            guard d >= start else {
                throw TaskNotesError.coded("invalid_time_range", "endTime \(endText) is before startTime \(startText)", field: "timeEntries.endTime")
            }
            end = d
        }
        self.start = start
        self.end = end
        other = o.filter { !["startTime", "endTime", "duration"].contains($0.0) }
    }

    /// The canonical entry (§3.11.1): UTC `YYYY-MM-DDTHH:MM:SSZ` times, no `duration`.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [("startTime", .string(Timestamp.format(start)))]
        if let end { members.append(("endTime", .string(Timestamp.format(end)))) }
        return .object(members + other)
    }

    /// Whole seconds tracked by the entry, a running one counted up to `now`.
    public func seconds(until now: Date) -> Int {
        max(0, Int((end ?? now).timeIntervalSince(start)))
    }
}
