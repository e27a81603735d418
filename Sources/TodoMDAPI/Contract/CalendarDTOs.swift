import Foundation
import TodoMDCore
import TodoMDService

/// A task on a calendar day: `{"field", "time", "minutes", "task"}`. `field` (`scheduled` or
/// `due`) is where its day comes from, the field moving it changes; `time` `HH:MM` or null;
/// `minutes` its estimate (the block's length) or null.
public struct CalendarTaskDTO: Decodable, Equatable, Sendable, JSONObject {
    public var field: String
    public var time: String?
    public var minutes: Int?
    public var task: TaskDTO

    public init(_ t: CalendarTask, versions: TaskVersions, today: LocalDate) {
        field = t.field
        time = t.time?.description
        minutes = t.minutes
        task = TaskDTO(t.task, version: versions.version(of: t.task), today: today)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("field", field)
        v.field("time", time)
        v.field("minutes", minutes)
        v.field("task", task)
    }
}

/// An event of a subscribed calendar: `{"title", "calendar", "start", "end", "all_day",
/// "location"}`; `start`/`end` are the vault's wall time (`2026-11-27T10:00`, or a date for an
/// all-day event; its end exclusive).
public struct CalendarEventDTO: Decodable, Equatable, Sendable, JSONObject {
    public var title: String
    public var calendar: String
    public var start: String
    public var end: String?
    public var allDay: Bool
    public var location: String?

    enum CodingKeys: String, CodingKey { case title, calendar, start, end, allDay = "all_day", location }

    public init(_ e: CalendarEvent) {
        title = e.title
        calendar = e.calendar
        start = e.start.description
        end = e.end?.description
        allDay = e.allDay
        location = e.location
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("title", title)
        v.field("calendar", calendar)
        v.field("start", start)
        v.field("end", end)
        v.field("all_day", allDay)
        v.field("location", location)
    }
}

/// A free stretch of a day's working hours: `{"start": "09:00", "end": "10:30"}`.
public struct TimeRangeDTO: Decodable, Equatable, Sendable, JSONObject {
    public var start: String
    public var end: String

    init(minutes r: Range<Int>) {
        start = CalendarPlanner.clockText(r.lowerBound)
        end = CalendarPlanner.clockText(r.upperBound)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("start", start)
        v.field("end", end)
    }
}

/// A day: `{"date", "work_day", "free_minutes", "planned_minutes", "free", "tasks", "events"}`.
public struct CalendarDayDTO: Decodable, Equatable, Sendable, JSONObject {
    public var date: String
    public var workDay: Bool
    public var freeMinutes: Int
    public var plannedMinutes: Int
    public var free: [TimeRangeDTO]
    public var tasks: [CalendarTaskDTO]
    public var events: [CalendarEventDTO]

    enum CodingKeys: String, CodingKey {
        case date, workDay = "work_day", freeMinutes = "free_minutes", plannedMinutes = "planned_minutes", free, tasks, events
    }

    public init(_ d: CalendarDay, versions: TaskVersions, today: LocalDate) {
        date = d.date.description
        workDay = d.workDay
        freeMinutes = d.freeMinutes
        plannedMinutes = d.plannedMinutes
        free = d.free.map(TimeRangeDTO.init(minutes:))
        tasks = d.tasks.map { CalendarTaskDTO($0, versions: versions, today: today) }
        events = d.events.map(CalendarEventDTO.init)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("date", date)
        v.field("work_day", workDay)
        v.field("free_minutes", freeMinutes)
        v.field("planned_minutes", plannedMinutes)
        v.field("free", free)
        v.field("tasks", tasks)
        v.field("events", events)
    }
}

/// A subscribed calendar's state: `{"name", "events", "error"}`.
public struct CalendarSourceDTO: Decodable, Equatable, Sendable, JSONObject {
    public var name: String
    public var events: Int
    public var error: String?

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("name", name)
        v.field("events", events)
        v.field("error", error)
    }
}

/// `GET /api/calendar` and `todomd calendar --json`: the window's days, the working hours, and
/// the subscribed calendars.
public struct CalendarDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var from: String
    public var to: String
    public var today: String
    public var workHours: TimeRangeDTO
    public var days: [CalendarDayDTO]
    public var calendars: [CalendarSourceDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", from, to, today, workHours = "work_hours", days, calendars }

    public init(_ p: CalendarPage) {
        from = p.from.description
        to = p.to.description
        today = p.today.description
        let s = p.settings
        workHours = TimeRangeDTO(minutes: (s.workStart.hour * 60 + s.workStart.minute)..<(s.workEnd.hour * 60 + s.workEnd.minute))
        days = p.days.map { CalendarDayDTO($0, versions: p.versions, today: p.today) }
        calendars = p.calendars.map { CalendarSourceDTO(name: $0.name, events: $0.events, error: $0.error) }
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("from", from)
        v.field("to", to)
        v.field("today", today)
        v.field("work_hours", workHours)
        v.field("days", days)
        v.field("calendars", calendars)
    }
}
