import Foundation
import TodoMDCore

/// A window of the calendar: days with their tasks, events and free time.
public struct CalendarPage: Sendable {
    public var from: LocalDate
    public var to: LocalDate
    public var today: LocalDate
    public var days: [CalendarDay]
    public var settings: CalendarSettings
    /// Each subscribed calendar: how many events it has in the window, or why it has none.
    public var calendars: [(name: String, events: Int, error: String?)]
    public var versions: TaskVersions
}

extension TodoService {
    /// The longest window one request may ask for (a month view shows six weeks).
    public static let calendarMaxDays = 62

    /// The calendar from `from` to `to` (days, inclusive; default this week, Monday to Sunday):
    /// open tasks on their scheduled (else due) day, the subscribed calendars' events read-only
    /// beside them (README, "Calendar"), and the free time of each working day.
    public func calendar(from: LocalDate? = nil, to: LocalDate? = nil) throws -> CalendarPage {
        let clock = self.clock
        let today = clock.today
        let week = CalendarPlanner.window(month: false, containing: today)
        let start = from ?? week.from
        let end = to ?? (from == nil ? week.to : start.adding(days: 6))
        guard start <= end else { throw TodoError.invalidArgument("the calendar's end must not be before its start") }
        guard start.days(until: end) < Self.calendarMaxDays else {
            throw TodoError.invalidArgument("a calendar window is at most \(Self.calendarMaxDays) days")
        }
        let settings = locked { vault.settings.calendar }
        // Subscriptions are read outside the lock: a slow server must not hold up writes.
        var events: [CalendarEvent] = []
        var calendars: [(String, Int, String?)] = []
        for source in settings.sources {
            let (text, fetchError) = CalendarFetcher.shared.text(source, root: root)
            var problem = fetchError, count = 0
            if let text {
                do {
                    let found = try ICalendarEvents.events(text, calendar: source.name, from: start, to: end, zone: clock.timeZone)
                    events += found
                    count = found.count
                } catch {
                    problem = problem ?? "\(error)"
                }
            }
            calendars.append((source.name, count, problem))
        }
        return locked {
            let snap = snapshot(.all, clock: clock)
            let days = CalendarPlanner.days(tasks: snap.tasks, events: events, from: start, to: end, settings: settings)
            return CalendarPage(from: start, to: end, today: today, days: days, settings: settings, calendars: calendars,
                                versions: TaskVersions(snap.fingerprints))
        }
    }
}
