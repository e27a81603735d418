import Foundation

/// iCalendar (RFC 5545) to-dos: `.ics` files of Apple Reminders, Nextcloud Tasks, Thunderbird.
/// See `ICalendarReader` for how properties map to fields.
///
/// The export is one VCALENDAR (PRODID, VERSION:2.0) with a VTODO per task: UID (the file
/// name: stable across exports), DTSTAMP, CREATED, LAST-MODIFIED, SUMMARY, DESCRIPTION (the
/// description, then the body), DTSTART (defer) and DUE as `VALUE=DATE` days or floating local
/// times, COMPLETED, STATUS, PRIORITY (1 high, 5 medium, 9 low), CATEGORIES, RRULE (the rule
/// alone, no DTSTART), RELATED-TO;RELTYPE=PARENT. Fields RFC 5545 has no property for travel as
/// X-TODOMD-* (flagged, area, project, scheduled, recurrence type, estimate, description, a
/// someday status; a defer not before the due date, which DTSTART cannot hold), and kept
/// `ical_x_*` keys go back as their X- properties. Lines are folded at 75 octets, CRLF.
public struct ICalendar: TaskImporter, TaskExporter {
    public let format = "ical"
    public let title = "iCalendar (VTODO)"
    public let fileExtension = "ics"
    public let mediaType = "text/calendar; charset=utf-8"

    public init() {}

    public func recognizes(_ input: ImportInput) -> Bool {
        guard input.folder == nil else { return false }
        let name = input.name?.lowercased() ?? ""
        if name.hasSuffix(".ics") || name.hasSuffix(".ical") || name.hasSuffix(".icalendar") { return true }
        return input.text.drop { $0.isWhitespace }.prefix(15).uppercased() == "BEGIN:VCALENDAR"
    }

    public func read(_ input: ImportInput, options: ImportOptions) throws -> ImportBatch {
        var reader = ICalendarReader(options: options)
        return try reader.read(input)
    }

    public func export(_ tasks: [TodoTask], context: ExportContext, write: (String) throws -> Void) throws {
        try write("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todo.md//todomd//EN\r\nCALSCALE:GREGORIAN\r\n")
        let stamp = ExportFields.compactUTC(context.clock.now)
        for t in tasks { try write(vtodo(t, stamp: stamp, context: context)) }
        try write("END:VCALENDAR\r\n")
    }

    /// One VTODO, folded.
    /// `extra`: more lines before `END:VTODO` (a calendar feed's URL and alarm).
    func vtodo(_ t: TodoTask, stamp: String, context: ExportContext, extra: [String] = []) -> String {
        var lines: [String] = ["BEGIN:VTODO", "UID:" + ICalendarText.escape(Self.uid(t)), "DTSTAMP:" + stamp]
        func text(_ name: String, _ value: String) { lines.append(name + ":" + ICalendarText.escape(value)) }
        if let c = t.created { lines.append("CREATED:" + ExportFields.compactUTC(c)) }
        if let m = t.modified { lines.append("LAST-MODIFIED:" + ExportFields.compactUTC(m)) }
        text("SUMMARY", t.title)
        let body = t.body.trimmed
        let description = [t.description ?? "", body].filter { !$0.isEmpty }.joined(separator: "\n\n")
        if !description.isEmpty { text("DESCRIPTION", description) }
        // DUE must not come before DTSTART, and both are written with the same value type.
        var xDefer: LocalDateTime?, start: LocalDateTime?
        if let d = t.deferDate {
            if let due = t.due, !(d < due) || (d.time == nil) != (due.time == nil) { xDefer = d } else { start = d; lines.append(Self.date("DTSTART", d)) }
        }
        if let d = t.due { lines.append(Self.date("DUE", d)) }
        if t.status == .done {
            if let c = t.completed { lines.append("COMPLETED:" + ExportFields.compactUTC(c)) }
            lines.append("PERCENT-COMPLETE:100")
        }
        switch t.status {
        case .todo, .someday: lines.append("STATUS:NEEDS-ACTION")
        case .inProgress: lines.append("STATUS:IN-PROCESS")
        case .done: lines.append("STATUS:COMPLETED")
        case .cancelled: lines.append("STATUS:CANCELLED")
        }
        switch t.priority {
        case .high: lines.append("PRIORITY:1")
        case .medium: lines.append("PRIORITY:5")
        case .low: lines.append("PRIORITY:9")
        case .none: break
        }
        if !t.tags.isEmpty { lines.append("CATEGORIES:" + t.tags.map(ICalendarText.escape).joined(separator: ",")) }
        if let raw = t.recurrence {
            if let rule = try? RecurrenceRule(rrule: raw) {
                lines.append("RRULE:" + Self.rrule(rule, anchor: start ?? t.due, zone: context.clock.timeZone))
            } else {
                text("X-TODOMD-RECURRENCE", raw)
            }
        }
        if let p = context.parent(of: t), let parent = context.byFilename[p] {
            lines.append("RELATED-TO;RELTYPE=PARENT:" + ICalendarText.escape(Self.uid(parent)))
        }
        if t.flagged { lines.append("X-TODOMD-FLAGGED:TRUE") }
        if let a = t.area, !a.isEmpty { text("X-TODOMD-AREA", a) }
        if let p = t.project, !p.isEmpty { text("X-TODOMD-PROJECT", p) }
        if let s = t.scheduled { lines.append("X-TODOMD-SCHEDULED:" + s.description) }
        if let d = xDefer { lines.append("X-TODOMD-DEFER:" + d.description) }
        if let m = t.repeatMode, t.recurrence != nil { lines.append("X-TODOMD-RECURRENCE-TYPE:" + m.rawValue) }
        if let m = t.estimatedMinutes { lines.append("X-TODOMD-ESTIMATED-MINUTES:\(m)") }
        if let d = t.description, !d.isEmpty { text("X-TODOMD-DESCRIPTION", d) }
        if t.status == .someday { lines.append("X-TODOMD-STATUS:someday") }
        for (key, value) in t.extra where key.hasPrefix("ical_x_") && !key.hasPrefix("ical_x_todomd_") {
            guard let v = value.scalarText else { continue }
            text(key.dropFirst("ical_".count).uppercased().replacingOccurrences(of: "_", with: "-"), v)
        }
        lines += extra
        lines.append("END:VTODO")
        return lines.map(ICalendarText.fold).joined()
    }

    /// The RRULE value without DTSTART, its UNTIL of the same type as the date the rule counts
    /// from (RFC 5545): a day for a day, a floating local time for a local time.
    static func rrule(_ rule: RecurrenceRule, anchor: LocalDateTime?, zone: TimeZone) -> String {
        var r = rule
        guard let until = r.until, let anchor else { return r.rruleString }
        var local = LocalDateTime(date: until.date, time: until.time.flatMap { LocalTime(hour: $0.hour, minute: $0.minute) })
        var second = until.time?.second ?? 0
        if r.untilIsUTC, let t = until.time, let utc = TimeZone(identifier: "UTC") {
            local = LocalDateTime(instant: local.instant(in: utc).addingTimeInterval(Double(t.second)), in: zone)
            second = t.second
        }
        if anchor.time == nil {
            r.until = RecurrenceInstant(date: local.date)
        } else if let t = local.time {
            r.until = RecurrenceInstant(date: local.date, time: RecurrenceTime(hour: t.hour, minute: t.minute, second: second))
        } else {
            r.until = RecurrenceInstant(date: local.date, time: RecurrenceTime(hour: 23, minute: 59, second: 59))
        }
        r.untilIsUTC = false
        return r.rruleString
    }

    /// `DUE;VALUE=DATE:20261201` for a day, `DUE:20261201T090000` (floating) with a time.
    static func date(_ name: String, _ d: LocalDateTime) -> String {
        let day = d.date.description.replacingOccurrences(of: "-", with: "")
        guard let t = d.time else { return name + ";VALUE=DATE:" + day }
        return name + ":" + day + "T" + t.description.replacingOccurrences(of: ":", with: "") + "00"
    }

    /// A task's UID: its file name without `.md` (plus its line identity for a checkbox task).
    static func uid(_ t: TodoTask) -> String {
        var base = t.filename
        if base.hasSuffix(".md") { base.removeLast(3) }
        if let line = t.line { base += "-" + (t.inlineIdentity ?? String(line + 1)) }
        return base + "@todo.md"
    }
}
