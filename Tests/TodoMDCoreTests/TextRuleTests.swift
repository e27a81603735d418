import XCTest
@testable import TodoMDCore

final class TextRuleTests: XCTestCase {
    /// Text as Obsidian Tasks (and people) write it → the RRULE it means.
    static let table: [(String, String)] = [
        ("every day", "FREQ=DAILY"),
        ("every 3 days", "FREQ=DAILY;INTERVAL=3"),
        ("every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        ("every week", "FREQ=WEEKLY"),
        ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"),
        ("every other week", "FREQ=WEEKLY;INTERVAL=2"),
        ("every week on Sunday", "FREQ=WEEKLY;BYDAY=SU"),
        ("every week on Monday, Wednesday and Friday", "FREQ=WEEKLY;BYDAY=MO,WE,FR"),
        ("every week on Monday, Wednesday, and Friday", "FREQ=WEEKLY;BYDAY=MO,WE,FR"),
        ("every 2 weeks on Tuesday and Thursday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH"),
        ("every month", "FREQ=MONTHLY"),
        ("every month on the 15th", "FREQ=MONTHLY;BYMONTHDAY=15"),
        ("every month on the 1st and 15th", "FREQ=MONTHLY;BYMONTHDAY=1,15"),
        ("every month on the last day", "FREQ=MONTHLY;BYMONTHDAY=-1"),
        ("every month on the 2nd last day", "FREQ=MONTHLY;BYMONTHDAY=-2"),
        ("every month on the last Friday", "FREQ=MONTHLY;BYDAY=-1FR"),
        ("every month on the 2nd Tuesday", "FREQ=MONTHLY;BYDAY=2TU"),
        ("every month on the second Tuesday", "FREQ=MONTHLY;BYDAY=2TU"),
        ("every month on the 1st and 3rd Monday", "FREQ=MONTHLY;BYDAY=1MO,3MO"),
        ("every month on the last weekday", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"),
        ("every 6 months", "FREQ=MONTHLY;INTERVAL=6"),
        ("every 3 months on the 1st", "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1"),
        ("every year", "FREQ=YEARLY"),
        ("every January on the 15th", "FREQ=YEARLY;BYMONTHDAY=15;BYMONTH=1"),
        ("every year on March 3", "FREQ=YEARLY;BYMONTHDAY=3;BYMONTH=3"),
        ("every year on 3 March", "FREQ=YEARLY;BYMONTHDAY=3;BYMONTH=3"),
        ("every year on the 100th day of the year", "FREQ=YEARLY;BYYEARDAY=100"),
        ("every year in week 20 on Monday", "FREQ=YEARLY;BYDAY=MO;BYWEEKNO=20"),
        ("every May on the 2nd Sunday", "FREQ=YEARLY;BYDAY=2SU;BYMONTH=5"),
        ("every day when done", "FREQ=DAILY"),
        ("daily", "FREQ=DAILY"),
        ("weekly", "FREQ=WEEKLY"),
        ("monthly", "FREQ=MONTHLY"),
        ("yearly", "FREQ=YEARLY"),
        ("annually", "FREQ=YEARLY"),
        ("every saturday", "FREQ=WEEKLY;BYDAY=SA"),
        ("every mon and thu", "FREQ=WEEKLY;BYDAY=MO,TH"),
        ("Every Monday", "FREQ=WEEKLY;BYDAY=MO"),
        ("every weekend", "FREQ=WEEKLY;BYDAY=SA,SU"),
        ("every day at 9:00", "FREQ=DAILY;BYMINUTE=0;BYHOUR=9"),
        ("every day at 9am and 5pm", "FREQ=DAILY;BYMINUTE=0;BYHOUR=9,17"),
        ("every hour", "FREQ=HOURLY"),
        ("every 30 minutes", "FREQ=MINUTELY;INTERVAL=30"),
        ("every day for 5 times", "FREQ=DAILY;COUNT=5"),
        ("every week until 2025-12-31", "FREQ=WEEKLY;UNTIL=20251231"),
        ("every 2 weeks on Monday with weeks starting on Sunday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO;WKST=SU"),
        ("every month on the 13th if it is a Friday", "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13"),
    ]

    func testParseTable() throws {
        for (text, rrule) in Self.table {
            do {
                let got = try TextRule.parse(text)
                XCTAssertEqual(got.rule, try RecurrenceRule(rrule: rrule), "\(text) → \(got.rule.rruleString)")
                XCTAssertEqual(got.whenDone, text.hasSuffix("when done"), text)
            } catch {
                XCTFail("\(text): \(error)")
            }
        }
    }

    /// text → rule → describe → parse gives the same rule (and describe is stable).
    func testTextRoundTrips() throws {
        XCTAssertGreaterThanOrEqual(Self.table.count, 30)
        for (text, _) in Self.table {
            guard let (rule, whenDone) = try? TextRule.parse(text) else { XCTFail(text); continue }
            let described = TextRule.describe(rule, whenDone: whenDone)
            do {
                let back = try TextRule.parse(described)
                XCTAssertEqual(back.rule, rule, "\(text) → \(described) → \(back.rule.rruleString)")
                XCTAssertEqual(back.whenDone, whenDone, described)
                XCTAssertEqual(TextRule.describe(back.rule, whenDone: back.whenDone), described)
            } catch {
                XCTFail("\(text) → \(described): \(error)")
            }
        }
    }

    func testDescribeCommonRules() throws {
        let table: [(String, String)] = [
            ("FREQ=DAILY", "every day"),
            ("FREQ=DAILY;INTERVAL=3", "every 3 days"),
            ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday"),
            ("FREQ=WEEKLY;BYDAY=SU", "every week on Sunday"),
            ("FREQ=WEEKLY;BYDAY=MO,WE,FR", "every week on Monday, Wednesday and Friday"),
            ("FREQ=MONTHLY;BYMONTHDAY=15", "every month on the 15th"),
            ("FREQ=MONTHLY;BYMONTHDAY=-1", "every month on the last day"),
            ("FREQ=MONTHLY;BYDAY=-1FR", "every month on the last Friday"),
            ("FREQ=MONTHLY;BYDAY=2TU", "every month on the 2nd Tuesday"),
            ("FREQ=MONTHLY;INTERVAL=6", "every 6 months"),
            ("FREQ=YEARLY", "every year"),
            ("FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=15", "every January on the 15th"),
            ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", "every month on the last weekday"),
        ]
        for (rrule, text) in table {
            XCTAssertEqual(TextRule.describe(try RecurrenceRule(rrule: rrule)), text)
        }
    }

    /// Exotic rules still get English, and that English parses back to the same rule.
    func testDescribeExoticRules() throws {
        let table: [(String, String)] = [
            ("FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO", "every year in week 20 on Monday"),
            ("FREQ=YEARLY;BYWEEKNO=1,-1;BYDAY=MO", "every year in the 1st and last weeks on Monday"),
            ("FREQ=YEARLY;INTERVAL=3;BYYEARDAY=1,100,200", "every 3 years on the 1st, 100th and 200th days of the year"),
            ("FREQ=YEARLY;BYYEARDAY=-1", "every year on the last day of the year"),
            ("FREQ=MONTHLY;BYDAY=TU,WE,TH;BYSETPOS=3", "every month on Tuesday, Wednesday and Thursday selecting the 3rd"),
            ("FREQ=MONTHLY;INTERVAL=2;BYDAY=1SU,-1SU", "every 2 months on the last Sunday and the 1st Sunday"),
            ("FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
             "every 4 years in November on the 2nd, 3rd, 4th, 5th, 6th, 7th and 8th if it is a Tuesday"),
            ("FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10", "every 20 minutes at hours 9 and 10"),
            ("FREQ=DAILY;BYHOUR=9,17;BYMINUTE=0,30", "every day at 09:00, 09:30, 17:00 and 17:30"),
            ("FREQ=HOURLY;BYMINUTE=15;BYSECOND=30", "every hour at minute 15 at second 30"),
            ("FREQ=SECONDLY;INTERVAL=10;COUNT=3", "every 10 seconds for 3 times"),
            ("FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,SU;WKST=SU;UNTIL=19971224T000000", "every 2 weeks on Tuesday and Sunday with weeks starting on Sunday until 1997-12-24T00:00"),
            ("FREQ=DAILY;BYMONTH=1;COUNT=1", "every day in January once"),
            ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", "every February on the 29th"),
            ("FREQ=MONTHLY;BYMONTHDAY=1,-1", "every month on the 1st and last day"),
            ("FREQ=WEEKLY;BYDAY=SA,SU", "every week on weekends"),
            ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR", "every month on weekdays"),
        ]
        for (rrule, expected) in table {
            let rule = try RecurrenceRule(rrule: rrule)
            let text = TextRule.describe(rule)
            XCTAssertEqual(text, expected, rrule)
            XCTAssertEqual(try TextRule.parse(text).rule, rule, "\(rrule) → \(text)")
        }
    }

    /// describe → parse is the identity on thousands of random rules (every part, any mix).
    func testDescribeRoundTripsRandomRules() throws {
        var rng = RecurrenceTestRandom(seed: 42)
        var failures: [String] = []
        for k in 0..<3000 {
            let rule = RecurrenceTestRandom.rule(&rng)
            let text = TextRule.describe(rule)
            if ProcessInfo.processInfo.environment["SHOW_DESCRIBE"] != nil && k < 25 { print(rule.rruleString, "=>", text) }
            do {
                let back = try TextRule.parse(text).rule
                if back != rule { failures.append("\(rule.rruleString) → \(text) → \(back.rruleString)") }
            } catch {
                failures.append("\(rule.rruleString) → \(text): \(error)")
            }
        }
        XCTAssert(failures.isEmpty, "\(failures.count) failures:\n" + failures.prefix(10).joined(separator: "\n"))
    }

    func testMoreParses() throws {
        let table: [(String, String)] = [
            ("every 2 years on January 1", "FREQ=YEARLY;INTERVAL=2;BYMONTHDAY=1;BYMONTH=1"),
            ("every four weeks", "FREQ=WEEKLY;INTERVAL=4"),
            ("every tuesday and thursday", "FREQ=WEEKLY;BYDAY=TU,TH"),
            ("every day at 17:30", "FREQ=DAILY;BYMINUTE=30;BYHOUR=17"),
            ("every month on the last day of the month", "FREQ=MONTHLY;BYMONTHDAY=-1"),
            ("every year on the last Friday of November", "FREQ=YEARLY;BYDAY=-1FR;BYMONTH=11"),
            ("every month on the 2nd to last Friday", "FREQ=MONTHLY;BYDAY=-2FR"),
            ("every January and July on the 1st", "FREQ=YEARLY;BYMONTHDAY=1;BYMONTH=1,7"),
            ("every month on the 1st and last weekday", "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=1,-1"),
            ("every week on weekdays at 8am", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR;BYMINUTE=0;BYHOUR=8"),
            ("every 3 months when done", "FREQ=MONTHLY;INTERVAL=3"),
            ("every week until December 31, 2025", "FREQ=WEEKLY;UNTIL=20251231"),
            ("every day 10 times", "FREQ=DAILY;COUNT=10"),
            ("biweekly", "FREQ=WEEKLY;INTERVAL=2"),
            ("quarterly", "FREQ=MONTHLY;INTERVAL=3"),
            ("every weekday when done", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
            ("every week on Monday, Tuesday", "FREQ=WEEKLY;BYDAY=MO,TU"),
            ("every week on Mondays", "FREQ=WEEKLY;BYDAY=MO"),
            ("every second week", "FREQ=WEEKLY;INTERVAL=2"),
            ("every 3rd month on the 1st", "FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=1"),
            ("every second", "FREQ=SECONDLY"),
            ("every 1 day", "FREQ=DAILY"),
            ("every January on the 1st Monday", "FREQ=YEARLY;BYDAY=1MO;BYMONTH=1"),
            ("every year on the 1st Monday of January", "FREQ=YEARLY;BYDAY=1MO;BYMONTH=1"),
        ]
        for (text, rrule) in table {
            XCTAssertEqual(try TextRule.parse(text).rule, try RecurrenceRule(rrule: rrule), text)
        }
        XCTAssertTrue(try TextRule.parse("every 3 months when done").whenDone)
        XCTAssertFalse(try TextRule.parse("every 3 months").whenDone)
    }

    func testTextErrorsNameTheProblem() {
        let table: [(String, String)] = [
            ("every blue moon", "unexpected 'blue'"),
            ("every 0 days", "interval '0' must be at least 1"),
            ("every month on the 32nd", "BYMONTHDAY=32: value out of range"),
            ("every day until someday", "'someday' is not a date"),
            ("every day at 9:00 and 17:30", "times that do not share the same minutes"),
            ("", "empty rule"),
            ("sometimes", "expected 'every' at 'sometimes'"),
            ("every week on Funday", "unexpected 'funday'"),
            ("every day when", "unexpected end"),
        ]
        for (text, message) in table {
            XCTAssertThrowsError(try TextRule.parse(text), text) { e in
                let m = (e as? RecurrenceRuleError)?.message ?? "\(e)"
                XCTAssert(m.hasPrefix(message), "\(text): got '\(m)', want '\(message)…'")
            }
        }
    }
}
