import Foundation

/// The reminder keys of a task file, outside the core schema: `nag`, `nag_interval`,
/// `snoozed_until`, `nag_silenced` and `reminders`.
public enum TaskReminderFields {
    public static let nagKey = "nag", nagIntervalKey = "nag_interval", snoozedKey = "snoozed_until"
    public static let silencedKey = "nag_silenced", remindersKey = "reminders"

    static func value(_ t: TodoTask, _ key: String) -> JSONValue? { t.extra.first { $0.0 == key }?.1 }

    public static func nag(_ t: TodoTask) -> Bool {
        switch value(t, nagKey) {
        case .bool(let b)?: return b
        case .string(let s)?: return ["true", "yes", "on"].contains(s.lowercased())
        default: return false
        }
    }

    /// Minutes between nags (1…1440), when the task says.
    public static func nagInterval(_ t: TodoTask) -> Int? {
        switch value(t, nagIntervalKey) {
        case .int(let n)? where (1...1440).contains(n): return n
        case .string(let s)?: return Int(s).flatMap { (1...1440).contains($0) ? $0 : nil }
        default: return nil
        }
    }

    /// The end of a snooze: a local date-time (a date alone: its start) or an instant.
    public static func snoozedUntil(_ t: TodoTask, zone: TimeZone) -> Date? {
        guard let s = value(t, snoozedKey)?.scalarText else { return nil }
        if let d = LocalDateTime(s) { return (d.time == nil ? LocalDateTime(date: d.date, time: LocalTime(hour: 0, minute: 0)) : d).instant(in: zone) }
        return ImportDates.instant(s, zone: zone)
    }

    /// The occurrence date nagging was silenced for.
    public static func nagSilenced(_ t: TodoTask) -> LocalDate? {
        value(t, silencedKey)?.scalarText.flatMap { LocalDate($0) }
    }

    public static func entries(_ t: TodoTask) -> [ReminderEntry] {
        guard case .array(let items)? = value(t, remindersKey) else {
            if let s = value(t, remindersKey)?.scalarText, let e = ReminderEntry(string: s) { return [e] }
            return []
        }
        return items.compactMap { item in
            if case .object(let o) = item { return ReminderEntry(object: o) }
            return item.scalarText.flatMap(ReminderEntry.init(string:))
        }
    }
}

/// One `reminders:` entry: TaskNotes' shape (`{id, type: relative|absolute, relatedTo, offset,
/// absoluteTime, description}`) or a string (`-PT1H`: before the due date; a date-time: then).
public struct ReminderEntry: Sendable, Equatable {
    public enum When: Sendable, Equatable {
        /// Seconds after (negative: before) the due or scheduled date.
        case relative(to: String, seconds: Int)
        case absolute(String)
    }

    public var when: When
    public var description: String?

    public init?(object o: [(String, JSONValue)]) {
        let d = Dictionary(o.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
        description = d["description"]?.scalarText
        switch d["type"]?.scalarText?.lowercased() {
        case "absolute"?:
            guard let t = d["absoluteTime"]?.scalarText ?? d["absolute_time"]?.scalarText else { return nil }
            when = .absolute(t)
        case "relative"?, nil:
            guard let off = (d["offset"]?.scalarText).flatMap(Self.seconds) else { return nil }
            let base = (d["relatedTo"] ?? d["related_to"])?.scalarText?.lowercased() ?? "due"
            guard base == "due" || base == "scheduled" else { return nil }
            when = .relative(to: base, seconds: off)
        default: return nil
        }
    }

    public init?(string s: String) {
        let t = s.trimmed
        if let off = Self.seconds(t) { when = .relative(to: "due", seconds: off) } else if LocalDateTime(t) != nil || ImportDates.parse(t) != nil {
            when = .absolute(t)
        } else { return nil }
    }

    /// Words for a notification without a description.
    public var summary: String {
        switch when {
        case .absolute: return "Reminder"
        case .relative(let base, let s):
            let m = abs(s) / 60
            let amount = m % 1440 == 0 ? "\(m / 1440) d" : m % 60 == 0 ? "\(m / 60) h" : "\(m) min"
            return s == 0 ? "Reminder: \(base)" : s < 0 ? "\(base.capitalized) in \(amount)" : "\(amount) after \(base)"
        }
    }

    /// When it fires for `t`; nil when its base date is missing or it cannot be read.
    public func instant(for t: TodoTask, zone: TimeZone, anchor: LocalTime) -> Date? {
        switch when {
        case .absolute(let s):
            if let d = LocalDateTime(s) { return LocalDateTime(date: d.date, time: d.time ?? anchor).instant(in: zone) }
            return ImportDates.instant(s, zone: zone)
        case .relative(let base, let seconds):
            guard let d = base == "scheduled" ? t.scheduled : t.due else { return nil }
            return LocalDateTime(date: d.date, time: d.time ?? anchor).instant(in: zone).addingTimeInterval(TimeInterval(seconds))
        }
    }

    /// Seconds of an ISO 8601 duration with an optional sign: `-PT15M`, `P1D`, `-P1DT2H30M`, `PT0S`.
    public static func seconds(_ text: String) -> Int? {
        var s = Substring(text.uppercased())
        var sign = 1
        if s.hasPrefix("-") { sign = -1; s = s.dropFirst() } else if s.hasPrefix("+") { s = s.dropFirst() }
        guard s.hasPrefix("P") else { return nil }
        s = s.dropFirst()
        var total = 0, number = "", inTime = false, any = false
        for ch in s {
            if ch == "T" { guard number.isEmpty, !inTime else { return nil }; inTime = true; continue }
            if ch.isNumber { number.append(ch); continue }
            // At most 12 digits a part: `P99999999999999W` is not a duration, and never an overflow.
            guard number.count <= 12, let n = Int(number) else { return nil }
            let unit: Int
            switch (ch, inTime) {
            case ("W", false): unit = 604_800
            case ("D", false): unit = 86_400
            case ("H", true): unit = 3_600
            case ("M", true): unit = 60
            case ("S", true): unit = 1
            default: return nil
            }
            let (part, o1) = n.multipliedReportingOverflow(by: unit)
            let (sum, o2) = total.addingReportingOverflow(part)
            guard !o1, !o2 else { return nil }
            total = sum
            number = ""
            any = true
        }
        guard number.isEmpty, any else { return nil }
        return sign * total
    }
}
