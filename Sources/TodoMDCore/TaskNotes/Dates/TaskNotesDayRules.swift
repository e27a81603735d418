import Foundation

/// Day-level rules over stored date and datetime text (tasknotes-spec §3.5, §3.7, §5 target
/// day). They read the calendar day *as written*: `2028-06-30T18:30:00-09:00` is on
/// 2028-06-30, matching TaskNotes, which compares a datetime's written date part with dates.
public enum TaskNotesDayRules {
    /// Whether the text carries a time of day: a `T` followed by `HH:MM` anywhere, as TaskNotes
    /// tests it (`2026-02-20T10:00` and `2026-02-20T10:00:00Z` do; `2026-02-20 10:00` does not).
    public static func hasTimeComponent(_ text: String) -> Bool {
        let u = Array(text.utf8)
        guard u.count >= 6 else { return false }
        func digit(_ k: Int) -> Bool { u[k] >= 0x30 && u[k] <= 0x39 }
        for k in 0...(u.count - 6) where u[k] == UInt8(ascii: "T") {
            if digit(k + 1), digit(k + 2), u[k + 3] == UInt8(ascii: ":"), digit(k + 4), digit(k + 5) { return true }
        }
        return false
    }

    /// The calendar day written at the start of a date or datetime value: the text itself for
    /// `YYYY-MM-DD`, else what precedes the `T` (or the space of `YYYY-MM-DD HH:MM`). The time
    /// part is not inspected, so TaskNotes' offset-less scheduled times (`2026-02-20T10:00`)
    /// still have a day; the day itself must be a real calendar date.
    public static func datePart(of raw: String) throws -> LocalDate {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw TaskNotesDateError.emptyValue() }
        if let d = LocalDate(text) { return d }
        if let t = text.firstIndex(of: "T") {
            guard let d = LocalDate(text[..<t]) else { throw TaskNotesDateError.notADate(raw) }
            return d
        }
        if let sp = text.firstIndex(of: " "), let d = LocalDate(text[..<sp]) { return d }
        throw TaskNotesDateError.notADate(raw)
    }

    /// Whether both values are on the same written calendar day (§3.7.1, §3.7.3: a datetime
    /// compared with a date is coerced to its day). An unreadable value is never the same day.
    public static func isSameDay(_ a: String, _ b: String) -> Bool {
        guard let x = try? datePart(of: a), let y = try? datePart(of: b) else { return false }
        return x == y
    }

    /// Whether `a`'s written calendar day is strictly before `b`'s. An unreadable value is never
    /// before or after anything.
    public static func isBeforeDay(_ a: String, _ b: String) -> Bool {
        guard let x = try? datePart(of: a), let y = try? datePart(of: b) else { return false }
        return x < y
    }

    /// The day a recurring-instance action (complete, skip…) applies to (§5): the explicit day
    /// when given — which must be a valid `YYYY-MM-DD`, an error otherwise — else the day of
    /// `scheduled`, else the day of `due` (unreadable values are passed over), else `today`
    /// (the current day in the operation's effective timezone, §3.6.1).
    public static func operationTargetDate(explicit: String?, scheduled: String?, due: String?,
                                           today: LocalDate) throws -> LocalDate {
        if let explicit {
            let trimmed = explicit.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { return try TaskNotesDateParser.parseDate(trimmed) }
        }
        for candidate in [scheduled, due] {
            if let text = candidate, let d = try? datePart(of: text) { return d }
        }
        return today
    }
}
