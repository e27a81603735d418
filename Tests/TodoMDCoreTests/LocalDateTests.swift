import XCTest
@testable import TodoMDCore

final class LocalDateTests: XCTestCase {
    func testDayNumberRoundTripsOverFourCenturies() {
        var d = date("1900-01-01")
        for _ in 0..<(366 * 400) {
            let n = d.dayNumber
            XCTAssertEqual(LocalDate(dayNumber: n), d)
            let next = d.adding(days: 1)
            XCTAssertEqual(next.dayNumber, n + 1)
            d = next
        }
    }

    func testParsingRejectsImpossibleDays() {
        for bad in ["2025-02-29", "2025-13-01", "2025-00-10", "2025-04-31", "25-01-01", "2025-1-01", "2025/01/01", "abcd-ef-gh"] {
            XCTAssertNil(LocalDate(bad), bad)
        }
        XCTAssertNotNil(LocalDate("2024-02-29"))
    }

    func testWeekdayAndMonthArithmetic() {
        XCTAssertEqual(date("2026-11-22").weekday, 7)  // a Sunday
        XCTAssertEqual(date("2026-11-23").weekday, 1)
        XCTAssertEqual(date("2025-01-31").adding(months: 1), date("2025-02-28"))
        XCTAssertEqual(date("2024-01-31").adding(months: 1), date("2024-02-29"))
        XCTAssertEqual(date("2024-02-29").adding(years: 1), date("2025-02-28"))
        XCTAssertEqual(date("2025-12-15").adding(months: 1), date("2026-01-15"))
        XCTAssertEqual(date("2026-01-15").adding(months: -1), date("2025-12-15"))
    }

    func testLocalDayOfAnInstantFollowsTheZone() {
        let instant = Timestamp.parse("2026-11-22T11:30:00Z")!
        XCTAssertEqual(LocalDate(instant, in: TimeZone(identifier: "Pacific/Kiritimati")!), date("2026-11-23"))  // UTC+14
        XCTAssertEqual(LocalDate(instant, in: TimeZone(identifier: "Etc/GMT+12")!), date("2026-11-21"))  // UTC-12
        XCTAssertEqual(LocalDate(instant, in: TimeZone(identifier: "UTC")!), date("2026-11-22"))
    }

    func testTimestamps() {
        let cases: [(String, String?)] = [
            ("2025-02-26T14:30:00Z", "2025-02-26T14:30:00Z"),
            ("2025-02-26T14:30:00.250Z", "2025-02-26T14:30:00Z"),
            ("2025-02-26T16:30:00+02:00", "2025-02-26T14:30:00Z"),
            ("2025-02-26T09:30:00-0500", "2025-02-26T14:30:00Z"),
            ("2025-02-26 14:30:00Z", "2025-02-26T14:30:00Z"),
            ("2025-02-26T14:30Z", "2025-02-26T14:30:00Z"),
            ("2025-02-26T14:30:00", "2025-02-26T14:30:00Z"),  // no offset: local (UTC here)
            ("2025-02-30T14:30:00Z", nil),
            ("yesterday", nil),
            ("2025-02-26T25:30:00Z", nil),
        ]
        for (input, expected) in cases {
            XCTAssertEqual(Timestamp.parse(input).map(Timestamp.format), expected, input)
        }
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        XCTAssertEqual(Timestamp.parse("2026-11-22T10:00", zone: berlin).map(Timestamp.format), "2026-11-22T09:00:00Z")
    }

    /// Every instant read is one `format` writes back readably, and early years are not
    /// shifted by Foundation's Julian calendar (the fuzzer found `created: 0001-01-01` read as
    /// 0000-12-30, rendered, and refused).
    func testTimestampsAtTheEdgesOfTheYears() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let utc = TimeZone(identifier: "UTC")!
        let cases: [(String, TimeZone, String?)] = [
            ("0001-01-01", utc, "0001-01-01T00:00:00Z"),
            ("0001-01-01T12:00", utc, "0001-01-01T12:00:00Z"),
            ("1500-03-01", utc, "1500-03-01T00:00:00Z"),
            ("1582-10-10T08:00:00", utc, "1582-10-10T08:00:00Z"),
            ("1900-01-01", utc, "1900-01-01T00:00:00Z"),
            ("0001-01-01", tokyo, nil),                     // year 0 in UTC
            ("0001-01-01T00:00:00+05:00", utc, nil),
            ("0001-01-02", berlin, "0001-01-01T23:06:32Z"), // Berlin's local mean time, +0:53:28
            ("9999-12-31T23:00:00-05:00", utc, nil),        // year 10000 in UTC
            ("9999-12-31T23:59:59Z", utc, "9999-12-31T23:59:59Z"),
        ]
        for (input, zone, expected) in cases {
            let read = Timestamp.parse(input, zone: zone)
            XCTAssertEqual(read.map(Timestamp.format), expected, "\(input) in \(zone.identifier)")
            if let read { XCTAssertEqual(Timestamp.parse(Timestamp.format(read)), read, "\(input) reads back") }
        }
        XCTAssertEqual(LocalDate(year: 1, month: 1, day: 1)!.startInstant(in: utc), Timestamp.parse("0001-01-01T00:00:00Z"))
    }

    func testLocalDateTimeParsing() {
        XCTAssertEqual(ldt("2026-03-01T17:05").time, LocalTime(hour: 17, minute: 5))
        XCTAssertEqual(LocalDateTime("2026-03-01T17:05:30")?.description, "2026-03-01T17:05")
        XCTAssertNil(LocalDateTime("2026-03-01T24:00"))
        XCTAssertNil(LocalDateTime("2026-03-01T1:00"))
        XCTAssertTrue(ldt("2026-03-01") < ldt("2026-03-01T00:00"))
    }

    func testClockFromEnvironment() throws {
        let c = try Clock.fromEnvironment(["TODOMD_NOW": "2026-11-22T23:30:00", "TZ": "Pacific/Kiritimati"])
        XCTAssertEqual(c.today, date("2026-11-22"))
        XCTAssertEqual(c.timeOfDay, LocalTime(hour: 23, minute: 30))
        let utc = try Clock.fromEnvironment(["TODOMD_NOW": "2026-11-22T23:30:00Z", "TZ": "Pacific/Kiritimati"])
        XCTAssertEqual(utc.today, date("2026-11-23"))
        XCTAssertThrowsError(try Clock.fromEnvironment(["TODOMD_NOW": "soon"]))
    }

    func testDateArguments() throws {
        let today = date("2026-11-22")  // Sunday
        let cases: [(String, String)] = [
            ("2026-12-01", "2026-12-01"), ("today", "2026-11-22"), ("tomorrow", "2026-11-23"),
            ("yesterday", "2026-11-21"), ("monday", "2026-11-23"), ("sun", "2026-11-29"), ("fri", "2026-11-27"),
            ("+3d", "2026-11-25"), ("+2w", "2026-12-06"), ("-1d", "2026-11-21"), ("+1m", "2026-12-22"),
            ("2026-12-01T09:30", "2026-12-01T09:30"),
        ]
        for (input, expected) in cases {
            XCTAssertEqual(try DateArgument.parse(input, today: today).description, expected, input)
        }
        for bad in ["next", "+d", "2026-13-01", "", "+99999999999d"] {
            XCTAssertThrowsError(try DateArgument.parse(bad, today: today), bad)
        }
    }
}
