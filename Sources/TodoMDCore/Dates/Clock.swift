import Foundation

/// Everything that reads "now" takes a `Clock`, so views and edits are reproducible.
public struct Clock: Sendable {
    /// The current instant.
    public var now: Date
    /// The user's zone: calendar days (`due`, `defer`, `scheduled`) are read in it.
    public var timeZone: TimeZone

    public init(now: Date, timeZone: TimeZone) {
        self.now = now
        self.timeZone = timeZone
    }

    /// Today's calendar day in the user's zone.
    public var today: LocalDate { LocalDate(now, in: timeZone) }

    /// The wall-clock time of day now.
    public var timeOfDay: LocalTime {
        let secs = now.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: now))
        let inDay = Int(secs.rounded(.down)) - Int((secs / 86_400).rounded(.down)) * 86_400
        return LocalTime(hour: inDay / 3600, minute: (inDay % 3600) / 60)!
    }

    /// The real clock in the zone named by `TZ` (or the system zone), unless `TODOMD_NOW`
    /// (ISO-8601; without an offset it is local time) pins the instant.
    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) throws -> Clock {
        var zone = TimeZone.current
        if let tz = env["TZ"], !tz.isEmpty {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if let z = TimeZone(identifier: name) ?? TimeZone(abbreviation: name) { zone = z }
        }
        guard let pinned = env["TODOMD_NOW"], !pinned.isEmpty else { return Clock(now: Date(), timeZone: zone) }
        guard let instant = Timestamp.parse(pinned, zone: zone) else {
            throw TodoError.invalidArgument("TODOMD_NOW is not an ISO-8601 date-time: \(pinned)")
        }
        return Clock(now: instant, timeZone: zone)
    }
}
