import Foundation

/// A wall-clock time of day with seconds, as RRULE occurrences need (`BYSECOND`, `FREQ=SECONDLY`).
public struct RecurrenceTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int
    public let second: Int

    /// Returns nil outside 00:00:00…23:59:59.
    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    init(secondOfDay s: Int) {
        hour = s / 3600
        minute = s / 60 % 60
        second = s % 60
    }

    public init(_ time: LocalTime) {
        hour = time.hour
        minute = time.minute
        second = 0
    }

    var secondOfDay: Int { hour * 3600 + minute * 60 + second }

    /// `HH:MM`, or `HH:MM:SS` when the seconds are not zero.
    public var description: String {
        second == 0 ? String(format: "%02d:%02d", hour, minute)
                    : String(format: "%02d:%02d:%02d", hour, minute, second)
    }

    public static func < (a: RecurrenceTime, b: RecurrenceTime) -> Bool { a.secondOfDay < b.secondOfDay }
}

/// One occurrence of a rule (or the start it is anchored to): a local day plus an optional time.
/// Date-only instants compare as midnight, like python-dateutil's promotion of dates to datetimes.
public struct RecurrenceInstant: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let date: LocalDate
    public let time: RecurrenceTime?

    public init(date: LocalDate, time: RecurrenceTime? = nil) {
        self.date = date
        self.time = time
    }

    public init(_ value: LocalDateTime) {
        date = value.date
        time = value.time.map(RecurrenceTime.init)
    }

    /// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS`.
    public init?(_ text: some StringProtocol) {
        let s = String(text)
        if let d = LocalDate(s) { self.init(date: d); return }
        let u = Array(s.utf8)
        guard u.count == 16 || u.count == 19, u[10] == 0x54 || u[10] == 0x20, u[13] == 0x3A,
              let d = LocalDate(s.prefix(10)) else { return nil }
        func num(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r {
                guard u[i] >= 0x30, u[i] <= 0x39 else { return nil }
                v = v * 10 + Int(u[i] - 0x30)
            }
            return v
        }
        guard let h = num(11..<13), let m = num(14..<16) else { return nil }
        var sec = 0
        if u.count == 19 {
            guard u[16] == 0x3A, let sv = num(17..<19) else { return nil }
            sec = sv
        }
        guard let t = RecurrenceTime(hour: h, minute: m, second: sec) else { return nil }
        self.init(date: d, time: t)
    }

    /// The instant as `LocalDateTime` (seconds dropped, since `LocalTime` has minute precision).
    public var localDateTime: LocalDateTime {
        LocalDateTime(date: date, time: time.flatMap { LocalTime(hour: $0.hour, minute: $0.minute) })
    }

    /// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` (`:SS` only when the seconds are not zero).
    public var description: String {
        guard let time else { return date.description }
        return "\(date)T\(time)"
    }

    /// Seconds since 1970-01-01T00:00 local; a date-only instant counts as midnight.
    var absoluteSecond: Int { date.dayNumber * 86_400 + (time?.secondOfDay ?? 0) }

    public static func < (a: RecurrenceInstant, b: RecurrenceInstant) -> Bool {
        a.absoluteSecond < b.absoluteSecond
    }
}

/// The anchor a rule's occurrences are generated from (RFC 5545 DTSTART).
public typealias RecurrenceStart = RecurrenceInstant
