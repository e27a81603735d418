import XCTest
@testable import TodoMDCore

/// RFC 5545 §3.8.5.3 examples. The RFC's DTSTART is 09:00 America/New_York; the engine works
/// in floating local time, so the expected values are the RFC's wall-clock dates at 09:00.
final class RRuleRFCExamplesTests: XCTestCase {
    struct Example {
        let name: String
        let start: String
        let rule: String
        let expected: [String]   // dates (`YYYY-MM-DD`) or full instants
        var complete = true      // false: the rule goes on; compare a prefix
        var time = "T09:00"
    }

    func check(_ e: Example, file: StaticString = #filePath, line: UInt = #line) {
        let rule: RecurrenceRule
        do { rule = try RecurrenceRule(rrule: e.rule) } catch {
            return XCTFail("\(e.name): \(error)", file: file, line: line)
        }
        guard let start = RecurrenceInstant(e.start) else { return XCTFail("bad start", file: file, line: line) }
        let want = e.expected.map { $0.count == 10 ? $0 + e.time : $0 }
        let got = rule.occurrences(from: start, limit: e.complete ? want.count + 5 : want.count).map(\.description)
        XCTAssertEqual(got, want, "\(e.name): \(e.rule)", file: file, line: line)
    }

    /// `days("1997-09", 2...11)` → `1997-09-02` … `1997-09-11`.
    func days(_ ym: String, _ ds: [Int]) -> [String] { ds.map { ym + String(format: "-%02d", $0) } }
    func days(_ ym: String, _ r: ClosedRange<Int>) -> [String] { days(ym, Array(r)) }

    func testDailyAndWeeklyExamples() {
        let s = "1997-09-02T09:00"
        check(Example(name: "Daily for 10 occurrences", start: s, rule: "FREQ=DAILY;COUNT=10", expected: days("1997-09", 2...11)))
        let untilDec24 = days("1997-09", 2...30) + days("1997-10", 1...31) + days("1997-11", 1...30) + days("1997-12", 1...23)
        check(Example(name: "Daily until December 24, 1997", start: s, rule: "RRULE:FREQ=DAILY;UNTIL=19971224T000000Z", expected: untilDec24))
        XCTAssertEqual(untilDec24.count, 113)
        check(Example(name: "Every other day", start: s, rule: "FREQ=DAILY;INTERVAL=2",
                      expected: days("1997-09", [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30]) + days("1997-10", [2, 4]), complete: false))
        check(Example(name: "Every 10 days, 5 occurrences", start: s, rule: "FREQ=DAILY;INTERVAL=10;COUNT=5",
                      expected: days("1997-09", [2, 12, 22]) + days("1997-10", [2, 12])))
        let januaries = days("1998-01", 1...31) + days("1999-01", 1...31) + days("2000-01", 1...31)
        check(Example(name: "Every day in January, for 3 years (yearly)", start: "1998-01-01T09:00",
                      rule: "FREQ=YEARLY;UNTIL=20000131T140000Z;BYMONTH=1;BYDAY=SU,MO,TU,WE,TH,FR,SA", expected: januaries))
        check(Example(name: "Every day in January, for 3 years (daily)", start: "1998-01-01T09:00",
                      rule: "FREQ=DAILY;UNTIL=20000131T140000Z;BYMONTH=1", expected: januaries))
        check(Example(name: "Weekly for 10 occurrences", start: s, rule: "FREQ=WEEKLY;COUNT=10",
                      expected: days("1997-09", [2, 9, 16, 23, 30]) + days("1997-10", [7, 14, 21, 28]) + ["1997-11-04"]))
        check(Example(name: "Weekly until December 24, 1997", start: s, rule: "FREQ=WEEKLY;UNTIL=19971224T000000Z",
                      expected: days("1997-09", [2, 9, 16, 23, 30]) + days("1997-10", [7, 14, 21, 28])
                        + days("1997-11", [4, 11, 18, 25]) + days("1997-12", [2, 9, 16, 23])))
        check(Example(name: "Every other week", start: s, rule: "FREQ=WEEKLY;INTERVAL=2;WKST=SU",
                      expected: days("1997-09", [2, 16, 30]) + days("1997-10", [14, 28]) + days("1997-11", [11, 25])
                        + days("1997-12", [9, 23]) + days("1998-01", [6, 20]) + days("1998-02", [3, 17]), complete: false))
        let tuTh = days("1997-09", [2, 4, 9, 11, 16, 18, 23, 25, 30]) + ["1997-10-02"]
        check(Example(name: "Weekly on Tuesday and Thursday for five weeks (until)", start: s,
                      rule: "FREQ=WEEKLY;UNTIL=19971007T000000Z;WKST=SU;BYDAY=TU,TH", expected: tuTh))
        check(Example(name: "Weekly on Tuesday and Thursday for five weeks (count)", start: s,
                      rule: "FREQ=WEEKLY;COUNT=10;WKST=SU;BYDAY=TU,TH", expected: tuTh))
        check(Example(name: "Every other week on MO, WE, FR until December 24, 1997", start: "1997-09-01T09:00",
                      rule: "FREQ=WEEKLY;INTERVAL=2;UNTIL=19971224T000000Z;WKST=SU;BYDAY=MO,WE,FR",
                      expected: days("1997-09", [1, 3, 5, 15, 17, 19, 29]) + days("1997-10", [1, 3, 13, 15, 17, 27, 29, 31])
                        + days("1997-11", [10, 12, 14, 24, 26, 28]) + days("1997-12", [8, 10, 12, 22])))
        check(Example(name: "Every other week on TU and TH, 8 occurrences", start: s,
                      rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH",
                      expected: days("1997-09", [2, 4, 16, 18, 30]) + days("1997-10", [2, 14, 16])))
        check(Example(name: "WKST=MO", start: "1997-08-05T09:00", rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO",
                      expected: days("1997-08", [5, 10, 19, 24])))
        check(Example(name: "WKST=SU", start: "1997-08-05T09:00", rule: "FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU",
                      expected: days("1997-08", [5, 17, 19, 31])))
    }

    func testMonthlyExamples() {
        check(Example(name: "Monthly on the first Friday for 10 occurrences", start: "1997-09-05T09:00",
                      rule: "FREQ=MONTHLY;COUNT=10;BYDAY=1FR",
                      expected: ["1997-09-05", "1997-10-03", "1997-11-07", "1997-12-05", "1998-01-02", "1998-02-06",
                                 "1998-03-06", "1998-04-03", "1998-05-01", "1998-06-05"]))
        check(Example(name: "Monthly on the first Friday until December 24, 1997", start: "1997-09-05T09:00",
                      rule: "FREQ=MONTHLY;UNTIL=19971224T000000Z;BYDAY=1FR",
                      expected: ["1997-09-05", "1997-10-03", "1997-11-07", "1997-12-05"]))
        check(Example(name: "Every other month on the first and last Sunday, 10 occurrences", start: "1997-09-07T09:00",
                      rule: "FREQ=MONTHLY;INTERVAL=2;COUNT=10;BYDAY=1SU,-1SU",
                      expected: ["1997-09-07", "1997-09-28", "1997-11-02", "1997-11-30", "1998-01-04", "1998-01-25",
                                 "1998-03-01", "1998-03-29", "1998-05-03", "1998-05-31"]))
        check(Example(name: "Monthly on the second-to-last Monday for 6 months", start: "1997-09-22T09:00",
                      rule: "FREQ=MONTHLY;COUNT=6;BYDAY=-2MO",
                      expected: ["1997-09-22", "1997-10-20", "1997-11-17", "1997-12-22", "1998-01-19", "1998-02-16"]))
        check(Example(name: "Monthly on the third-to-the-last day", start: "1997-09-28T09:00", rule: "FREQ=MONTHLY;BYMONTHDAY=-3",
                      expected: ["1997-09-28", "1997-10-29", "1997-11-28", "1997-12-29", "1998-01-29", "1998-02-26"], complete: false))
        check(Example(name: "Monthly on the 2nd and 15th, 10 occurrences", start: "1997-09-02T09:00",
                      rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15",
                      expected: days("1997-09", [2, 15]) + days("1997-10", [2, 15]) + days("1997-11", [2, 15])
                        + days("1997-12", [2, 15]) + days("1998-01", [2, 15])))
        check(Example(name: "Monthly on the first and last day, 10 occurrences", start: "1997-09-30T09:00",
                      rule: "FREQ=MONTHLY;COUNT=10;BYMONTHDAY=1,-1",
                      expected: ["1997-09-30", "1997-10-01", "1997-10-31", "1997-11-01", "1997-11-30", "1997-12-01",
                                 "1997-12-31", "1998-01-01", "1998-01-31", "1998-02-01"]))
        check(Example(name: "Every 18 months on the 10th thru 15th, 10 occurrences", start: "1997-09-10T09:00",
                      rule: "FREQ=MONTHLY;INTERVAL=18;COUNT=10;BYMONTHDAY=10,11,12,13,14,15",
                      expected: days("1997-09", 10...15) + days("1999-03", 10...13)))
        check(Example(name: "Every Tuesday, every other month", start: "1997-09-02T09:00", rule: "FREQ=MONTHLY;INTERVAL=2;BYDAY=TU",
                      expected: days("1997-09", [2, 9, 16, 23, 30]) + days("1997-11", [4, 11, 18, 25])
                        + days("1998-01", [6, 13, 20, 27]) + days("1998-03", [3, 10, 17, 24, 31]), complete: false))
        check(Example(name: "Every Friday the 13th", start: "1997-09-02T09:00", rule: "FREQ=MONTHLY;BYDAY=FR;BYMONTHDAY=13",
                      expected: ["1998-02-13", "1998-03-13", "1998-11-13", "1999-08-13", "2000-10-13"], complete: false))
        check(Example(name: "First Saturday after the first Sunday", start: "1997-09-13T09:00",
                      rule: "FREQ=MONTHLY;BYDAY=SA;BYMONTHDAY=7,8,9,10,11,12,13",
                      expected: ["1997-09-13", "1997-10-11", "1997-11-08", "1997-12-13", "1998-01-10", "1998-02-07",
                                 "1998-03-07", "1998-04-11", "1998-05-09", "1998-06-13"], complete: false))
        check(Example(name: "Third instance of TU, WE or TH, 3 months", start: "1997-09-04T09:00",
                      rule: "FREQ=MONTHLY;COUNT=3;BYDAY=TU,WE,TH;BYSETPOS=3",
                      expected: ["1997-09-04", "1997-10-07", "1997-11-06"]))
        check(Example(name: "Second-to-last weekday of the month", start: "1997-09-29T09:00",
                      rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
                      expected: ["1997-09-29", "1997-10-30", "1997-11-27", "1997-12-30", "1998-01-29", "1998-02-26",
                                 "1998-03-30"], complete: false))
        check(Example(name: "Invalid dates are skipped", start: "2007-01-15T09:00", rule: "FREQ=MONTHLY;BYMONTHDAY=15,30;COUNT=5",
                      expected: ["2007-01-15", "2007-01-30", "2007-02-15", "2007-03-15", "2007-03-30"]))
    }

    func testYearlyExamples() {
        check(Example(name: "Yearly in June and July, 10 occurrences", start: "1997-06-10T09:00",
                      rule: "FREQ=YEARLY;COUNT=10;BYMONTH=6,7",
                      expected: (1997...2001).flatMap { ["\($0)-06-10", "\($0)-07-10"] }))
        check(Example(name: "Every other year on January, February and March, 10 occurrences", start: "1997-03-10T09:00",
                      rule: "FREQ=YEARLY;INTERVAL=2;COUNT=10;BYMONTH=1,2,3",
                      expected: ["1997-03-10"] + [1999, 2001, 2003].flatMap { ["\($0)-01-10", "\($0)-02-10", "\($0)-03-10"] }))
        check(Example(name: "Every third year on the 1st, 100th and 200th day, 10 occurrences", start: "1997-01-01T09:00",
                      rule: "FREQ=YEARLY;INTERVAL=3;COUNT=10;BYYEARDAY=1,100,200",
                      expected: ["1997-01-01", "1997-04-10", "1997-07-19", "2000-01-01", "2000-04-09", "2000-07-18",
                                 "2003-01-01", "2003-04-10", "2003-07-19", "2006-01-01"]))
        check(Example(name: "Every 20th Monday of the year", start: "1997-05-19T09:00", rule: "FREQ=YEARLY;BYDAY=20MO",
                      expected: ["1997-05-19", "1998-05-18", "1999-05-17"], complete: false))
        check(Example(name: "Monday of week number 20", start: "1997-05-12T09:00", rule: "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO",
                      expected: ["1997-05-12", "1998-05-11", "1999-05-17"], complete: false))
        check(Example(name: "Every Thursday in March", start: "1997-03-13T09:00", rule: "FREQ=YEARLY;BYMONTH=3;BYDAY=TH",
                      expected: days("1997-03", [13, 20, 27]) + days("1998-03", [5, 12, 19, 26]) + days("1999-03", [4, 11, 18, 25]),
                      complete: false))
        check(Example(name: "Every Thursday in June, July and August", start: "1997-06-05T09:00",
                      rule: "FREQ=YEARLY;BYDAY=TH;BYMONTH=6,7,8",
                      expected: days("1997-06", [5, 12, 19, 26]) + days("1997-07", [3, 10, 17, 24, 31]) + days("1997-08", [7, 14, 21, 28])
                        + days("1998-06", [4, 11, 18, 25]) + days("1998-07", [2, 9, 16, 23, 30]) + days("1998-08", [6, 13, 20, 27])
                        + days("1999-06", [3, 10, 17, 24]) + days("1999-07", [1, 8, 15, 22, 29]) + days("1999-08", [5, 12, 19, 26]),
                      complete: false))
        check(Example(name: "US Presidential Election Day", start: "1996-11-05T09:00",
                      rule: "FREQ=YEARLY;INTERVAL=4;BYMONTH=11;BYDAY=TU;BYMONTHDAY=2,3,4,5,6,7,8",
                      expected: ["1996-11-05", "2000-11-07", "2004-11-02"], complete: false))
    }

    func testSubDailyExamples() {
        let s = "1997-09-02T09:00"
        check(Example(name: "Every 3 hours from 9 to 17", start: s, rule: "FREQ=HOURLY;INTERVAL=3;UNTIL=19970902T170000Z",
                      expected: ["1997-09-02T09:00", "1997-09-02T12:00", "1997-09-02T15:00"]))
        check(Example(name: "Every 15 minutes, 6 occurrences", start: s, rule: "FREQ=MINUTELY;INTERVAL=15;COUNT=6",
                      expected: ["09:00", "09:15", "09:30", "09:45", "10:00", "10:15"].map { "1997-09-02T" + $0 }))
        check(Example(name: "Every hour and a half, 4 occurrences", start: s, rule: "FREQ=MINUTELY;INTERVAL=90;COUNT=4",
                      expected: ["09:00", "10:30", "12:00", "13:30"].map { "1997-09-02T" + $0 }))
        let day1 = (9...16).flatMap { h in [0, 20, 40].map { String(format: "1997-09-02T%02d:%02d", h, $0) } }
        check(Example(name: "Every 20 minutes 9:00–16:40 (daily)", start: s,
                      rule: "FREQ=DAILY;BYHOUR=9,10,11,12,13,14,15,16;BYMINUTE=0,20,40",
                      expected: day1 + ["1997-09-03T09:00"], complete: false))
        check(Example(name: "Every 20 minutes 9:00–16:40 (minutely)", start: s,
                      rule: "FREQ=MINUTELY;INTERVAL=20;BYHOUR=9,10,11,12,13,14,15,16",
                      expected: day1 + ["1997-09-03T09:00"], complete: false))
    }
}
