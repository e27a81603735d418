import Foundation

/// Reads the VEVENTs of a subscribed calendar (RFC 5545) that touch a window of days, in the
/// vault's wall time: a TZID or UTC time is converted, a floating one taken as it is, a DATE
/// stays a day. RRULE repeats are expanded in the event's own zone (a weekly 10:00 meeting in
/// Berlin stays 10:00 there across DST), EXDATEs skipped, a RECURRENCE-ID override replaces
/// its occurrence, cancelled events are left out. Limits keep a hostile feed cheap: at most
/// `maxEvents` events in the result and `maxSteps` occurrences looked at per event.
public enum ICalendarEvents {
    public static let maxEvents = 5_000
    static let maxSteps = 20_000

    public struct FormatError: Error, CustomStringConvertible {
        public var description: String
    }

    private struct Raw {
        var props: [ICalendarProperty] = []
        func first(_ name: String) -> ICalendarProperty? { props.first { $0.name == name } }
        func all(_ name: String) -> [ICalendarProperty] { props.filter { $0.name == name } }
    }

    public static func events(_ text: String, calendar: String, from: LocalDate, to: LocalDate, zone: TimeZone) throws -> [CalendarEvent] {
        // "\r\n" is one Character in Swift: split on any line break.
        let lines = ICalendarText.unfold(text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }))
            .filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
        guard let first = lines.first, first.text.uppercased().hasPrefix("BEGIN:VCALENDAR") else {
            throw FormatError(description: "not an iCalendar file (it does not start with BEGIN:VCALENDAR)")
        }
        var raws: [Raw] = []
        var depth: [String] = []
        for (n, line) in lines {
            guard let p = ICalendarText.property(line, line: n) else { continue }
            let value = p.value.trimmingCharacters(in: .whitespaces).uppercased()
            if p.name == "BEGIN" {
                depth.append(value)
                if value == "VEVENT", depth.count == 2 { raws.append(Raw()) }
            } else if p.name == "END" {
                if depth.last == value { depth.removeLast() }
            } else if depth.count == 2, depth[1] == "VEVENT" {
                raws[raws.count - 1].props.append(p)
            }
        }
        // Overrides of single occurrences, by UID and the occurrence they replace.
        var overridden: [String: Set<LocalDateTime>] = [:]
        for r in raws {
            if let uid = r.first("UID")?.value, let rid = r.first("RECURRENCE-ID"), let at = value(rid) {
                overridden[uid, default: []].insert(at)
            }
        }
        var out: [CalendarEvent] = []
        for r in raws {
            if r.first("STATUS")?.value.uppercased() == "CANCELLED" { continue }
            guard let startProp = r.first("DTSTART"), let sourceStart = value(startProp) else { continue }
            let sourceZone = startProp.param("TZID").flatMap(ICalendarReader.zone)
            let utc = startProp.value.uppercased().hasSuffix("Z")
            let title = r.first("SUMMARY").map { ICalendarText.unescape($0.value).trimmed } ?? ""
            let location = r.first("LOCATION").map { ICalendarText.unescape($0.value).trimmed }.flatMap { $0.isEmpty ? nil : $0 }
            // The length, kept per occurrence: DTEND − DTSTART, else DURATION, else a day / nothing.
            let length: Int?
            if let endProp = r.first("DTEND"), let end = value(endProp) {
                length = seconds(from: sourceStart, to: end, startZone: sourceZone, utc: utc, endProp: endProp)
            } else if let d = r.first("DURATION").flatMap({ ReminderEntry.seconds($0.value.trimmed) }) {
                length = d
            } else {
                length = sourceStart.time == nil ? 86_400 : nil
            }
            func event(at s: LocalDateTime) -> CalendarEvent {
                let (start, end) = place(s, length: length, sourceZone: sourceZone, utc: utc, zone: zone)
                return CalendarEvent(title: String(title.prefix(500)), start: start, end: end, calendar: calendar, location: location)
            }
            func touches(_ e: CalendarEvent) -> Bool { e.days.lowerBound <= to && e.days.upperBound >= from }
            guard let ruleProp = r.first("RRULE"), r.first("RECURRENCE-ID") == nil,
                  let rule = try? RecurrenceRule(rrule: ruleProp.value.trimmed) else {
                let e = event(at: sourceStart)
                if touches(e) { out.append(e) }
                if out.count >= maxEvents { break }
                continue
            }
            var skip = Set(r.all("EXDATE").flatMap { p in
                p.value.split(separator: ",").compactMap { value(ICalendarProperty(name: p.name, params: p.params, value: String($0), line: p.line)) }
            })
            if let uid = r.first("UID")?.value { skip.formUnion(overridden[uid] ?? []) }
            var it = rule.makeIterator(from: RecurrenceInstant(sourceStart))
            var steps = 0
            // The first occurrence is DTSTART itself (RFC 5545), whether or not it matches the rule.
            var pending: [LocalDateTime] = [sourceStart]
            while steps < maxSteps, out.count < maxEvents {
                let s: LocalDateTime
                if !pending.isEmpty { s = pending.removeFirst() } else {
                    guard let x = it.next() else { break }
                    s = LocalDateTime(date: x.date, time: x.time.flatMap { LocalTime(hour: $0.hour, minute: $0.minute) })
                    if s == sourceStart { continue }
                }
                steps += 1
                if s.date > to.adding(days: 1) { break }
                if skip.contains(s) { continue }
                let e = event(at: s)
                if touches(e) { out.append(e) }
            }
        }
        return out.sorted { ($0.start, $0.title) < ($1.start, $1.title) }
    }

    /// A DTSTART/DTEND/EXDATE/RECURRENCE-ID value in its own terms: a day, or the wall time of
    /// its TZID (or UTC for `Z`, or floating).
    private static func value(_ p: ICalendarProperty) -> LocalDateTime? {
        let v = p.value.trimmed
        guard let parsed = ImportDates.parse(v) else { return nil }
        guard let time = parsed.time else { return LocalDateTime(date: parsed.date) }
        return LocalDateTime(date: parsed.date, time: time)
    }

    private static func seconds(from start: LocalDateTime, to end: LocalDateTime, startZone: TimeZone?, utc: Bool,
                                endProp: ICalendarProperty) -> Int {
        guard start.time != nil else { return max(0, start.date.days(until: end.date)) * 86_400 }
        let utcZone = TimeZone(identifier: "UTC")!
        let sz = utc ? utcZone : (startZone ?? utcZone)
        let ez = endProp.value.uppercased().hasSuffix("Z") ? utcZone : (endProp.param("TZID").flatMap(ICalendarReader.zone) ?? sz)
        return max(0, Int(end.instant(in: ez).timeIntervalSince(start.instant(in: sz))))
    }

    /// An occurrence's start and end in the vault's wall time.
    private static func place(_ s: LocalDateTime, length: Int?, sourceZone: TimeZone?, utc: Bool, zone: TimeZone) -> (LocalDateTime, LocalDateTime?) {
        guard s.time != nil else {
            let days = max(1, (length ?? 86_400) / 86_400)
            return (s, LocalDateTime(date: s.date.adding(days: days)))
        }
        guard let from = utc ? TimeZone(identifier: "UTC") : sourceZone else {
            // Floating: the same wall time wherever the vault is.
            let end = length.map { LocalDateTime(instant: s.instant(in: zone).addingTimeInterval(TimeInterval($0)), in: zone) }
            return (s, end)
        }
        let instant = s.instant(in: from)
        return (LocalDateTime(instant: instant, in: zone), length.map { LocalDateTime(instant: instant.addingTimeInterval(TimeInterval($0)), in: zone) })
    }
}
