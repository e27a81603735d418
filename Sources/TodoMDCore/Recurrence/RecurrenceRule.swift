import Foundation

/// The `FREQ` of an RRULE.
public enum RecurrenceFrequency: String, CaseIterable, Sendable, Hashable {
    case yearly = "YEARLY", monthly = "MONTHLY", weekly = "WEEKLY", daily = "DAILY"
    case hourly = "HOURLY", minutely = "MINUTELY", secondly = "SECONDLY"

    /// python-dateutil's numbering (YEARLY = 0 … SECONDLY = 6): a larger rank is a finer frequency.
    var rank: Int {
        switch self {
        case .yearly: return 0
        case .monthly: return 1
        case .weekly: return 2
        case .daily: return 3
        case .hourly: return 4
        case .minutely: return 5
        case .secondly: return 6
        }
    }
}

/// A day of the week, ISO numbered like `LocalDate.weekday` (1 = Monday … 7 = Sunday).
public enum RecurrenceWeekday: Int, CaseIterable, Sendable, Hashable, Comparable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The two-letter RRULE code (`MO` … `SU`).
    public var code: String { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue - 1] }
    /// The English name (`Monday` …).
    public var name: String {
        ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"][rawValue - 1]
    }
    public init?(code: String) {
        guard let i = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].firstIndex(of: code.uppercased()) else { return nil }
        self.init(rawValue: i + 1)
    }
    /// dateutil's 0 = Monday numbering, used by the engine's masks.
    var index0: Int { rawValue - 1 }
    public static func < (a: RecurrenceWeekday, b: RecurrenceWeekday) -> Bool { a.rawValue < b.rawValue }
}

/// One `BYDAY` entry: a weekday, optionally with an ordinal (`2TU`, `-1FR`).
public struct RecurrenceWeekdayNum: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var ordinal: Int?
    public var weekday: RecurrenceWeekday

    public init(_ weekday: RecurrenceWeekday, ordinal: Int? = nil) {
        self.weekday = weekday
        self.ordinal = ordinal
    }

    /// `MO`, `2TU`, `-1FR`.
    public var description: String { (ordinal.map(String.init) ?? "") + weekday.code }

    /// Canonical order: by weekday, the plain entry first, then ordinals ascending (`MO,-1MO,2MO`).
    public static func < (a: RecurrenceWeekdayNum, b: RecurrenceWeekdayNum) -> Bool {
        (a.weekday.rawValue, a.ordinal == nil ? 0 : 1, a.ordinal ?? 0) < (b.weekday.rawValue, b.ordinal == nil ? 0 : 1, b.ordinal ?? 0)
    }
}

/// The error thrown for a malformed RRULE or text rule; `message` names the offending part.
public struct RecurrenceRuleError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    public let message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
    public var errorDescription: String? { message }
}

/// An RFC 5545 §3.3.10 recurrence rule. Lists are kept deduplicated and sorted so that two
/// rules meaning the same thing compare equal and serialise identically.
public struct RecurrenceRule: Hashable, Sendable, CustomStringConvertible {
    public var frequency: RecurrenceFrequency
    /// INTERVAL, at least 1.
    public var interval: Int = 1
    /// COUNT (mutually exclusive with `until`).
    public var count: Int?
    /// UNTIL, inclusive; date-only or date-time. A date-only UNTIL includes that whole day.
    public var until: RecurrenceInstant?
    /// Whether UNTIL was written in UTC form (`…Z`); kept only so serialisation preserves it.
    public var untilIsUTC: Bool = false
    // The BYxxx parts; an empty list means the part is absent. Assigning sorts and deduplicates.
    public var bySecond: [Int] = [] { didSet { bySecond = Self.norm(bySecond) } }
    public var byMinute: [Int] = [] { didSet { byMinute = Self.norm(byMinute) } }
    public var byHour: [Int] = [] { didSet { byHour = Self.norm(byHour) } }
    public var byDay: [RecurrenceWeekdayNum] = [] { didSet { byDay = Array(Set(byDay)).sorted() } }
    public var byMonthDay: [Int] = [] { didSet { byMonthDay = Self.norm(byMonthDay) } }
    public var byYearDay: [Int] = [] { didSet { byYearDay = Self.norm(byYearDay) } }
    public var byWeekNo: [Int] = [] { didSet { byWeekNo = Self.norm(byWeekNo) } }
    public var byMonth: [Int] = [] { didSet { byMonth = Self.norm(byMonth) } }
    public var bySetPos: [Int] = [] { didSet { bySetPos = Self.norm(bySetPos) } }
    /// WKST; nil means the default, Monday.
    public var weekStart: RecurrenceWeekday?
    /// A DTSTART carried inside the rule text (TaskNotes writes `DTSTART:20250804;FREQ=…`).
    public var start: RecurrenceStart?
    /// Whether that DTSTART was written in UTC form (`…Z`).
    public var startIsUTC: Bool = false

    public init(frequency: RecurrenceFrequency, interval: Int = 1) {
        self.frequency = frequency
        self.interval = interval
    }

    /// Positives ascending, then negatives ascending (`1,15,-1`), without duplicates.
    static func norm(_ v: [Int]) -> [Int] {
        let s = Set(v)
        return s.filter { $0 >= 0 }.sorted() + s.filter { $0 < 0 }.sorted()
    }

    public var description: String { rruleString }

    /// Parses either an RRULE (`FREQ=…`, `RRULE:…`, `DTSTART:…;FREQ=…`) or a text rule
    /// (`every 2 weeks on Monday`). The `when done` flag of a text rule is dropped; use
    /// `TextRule.parse` to keep it.
    public static func parseAny(_ text: String) throws -> RecurrenceRule {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let upper = t.uppercased()
        if upper.hasPrefix("RRULE:") || upper.hasPrefix("DTSTART") || upper.contains("FREQ=") {
            return try RecurrenceRule(rrule: t)
        }
        return try TextRule.parse(t).rule
    }
}
