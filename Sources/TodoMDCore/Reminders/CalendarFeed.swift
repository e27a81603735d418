import Foundation

/// The calendar feed (issue 18): every open task with a date, for calendars to subscribe to.
/// As to-dos (`VTODO`, the `ical` export's properties, plus a URL back to the web app and an
/// alarm at the reminder time), or as events (`VEVENT`) for the calendars that ignore to-dos
/// (Google Calendar, iOS subscribed calendars, Fastmail): a date is an all-day event, a time a
/// timed one as long as the estimate (30 minutes without). Days stay days (`VALUE=DATE`), never
/// shifted by a zone; times are floating local times.
public struct CalendarFeed: TaskExporter {
    public enum Kind: Sendable { case todos, events }

    public let kind: Kind
    /// Where the web app is (`http://127.0.0.1:7878`): each item links to its task there.
    public var baseURL: String?
    public var settings: ReminderSettings

    public init(kind: Kind, baseURL: String? = nil, settings: ReminderSettings = ReminderSettings()) {
        self.kind = kind
        self.baseURL = baseURL
        self.settings = settings
    }

    public var format: String { kind == .todos ? "calendar" : "calendar-events" }
    public var title: String { kind == .todos ? "Calendar feed (to-dos)" : "Calendar feed (events)" }
    public let fileExtension = "ics"
    public let mediaType = "text/calendar; charset=utf-8"

    /// Open tasks with a due, scheduled or defer date.
    public static func includes(_ t: TodoTask) -> Bool {
        !t.status.isClosed && (t.due != nil || t.scheduled != nil || t.deferDate != nil)
    }

    public func export(_ tasks: [TodoTask], context: ExportContext, write: (String) throws -> Void) throws {
        try write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todo.md//todomd//EN\r\nCALSCALE:GREGORIAN\r\n"
                  + "X-WR-CALNAME:todo.md\r\nREFRESH-INTERVAL;VALUE=DURATION:PT15M\r\nX-PUBLISHED-TTL:PT15M\r\n")
        let stamp = ExportFields.compactUTC(context.clock.now)
        for t in tasks where Self.includes(t) {
            switch kind {
            case .todos:
                try write(ICalendar().vtodo(t, stamp: stamp, context: context, extra: extras(t, relatedToEnd: t.due != nil)))
            case .events:
                try write(vevent(t, stamp: stamp, context: context))
            }
        }
        try write("END:VCALENDAR\r\n")
    }

    /// The URL line and the alarm.
    func extras(_ t: TodoTask, relatedToEnd: Bool) -> [String] {
        var lines: [String] = []
        if let base = baseURL {
            let id = t.id.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~"))) ?? t.id
            lines.append("URL:" + base + "/task/" + id)
        }
        // The alarm counts from the date the reminder follows: the due date (the end of a
        // to-do), else the start.
        // A to-do with only a scheduled day has neither DUE nor DTSTART for an alarm to follow.
        guard let anchor = kind == .todos ? t.due ?? t.deferDate : t.due ?? t.scheduled ?? t.deferDate else { return lines }
        let minutes = anchor.time == nil
            ? settings.notificationTime.hour * 60 + settings.notificationTime.minute
            : -settings.leadMinutes
        let trigger = (minutes < 0 ? "-PT" : "PT") + "\(abs(minutes) / 60)H\(abs(minutes) % 60)M"
        lines += ["BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + ICalendarText.escape(t.title),
                  "TRIGGER;RELATED=" + (relatedToEnd && kind == .todos ? "END" : "START") + ":" + trigger, "END:VALARM"]
        return lines
    }

    /// One VEVENT: on the due date (else scheduled, else defer).
    func vevent(_ t: TodoTask, stamp: String, context: ExportContext) -> String {
        guard let when = t.due ?? t.scheduled ?? t.deferDate else { return "" }
        var lines = ["BEGIN:VEVENT", "UID:" + ICalendarText.escape(ICalendar.uid(t).replacingOccurrences(of: "@todo.md", with: "-event@todo.md")),
                     "DTSTAMP:" + stamp]
        let prefix = t.due != nil ? "" : t.scheduled != nil ? "" : "Available: "
        lines.append("SUMMARY:" + ICalendarText.escape(prefix + t.title))
        let notes = [t.description ?? "", t.body.trimmed].filter { !$0.isEmpty }.joined(separator: "\n\n")
        if !notes.isEmpty { lines.append("DESCRIPTION:" + ICalendarText.escape(notes)) }
        lines.append(ICalendar.date("DTSTART", when))
        if when.time == nil {
            lines.append(ICalendar.date("DTEND", LocalDateTime(date: when.date.adding(days: 1))))
        } else {
            let m = t.estimatedMinutes.map { max(1, $0) } ?? 30
            lines.append("DURATION:PT\(m / 60)H\(m % 60)M")
        }
        if let raw = t.recurrence, let rule = try? RecurrenceRule(rrule: raw) {
            lines.append("RRULE:" + ICalendar.rrule(rule, anchor: when, zone: context.clock.timeZone))
        }
        if !t.tags.isEmpty { lines.append("CATEGORIES:" + t.tags.map(ICalendarText.escape).joined(separator: ",")) }
        lines.append("TRANSP:TRANSPARENT")
        lines += extras(t, relatedToEnd: false)
        lines.append("END:VEVENT")
        return lines.map(ICalendarText.fold).joined()
    }
}
