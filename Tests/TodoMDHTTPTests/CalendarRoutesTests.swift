import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TodoMDAPI
import TodoMDCore
@testable import TodoMDHTTP
import TodoMDService
import XCTest

/// The calendar feed (issue 18): `/calendar.ics` and `/calendar-events.ics` with the open tasks
/// that have a date, days as `VALUE=DATE`, alarms at the vault's notification time, links back
/// to the web app; beyond loopback the feed's key in the URL instead of the token, and a rotated
/// key turning the old URL off.
final class CalendarRoutesTests: XCTestCase {
    private func seed(_ f: HTTPFixture) {
        f.vault.write(".todomd.json", #"{"notification_time": "08:30"}"#)
        f.vault.write("rent.md", taskFile("Pay rent", extra: "due: \"2026-12-01\"\n"))
        f.vault.write("call.md", taskFile("Call Ana", extra: "scheduled: \"2026-11-25T15:00\"\nestimated_minutes: 45\n"))
        f.vault.write("done.md", taskFile("Filed", status: "done", extra: "due: \"2026-11-20\"\n"))
        f.vault.write("nodate.md", taskFile("Someday idea"))
    }

    func testTheFeedOnLoopback() async throws {
        let f = HTTPFixture()
        seed(f)
        try await f.test { client in
            let todos = try await client.send(.get, "/calendar.ics")
            XCTAssertEqual(todos.status, .ok)
            XCTAssertEqual(todos.headers[.contentType], "text/calendar; charset=utf-8")
            XCTAssertEqual(todos.text.components(separatedBy: "BEGIN:VTODO").count - 1, 2, "open tasks with a date")
            XCTAssertTrue(todos.text.contains("DUE;VALUE=DATE:20261201\r\n"))
            XCTAssertTrue(todos.text.contains("TRIGGER;RELATED=END:PT8H30M\r\n"), "at the vault's notification time")
            XCTAssertTrue(todos.text.contains("URL:http://localhost/task/rent.md\r\n"), todos.text)
            let events = try await client.send(.get, "/calendar-events.ics")
            XCTAssertTrue(events.text.contains("DTSTART;VALUE=DATE:20261201\r\nDTEND;VALUE=DATE:20261202\r\n"), events.text)
            XCTAssertTrue(events.text.contains("DTSTART:20261125T150000\r\nDURATION:PT0H45M\r\n"), events.text)
            XCTAssertFalse(events.text.contains("Filed"))
            let today = try await client.send(.get, "/calendar-events.ics?view=upcoming")
            XCTAssertEqual(today.status, .ok)
        }
    }

    func testBeyondLoopbackTheKeyOpensOnlyTheFeed() async throws {
        let keyPath = TempDir().path + "/feed-key"
        let f = HTTPFixture(token: "0123456789abcdef0123456789abcdef", feedKeyPath: keyPath)
        seed(f)
        let key = try FeedKey.loadOrCreate(path: keyPath)
        try await f.test { client in
            let none = try await client.send(.get, "/calendar.ics")
            XCTAssertEqual(none.status, .unauthorized)
            let ok = try await client.send(.get, "/calendar.ics?key=\(key)")
            XCTAssertEqual(ok.status, .ok)
            let wrong = try await client.send(.get, "/calendar.ics?key=\(key.dropLast())x")
            XCTAssertEqual(wrong.status, .unauthorized)
            let api = try await client.send(.get, "/api/views/today?key=\(key)")
            XCTAssertEqual(api.status, .unauthorized, "the feed's key opens the feed, nothing else")
            let rotated = try FeedKey.rotate(path: keyPath)
            XCTAssertNotEqual(rotated, key)
            let old = try await client.send(.get, "/calendar-events.ics?key=\(key)")
            XCTAssertEqual(old.status, .unauthorized, "a rotated key turns old subscriptions off")
            let new = try await client.send(.get, "/calendar-events.ics?key=\(rotated)")
            XCTAssertEqual(new.status, .ok)
        }
    }

    /// `/api/calendar`: the calendar view's days with tasks, the subscribed calendars' events
    /// and free time; a calendar that cannot be read says why and the rest still shows.
    func testTheCalendarViewsDays() async throws {
        let f = HTTPFixture()
        seed(f)
        f.vault.write(".todomd.json", #"{"calendars": [{"name": "Work", "file": "work.ics"}, "missing.ics", "http://127.0.0.1:1/x.ics"]}"#)
        f.vault.write("work.ics", "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20261125T100000\r\nDTEND:20261125T110000\r\n"
            + "SUMMARY:Planning\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n")
        try await f.test { client in
            let r = try await client.send(.get, "/api/calendar?from=2026-11-23&to=2026-11-29")
            XCTAssertEqual(r.status, .ok, r.text)
            let doc = try JSONDecoder().decode(CalendarDocument.self, from: Data(r.text.utf8))
            XCTAssertEqual(doc.days.map(\.date).first, "2026-11-23")
            XCTAssertEqual(doc.days.count, 7)
            let wed = doc.days[2]
            XCTAssertEqual(wed.tasks.map { "\($0.task.title) \($0.field) \($0.time ?? "-") \($0.minutes ?? 0)" }, ["Call Ana scheduled 15:00 45"])
            XCTAssertNotNil(wed.tasks.first?.task.version, "a version to move it with")
            XCTAssertEqual(wed.events.map { "\($0.title) \($0.start) \($0.end ?? "-") \($0.calendar)" }, ["Planning 2026-11-25T10:00 2026-11-25T11:00 Work"])
            XCTAssertEqual(wed.free.map { "\($0.start)-\($0.end)" }, ["09:00-10:00", "11:00-15:00", "15:45-17:00"])
            XCTAssertEqual(wed.freeMinutes, 60 + 240 + 75)
            XCTAssertEqual(doc.calendars.map(\.name), ["Work", "missing", "x"])
            XCTAssertEqual(doc.calendars[0].events, 1)
            XCTAssertEqual(doc.calendars[1].error, "no file at missing.ics")
            XCTAssertNotNil(doc.calendars[2].error)
            for bad in ["from=2026-13-01", "from=2026-11-30&to=2026-11-01", "from=2026-01-01&to=2026-12-31"] {
                let e = try await client.send(.get, "/api/calendar?" + bad)
                XCTAssertEqual(e.status, .badRequest, bad)
                XCTAssertTrue(e.text.contains("\"error\""), e.text)
            }
        }
    }
}

/// The server's reminder loop (issue 18): a reminder that comes due is a live `reminder` event.
final class ReminderLoopServerTests: XCTestCase {
    func testADueReminderIsALiveEvent() async throws {
        let f = HTTPFixture()  // the clock stands at 2026-11-24 09:00 UTC: the due reminder is now
        f.vault.write("rent.md", taskFile("Pay rent", extra: "due: \"2026-11-24\"\n"))
        let (_, stream) = f.server.hub.subscribe(lastEventID: nil)
        // No notifier program here (a subprocess is `RemindCLITests`'): the event alone.
        let runner = f.server.startReminders(notifier: Notifier(program: nil, freedesktop: false, warn: { _ in }))
        var text = ""
        for await chunk in stream {
            text = String(decoding: chunk, as: UTF8.self)
            if text.contains("event: reminder") { break }
        }
        runner.stop()
        f.server.hub.close()
        XCTAssertTrue(text.contains(#""reminder":{"at":"2026-11-24T09:00:00Z","local":"2026-11-24T09:00","kind":"due","task":"rent.md","title":"Pay rent","message":"Due today"}"#), text)
    }

}
