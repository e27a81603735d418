import Foundation

/// The calendar view's settings in `.todomd.json`: `calendars` (subscriptions shown read-only:
/// URLs, files, or `{"name", "url"|"file"}`), `work_hours` (`{"start": "09:00", "end": "17:00"}`,
/// where free time is counted) and `work_days` (`["mon", …, "fri"]`).
public struct CalendarSettings: Equatable, Sendable {
    public var sources: [CalendarSource] = []
    public var workStart = LocalTime(hour: 9, minute: 0)!
    public var workEnd = LocalTime(hour: 17, minute: 0)!
    /// ISO weekdays (1 = Monday) with working hours.
    public var workDays: Set<Int> = [1, 2, 3, 4, 5]

    public init() {}

    static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
}

extension VaultSettings {
    mutating func loadCalendarSettings(_ obj: [String: Any], problems: inout [String]) {
        if let v = obj["calendars"], !(v is NSNull) {
            let entries = (v as? [Any]) ?? [v]
            for (i, e) in entries.enumerated() {
                if let s = e as? String, !s.trimmed.isEmpty {
                    calendar.sources.append(CalendarSource(name: Self.calendarName(s.trimmed), location: s.trimmed))
                } else if let o = e as? [String: Any], let loc = (o["url"] ?? o["file"]) as? String, !loc.trimmed.isEmpty {
                    let name = (o["name"] as? String).map(\.trimmed).flatMap { $0.isEmpty ? nil : $0 } ?? Self.calendarName(loc.trimmed)
                    calendar.sources.append(CalendarSource(name: String(name.prefix(200)), location: loc.trimmed))
                } else {
                    problems.append("calendars[\(i)] must be an ICS URL, a file, or {\"name\": …, \"url\": …}")
                }
            }
        }
        if let v = obj["work_hours"] {
            if let o = v as? [String: Any], let s = (o["start"] as? String).flatMap(LocalTime.init(text:)),
               let e = (o["end"] as? String).flatMap(LocalTime.init(text:)), s < e {
                calendar.workStart = s
                calendar.workEnd = e
            } else {
                problems.append("work_hours must be {\"start\": \"09:00\", \"end\": \"17:00\"} (start before end)")
            }
        }
        if let v = obj["work_days"] {
            let names = (v as? [String])?.map { String($0.lowercased().prefix(3)) }
            let days = names?.compactMap { n in CalendarSettings.dayNames.firstIndex(of: n).map { $0 + 1 } }
            if let names, let days, days.count == names.count { calendar.workDays = Set(days) } else {
                problems.append("work_days must be a list of days: [\"mon\", \"tue\", …]")
            }
        }
    }

    /// A name from a URL or path: the file name without `.ics` (`holidays`), else the host.
    static func calendarName(_ location: String) -> String {
        let trimmed = location.split(separator: "?").first.map(String.init) ?? location
        let last = trimmed.split(separator: "/").last.map(String.init) ?? trimmed
        let name = last.lowercased().hasSuffix(".ics") ? String(last.dropLast(4)) : last
        return String((name.removingPercentEncoding ?? name).prefix(200))
    }
}
