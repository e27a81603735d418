import Foundation

/// An event of a subscribed calendar (`calendars` in `.todomd.json`), read-only beside the
/// tasks: in the vault's wall time, a date alone for an all-day event.
public struct CalendarEvent: Sendable, Equatable {
    public var title: String
    /// The start; a date alone: all day.
    public var start: LocalDateTime
    /// The end, exclusive (all day: the day after the last); nil: as long as the start says
    /// (an instant, or the one day).
    public var end: LocalDateTime?
    /// The calendar's name.
    public var calendar: String
    public var location: String?

    public init(title: String, start: LocalDateTime, end: LocalDateTime?, calendar: String, location: String? = nil) {
        self.title = title
        self.start = start
        self.end = end
        self.calendar = calendar
        self.location = location
    }

    public var allDay: Bool { start.time == nil }

    /// The days it covers (an all-day event's end is exclusive; a timed one ending at midnight
    /// does not reach the next day).
    public var days: ClosedRange<LocalDate> {
        guard let end else { return start.date...start.date }
        if allDay { return start.date...max(start.date, end.date.adding(days: end.time == nil ? -1 : 0)) }
        let last = end.time.map { $0.hour == 0 && $0.minute == 0 } ?? true ? end.date.adding(days: -1) : end.date
        return start.date...max(start.date, last)
    }

    /// Minutes of `day` it takes, as [start, end) minutes of the day (nil: all day, or not that day).
    public func minutes(on day: LocalDate) -> Range<Int>? {
        guard let t = start.time, days.contains(day) else { return nil }
        let from = start.date == day ? t.hour * 60 + t.minute : 0
        guard let end, let e = end.time ?? LocalTime(hour: 0, minute: 0) else { return from..<min(1440, from + 1) }
        let to = end.date == day ? e.hour * 60 + e.minute : 1440
        return from..<max(from + 1, to)
    }
}

/// Where a subscribed calendar comes from: an `http(s)://` or `webcal://` URL, or a file.
public struct CalendarSource: Sendable, Equatable {
    public var name: String
    /// The URL (webcal:// read as https://) or the path (vault-relative, absolute, or `~/…`).
    public var location: String

    public init(name: String, location: String) {
        self.name = name
        self.location = location
    }

    public var isURL: Bool { ["http://", "https://", "webcal://"].contains { location.lowercased().hasPrefix($0) } }
}
