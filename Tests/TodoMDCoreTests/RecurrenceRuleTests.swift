import Foundation
import XCTest
@testable import TodoMDCore

final class RecurrenceRuleTests: XCTestCase {
    func occ(_ rule: String, _ start: String, _ n: Int = 6, after: String? = nil) throws -> [String] {
        let r = try RecurrenceRule.parseAny(rule)
        return r.occurrences(from: RecurrenceInstant(start)!, after: after.flatMap { RecurrenceInstant($0) }, limit: n).map(\.description)
    }

    func testMonthlyFromThe31stSkipsShortMonths() throws {
        XCTAssertEqual(try occ("FREQ=MONTHLY", "2025-01-31"),
                       ["2025-01-31", "2025-03-31", "2025-05-31", "2025-07-31", "2025-08-31", "2025-10-31"])
        XCTAssertEqual(try occ("FREQ=MONTHLY;INTERVAL=2", "2025-01-31", 4), ["2025-01-31", "2025-03-31", "2025-05-31", "2025-07-31"])
        // `last day` is what people usually mean instead.
        XCTAssertEqual(try occ("FREQ=MONTHLY;BYMONTHDAY=-1", "2025-01-31", 4), ["2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30"])
        XCTAssertEqual(try occ("every month on the 30th", "2024-01-30", 3), ["2024-01-30", "2024-03-30", "2024-04-30"])
    }

    func testYearlyFromFeb29() throws {
        XCTAssertEqual(try occ("FREQ=YEARLY", "2024-02-29", 3), ["2024-02-29", "2028-02-29", "2032-02-29"])
        XCTAssertEqual(try occ("FREQ=YEARLY", "2096-02-29", 2), ["2096-02-29", "2104-02-29"])
        XCTAssertEqual(try occ("FREQ=YEARLY;INTERVAL=3", "2024-02-29", 3), ["2024-02-29", "2036-02-29", "2048-02-29"])
        XCTAssertEqual(try occ("FREQ=YEARLY;INTERVAL=100;BYMONTH=2;BYMONTHDAY=29", "2100-01-01", 2), ["2400-02-29", "2800-02-29"])
        // Every 200 years from 2100 only meets 2100, 2300, 2500…, none of them leap: no occurrence.
        XCTAssertEqual(try occ("FREQ=YEARLY;INTERVAL=200;BYMONTH=2;BYMONTHDAY=29", "2100-01-01"), [])
        XCTAssertEqual(try occ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1", "2023-03-01", 3), ["2024-02-29", "2025-02-28", "2026-02-28"])
    }

    func testLastWorkdayOfMonth() throws {
        XCTAssertEqual(try occ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "2025-01-01", 6),
                       ["2025-01-31", "2025-02-28", "2025-03-31", "2025-04-30", "2025-05-30", "2025-06-30"])
        XCTAssertEqual(try occ("every month on the last weekday", "2025-08-01", 2), ["2025-08-29", "2025-09-30"])
        XCTAssertEqual(try occ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1", "2025-03-01", 3), ["2025-03-03", "2025-04-01", "2025-05-01"])
    }

    func testStartIsAnOccurrenceOnlyWhenItMatches() throws {
        XCTAssertEqual(try occ("FREQ=WEEKLY;BYDAY=MO", "2025-08-06", 2), ["2025-08-11", "2025-08-18"])  // a Wednesday
        XCTAssertEqual(try occ("FREQ=WEEKLY;BYDAY=MO", "2025-08-04", 2), ["2025-08-04", "2025-08-11"])  // a Monday
        XCTAssertEqual(try occ("FREQ=WEEKLY", "2025-08-06", 2), ["2025-08-06", "2025-08-13"])            // day from start
        XCTAssertEqual(try occ("FREQ=DAILY;COUNT=3;BYDAY=SA", "2025-08-04", 5), ["2025-08-09", "2025-08-16", "2025-08-23"])
    }

    /// Rules with no possible occurrence end, quickly, for every frequency.
    func testImpossibleRulesEnd() throws {
        let rules = [
            "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=4", "FREQ=WEEKLY;BYMONTH=2;BYMONTHDAY=31",
            "FREQ=DAILY;BYMONTH=6;BYMONTHDAY=31", "FREQ=HOURLY;BYMONTH=9;BYMONTHDAY=31", "FREQ=MINUTELY;BYMONTH=11;BYMONTHDAY=31",
            "FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=MONTHLY;BYDAY=6MO", "FREQ=YEARLY;BYDAY=MO;BYMONTHDAY=1;BYMONTH=1;BYYEARDAY=2",
            "FREQ=YEARLY;BYWEEKNO=1;BYMONTH=6", "FREQ=MONTHLY;BYSETPOS=40;BYDAY=MO", "FREQ=WEEKLY;BYSETPOS=8",
            "FREQ=DAILY;BYSETPOS=2", "FREQ=HOURLY;BYSETPOS=2", "FREQ=HOURLY;INTERVAL=2;BYHOUR=3",
            "FREQ=MINUTELY;INTERVAL=120;BYHOUR=3", "FREQ=SECONDLY;INTERVAL=2;BYSECOND=1", "FREQ=YEARLY;BYYEARDAY=366;BYMONTH=1",
            "FREQ=MONTHLY;BYDAY=MO,1TU", "FREQ=MINUTELY;INTERVAL=10080;BYDAY=TU",
            "FREQ=DAILY;INTERVAL=7;BYDAY=TU", "FREQ=YEARLY;INTERVAL=400;BYMONTH=2;BYMONTHDAY=29",
        ]
        for rule in rules {
            let t0 = Date()
            XCTAssertEqual(try occ(rule, "2025-08-04T10:00", 5), [], rule)  // 2025-08-04 is a Monday
            XCTAssertLessThan(Date().timeIntervalSince(t0), 2, "\(rule) took too long")
        }
    }

    /// dateutil ignores BYDAY ordinals below MONTHLY, and ANDs plain and ordinal BYDAY entries.
    func testDateutilByDayQuirks() throws {
        XCTAssertEqual(try occ("FREQ=WEEKLY;BYDAY=1TU", "2025-08-04", 2), ["2025-08-05", "2025-08-12"])
        XCTAssertEqual(try occ("FREQ=MONTHLY;BYDAY=TU,1TU", "2025-08-04", 2), ["2025-08-05", "2025-09-02"])
    }

    func testEndsAtYear9999() throws {
        XCTAssertEqual(try occ("FREQ=YEARLY", "9998-06-01", 5), ["9998-06-01", "9999-06-01"])
        XCTAssertEqual(try occ("FREQ=DAILY", "9999-12-30", 5), ["9999-12-30", "9999-12-31"])
        XCTAssertEqual(try occ("FREQ=WEEKLY;BYDAY=FR", "9999-12-25", 5), ["9999-12-31"])
        XCTAssertEqual(try occ("FREQ=HOURLY;INTERVAL=20", "9999-12-31T00:00", 5), ["9999-12-31T00:00", "9999-12-31T20:00"])
        XCTAssertEqual(try occ("FREQ=DAILY;INTERVAL=1000000000", "2025-01-01", 5), ["2025-01-01"])
    }

    func testCountAndUntilExhaustion() throws {
        XCTAssertEqual(try occ("FREQ=DAILY;COUNT=3", "2025-08-04", 10), ["2025-08-04", "2025-08-05", "2025-08-06"])
        XCTAssertEqual(try occ("FREQ=DAILY;UNTIL=20250806", "2025-08-04", 10), ["2025-08-04", "2025-08-05", "2025-08-06"])
        XCTAssertEqual(try occ("FREQ=DAILY;UNTIL=20250806T090000Z", "2025-08-04T09:00", 10),
                       ["2025-08-04T09:00", "2025-08-05T09:00", "2025-08-06T09:00"])
        XCTAssertEqual(try occ("FREQ=DAILY;UNTIL=20250806T085959", "2025-08-04T09:00", 10), ["2025-08-04T09:00", "2025-08-05T09:00"])
        // A date-only UNTIL with a timed start includes that whole day.
        XCTAssertEqual(try occ("FREQ=DAILY;UNTIL=20250806", "2025-08-04T09:00", 10),
                       ["2025-08-04T09:00", "2025-08-05T09:00", "2025-08-06T09:00"])
        XCTAssertEqual(try occ("FREQ=DAILY;UNTIL=20250801", "2025-08-04", 10), [])
        // COUNT counts from the start even when asking for occurrences after a later instant.
        XCTAssertEqual(try occ("FREQ=DAILY;COUNT=3", "2025-08-04", 10, after: "2025-08-05"), ["2025-08-06"])
        XCTAssertEqual(try occ("FREQ=DAILY;COUNT=3", "2025-08-04", 10, after: "2025-08-06"), [])
        let r = try RecurrenceRule(rrule: "FREQ=WEEKLY;COUNT=2")
        let s = RecurrenceInstant("2025-08-04")!
        XCTAssertEqual(r.next(after: s, from: s)?.description, "2025-08-11")
        XCTAssertNil(r.next(after: RecurrenceInstant("2025-08-11")!, from: s))
    }

    func testInstantForms() throws {
        XCTAssertEqual(try occ("FREQ=DAILY;BYHOUR=9", "2025-08-04", 2), ["2025-08-04T09:00", "2025-08-05T09:00"])
        XCTAssertEqual(try occ("FREQ=MINUTELY;INTERVAL=30", "2025-08-04", 2), ["2025-08-04T00:00", "2025-08-04T00:30"])
        XCTAssertEqual(try occ("FREQ=SECONDLY;INTERVAL=30", "2025-08-04T10:00", 3),
                       ["2025-08-04T10:00", "2025-08-04T10:00:30", "2025-08-04T10:01"])
        XCTAssertEqual(RecurrenceInstant("2025-08-04T10:00:30")?.description, "2025-08-04T10:00:30")
        XCTAssertEqual(RecurrenceInstant("2025-08-04T10:00:00")?.description, "2025-08-04T10:00")
        XCTAssertNil(RecurrenceInstant("2025-02-29"))
        XCTAssertNil(RecurrenceInstant("2025-02-28T24:00"))
    }

    func testDTSTARTForms() throws {
        let forms: [(String, String, String)] = [
            ("DTSTART:20250804;FREQ=DAILY", "2025-08-04", "FREQ=DAILY"),
            ("DTSTART:20250804T090000Z;FREQ=WEEKLY;BYDAY=MO", "2025-08-04T09:00", "FREQ=WEEKLY;BYDAY=MO"),
            ("DTSTART:20250804T090000\nRRULE:FREQ=MONTHLY;COUNT=2", "2025-08-04T09:00", "FREQ=MONTHLY;COUNT=2"),
            ("DTSTART;VALUE=DATE:20250804\nRRULE:FREQ=YEARLY", "2025-08-04", "FREQ=YEARLY"),
            ("RRULE:FREQ=DAILY;INTERVAL=2", "", "FREQ=DAILY;INTERVAL=2"),
            ("rrule:freq=daily;interval=2", "", "FREQ=DAILY;INTERVAL=2"),
            ("  FREQ=daily ; byday=mo,-1fr ", "", "FREQ=DAILY;BYDAY=MO,-1FR"),
        ]
        for (text, start, body) in forms {
            let r = try RecurrenceRule(rrule: text)
            XCTAssertEqual(r.start?.description ?? "", start, text)
            XCTAssertEqual(r.rruleString, body, text)
            XCTAssertEqual(try RecurrenceRule(rrule: r.stringWithStart), r, text)
        }
        let r = try RecurrenceRule(rrule: "DTSTART:20250804T090000Z;FREQ=DAILY;COUNT=2")
        XCTAssertEqual(r.stringWithStart, "DTSTART:20250804T090000Z;FREQ=DAILY;COUNT=2")
        XCTAssertEqual(r.occurrences(limit: 5).map(\.description), ["2025-08-04T09:00", "2025-08-05T09:00"])
    }

    func testSerialisationIsCanonicalAndStable() throws {
        let table: [(String, String)] = [
            ("BYDAY=FR,MO;FREQ=WEEKLY;INTERVAL=1", "FREQ=WEEKLY;BYDAY=MO,FR"),
            ("FREQ=MONTHLY;BYMONTHDAY=-1,15,1,15;COUNT=4", "FREQ=MONTHLY;COUNT=4;BYMONTHDAY=1,15,-1"),
            ("WKST=SU;BYSETPOS=-1;BYMONTH=3;BYWEEKNO=2;BYYEARDAY=5;BYHOUR=9;BYMINUTE=0;BYSECOND=5;FREQ=YEARLY;INTERVAL=2;UNTIL=20300101T000000Z",
             "FREQ=YEARLY;UNTIL=20300101T000000Z;INTERVAL=2;BYSECOND=5;BYMINUTE=0;BYHOUR=9;BYYEARDAY=5;BYWEEKNO=2;BYMONTH=3;BYSETPOS=-1;WKST=SU"),
            ("FREQ=YEARLY;UNTIL=2030-01-01", "FREQ=YEARLY;UNTIL=20300101"),
        ]
        for (input, canonical) in table {
            let r = try RecurrenceRule(rrule: input)
            XCTAssertEqual(r.rruleString, canonical)
            XCTAssertEqual(try RecurrenceRule(rrule: r.rruleString), r)
            XCTAssertEqual(try RecurrenceRule(rrule: r.rruleString).rruleString, canonical)
        }
    }

    func testMalformedRulesNameTheBadPart() {
        let table: [(String, String)] = [
            ("BYMONTHDAY=32;FREQ=MONTHLY", "BYMONTHDAY=32: value out of range 1…31 or -31…-1"),
            ("FREQ=MONTHLY;BYMONTHDAY=0", "BYMONTHDAY=0: value out of range 1…31 or -31…-1"),
            ("FREQ=DAILY;FOO=1", "unknown part FOO"),
            ("INTERVAL=2", "FREQ is required"),
            ("", "FREQ is required"),
            ("FREQ=DAILY;COUNT=3;UNTIL=20250101", "COUNT and UNTIL cannot both be set"),
            ("FREQ=FORTNIGHTLY", "FREQ=FORTNIGHTLY: unknown frequency"),
            ("FREQ=DAILY;INTERVAL=0", "INTERVAL=0: must be a positive integer"),
            ("FREQ=DAILY;INTERVAL=x", "INTERVAL=x: must be a positive integer"),
            ("FREQ=DAILY;COUNT=-1", "COUNT=-1: must be a positive integer"),
            ("FREQ=DAILY;UNTIL=2025", "UNTIL=2025: not a date"),
            ("FREQ=DAILY;UNTIL=20250230", "UNTIL=20250230: not a date"),
            ("FREQ=WEEKLY;BYDAY=XX", "BYDAY=XX: 'XX' is not a weekday"),
            ("FREQ=MONTHLY;BYDAY=0MO", "BYDAY=0MO: ordinal '0' out of range"),
            ("FREQ=MONTHLY;BYDAY=54MO", "BYDAY=54MO: ordinal '54' out of range"),
            ("FREQ=YEARLY;BYYEARDAY=367", "BYYEARDAY=367: value out of range 1…366 or -366…-1"),
            ("FREQ=YEARLY;BYWEEKNO=54", "BYWEEKNO=54: value out of range 1…53 or -53…-1"),
            ("FREQ=YEARLY;BYMONTH=13", "BYMONTH=13: value out of range 1…12"),
            ("FREQ=YEARLY;BYMONTH=-1", "BYMONTH=-1: value out of range 1…12"),
            ("FREQ=MONTHLY;BYSETPOS=0", "BYSETPOS=0: value out of range 1…366 or -366…-1"),
            ("FREQ=DAILY;BYHOUR=24", "BYHOUR=24: value out of range 0…23"),
            ("FREQ=DAILY;BYMINUTE=60", "BYMINUTE=60: value out of range 0…59"),
            ("FREQ=DAILY;BYSECOND=61", "BYSECOND=61: value out of range 0…59"),
            ("FREQ=DAILY;BYHOUR=1,,2", "BYHOUR=1,,2: empty item"),
            ("FREQ=WEEKLY;WKST=XY", "WKST=XY: not a weekday"),
            ("FREQ=DAILY;FREQ=WEEKLY", "FREQ given twice"),
            ("FREQ=DAILY;COUNT", "COUNT: expected NAME=VALUE"),
            ("FREQ=DAILY;BYMONTH=", "BYMONTH=: empty value"),
            ("DTSTART:2025;FREQ=DAILY", "DTSTART=2025: not a date"),
            ("FREQ=DAILY;INTERVAL=2000000000", "INTERVAL=2000000000: must be between 1 and 1000000000"),
        ]
        for (text, message) in table {
            do {
                let r = try RecurrenceRule(rrule: text)
                try r.validate()
                XCTFail("\(text) parsed as \(r)")
            } catch let e as RecurrenceRuleError {
                XCTAssert(e.message.hasPrefix(message), "\(text): got '\(e.message)', want '\(message)…'")
            } catch {
                XCTFail("\(text): \(error)")
            }
        }
    }

    func testParseAnyAcceptsBothForms() throws {
        XCTAssertEqual(try RecurrenceRule.parseAny("every 2 weeks on Monday"), try RecurrenceRule(rrule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"))
        XCTAssertEqual(try RecurrenceRule.parseAny("RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO").rruleString, "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO")
        XCTAssertEqual(try RecurrenceRule.parseAny("DTSTART:20250804;FREQ=DAILY").start?.description, "2025-08-04")
        XCTAssertThrowsError(try RecurrenceRule.parseAny("every blue moon"))
    }

    func testRulesBuiltInCodeAreValidated() {
        var r = RecurrenceRule(frequency: .monthly)
        r.byMonthDay = [40]
        XCTAssertThrowsError(try r.validate())
        XCTAssertEqual(r.occurrences(from: RecurrenceInstant("2025-01-01")!, limit: 3), [])
        r = RecurrenceRule(frequency: .daily, interval: 0)
        XCTAssertEqual(r.occurrences(from: RecurrenceInstant("2025-01-01")!, limit: 3), [])
    }

    /// 50 occurrences of ordinary rules take well under a millisecond each.
    func testSpeed() throws {
        let rules = ["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,WE,FR", "FREQ=MONTHLY;BYDAY=-1FR", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1",
                     "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "FREQ=HOURLY;INTERVAL=7"].map { try! RecurrenceRule(rrule: $0) }
        let start = RecurrenceInstant("2025-01-31")!
        let t0 = Date()
        var n = 0
        for _ in 0..<20 { for r in rules { n += r.occurrences(from: start, limit: 50).count } }
        let perRule = Date().timeIntervalSince(t0) / Double(20 * rules.count)
        XCTAssertEqual(n, 20 * rules.count * 50)
        print("RRULE speed: \(Int(perRule * 1_000_000)) µs per 50 occurrences (debug build)")
        XCTAssertLessThan(perRule, 0.02)
    }
}
