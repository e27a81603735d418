import Foundation

/// Day-level rules over stored date and datetime text (tasknotes-spec §3.5, §3.7). They read
/// the calendar day *as written* (`TaskNotesTargetDay.dayToken`): `2028-06-30T18:30:00-09:00`
/// is on 2028-06-30, matching TaskNotes, which compares a datetime's written date part with dates.
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

    /// Whether both values are on the same written calendar day (§3.7.1, §3.7.3: a datetime
    /// compared with a date is coerced to its day). An unreadable value is never the same day.
    public static func isSameDay(_ a: String, _ b: String) -> Bool {
        guard let x = TaskNotesTargetDay.dayToken(a), let y = TaskNotesTargetDay.dayToken(b) else { return false }
        return x == y
    }

    /// Whether `a`'s written calendar day is strictly before `b`'s. An unreadable value is never
    /// before or after anything.
    public static func isBeforeDay(_ a: String, _ b: String) -> Bool {
        guard let x = TaskNotesTargetDay.dayToken(a), let y = TaskNotesTargetDay.dayToken(b) else { return false }
        return x < y
    }
}
