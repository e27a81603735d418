import Foundation
import TodoMDCore

/// What `todomd log --since` and `GET /api/log?since=` take, as an instant:
///
/// - an ISO-8601 time (`2026-11-24T09:30`, `2026-11-24T09:30:00Z`, with an offset or not: then
///   local);
/// - `Nh` / `-Nh`: N hours ago, to the minute;
/// - `Nd`, `Nw`, `Nm`, `Ny` (or `-Nd`…): the start of the local day N days, weeks, months or
///   years ago, so `1d` is since yesterday morning;
/// - any date `DateArgument` reads (`2026-11-24`, `today`, `yesterday`, `last monday`, `march 1`):
///   its start, or its time when it has one.
public enum AuditSince {
    public static func parse(_ raw: String, clock: Clock) throws -> Date {
        let t = raw.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty else { throw TodoError.invalidArgument("since what? give a date, a time or an age like 7d or 12h") }
        if t.count > 10, let d = Timestamp.parse(t, zone: clock.timeZone) { return d }
        var age = t.lowercased()
        if age.hasPrefix("-") { age.removeFirst() }
        if !t.hasPrefix("+"), let unit = age.last, age.count >= 2, age.first?.isNumber == true,
           let n = Int(age.dropLast()), n <= 1_000_000 {
            if unit == "h" { return clock.now.addingTimeInterval(-Double(n) * 3600) }
            // An age in days and up is a calendar one: as `-Nd` for every date option.
            if "dwmy".contains(unit) { return try start(of: "-\(n)\(unit)", clock: clock) }
        }
        return try start(of: t, clock: clock)
    }

    /// The first instant of what `DateArgument` reads `text` as.
    private static func start(of text: String, clock: Clock) throws -> Date {
        let when: LocalDateTime
        do { when = try DateArgument.parse(text, clock: clock) } catch {
            throw TodoError.invalidArgument("not a date, time or age: \"\(text)\" (try 2026-11-24, yesterday, 7d, 12h or 2026-11-24T09:30)")
        }
        return when.instant(in: clock.timeZone)
    }
}
