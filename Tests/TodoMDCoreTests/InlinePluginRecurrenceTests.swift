import XCTest
@testable import TodoMDCore

/// Checkbox lines recur by Obsidian Tasks' rules, not plain RFC 5545: month ends clamp, leap days
/// fall back to Feb 28, `when done` counts from today, a date-less line stays date-less, and an
/// impossible reference date gives no next occurrence. Expected values follow the plugin's own
/// tests (tests/Task/Recurrence.test.ts) where it has them.
final class InlinePluginRecurrenceTests: XCTestCase {
    /// The next line the vault would insert when `line` is completed on `today` (nil: none).
    func next(_ line: String, today: String) throws -> String? {
        let t = inlineLine(line)
        let (rule, whenDone) = try RecurrencePlanner.parse(try XCTUnwrap(t.recurrence))
        guard case .next(let dates) = InlinePluginRecurrence.next(of: t, rule: rule, whenDone: whenDone, today: inlineDay(today))
        else { return nil }
        return t.nextOccurrenceLine(dates: dates)
    }

    /// (line, today, expected next line)
    static let monthEnds: [(String, String, String)] = [
        ("- [ ] Rent 🔁 every month 📅 2021-03-31", "2021-03-31", "- [ ] Rent 🔁 every month 📅 2021-04-30"),
        ("- [ ] Rent 🔁 every month 📅 2022-01-31", "2022-01-31", "- [ ] Rent 🔁 every month 📅 2022-02-28"),
        ("- [ ] Rent 🔁 every month 📅 2024-01-31", "2024-01-31", "- [ ] Rent 🔁 every month 📅 2024-02-29"),
        ("- [ ] Rent 🔁 every month 📅 2022-01-15", "2022-01-20", "- [ ] Rent 🔁 every month 📅 2022-02-15"),
        ("- [ ] Q 🔁 every 3 months 📅 2022-01-31", "2022-01-31", "- [ ] Q 🔁 every 3 months 📅 2022-04-30"),
        ("- [ ] B 🔁 every 2 months 📅 2023-12-31", "2023-12-31", "- [ ] B 🔁 every 2 months 📅 2024-02-29"),
        ("- [ ] E 🔁 every 11 months 📅 2020-03-31", "2020-03-31", "- [ ] E 🔁 every 11 months 📅 2021-02-28"),
        ("- [ ] T 🔁 every 13 months 📅 2020-01-31", "2020-01-31", "- [ ] T 🔁 every 13 months 📅 2021-02-28"),
        // A fixed month day keeps RFC 5545 skipping (the plugin clamps only rules without " on ").
        ("- [ ] F 🔁 every month on the 31st 📅 2022-01-31", "2022-01-31", "- [ ] F 🔁 every month on the 31st 📅 2022-03-31"),
        ("- [ ] L 🔁 every month on the last 📅 2022-01-31", "2022-01-31", "- [ ] L 🔁 every month on the last 📅 2022-02-28"),
        // Every date moves by the reference date's step, so "starts a week before" holds.
        ("- [ ] S 🔁 every month 🛫 2021-03-24 📅 2021-03-31", "2021-03-31", "- [ ] S 🔁 every month 🛫 2021-04-23 📅 2021-04-30"),
        ("- [ ] D  [repeat:: every month]  [due:: 2021-03-31]", "2021-03-31", "- [ ] D  [repeat:: every month]  [due:: 2021-04-30]"),
    ]

    static let leapDays: [(String, String, String)] = [
        ("- [ ] Y 🔁 every year 📅 2020-02-29", "2020-02-29", "- [ ] Y 🔁 every year 📅 2021-02-28"),
        ("- [ ] Y 🔁 every 2 years 📅 2024-02-29", "2024-02-29", "- [ ] Y 🔁 every 2 years 📅 2026-02-28"),
        ("- [ ] Y 🔁 every 4 years 📅 2020-02-29", "2020-02-29", "- [ ] Y 🔁 every 4 years 📅 2024-02-29"),
        ("- [ ] Y 🔁 every year 📅 2021-02-28", "2021-02-28", "- [ ] Y 🔁 every year 📅 2022-02-28"),
        // Naming the day keeps it on leap days only.
        ("- [ ] P 🔁 every year on February the 29th 📅 2020-02-29", "2020-02-29",
         "- [ ] P 🔁 every year on February the 29th 📅 2024-02-29"),
        ("- [ ] P 🔁 every year on February the 29th 📅 2021-02-28", "2021-02-28",
         "- [ ] P 🔁 every year on February the 29th 📅 2024-02-29"),
    ]

    static let whenDone: [(String, String, String)] = [
        ("- [ ] W 🔁 every month when done 📅 2021-01-15", "2021-03-31", "- [ ] W 🔁 every month when done 📅 2021-04-30"),
        ("- [ ] W 🔁 every year when done ⏳ 2019-05-01", "2020-02-29", "- [ ] W 🔁 every year when done ⏳ 2021-02-28"),
        ("- [ ] W 🔁 every week when done 🛫 2021-03-20 📅 2021-03-24", "2021-03-31",
         "- [ ] W 🔁 every week when done 🛫 2021-04-03 📅 2021-04-07"),
        ("- [ ] W 🔁 every month when done", "2022-01-31", "- [ ] W 🔁 every month when done"),
    ]

    static let dateLess: [(String, String, String)] = [
        ("- [ ] Stretch 🔁 every day", "2026-01-06", "- [ ] Stretch 🔁 every day"),
        ("- [x] Stretch 🔁 every week ✅ 2026-01-06 ^s1", "2026-01-06", "- [ ] Stretch 🔁 every week"),
        ("- [ ] Stretch  [repeat:: every month]", "2026-01-31", "- [ ] Stretch  [repeat:: every month]"),
    ]

    func check(_ rows: [(String, String, String)], file: StaticString = #filePath, line: UInt = #line) throws {
        for (from, today, expected) in rows {
            XCTAssertEqual(try next(from, today: today), expected, "from \(from) on \(today)", file: file, line: line)
        }
    }

    func testMonthEndsClampLikeThePlugin() throws { try check(Self.monthEnds) }
    func testLeapDays() throws { try check(Self.leapDays) }
    func testWhenDoneCountsFromToday() throws { try check(Self.whenDone) }
    func testDateLessStaysDateLess() throws { try check(Self.dateLess) }

    func testFebruaryTheTwentyNinthIsUnderstood() throws {
        let r = try TextRule.parse("every year on February the 29th").rule
        XCTAssertEqual(r.frequency, .yearly)
        XCTAssertEqual(r.byMonth, [2])
        XCTAssertEqual(r.byMonthDay, [29])
        XCTAssertEqual(try TextRule.parse("every year on February 29th").rule, r)
    }

    /// The reference date alone (rule, start, expected).
    func testNextReferenceDateTable() throws {
        let rows: [(String, String, String)] = [
            ("every month", "2021-01-31", "2021-02-28"),
            ("every month", "2021-05-31", "2021-06-30"),
            ("every month", "2021-12-31", "2022-01-31"),
            ("every 6 months", "2021-08-31", "2022-02-28"),
            ("every year", "2024-02-29", "2025-02-28"),
            ("every week", "2021-01-31", "2021-02-07"),
            ("every day", "2021-02-28", "2021-03-01"),
            ("every month on the 30th", "2021-01-30", "2021-03-30"),
        ]
        for (text, from, expected) in rows {
            let rule = try TextRule.parse(text).rule
            XCTAssertEqual(InlinePluginRecurrence.nextReferenceDate(rule: rule, from: inlineDay(from)), inlineDay(expected), "\(text) from \(from)")
        }
    }

    func testImpossibleDates() throws {
        // The field is read (it leaves the title) but holds no date; the line reports it.
        let t = inlineLine("- [ ] Pay 🔁 every day 📅 2022-02-30")
        XCTAssertEqual(t.title, "Pay")
        XCTAssertNotNil(t.field(.due))
        XCTAssertNil(t.due)
        XCTAssertEqual(t.problems, ["due date 2022-02-30 is not a valid date"])
        XCTAssertNil(inlineLine("- [ ] Pay  [due:: 2022-02-30]").due)
        // An impossible reference date: the plugin cannot anchor the rule, so no next occurrence.
        let (rule, _) = try RecurrencePlanner.parse("every day")
        XCTAssertEqual(InlinePluginRecurrence.next(of: t, rule: rule, whenDone: false, today: inlineDay("2022-03-01")),
                       .invalidReference(.due, "2022-02-30"))
        XCTAssertNil(try next("- [ ] Pay 🔁 every day 📅 2022-02-30", today: "2022-03-01"))
        // A lower-priority impossible date takes the new reference date.
        XCTAssertEqual(try next("- [ ] Pay 🔁 every day ⏳ 2022-02-30 📅 2022-02-27", today: "2022-02-27"),
                       "- [ ] Pay 🔁 every day ⏳ 2022-02-28 📅 2022-02-28")
        // `when done` counts from today, so it still recurs; the impossible date becomes the new one.
        XCTAssertEqual(try next("- [ ] Pay 🔁 every day when done 📅 2022-02-30", today: "2022-03-05"),
                       "- [ ] Pay 🔁 every day when done 📅 2022-03-06")
    }

    // MARK: - Through the vault

    /// `next_occurrences` of a checkbox task shows what completing it would write, one after another.
    func testPreviewFollowsThePluginRules() throws {
        let dir = TempDir()
        dir.write("n.md", "- [ ] Rent 🔁 every month 📅 2021-01-31\n- [ ] W 🔁 every year when done 📅 2019-05-01\n- [ ] Loose 🔁 every day\n")
        let tasks = Vault(root: dir.path, clock: clock("2020-02-29T10:00")).load().tasks
        func preview(_ i: Int) -> [String] {
            RecurrencePlanner.preview(tasks[i], mode: tasks[i].effectiveRepeatMode, completionDay: inlineDay("2020-02-29"),
                                      today: inlineDay("2020-02-29"), limit: 3).map(\.description)
        }
        XCTAssertEqual(preview(0), ["2021-02-28", "2021-03-28", "2021-04-28"])
        XCTAssertEqual(preview(1), ["2021-02-28"])
        XCTAssertEqual(preview(2), [])
    }

    func complete(_ note: String, on day: String) throws -> (String, [String]) {
        let dir = TempDir()
        dir.write("n.md", note)
        let vault = Vault(root: dir.path, clock: clock("\(day)T10:00"))
        let r = try TaskLifecycle(vault: vault).complete(vault.load().tasks[0])
        return (dir.read("n.md"), r.messages)
    }

    func testVaultCompletionUsesThePluginRules() throws {
        var (text, messages) = try complete("- [ ] Rent 🔁 every month 📅 2021-03-31\n", on: "2021-03-31")
        XCTAssertEqual(text, "- [ ] Rent 🔁 every month 📅 2021-04-30\n- [x] Rent 🔁 every month 📅 2021-03-31 ✅ 2021-03-31\n")
        XCTAssertEqual(messages, ["next: a new line above, due Fri 30 Apr"])

        (text, messages) = try complete("- [ ] Stretch 🔁 every day\n", on: "2021-03-31")
        XCTAssertEqual(text, "- [ ] Stretch 🔁 every day\n- [x] Stretch 🔁 every day ✅ 2021-03-31\n")
        XCTAssertEqual(messages, ["next: a new line above, without dates"])

        (text, messages) = try complete("- [ ] Pay 🔁 every day 📅 2022-02-30\n", on: "2022-03-01")
        XCTAssertEqual(text, "- [x] Pay 🔁 every day 📅 2022-02-30 ✅ 2022-03-01\n")
        XCTAssertEqual(messages, ["📅 2022-02-30 is not a real date; no next occurrence was added"])
    }
}
