import Foundation

/// The day (and, for an explicit date-time, the instant) a recurring-instance operation acts on
/// (tasknotes-spec §5.2.1).
public struct TaskNotesTargetDay: Equatable, Sendable {
    /// Day `D`: what the instance lists record.
    public var day: LocalDate
    /// The instant of an explicit date-time target; only such a target makes a completion-anchored
    /// `DTSTART` a UTC date-time (§4.4.3 items 2–3).
    public var instant: Date?

    public init(day: LocalDate, instant: Date? = nil) {
        self.day = day
        self.instant = instant
    }

    /// Resolves the target (§5.2.1): an explicit `target` is authoritative (a date-time counts on
    /// its calendar day in `zone`); without one, the first day-resolvable of `scheduled`, `due`
    /// (their literal date token, no zone shift), else `today`.
    /// Throws `invalid_date_value` when an explicit target is not a date or date-time.
    public static func resolve(explicit target: String?, scheduled: String?, due: String?,
                               today: LocalDate, zone: TimeZone, field: String = "targetDate") throws -> TaskNotesTargetDay {
        if let target {
            return try explicit(target, zone: zone, field: field)
        }
        if let d = scheduled.flatMap(dayToken) ?? due.flatMap(dayToken) { return TaskNotesTargetDay(day: d) }
        return TaskNotesTargetDay(day: today)
    }

    /// An explicit target: `YYYY-MM-DD` is the day itself; a date-time (zoned or local to `zone`)
    /// gives its day in `zone` and keeps its instant.
    public static func explicit(_ text: String, zone: TimeZone, field: String = "targetDate") throws -> TaskNotesTargetDay {
        let s = text.trimmedSpaces
        if let d = LocalDate(s) { return TaskNotesTargetDay(day: d) }
        guard let local = ImportDates.local(s, zone: zone) else {
            throw TaskNotesError(TaskNotesError.invalidDate, "Invalid \(field) \"\(text)\": expected a date or date-time.", field: field)
        }
        guard local.time != nil, let instant = ImportDates.instant(s, zone: zone) else { return TaskNotesTargetDay(day: local.date) }
        return TaskNotesTargetDay(day: local.date, instant: instant)
    }

    /// The literal `YYYY-MM-DD` token of a stored `scheduled`/`due`/`dateCreated`/instance value,
    /// before any `T` (or space) time part, without zone shifting (§5.2.1 item 3); nil when the
    /// value does not start with a valid date.
    public static func dayToken(_ value: String) -> LocalDate? {
        let s = value.trimmedSpaces
        let u = Array(s.utf8)
        guard u.count >= 10, u.count == 10 || u[10] == UInt8(ascii: "T") || u[10] == UInt8(ascii: "t") || u[10] == UInt8(ascii: " ")
        else { return nil }
        return LocalDate(s.prefix(10))
    }

    /// `value`'s time part moved to `day`: `2026-05-01T09:30` on 2026-05-08 is `2026-05-08T09:30`;
    /// a date-only (or absent) value gives the bare day. The suffix is kept as written.
    public static func format(_ day: LocalDate, like value: String?) -> String {
        guard let value, dayToken(value) != nil else { return day.description }
        let s = value.trimmedSpaces
        return day.description + s.dropFirst(10)
    }
}
