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
