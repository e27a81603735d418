import Foundation

/// A task on a calendar day: on its scheduled day if it has one, else its due day.
public struct CalendarTask: Sendable {
    public var task: TodoTask
    /// The field its day comes from (`scheduled` or `due`): what moving it changes.
    public var field: String
    public var time: LocalTime?
    /// How long it takes (`estimated_minutes`), the length of its block when it has a time.
    public var minutes: Int?
}

/// One day of the calendar: its tasks and events, and the free time in its working hours.
public struct CalendarDay: Sendable {
    public var date: LocalDate
    public var tasks: [CalendarTask] = []
    public var events: [CalendarEvent] = []
    /// Free stretches of the working hours (minutes of the day, [start, end)), 15 minutes or longer.
    public var free: [Range<Int>] = []
    /// Minutes of estimated work planned that day without a time of its own.
    public var plannedMinutes = 0
    public var workDay = false

    public var freeMinutes: Int { free.reduce(0) { $0 + $1.count } }
}

/// Lays tasks and events out on days (spec 000 v3 "Integrated Calendar", first step).
public enum CalendarPlanner {
    /// A timed task without an estimate blocks this long.
    public static let defaultMinutes = 30
    /// Shorter gaps are not free time worth showing.
    public static let minimumFree = 15

    /// The week (Monday to Sunday) or the month that holds `day`.
    public static func window(month: Bool, containing day: LocalDate) -> (from: LocalDate, to: LocalDate) {
        if month { return (day.firstOfMonth, day.lastOfMonth) }
        let monday = day.adding(days: 1 - day.weekday)
        return (monday, monday.adding(days: 6))
    }

    /// Minutes of a day as `HH:MM` (1440 is `24:00`).
    public static func clockText(_ minutes: Int) -> String {
        let m = min(max(minutes, 0), 1440)
        return String(format: "%02d:%02d", m / 60, m % 60)
    }

    public static func days(tasks: [TodoTask], events: [CalendarEvent], from: LocalDate, to: LocalDate,
                            settings: CalendarSettings) -> [CalendarDay] {
        guard from <= to else { return [] }
        var days = (0...from.days(until: to)).map { CalendarDay(date: from.adding(days: $0)) }
        func index(_ d: LocalDate) -> Int? {
            let i = from.days(until: d)
            return i >= 0 && i < days.count ? i : nil
        }
        for t in tasks where !t.status.isClosed {
            guard let (field, value) = t.scheduled.map({ ("scheduled", $0) }) ?? t.due.map({ ("due", $0) }), let i = index(value.date) else { continue }
            days[i].tasks.append(CalendarTask(task: t, field: field, time: value.time, minutes: t.estimatedMinutes))
        }
        for e in events {
            var d = max(e.days.lowerBound, from)
            while d <= min(e.days.upperBound, to) {
                if let i = index(d) { days[i].events.append(e) }
                d = d.adding(days: 1)
            }
        }
        let workStart = settings.workStart.hour * 60 + settings.workStart.minute
        let workEnd = settings.workEnd.hour * 60 + settings.workEnd.minute
        for i in days.indices {
            days[i].tasks.sort { a, b in
                switch (a.time, b.time) {
                case let (x?, y?) where x != y: return x < y
                case (nil, _?): return true
                case (_?, nil): return false
                default: return (a.task.title.lowercased(), a.task.id) < (b.task.title.lowercased(), b.task.id)
                }
            }
            days[i].plannedMinutes = days[i].tasks.filter { $0.time == nil }.reduce(0) { $0 + ($1.minutes ?? 0) }
            guard settings.workDays.contains(days[i].date.weekday) else { continue }
            days[i].workDay = true
            var busy = days[i].events.compactMap { $0.minutes(on: days[i].date) }
            busy += days[i].tasks.compactMap { t in
                t.time.map { let m = $0.hour * 60 + $0.minute; return m..<min(1440, m + max(1, t.minutes ?? defaultMinutes)) }
            }
            days[i].free = freeStretches(workStart..<workEnd, busy: busy)
        }
        return days
    }

    /// The parts of `hours` no busy range covers, `minimumFree` minutes or longer.
    public static func freeStretches(_ hours: Range<Int>, busy: [Range<Int>]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var cursor = hours.lowerBound
        for b in busy.sorted(by: { $0.lowerBound < $1.lowerBound }) where b.upperBound > cursor {
            if b.lowerBound >= hours.upperBound { break }
            if b.lowerBound - cursor >= minimumFree { out.append(cursor..<b.lowerBound) }
            cursor = max(cursor, b.upperBound)
        }
        if hours.upperBound - cursor >= minimumFree { out.append(cursor..<hours.upperBound) }
        return out
    }
}
