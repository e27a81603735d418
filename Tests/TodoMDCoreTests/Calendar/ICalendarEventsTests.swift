import Foundation
import TodoMDCore
import XCTest

/// Subscribed calendars' events (issue 18, the calendar view): a table of VEVENTs read into the
/// vault's wall time — zones and DST on both sides, repeats with exceptions and overrides,
/// all-day spans, durations — and the limits a hostile feed meets.
final class ICalendarEventsTests: XCTestCase {
    private func calendar(_ events: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\nEND:VTIMEZONE\r\n" + events
            .split(separator: "\n").joined(separator: "\r\n") + "\r\nEND:VCALENDAR\r\n"
    }

    /// `start end title` per event, in `zone`.
    private func read(_ ics: String, zone: String, from: String, to: String) throws -> [String] {
        try ICalendarEvents.events(ics, calendar: "Work", from: LocalDate(from)!, to: LocalDate(to)!, zone: TimeZone(identifier: zone)!)
            .map { "\($0.start) \($0.end?.description ?? "-") \($0.title)" }
    }

    func testTable() throws {
        let weekly = """
            BEGIN:VEVENT
            UID:standup
            DTSTART;TZID=Europe/Berlin:20261019T100000
            DTEND;TZID=Europe/Berlin:20261019T101500
            RRULE:FREQ=WEEKLY;BYDAY=MO
            EXDATE;TZID=Europe/Berlin:20261109T100000
            SUMMARY:Standup
            END:VEVENT
            BEGIN:VEVENT
            UID:standup
            RECURRENCE-ID;TZID=Europe/Berlin:20261116T100000
            DTSTART;TZID=Europe/Berlin:20261116T113000
            DTEND;TZID=Europe/Berlin:20261116T114500
            SUMMARY:Standup (moved)
            END:VEVENT
            """
        let rows: [(String, String, String, String, String, [String])] = [
            // name, events, zone, from, to, expected
            ("a repeat in its own zone across the EU change (25 Oct), seen in Berlin", weekly, "Europe/Berlin", "2026-10-19", "2026-11-22", [
                "2026-10-19T10:00 2026-10-19T10:15 Standup", "2026-10-26T10:00 2026-10-26T10:15 Standup",
                "2026-11-02T10:00 2026-11-02T10:15 Standup", "2026-11-16T11:30 2026-11-16T11:45 Standup (moved)",
            ]),
            // New York changes a week later (1 Nov): between the two changes Berlin is 5 hours ahead, else 6.
            ("the same seen from New York", weekly, "America/New_York", "2026-10-19", "2026-11-03", [
                "2026-10-19T04:00 2026-10-19T04:15 Standup", "2026-10-26T05:00 2026-10-26T05:15 Standup",
                "2026-11-02T04:00 2026-11-02T04:15 Standup",
            ]),
            ("UTC and a duration", "BEGIN:VEVENT\nUID:l\nDTSTART:20261124T113000Z\nDURATION:PT1H30M\nSUMMARY:Lunch\nEND:VEVENT",
             "Europe/Berlin", "2026-11-24", "2026-11-24", ["2026-11-24T12:30 2026-11-24T14:00 Lunch"]),
            ("floating times stay as written", "BEGIN:VEVENT\nUID:f\nDTSTART:20261124T080000\nDTEND:20261124T090000\nSUMMARY:Gym\nEND:VEVENT",
             "Asia/Tokyo", "2026-11-24", "2026-11-24", ["2026-11-24T08:00 2026-11-24T09:00 Gym"]),
            ("an all-day span stays days in any zone", "BEGIN:VEVENT\nUID:o\nDTSTART;VALUE=DATE:20261126\nDTEND;VALUE=DATE:20261128\nSUMMARY:Offsite\nEND:VEVENT",
             "Pacific/Auckland", "2026-11-27", "2026-11-30", ["2026-11-26 2026-11-28 Offsite"]),
            ("an all-day event without an end is one day", "BEGIN:VEVENT\nUID:h\nDTSTART;VALUE=DATE:20261225\nSUMMARY:Christmas\nEND:VEVENT",
             "Europe/Berlin", "2026-12-01", "2026-12-31", ["2026-12-25 2026-12-26 Christmas"]),
            ("a yearly all-day repeat from years ago", "BEGIN:VEVENT\nUID:b\nDTSTART;VALUE=DATE:19900301\nRRULE:FREQ=YEARLY\nSUMMARY:Ana's birthday\nEND:VEVENT",
             "Europe/Berlin", "2027-02-20", "2027-03-05", ["2027-03-01 2027-03-02 Ana's birthday"]),
            ("cancelled events are left out", "BEGIN:VEVENT\nUID:c\nDTSTART:20261124T090000Z\nSTATUS:CANCELLED\nSUMMARY:Gone\nEND:VEVENT",
             "UTC", "2026-11-24", "2026-11-24", []),
            ("outside the window", "BEGIN:VEVENT\nUID:x\nDTSTART:20261201T090000Z\nSUMMARY:Later\nEND:VEVENT", "UTC", "2026-11-24", "2026-11-30", []),
            ("an event crossing midnight is on both days", "BEGIN:VEVENT\nUID:n\nDTSTART:20261124T220000Z\nDTEND:20261125T020000Z\nSUMMARY:Night shift\nEND:VEVENT",
             "UTC", "2026-11-25", "2026-11-25", ["2026-11-24T22:00 2026-11-25T02:00 Night shift"]),
        ]
        for (name, events, zone, from, to, expected) in rows {
            XCTAssertEqual(try read(calendar(events), zone: zone, from: from, to: to), expected, name)
        }
    }

    func testMinutesOfADayAndDays() throws {
        let e = try XCTUnwrap(ICalendarEvents.events(calendar("BEGIN:VEVENT\nUID:n\nDTSTART:20261124T220000Z\nDTEND:20261125T020000Z\nSUMMARY:N\nEND:VEVENT"),
                                           calendar: "W", from: LocalDate("2026-11-24")!, to: LocalDate("2026-11-25")!, zone: TimeZone(identifier: "UTC")!).first)
        XCTAssertEqual(e.minutes(on: LocalDate("2026-11-24")!), 1320..<1440)
        XCTAssertEqual(e.minutes(on: LocalDate("2026-11-25")!), 0..<120)
        XCTAssertNil(e.minutes(on: LocalDate("2026-11-26")!))
        let midnight = CalendarEvent(title: "M", start: LocalDateTime("2026-11-24T23:00")!, end: LocalDateTime("2026-11-25T00:00")!, calendar: "W")
        XCTAssertEqual(midnight.days, LocalDate("2026-11-24")!...LocalDate("2026-11-24")!, "ending at midnight does not reach the next day")
    }

    func testNotACalendarAndHostileFeedsAreBounded() throws {
        XCTAssertThrowsError(try read("<html>Not found</html>", zone: "UTC", from: "2026-11-24", to: "2026-11-24")) {
            XCTAssertTrue("\($0)".contains("BEGIN:VCALENDAR"), "\($0)")
        }
        // An every-minute repeat from 1990: bounded work, bounded output.
        let flood = calendar("BEGIN:VEVENT\nUID:f\nDTSTART:19900101T000000Z\nRRULE:FREQ=MINUTELY\nSUMMARY:Flood\nEND:VEVENT")
        XCTAssertTrue(try read(flood, zone: "UTC", from: "2026-11-24", to: "2026-11-24").isEmpty, "the window is beyond the steps looked at")
        let near = calendar("BEGIN:VEVENT\nUID:f\nDTSTART:20261124T000000Z\nRRULE:FREQ=MINUTELY\nSUMMARY:Flood\nEND:VEVENT")
        XCTAssertEqual(try read(near, zone: "UTC", from: "2026-11-24", to: "2026-12-31").count, ICalendarEvents.maxEvents)
        // Broken lines and a broken rule are skipped, not fatal.
        let odd = calendar("BEGIN:VEVENT\nUID:o\nDTSTART:garbage\nSUMMARY:Bad\nEND:VEVENT\nBEGIN:VEVENT\nUID:p\nDTSTART:20261124T090000Z\nRRULE:FREQ=NEVER\nSUMMARY:Once\nEND:VEVENT")
        XCTAssertEqual(try read(odd, zone: "UTC", from: "2026-11-24", to: "2026-11-24"), ["2026-11-24T09:00 - Once"])
    }
}
