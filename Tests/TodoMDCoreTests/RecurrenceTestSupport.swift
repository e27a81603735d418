import Foundation
@testable import TodoMDCore

typealias RecurrenceTestRandom = SeededGenerator

/// Random recurrence rules for the fuzz and differential tests.
extension SeededGenerator {
    /// A random rule using every part, in any mix (valid ranges only).
    static func rule(_ g: inout RecurrenceTestRandom) -> RecurrenceRule {
        func some(_ values: [Int], _ p: Double) -> [Int] {
            guard Double.random(in: 0..<1, using: &g) < p else { return [] }
            return (0..<Int.random(in: 1...3, using: &g)).map { _ in values.randomElement(using: &g)! }
        }
        var r = RecurrenceRule(frequency: RecurrenceFrequency.allCases.randomElement(using: &g)!,
                               interval: Bool.random(using: &g) ? 1 : Int.random(in: 2...12, using: &g))
        r.byMonth = some(Array(1...12), 0.3)
        r.byMonthDay = some(Array(1...31) + [-1, -2, -31], 0.3)
        r.byYearDay = some([1, 100, 366, -1, -366], 0.1)
        r.byWeekNo = some([1, 20, 53, -1, -53], 0.1)
        r.bySetPos = some([1, 2, -1, -2, 366], 0.15)
        r.byHour = some(Array(0...23), 0.2)
        r.byMinute = some([0, 15, 30, 59], 0.2)
        r.bySecond = some([0, 30, 59], 0.1)
        if Double.random(in: 0..<1, using: &g) < 0.5 {
            r.byDay = (0..<Int.random(in: 1...5, using: &g)).map { _ in
                let wd = RecurrenceWeekday.allCases.randomElement(using: &g)!
                return Bool.random(using: &g) ? RecurrenceWeekdayNum(wd) : RecurrenceWeekdayNum(wd, ordinal: [1, 2, 5, -1, -2, 53].randomElement(using: &g)!)
            }
        }
        if Double.random(in: 0..<1, using: &g) < 0.2 { r.weekStart = RecurrenceWeekday.allCases.randomElement(using: &g)! }
        switch Int.random(in: 0..<5, using: &g) {
        case 0: r.count = Int.random(in: 1...30, using: &g)
        case 1: r.until = RecurrenceInstant(date: LocalDate(year: 2030, month: 5, day: 17)!)
        case 2:
            r.until = RecurrenceInstant(date: LocalDate(year: 2030, month: 5, day: 17)!, time: RecurrenceTime(hour: 8, minute: 30, second: 5))
            r.untilIsUTC = Bool.random(using: &g)
        default: break
        }
        return r
    }
}
