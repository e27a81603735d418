import Foundation

/// A TaskNotes temporal value (tasknotes-spec §3.2): a calendar day (date roles such as `due`,
/// `scheduled`, `completed_date`) or an instant (datetime roles such as `date_created`).
public enum TaskNotesDateValue: Hashable, Sendable {
    case date(LocalDate)
    case dateTime(TaskNotesDateTime)

    /// The canonical serialization (§3.3): `YYYY-MM-DD`, or UTC `YYYY-MM-DDTHH:MM:SSZ`.
    public var canonical: String {
        switch self {
        case .date(let d): return d.description
        case .dateTime(let t): return t.canonical
        }
    }

    /// The UTC calendar day: a date is its own day (the UTC-midnight anchor of §3.5.3, never
    /// shifted); a datetime is the day its instant falls on in UTC.
    public var utcDate: LocalDate {
        switch self {
        case .date(let d): return d
        case .dateTime(let t): return t.utcDate
        }
    }

    /// The calendar day in `zone` (§3.6.2): a date is never timezone-shifted (§3.5.1); a
    /// datetime is the local day its instant falls on.
    public func day(in zone: TimeZone) -> LocalDate {
        switch self {
        case .date(let d): return d
        case .dateTime(let t): return LocalDate(t.instant, in: zone)
        }
    }

    /// Whether this is a datetime.
    public var hasTime: Bool {
        if case .dateTime = self { return true }
        return false
    }
}

/// A datetime as written: its wall-clock fields and offset, and the instant they denote.
/// Fractional seconds are dropped when parsed (§3.3.2: truncate to whole seconds).
public struct TaskNotesDateTime: Hashable, Sendable {
    /// The calendar day as written, before the offset is applied.
    public let writtenDate: LocalDate
    /// The wall-clock time as written (before the offset is applied).
    public let hour: Int
    public let minute: Int
    public let second: Int
    /// The written offset east of UTC, in seconds (`Z` is 0).
    public let offsetSeconds: Int

    public init(writtenDate: LocalDate, hour: Int, minute: Int, second: Int, offsetSeconds: Int) {
        self.writtenDate = writtenDate
        self.hour = hour
        self.minute = minute
        self.second = second
        self.offsetSeconds = offsetSeconds
    }

    /// Seconds since 1970-01-01T00:00:00Z.
    public var epochSeconds: Int {
        writtenDate.dayNumber * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
    }

    /// The instant denoted.
    public var instant: Date { Date(timeIntervalSince1970: Double(epochSeconds)) }

    /// The day the instant falls on in UTC.
    public var utcDate: LocalDate {
        LocalDate(dayNumber: Int((Double(epochSeconds) / 86_400).rounded(.down)))
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` (§3.3.2; §3.5.2 keeps the instant).
    public var canonical: String { Timestamp.format(instant) }
}
