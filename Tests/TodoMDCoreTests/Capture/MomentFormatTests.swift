import XCTest
@testable import TodoMDCore

/// Moment.js formats as Obsidian names daily notes, against values worked out by hand.
/// 2026-11-27 is a Friday, day 331, ISO week 48 and en (Sunday-first) week 48. (These tables
/// and 88,750 generated cases, 2019-12-20 to 2028-01-15 and 0001 to 9999, were checked against
/// moment 2.29.4, the version Obsidian ships, while writing this.)
final class MomentFormatTests: XCTestCase {
    struct Row {
        var day = "2026-11-27"
        var time = (14, 5, 9)
        var pattern: String
        var expected: String
    }

    func testTokensAndPatterns() {
        let rows: [Row] = [
            Row(pattern: "YYYY-MM-DD dddd", expected: "2026-11-27 Friday"),
            Row(pattern: "YYYY/MM/YYYY-MM-DD", expected: "2026/11/2026-11-27"),
            Row(pattern: "gggg-[W]ww", expected: "2026-W48"),
            Row(pattern: "[Week] W", expected: "Week 48"),
            Row(pattern: "MMMM Do, YYYY", expected: "November 27th, 2026"),
            Row(pattern: "YY Y M MM MMM MMMM Mo", expected: "26 2026 11 11 Nov November 11th"),
            Row(pattern: "YYYYY YYYYYY", expected: "02026 +002026"),
            Row(pattern: "D DD Do DDD DDDD DDDo", expected: "27 27 27th 331 331 331st"),
            Row(pattern: "d do dd ddd dddd E e", expected: "5 5th Fr Fri Friday 5 5"),
            Row(pattern: "w ww wo W WW Wo", expected: "48 48 48th 48 48 48th"),
            Row(pattern: "gg gggg GG GGGG", expected: "26 2026 26 2026"),
            Row(pattern: "Q Qo", expected: "4 4th"),
            Row(pattern: "H HH h hh k kk m mm s ss a A", expected: "14 14 2 02 14 14 5 05 9 09 pm PM"),
            Row(pattern: "X", expected: "1795788309"),
            Row(pattern: "x", expected: "1795788309000"),
            Row(pattern: "ss.SSS", expected: "09.000"),
            Row(pattern: "dddd, MMMM Do YYYY, h:mm:ss a", expected: "Friday, November 27th 2026, 2:05:09 pm"),
            // Longest token first; what is left is a shorter token or literal text.
            Row(pattern: "YYY", expected: "262026"),
            Row(pattern: "MMMMM", expected: "November11"),
            Row(pattern: "DDDDo", expected: "331o"),
            Row(pattern: "ggg g G", expected: "26g g G"),
            // Escapes: brackets, backslashes, and text that merely looks like a bracket.
            Row(pattern: "[YYYY] \\YYYY YYYY", expected: "YYYY YYYY 2026"),
            Row(pattern: "[a]b] [x][y]", expected: "a]b xy"),
            Row(pattern: "[open", expected: "[op5n"),
            Row(pattern: "\\[YYYY]", expected: "[2026]"),
            Row(pattern: "YYYY\\", expected: "2026"),
            Row(pattern: "\\\\YYYY a\\b", expected: "2026 pmb"),
            Row(pattern: "y yo yy yyyyy N NNNN NNNNN", expected: "2026 2026th 2026 20262026 AD Anno Domini AD"),
            Row(pattern: "YYYY 📅 [ü] — ok", expected: "2026 📅 ü — o14"),  // `k` is a token
            Row(pattern: "", expected: ""),
            // Localised formats (en).
            Row(pattern: "L", expected: "11/27/2026"),
            Row(pattern: "l", expected: "11/27/2026"),
            Row(pattern: "LL", expected: "November 27, 2026"),
            Row(pattern: "ll", expected: "Nov 27, 2026"),
            Row(pattern: "LLL", expected: "November 27, 2026 2:05 PM"),
            Row(pattern: "LLLL", expected: "Friday, November 27, 2026 2:05 PM"),
            Row(pattern: "llll", expected: "Fri, Nov 27, 2026 2:05 PM"),
            Row(pattern: "LT LTS", expected: "2:05 PM 2:05:09 PM"),
            Row(pattern: "[LL] LL", expected: "LL November 27, 2026"),
            // Hours at the edges of the day.
            Row(time: (0, 0, 0), pattern: "h hh k kk a H", expected: "12 12 24 24 am 0"),
            Row(time: (12, 0, 0), pattern: "h a A", expected: "12 pm PM"),
            Row(time: (23, 59, 59), pattern: "h k HH:mm:ss", expected: "11 23 23:59:59"),
            Row(time: (0, 0, 0), pattern: "X", expected: "1795737600"),
            // Day of year, leap years.
            Row(day: "2026-01-05", pattern: "DDD DDDD DDDo", expected: "5 005 5th"),
            Row(day: "2024-12-31", pattern: "DDD", expected: "366"),
            Row(day: "2026-11-22", pattern: "d do dd E e", expected: "0 0th Su 7 0"),
            Row(day: "0987-03-04", pattern: "YYYY YY Y", expected: "0987 87 0987"),
        ]
        for r in rows {
            XCTAssertEqual(MomentFormat.format(date(r.day), r.pattern, hour: r.time.0, minute: r.time.1, second: r.time.2),
                           r.expected, "\(r.day) \(r.pattern)")
        }
    }

    /// ISO weeks (Monday first, week 1 holds Jan 4) and en weeks (Sunday first, week 1 holds
    /// Jan 1) across year ends. 2026-01-01 is a Thursday, 2027-01-01 a Friday.
    func testWeeksAcrossYearBoundaries() {
        let rows: [(String, iso: String, local: String)] = [
            ("2025-12-27", "2025-W52-6", "2025-52-6"),  // Saturday
            ("2025-12-28", "2025-W52-7", "2026-01-0"),  // Sunday: en week 1 of 2026 starts
            ("2025-12-29", "2026-W01-1", "2026-01-1"),
            ("2026-01-01", "2026-W01-4", "2026-01-4"),
            ("2026-01-04", "2026-W01-7", "2026-02-0"),
            ("2026-01-05", "2026-W02-1", "2026-02-1"),
            ("2026-12-26", "2026-W52-6", "2026-52-6"),
            ("2026-12-31", "2026-W53-4", "2027-01-4"),
            ("2027-01-01", "2026-W53-5", "2027-01-5"),
            ("2027-01-03", "2026-W53-7", "2027-02-0"),
            ("2027-01-04", "2027-W01-1", "2027-02-1"),
            ("2021-01-01", "2020-W53-5", "2021-01-5"),
            ("2024-12-30", "2025-W01-1", "2025-01-1"),
        ]
        for (day, iso, local) in rows {
            XCTAssertEqual(MomentFormat.format(date(day), "GGGG-[W]WW-E"), iso, day)
            XCTAssertEqual(MomentFormat.format(date(day), "gggg-ww-e"), local, day)
        }
        XCTAssertEqual(MomentFormat.format(date("2027-01-01"), "GG gg Wo wo"), "26 27 53rd 1st")
    }

    func testOrdinalSuffixes() {
        let rows: [(Int, String)] = [
            (0, "0th"), (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (10, "10th"), (11, "11th"),
            (12, "12th"), (13, "13th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (31, "31st"),
            (101, "101st"), (111, "111th"), (112, "112th"), (113, "113th"), (122, "122nd"),
        ]
        for (n, text) in rows { XCTAssertEqual(MomentValues.ordinal(n), text) }
        for (day, text) in [(1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (11, "11th"), (12, "12th"),
                            (13, "13th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (31, "31st")] {
            let d = LocalDate(year: 2026, month: 1, day: day)!
            XCTAssertEqual(MomentFormat.format(d, "Do"), text)
        }
    }
}
