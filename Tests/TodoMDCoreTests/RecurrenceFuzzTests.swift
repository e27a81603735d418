import Foundation
import XCTest
@testable import TodoMDCore

/// Totality: random rules from random starts (years 1…9999) always end, in order, quickly,
/// and random text never crashes either parser.
final class RecurrenceFuzzTests: XCTestCase {
    func testRandomRulesAlwaysEndInOrder() {
        var g = RecurrenceTestRandom(seed: 7)
        var slowest = (0.0, "")
        for k in 0..<600 {
            let rule = RecurrenceTestRandom.rule(&g)
            let year = [1, 2, 9998, 9999, Int.random(in: 1...9999, using: &g), Int.random(in: 1990...2040, using: &g)][k % 6]
            let month = Int.random(in: 1...12, using: &g)
            let day = Int.random(in: 1...LocalDate.daysInMonth(year: year, month: month), using: &g)
            let date = LocalDate(year: year, month: month, day: day)!
            let start = Bool.random(using: &g) ? RecurrenceInstant(date: date)
                : RecurrenceInstant(date: date, time: RecurrenceTime(hour: Int.random(in: 0...23, using: &g),
                                                                     minute: Int.random(in: 0...59, using: &g),
                                                                     second: [0, 0, 30, 59].randomElement(using: &g)!))
            let t0 = Date()
            let got = rule.occurrences(from: start, limit: 50)
            let dt = Date().timeIntervalSince(t0)
            if dt > slowest.0 { slowest = (dt, "\(rule.rruleString) from \(start)") }
            XCTAssertLessThanOrEqual(got.count, min(50, rule.count ?? 50))
            XCTAssert(zip(got, got.dropFirst()).allSatisfy { $0 < $1 }, "not increasing: \(rule) from \(start)")
            XCTAssert(got.allSatisfy { !($0 < start) && $0.date.year <= 9999 }, "\(rule) from \(start)")
            if let u = rule.until {
                let limit = u.time == nil ? RecurrenceInstant(date: u.date, time: RecurrenceTime(hour: 23, minute: 59, second: 59)) : u
                XCTAssert(got.allSatisfy { !(limit < $0) }, "past UNTIL: \(rule) from \(start)")
            }
        }
        print("RRULE fuzz: slowest \(Int(slowest.0 * 1000)) ms: \(slowest.1)")
        XCTAssertLessThan(slowest.0, 3, slowest.1)
    }

    func testRandomTextNeverCrashesTheParsers() {
        var g = RecurrenceTestRandom(seed: 11)
        let words = ["every", "FREQ=", "DAILY", ";", "=", ",", "on", "the", "last", "1st", "2nd", "-1", "0", "99999999999999999999",
                     "Monday", "mo", "in", "week", "weeks", "at", "9:00", "25:00", "am", "until", "2025-02-30", "20250230",
                     "for", "times", "when", "done", "day", "of", "year", "BYDAY=", "BYSETPOS=", "RRULE:", "DTSTART:", "\n",
                     "selecting", "with", "starting", "if", "it", "is", "a", "January", "3", "and", "or", "Z", "T"]
        for _ in 0..<5000 {
            let text = (0..<Int.random(in: 0...10, using: &g)).map { _ in words.randomElement(using: &g)! }
                .joined(separator: Bool.random(using: &g) ? " " : "")
            if let r = try? RecurrenceRule.parseAny(text) {
                _ = r.occurrences(from: RecurrenceInstant("2025-01-01")!, limit: 3)
                _ = TextRule.describe(r)
                _ = r.rruleString
            }
            _ = try? TextRule.parse(text)
            _ = try? RecurrenceRule(rrule: text)
        }
    }
}
