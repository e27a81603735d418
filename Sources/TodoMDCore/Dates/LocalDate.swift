import Foundation

/// A calendar day with no time zone: `due`, `defer` and `scheduled` are days the user sees on a
/// wall calendar, so they must never shift when the machine's zone changes. All arithmetic is
/// done on a proleptic Gregorian day count, without `Calendar`, which keeps it exact and fast.
public struct LocalDate: Hashable, Comparable, Sendable, TextCodable {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a date, returning nil when the day does not exist (Feb 30, month 13…).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= LocalDate.daysInMonth(year: year, month: month) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    private init(unchecked year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(_ text: some StringProtocol) {
        let u = Array(text.utf8)
        guard u.count == 10, u[4] == 0x2D, u[7] == 0x2D else { return nil }
        func num(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r {
                let c = u[i]
                guard c >= 0x30, c <= 0x39 else { return nil }
                v = v * 10 + Int(c - 0x30)
            }
            return v
        }
        guard let y = num(0..<4), let m = num(5..<7), let d = num(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public var description: String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(10)
        appendDigits(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `YYYY-MM-DD` as ASCII (no `String(format:)`: this runs for every date printed).
    public func appendDigits(to bytes: inout [UInt8]) {
        Self.append(year, width: 4, to: &bytes)
        bytes.append(0x2D)
        Self.append(month, width: 2, to: &bytes)
        bytes.append(0x2D)
        Self.append(day, width: 2, to: &bytes)
    }

    /// Appends `n` zero-padded to `width` digits.
    public static func append(_ n: Int, width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var v = n
        while divisor > 0 {
            bytes.append(UInt8(0x30 + (v / divisor) % 10))
            v %= divisor
            divisor /= 10
        }
    }

    public static func < (a: LocalDate, b: LocalDate) -> Bool {
        (a.year, a.month, a.day) < (b.year, b.month, b.day)
    }

    public static func isLeapYear(_ y: Int) -> Bool {
        (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
    }

    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func daysInYear(_ y: Int) -> Int { isLeapYear(y) ? 366 : 365 }

    /// Days since 1970-01-01 (negative before it). Howard Hinnant's `days_from_civil`.
    public var dayNumber: Int { Self.dayNumber(year, month, day) }

    /// `dayNumber` for any proleptic Gregorian year/month/day, without validation.
    public static func dayNumber(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The inverse of `dayNumber` (`civil_from_days`).
    public init(dayNumber z0: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(unchecked: yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    public func adding(days n: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + n) }

    /// Adds months, clamping the day to the end of a shorter month (Jan 31 + 1 month = Feb 28/29).
    public func adding(months n: Int) -> LocalDate {
        let total = year * 12 + (month - 1) + n
        let y = total / 12, m = total % 12 + 1
        return LocalDate(unchecked: y, m, Swift.min(day, LocalDate.daysInMonth(year: y, month: m)))
    }

    public func adding(years n: Int) -> LocalDate { adding(months: 12 * n) }

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(until other: LocalDate) -> Int { other.dayNumber - dayNumber }

    /// ISO weekday: 1 = Monday … 7 = Sunday.
    public var weekday: Int {
        let w = (dayNumber + 3) % 7  // 1970-01-01 was a Thursday (ISO 4)
        return (w < 0 ? w + 7 : w) + 1
    }

    /// Day of the year, 1-based.
    public var ordinal: Int { dayNumber - LocalDate(unchecked: year, 1, 1).dayNumber + 1 }

    public var firstOfMonth: LocalDate { LocalDate(unchecked: year, month, 1) }
    public var lastOfMonth: LocalDate {
        LocalDate(unchecked: year, month, LocalDate.daysInMonth(year: year, month: month))
    }

    /// The calendar day of `instant` as seen in `zone`.
    public init(_ instant: Date, in zone: TimeZone) {
        let seconds = instant.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: instant))
        self.init(dayNumber: Int((seconds / 86_400).rounded(.down)))
    }

    /// Midnight at the start of this day in `zone`, as an instant.
    public func startInstant(in zone: TimeZone) -> Date {
        if year < Self.julianBefore { return Self.wallTime(Double(dayNumber * 86_400), in: zone) }
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = zone
        let comps = DateComponents(year: year, month: month, day: day)
        return cal.date(from: comps) ?? Date(timeIntervalSince1970: Double(dayNumber) * 86_400)
    }

    /// Foundation's Gregorian calendar is Julian before October 1582, while day numbers here
    /// are proleptic Gregorian: `0001-01-01` resolved through it came out two days early.
    /// Years before this one are resolved by arithmetic instead.
    static let julianBefore = 1583

    /// The instant whose wall time in `zone` is `localSeconds` (seconds since 1970 as if UTC),
    /// by the zone's offset there; for the centuries without DST gaps.
    static func wallTime(_ localSeconds: Double, in zone: TimeZone) -> Date {
        let first = zone.secondsFromGMT(for: Date(timeIntervalSince1970: localSeconds))
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: localSeconds - Double(first)))
        return Date(timeIntervalSince1970: localSeconds - Double(offset))
    }

    // Codable as the plain `YYYY-MM-DD` string.
    public init?(text: String) { self.init(text) }
    public static let textForm = "a YYYY-MM-DD date"
}

/// A wall-clock time of day, minutes precision (`HH:MM`).
public struct LocalTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int

    public init?(hour: Int, minute: Int) {
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        self.hour = hour
        self.minute = minute
    }

    public var description: String {
        var bytes = [UInt8]()
        appendDigits(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `HH:MM` as ASCII.
    public func appendDigits(to bytes: inout [UInt8]) {
        LocalDate.append(hour, width: 2, to: &bytes)
        bytes.append(0x3A)
        LocalDate.append(minute, width: 2, to: &bytes)
    }
    public static func < (a: LocalTime, b: LocalTime) -> Bool { (a.hour, a.minute) < (b.hour, b.minute) }
}

/// A `due`/`defer`/`scheduled` value: a local day, optionally with a local time
/// (`YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`).
public struct LocalDateTime: Hashable, Comparable, Sendable, TextCodable {
    public let date: LocalDate
    public let time: LocalTime?

    public init(date: LocalDate, time: LocalTime? = nil) {
        self.date = date
        self.time = time
    }

    /// The instant this wall-clock time is in `zone` (a day alone: its start).
    public func instant(in zone: TimeZone) -> Date {
        let start = date.startInstant(in: zone)
        guard let time else { return start }
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = zone
        let parts = DateComponents(year: date.year, month: date.month, day: date.day, hour: time.hour, minute: time.minute)
        return cal.date(from: parts) ?? start.addingTimeInterval(Double(time.hour * 3600 + time.minute * 60))
    }

    /// Parses `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS` (seconds dropped).
    public init?(_ text: some StringProtocol) {
        let s = String(text)
        if let d = LocalDate(s) {
            self.init(date: d)
            return
        }
        let u = Array(s.utf8)
        guard u.count == 16 || u.count == 19, u[10] == 0x54 || u[10] == 0x20, u[13] == 0x3A,
              let d = LocalDate(s.prefix(10)),
              let h = Int(String(decoding: u[11..<13], as: UTF8.self)),
              let m = Int(String(decoding: u[14..<16], as: UTF8.self)),
              u[11..<13].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              u[14..<16].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let t = LocalTime(hour: h, minute: m) else { return nil }
        if u.count == 19 {
            guard u[16] == 0x3A, u[17...18].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        }
        self.init(date: d, time: t)
    }

    public var description: String {
        var bytes = [UInt8]()
        bytes.reserveCapacity(16)
        appendDigits(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM` as ASCII.
    public func appendDigits(to bytes: inout [UInt8]) {
        date.appendDigits(to: &bytes)
        if let time {
            bytes.append(0x54)
            time.appendDigits(to: &bytes)
        }
    }

    public init?(text: String) { self.init(text) }
    public static let textForm = "a YYYY-MM-DD or YYYY-MM-DDTHH:MM value"

    public static func < (a: LocalDateTime, b: LocalDateTime) -> Bool {
        if a.date != b.date { return a.date < b.date }
        switch (a.time, b.time) {
        case let (x?, y?): return x < y
        case (nil, .some): return true
        default: return false
        }
    }
}
