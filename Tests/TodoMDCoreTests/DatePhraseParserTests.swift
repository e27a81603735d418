import XCTest
@testable import TodoMDCore

final class DatePhraseParserTests: XCTestCase {
    /// (phrase, now key, expected `YYYY-MM-DD[THH:MM]` or nil for "not a date").
    static let table: [(String, String, String?)] = [
        // today / tomorrow / yesterday
        ("today", "thu", "2026-11-26"),
        ("Today", "thu", "2026-11-26"),
        ("tod", "thu", "2026-11-26"),
        ("tomorrow", "thu", "2026-11-27"),
        ("TOMORROW", "thu", "2026-11-27"),
        ("tom", "thu", "2026-11-27"),
        ("tmr", "thu", "2026-11-27"),
        ("tmrw", "thu", "2026-11-27"),
        ("yesterday", "thu", "2026-11-25"),
        ("day after tomorrow", "thu", "2026-11-28"),
        ("the day after tomorrow", "dec31", "2027-01-02"),
        ("tomorrow", "jan31", "2026-02-01"),
        ("tomorrow", "dec31", "2027-01-01"),
        ("tomorrow", "leap", "2028-03-01"),
        ("yesterday", "leap", "2028-02-28"),
        // bare weekdays: strictly after today
        ("friday", "mon", "2026-11-27"),
        ("friday", "thu", "2026-11-27"),
        ("friday", "fri", "2026-12-04"),
        ("friday", "sat", "2026-12-04"),
        ("Friday", "sun", "2026-12-04"),
        ("fri", "wed", "2026-11-27"),
        ("monday", "sun", "2026-11-30"),
        ("mon", "thu", "2026-11-30"),
        ("tue", "thu", "2026-12-01"),
        ("tues", "thu", "2026-12-01"),
        ("tuesday", "tue", "2026-12-01"),
        ("wed", "thu", "2026-12-02"),
        ("wednesday", "tue", "2026-11-25"),
        ("thu", "thu", "2026-12-03"),
        ("thur", "mon", "2026-11-26"),
        ("thurs", "mon", "2026-11-26"),
        ("thursday", "fri", "2026-12-03"),
        ("sat", "thu", "2026-11-28"),
        ("saturday", "sat", "2026-12-05"),
        ("sun", "thu", "2026-11-29"),
        ("sunday", "sun", "2026-12-06"),
        ("saturday", "jan31", "2026-02-07"),
        ("thursday", "dec31", "2027-01-07"),
        ("wednesday", "leap", "2028-03-01"),
        // this <weekday>: this Mon–Sun week, today counts, past → next week
        ("this friday", "mon", "2026-11-27"),
        ("this friday", "fri", "2026-11-27"),
        ("this friday", "sat", "2026-12-04"),
        ("this friday", "sun", "2026-12-04"),
        ("this monday", "mon", "2026-11-23"),
        ("this monday", "wed", "2026-11-30"),
        ("this sunday", "mon", "2026-11-29"),
        ("this sun", "sun", "2026-11-29"),
        ("This Wed", "tue", "2026-11-25"),
        // next <weekday>: that day of next week
        ("next friday", "thu", "2026-12-04"),
        ("next friday", "mon", "2026-12-04"),
        ("next friday", "fri", "2026-12-04"),
        ("next friday", "sun", "2026-12-04"),
        ("next monday", "sun", "2026-11-30"),
        ("next monday", "mon", "2026-11-30"),
        ("next sunday", "mon", "2026-12-06"),
        ("next sat", "wed", "2026-12-05"),
        ("next thursday", "dec31", "2027-01-07"),
        // next week / month / year
        ("next week", "mon", "2026-11-30"),
        ("next week", "thu", "2026-11-30"),
        ("next week", "sun", "2026-11-30"),
        ("next week", "dec31", "2027-01-04"),
        ("next month", "thu", "2026-12-01"),
        ("next month", "jan31", "2026-02-01"),
        ("next month", "dec31", "2027-01-01"),
        ("next month", "leap", "2028-03-01"),
        ("next year", "thu", "2027-01-01"),
        ("next year", "dec31", "2027-01-01"),
        // weekends
        ("this weekend", "mon", "2026-11-28"),
        ("this weekend", "fri", "2026-11-28"),
        ("this weekend", "sat", "2026-11-28"),
        ("this weekend", "sun", "2026-11-29"),
        ("next weekend", "mon", "2026-12-05"),
        ("next weekend", "sat", "2026-12-05"),
        ("next weekend", "sun", "2026-12-05"),
        // in N units, N units, +Nx
        ("in 3 days", "thu", "2026-11-29"),
        ("in three days", "thu", "2026-11-29"),
        ("in 0 days", "thu", "2026-11-26"),
        ("in 1 day", "dec31", "2027-01-01"),
        ("in a week", "thu", "2026-12-03"),
        ("in one week", "thu", "2026-12-03"),
        ("in 2 weeks", "thu", "2026-12-10"),
        ("in 1 month", "jan31", "2026-02-28"),
        ("in a month", "leap", "2028-03-29"),
        ("in twelve months", "thu", "2027-11-26"),
        ("in 1 year", "leap", "2029-02-28"),
        ("in an year", "thu", "2027-11-26"),
        ("in 2 years", "jan31", "2028-01-31"),
        ("3 days", "thu", "2026-11-29"),
        ("two weeks", "thu", "2026-12-10"),
        ("1 month", "dec31", "2027-01-31"),
        ("+3d", "thu", "2026-11-29"),
        ("+2w", "thu", "2026-12-10"),
        ("+1m", "jan31", "2026-02-28"),
        ("+1y", "leap", "2029-02-28"),
        ("+10d", "dec31", "2027-01-10"),
        ("+3", "thu", nil),
        ("+3x", "thu", nil),
        // month + day
        ("march 1", "thu", "2027-03-01"),
        ("march 1", "jan31", "2026-03-01"),
        ("mar 1st", "jan31", "2026-03-01"),
        ("1 march", "jan31", "2026-03-01"),
        ("1st of march", "jan31", "2026-03-01"),
        ("the 1st of march", "jan31", "2026-03-01"),
        ("March 1 2027", "jan31", "2027-03-01"),
        ("1 march 2027", "jan31", "2027-03-01"),
        ("november 26", "thu", "2026-11-26"),
        ("nov 25", "thu", "2027-11-25"),
        ("dec 31", "dec31", "2026-12-31"),
        ("jan 1", "dec31", "2027-01-01"),
        ("feb 29", "thu", "2028-02-29"),
        ("feb 29", "leap", "2028-02-29"),
        ("feb 28", "leap", "2029-02-28"),
        ("may 5", "thu", "2027-05-05"),
        ("sept 9", "thu", "2027-09-09"),
        ("5 may 2030", "thu", "2030-05-05"),
        ("feb 30", "thu", nil),
        ("feb 29 2027", "thu", nil),
        ("march 32", "thu", nil),
        ("march", "thu", nil),
        ("may", "thu", nil),
        // the Nth
        ("the 15th", "thu", "2026-12-15"),
        ("the 26th", "thu", "2026-11-26"),
        ("the 15", "thu", "2026-12-15"),
        ("15th", "jan31", "2026-02-15"),
        ("the 31st", "leap", "2028-03-31"),
        ("the 30th", "jan31", "2026-03-30"),
        ("the 29th", "jan31", "2026-03-29"),
        ("the 29th", "leap", "2028-02-29"),
        ("15", "thu", nil),
        ("32nd", "thu", nil),
        // ISO
        ("2026-03-01", "thu", "2026-03-01"),
        ("2028-02-29", "thu", "2028-02-29"),
        ("2026-02-29", "thu", nil),
        ("2026-03-01T17:00", "thu", "2026-03-01T17:00"),
        // end of …
        ("end of month", "thu", "2026-11-30"),
        ("end of the month", "thu", "2026-11-30"),
        ("eom", "jan31", "2026-01-31"),
        ("eom", "leap", "2028-02-29"),
        ("end of week", "thu", "2026-11-29"),
        ("eow", "sun", "2026-11-29"),
        ("eow", "mon", "2026-11-29"),
        ("end of year", "thu", "2026-12-31"),
        ("eoy", "dec31", "2026-12-31"),
        // mid <month>
        ("mid january", "thu", "2027-01-15"),
        ("mid-january", "jan31", "2027-01-15"),
        ("mid march", "jan31", "2026-03-15"),
        ("mid-dec", "thu", "2026-12-15"),
        ("mid-jan", "thu", "2027-01-15"),
        ("Mid-January", "thu", "2027-01-15"),
        ("mid", "thu", nil),
        ("mid-month", "thu", nil),
        ("mid-december", "dec31", "2027-12-15"),
        // times (now 10:00 unless thu-late)
        ("at 5pm", "thu", "2026-11-26T17:00"),
        ("5:30pm", "thu", "2026-11-26T17:30"),
        ("5 pm", "thu", "2026-11-26T17:00"),
        ("17:00", "thu", "2026-11-26T17:00"),
        ("at 9", "thu", "2026-11-26T21:00"),  // a bare hour: the next waking reading (09:00 has passed)
        ("at 9", "mon-early", "2026-11-23T09:00"),
        ("at 9", "thu-night", "2026-11-27T09:00"),
        ("at 3", "thu-noon", "2026-11-26T15:00"),
        ("at 3", "thu-night", "2026-11-27T15:00"),
        ("at 6", "mon-early", "2026-11-23T18:00"),
        ("at 11", "thu-noon", "2026-11-27T11:00"),
        ("at 10", "thu", "2026-11-26T10:00"),
        ("at 12", "thu", "2026-11-26T12:00"),
        ("at 09", "thu", "2026-11-27T09:00"),  // a leading zero is the 24-hour clock
        ("at 0", "thu", "2026-11-27T00:00"),
        ("today at 5", "thu", "2026-11-26T17:00"),
        ("today at 5", "thu-night", "2026-11-26T17:00"),
        ("today at 8", "thu-noon", "2026-11-26T20:00"),
        ("friday at 8", "thu-noon", "2026-11-27T08:00"),
        ("at 4 tomorrow", "thu", "2026-11-27T16:00"),
        // parts of the day, end of day, relative hours
        ("tomorrow morning", "thu", "2026-11-27T09:00"),
        ("tomorrow afternoon", "thu", "2026-11-27T15:00"),
        ("tomorrow evening", "dec31", "2027-01-01T18:00"),
        ("tomorrow night", "thu", "2026-11-27T20:00"),
        ("monday morning", "sat", "2026-11-30T09:00"),
        ("next friday evening", "thu", "2026-12-04T18:00"),
        ("tonight", "thu", "2026-11-26T20:00"),
        ("tonight", "thu-night", "2026-11-26"),  // past 20:00: just today
        ("this morning", "mon-early", "2026-11-23T09:00"),
        ("this afternoon", "thu-noon", "2026-11-26T15:00"),
        ("this evening", "thu", "2026-11-26T18:00"),
        ("eod", "thu", "2026-11-26T17:00"),
        ("eod", "thu-late", "2026-11-26"),
        ("end of day", "thu-noon", "2026-11-26T17:00"),
        ("end of the day", "oct31", "2026-10-31T17:00"),
        ("in 2 hours", "thu", "2026-11-26T12:00"),
        ("in 2 hours", "thu-night", "2026-11-27T00:30"),
        ("in 2 hours", "dec31-late", "2027-01-01T01:30"),
        ("in 30 min", "thu", "2026-11-26T10:30"),
        ("in 30 minutes", "dec31-late", "2027-01-01T00:00"),
        ("in an hour", "thu-noon", "2026-11-26T13:00"),
        ("in half an hour", "thu", "2026-11-26T10:30"),
        ("in two hrs", "thu", "2026-11-26T12:00"),
        ("in 2h", "thu", "2026-11-26T12:00"),
        ("in 90m", "thu", "2026-11-26T11:30"),
        ("in 1h30m", "thu", "2026-11-26T11:30"),
        ("in 25 hours", "thu", "2026-11-27T11:00"),
        ("at 17", "thu", "2026-11-26T17:00"),
        ("at 10:00", "thu", "2026-11-26T10:00"),
        ("at 9:59", "thu", "2026-11-27T09:59"),
        ("noon", "thu", "2026-11-26T12:00"),
        ("noon", "thu-late", "2026-11-27T12:00"),
        ("midnight", "thu", "2026-11-27T00:00"),
        ("12am", "thu", "2026-11-27T00:00"),
        ("12pm", "thu", "2026-11-26T12:00"),
        ("at 5pm", "thu-late", "2026-11-27T17:00"),
        ("at 11pm", "dec31", "2026-12-31T23:00"),
        ("at 9am", "dec31", "2027-01-01T09:00"),
        ("tomorrow at 9am", "thu", "2026-11-27T09:00"),
        ("tomorrow 9am", "thu", "2026-11-27T09:00"),
        ("tomorrow at 9", "thu", "2026-11-27T09:00"),
        ("tomorrow midnight", "thu", "2026-11-27T00:00"),
        ("friday 17:00", "thu", "2026-11-27T17:00"),
        ("at 5pm tomorrow", "thu", "2026-11-27T17:00"),
        ("march 1 at 5pm", "jan31", "2026-03-01T17:00"),
        ("next friday at noon", "thu", "2026-12-04T12:00"),
        ("in 3 days at 9:30am", "thu", "2026-11-29T09:30"),
        ("13pm", "thu", nil),
        ("25:00", "thu", nil),
        ("at 24", "thu", nil),
        ("9:5", "thu", nil),
        ("tomorrow 9", "thu", nil),
        // clock-change days: no shift, times kept as typed (02:30 need not exist locally)
        ("tomorrow", "eu-spring", "2026-03-30"),
        ("today at 2:30am", "eu-spring", "2026-03-29T02:30"),
        ("at 2:30am", "eu-spring", "2026-03-30T02:30"),
        ("in 1 week", "eu-spring", "2026-04-05"),
        ("next week", "eu-spring", "2026-03-30"),
        ("tomorrow", "eu-fall", "2026-10-26"),
        ("yesterday", "eu-fall", "2026-10-24"),
        ("today at 2:30", "eu-fall", "2026-10-25T02:30"),
        ("tomorrow", "us-spring", "2026-03-09"),
        ("next sunday", "us-spring", "2026-03-15"),
        ("sunday", "us-spring", "2026-03-15"),
        ("this weekend", "us-fall", "2026-11-01"),
        ("eow", "us-fall", "2026-11-01"),
        ("tomorrow at 1:30am", "us-fall", "2026-11-02T01:30"),
        // not dates
        ("", "thu", nil),
        ("5", "thu", nil),
        ("the", "thu", nil),
        ("next", "thu", nil),
        ("in 3", "thu", nil),
        ("friday deadline", "thu", nil),
        ("someday", "thu", nil),
        ("every friday", "thu", nil),
        ("morning", "thu", nil),
        ("in 2", "thu", nil),
        ("in 2 h30", "thu", nil),
        ("12/3", "thu", nil),  // numeric dates need a date order
    ]

    func testTable() {
        XCTAssertGreaterThanOrEqual(Self.table.count, 150)
        for (phrase, nowKey, expected) in Self.table {
            let (today, now) = FixedNow.get(nowKey)
            let got = DatePhraseParser(today: today, now: now).parse(phrase)
            XCTAssertEqual(got?.description, expected, "\(phrase) @ \(nowKey)")
        }
    }

    /// Numeric dates in each date order: month/day, day/month, and year first.
    func testNumericDatesFollowTheDateOrder() {
        let (today, now) = FixedNow.get("thu")  // 2026-11-26
        let rows: [(String, DateOrder, String?)] = [
            ("12/3", .mdy, "2026-12-03"), ("3/12", .mdy, "2027-03-12"), ("12/3", .dmy, "2027-03-12"),
            ("3/12", .dmy, "2026-12-03"), ("12/3", .ymd, "2026-12-03"), ("2027/3/12", .ymd, "2027-03-12"),
            ("12/3/2027", .mdy, "2027-12-03"), ("12/3/27", .dmy, "2027-03-12"), ("11/26", .mdy, "2026-11-26"),
            ("11/25", .mdy, "2027-11-25"), ("2/29", .mdy, "2028-02-29"), ("13/1", .mdy, nil), ("1/13", .dmy, nil),
            ("2/30", .mdy, nil), ("12/3/202", .mdy, nil), ("1/2/3", .mdy, nil), ("12/", .mdy, nil), ("/3", .mdy, nil),
            ("1//3", .mdy, nil), ("12/3 at 5pm", .mdy, "2026-12-03T17:00"),
        ]
        for (phrase, order, expected) in rows {
            let got = DatePhraseParser(today: today, now: now, dateOrder: order).parse(phrase)
            XCTAssertEqual(got?.description, expected, "\(phrase) in \(order)")
        }
    }

    /// The locale's date order: `LC_ALL` over `LC_TIME` over `LANG`.
    func testDateOrderFromTheEnvironment() {
        let rows: [([String: String], DateOrder?)] = [
            (["LANG": "en_US.UTF-8"], .mdy), (["LANG": "en_GB.UTF-8"], .dmy), (["LANG": "de_DE.UTF-8"], .dmy),
            (["LANG": "fr_FR"], .dmy), (["LANG": "ja_JP.UTF-8"], .ymd), (["LANG": "zh"], .ymd), (["LANG": "en"], .mdy),
            (["LANG": "de_DE@euro"], .dmy), (["LANG": "C"], nil), (["LANG": "POSIX"], nil), ([:], nil), (["LANG": ""], nil),
            (["LANG": "en_US.UTF-8", "LC_TIME": "en_GB.UTF-8"], .dmy),
            (["LANG": "en_GB.UTF-8", "LC_TIME": "en_GB.UTF-8", "LC_ALL": "en_US.UTF-8"], .mdy),
            (["LC_ALL": "", "LANG": "en_AU.UTF-8"], .dmy),
        ]
        for (env, expected) in rows {
            XCTAssertEqual(DateOrder.fromEnvironment(env), expected, "\(env)")
        }
    }

    /// Words that are also ordinary words need context in running text, but not when the whole
    /// phrase is known to be a date.
    func testAmbiguousWordsNeedContextInRunningText() {
        let p = DatePhraseParser(today: LocalDate("2026-11-26")!, now: LocalTime(hour: 10, minute: 0)!)
        for w in ["sun", "sat", "wed", "tom", "tod", "17:00", "noon", "midnight"] {
            XCTAssertNil(p.match([w], at: 0, allowAmbiguous: false), w)
            XCTAssertNotNil(p.match([w], at: 0, allowAmbiguous: true), w)
        }
        XCTAssertEqual(p.match(["next", "sun"], at: 0, allowAmbiguous: false)?.value.description, "2026-12-06")
        XCTAssertEqual(p.match(["at", "noon"], at: 0, allowAmbiguous: false)?.value.description, "2026-11-26T12:00")
        XCTAssertEqual(p.match(["friday", "17:00"], at: 0, allowAmbiguous: false)?.value.description,
                       "2026-11-27T17:00")
    }

    func testInitFromInstant() {
        // 2026-03-29 00:30 UTC is 01:30 CET (just before Europe springs forward) and
        // 2026-03-28 20:30 in New York.
        let instant = Date(timeIntervalSince1970: Double(LocalDate("2026-03-29")!.dayNumber) * 86_400 + 1_800)
        let berlin = DatePhraseParser(instant: instant, in: TimeZone(identifier: "Europe/Berlin")!)
        XCTAssertEqual(berlin.today, LocalDate("2026-03-29"))
        XCTAssertEqual(berlin.now, LocalTime(hour: 1, minute: 30))
        let ny = QuickEntryParser(instant: instant, in: TimeZone(identifier: "America/New_York")!)
        XCTAssertEqual(ny.dates.today, LocalDate("2026-03-28"))
        XCTAssertEqual(ny.dates.now, LocalTime(hour: 20, minute: 30))
        XCTAssertEqual(ny.parse("Call at 9pm").due?.description, "2026-03-28T21:00")
    }

    /// The longest phrase wins and reports how many words it used.
    func testMatchIsLongestPrefix() {
        let p = DatePhraseParser(today: LocalDate("2026-11-26")!, now: LocalTime(hour: 10, minute: 0)!)
        let words = ["next", "friday", "at", "5pm", "please"]
        XCTAssertEqual(p.match(words, at: 0), .init(value: LocalDateTime("2026-12-04T17:00")!, wordCount: 4))
        XCTAssertEqual(p.match(words, at: 1)?.wordCount, 3)
        XCTAssertNil(p.match(words, at: 4))
        XCTAssertNil(p.match(words, at: 9))
    }

    /// "today" comes from an instant seen in a zone; every day of two years, in zones that change
    /// clocks, phrases land exactly on the day arithmetic says: no DST shift can creep in.
    func testNoShiftAcrossClockChanges() {
        let zones = ["Europe/Berlin", "America/New_York", "Europe/London", "Australia/Sydney"]
            .compactMap(TimeZone.init(identifier:))
        XCTAssertEqual(zones.count, 4)
        let start = LocalDate("2026-01-01")!
        for zone in zones {
            for k in 0..<(365 * 2) {
                let day = start.adding(days: k)
                // 00:30 and 23:30 local: the edges of the day, where a shift would show first.
                for (h, m) in [(0, 30), (12, 0), (23, 30)] {
                    var cal = Calendar(identifier: .gregorian)
                    cal.timeZone = zone
                    let comps = DateComponents(year: day.year, month: day.month, day: day.day, hour: h, minute: m)
                    guard let instant = cal.date(from: comps) else { return XCTFail("no instant") }
                    let today = LocalDate(instant, in: zone)
                    XCTAssertEqual(today, day, "\(zone.identifier) \(day) \(h):\(m)")
                    let p = DatePhraseParser(today: today, now: LocalTime(hour: 12, minute: 0)!)
                    XCTAssertEqual(p.parse("tomorrow")?.date, day.adding(days: 1))
                    XCTAssertEqual(p.parse("in 1 week")?.date, day.adding(days: 7))
                    XCTAssertEqual(p.parse("yesterday")?.date, day.adding(days: -1))
                    XCTAssertEqual(p.parse("tomorrow at 2:30am"),
                                   LocalDateTime(date: day.adding(days: 1), time: LocalTime(hour: 2, minute: 30)))
                }
            }
        }
    }
}
