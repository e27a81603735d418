import XCTest
@testable import TodoMDCore

/// Fixed "nows" for the phrase tables. The week of Mon 23 – Sun 29 Nov 2026 (mornings, noon,
/// evenings), month ends, a year end, a leap day, and the days clocks change in Europe and the US.
enum FixedNow {
    static let table: [String: (String, String)] = [
        "mon": ("2026-11-23", "10:00"),
        "tue": ("2026-11-24", "10:00"),
        "wed": ("2026-11-25", "10:00"),
        "thu": ("2026-11-26", "10:00"),
        "thu-late": ("2026-11-26", "18:00"),
        "thu-noon": ("2026-11-26", "12:00"),
        "thu-night": ("2026-11-26", "22:30"),
        "mon-early": ("2026-11-23", "06:30"),
        "oct31": ("2026-10-31", "10:00"),      // a Saturday, the 31st
        "dec31-late": ("2026-12-31", "23:30"),
        "fri": ("2026-11-27", "10:00"),
        "sat": ("2026-11-28", "10:00"),
        "sun": ("2026-11-29", "10:00"),
        "jan31": ("2026-01-31", "10:00"),      // a Saturday
        "dec31": ("2026-12-31", "10:00"),      // a Thursday
        "leap": ("2028-02-29", "10:00"),       // a Tuesday
        "eu-spring": ("2026-03-29", "10:00"),  // Europe springs forward (Sunday)
        "eu-fall": ("2026-10-25", "10:00"),    // Europe falls back (Sunday)
        "us-spring": ("2026-03-08", "10:00"),  // US springs forward (Sunday)
        "us-fall": ("2026-11-01", "10:00"),    // US falls back (Sunday)
    ]

    static func get(_ key: String, file: StaticString = #filePath, line: UInt = #line) -> (LocalDate, LocalTime) {
        guard let (d, t) = table[key], let date = LocalDate(d) else {
            XCTFail("unknown now \(key)", file: file, line: line)
            return (LocalDate(year: 2026, month: 1, day: 1)!, LocalTime(hour: 0, minute: 0)!)
        }
        let parts = t.split(separator: ":").compactMap { Int($0) }
        return (date, LocalTime(hour: parts[0], minute: parts[1])!)
    }
}
