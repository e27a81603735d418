import Foundation

/// Reads the VTODOs of an RFC 5545 file as Apple Reminders, Nextcloud Tasks and Thunderbird
/// write them. VEVENTs, VJOURNALs and VTIMEZONEs are skipped (zones are looked up by TZID).
///
/// - SUMMARY → title, DESCRIPTION → body, UID → id, RELATED-TO (RELTYPE=PARENT or none) →
///   parent, CATEGORIES → tags, RRULE → recurrence, CREATED (else DTSTAMP) → created,
///   LAST-MODIFIED → modified, COMPLETED → completed.
/// - DUE → due; DTSTART → defer (RFC 5545's start of the to-do, Nextcloud's and
///   Thunderbird's "start"). Apple Reminders writes DTSTART equal to DUE: that is no defer.
///   A DATE value is a day; a UTC or TZID time is shown in the import's zone; a floating one
///   is taken as it is.
/// - STATUS NEEDS-ACTION/IN-PROCESS/COMPLETED/CANCELLED → status; PRIORITY 1–4 high, 5
///   medium, 6–9 low.
/// - The calendar's X-WR-CALNAME (a Reminders list) → project, unless the task names one.
/// - Our own X-TODOMD-* properties → their fields; other X- and unknown properties are kept
///   as `ical_<name>` (`ical_x_apple_sort_order`), VALARM triggers as `ical_alarm`.
struct ICalendarReader {
    let options: ImportOptions
    var batch = ImportBatch()
    var ids = ContentIDs()

    init(options: ImportOptions) { self.options = options }

    private struct Todo {
        var line: Int
        var props: [ICalendarProperty] = []
        var alarms: [String] = []
        /// Which VCALENDAR of the file it is in.
        var calendar: Int
    }

    mutating func read(_ input: ImportInput) throws -> ImportBatch {
        let lines = ICalendarText.unfold(input.lines).filter { !$0.text.trimmingCharacters(in: .whitespaces).isEmpty }
        guard let first = lines.first else { return batch }
        guard first.text.uppercased().hasPrefix("BEGIN:VCALENDAR") else {
            throw ImportFormatError(location: "line \(first.line)", expected: "BEGIN:VCALENDAR (an iCalendar file)")
        }
        // The whole structure is checked before anything is read.
        var todos: [Todo] = []
        var stack: [String] = []
        // X-WR-CALNAME per VCALENDAR (it may come after the VTODOs).
        var calendarNames: [String?] = []
        for (n, text) in lines {
            guard let p = ICalendarText.property(text, line: n) else {
                throw ImportFormatError(location: "line \(n)", expected: "an iCalendar content line (NAME:value)")
            }
            let value = p.value.trimmingCharacters(in: .whitespaces).uppercased()
            if p.name == "BEGIN" {
                if stack.isEmpty, value != "VCALENDAR" { throw ImportFormatError(location: "line \(n)", expected: "BEGIN:VCALENDAR") }
                stack.append(value)
                if value == "VCALENDAR", stack.count == 1 { calendarNames.append(nil) }
                if value == "VTODO", stack.count == 2 { todos.append(Todo(line: n, calendar: calendarNames.count - 1)) }
            } else if p.name == "END" {
                guard let top = stack.last, top == value else {
                    throw ImportFormatError(location: "line \(n)", expected: stack.last.map { "END:\($0)" } ?? "BEGIN:VCALENDAR")
                }
                stack.removeLast()
            } else if stack.isEmpty {
                throw ImportFormatError(location: "line \(n)", expected: "BEGIN:VCALENDAR")
            } else if stack == ["VCALENDAR"], p.name == "X-WR-CALNAME" {
                calendarNames[calendarNames.count - 1] = ICalendarText.unescape(p.value).trimmingCharacters(in: .whitespaces)
            } else if stack.count == 2, stack[1] == "VTODO" {
                todos[todos.count - 1].props.append(p)
            } else if stack.count == 3, stack[1] == "VTODO", stack[2] == "VALARM", p.name == "TRIGGER" {
                todos[todos.count - 1].alarms.append(p.value)
            }
        }
        if let open = stack.last {
            throw ImportFormatError(location: "line \(lines.last!.line)", expected: "END:\(open)")
        }
        for t in todos { todo(t, calendarName: calendarNames[t.calendar]) }
        return batch
    }

    private mutating func todo(_ t: Todo, calendarName: String?) {
        var r = ImportRecord(format: "ical", location: "line \(t.line)", title: "")
        var uid: String?, recurrenceID: String?, parent: String?, stamp: Date?, description: String?
        var start: LocalDateTime?, xDefer: LocalDateTime?, xDescription: String?, xStatus: TaskStatus?
        var statusSeen = false, completedRaw: String?
        var kept: [(String, [JSONValue])] = []
        func keep(_ key: String, _ v: String) {
            if let i = kept.firstIndex(where: { $0.0 == key }) { kept[i].1.append(.string(v)) } else { kept.append((key, [.string(v)])) }
        }
        for p in t.props {
            let text = ICalendarText.unescape(p.value).trimmingCharacters(in: .whitespaces)
            switch p.name {
            case "UID": uid = text
            case "SUMMARY": r.task.title = text
            case "DESCRIPTION": description = ICalendarText.unescape(p.value)
            case "DUE": r.task.due = localValue(p, &r)
            case "DTSTART": start = localValue(p, &r)
            case "COMPLETED":
                completedRaw = p.value
                r.task.completed = instant(p, &r)
            case "STATUS":
                statusSeen = true
                switch text.uppercased() {
                case "NEEDS-ACTION": r.task.status = .todo
                case "IN-PROCESS": r.task.status = .inProgress
                case "COMPLETED": r.task.status = .done
                case "CANCELLED": r.task.status = .cancelled
                default: r.problem("STATUS \"\(text)\" is not a VTODO status; kept as ical_status"); keep("status", text)
                }
            case "PRIORITY":
                switch Int(text) {
                case 0?: r.task.priority = .none
                case (1...4)?: r.task.priority = .high
                case 5?: r.task.priority = .medium
                case (6...9)?: r.task.priority = .low
                default: r.problem("PRIORITY \"\(text)\" is not 0–9; kept as ical_priority"); keep("priority", text)
                }
            case "CATEGORIES": r.tags(ICalendarText.list(p.value))
            case "RRULE": r.recurrence(text)
            case "RELATED-TO":
                let type = p.param("RELTYPE")?.uppercased() ?? "PARENT"
                if type == "PARENT", parent == nil, !text.isEmpty { parent = text } else { keep("related-to", text) }
            case "CREATED": r.task.created = instant(p, &r)
            case "DTSTAMP": stamp = instant(p, &r)
            case "LAST-MODIFIED": r.task.modified = instant(p, &r)
            case "PERCENT-COMPLETE": keep("percent-complete", text)
            case "SEQUENCE": break  // a revision counter: nothing to keep
            case "RECURRENCE-ID": recurrenceID = text; keep("recurrence-id", text)
            case "X-TODOMD-FLAGGED": r.task.flagged = text.uppercased() == "TRUE"
            case "X-TODOMD-AREA": r.task.area = text
            case "X-TODOMD-PROJECT": r.task.project = text
            case "X-TODOMD-SCHEDULED": r.date(text, \.scheduled, name: "x-todomd-scheduled", zone: options.clock.timeZone)
            case "X-TODOMD-DEFER":
                xDefer = LocalDateTime(text) ?? ImportDates.local(text, zone: options.clock.timeZone)
                if xDefer == nil { r.problem("X-TODOMD-DEFER \"\(text)\" is not a date I can read; kept"); keep(p.name, text) }
            case "X-TODOMD-RECURRENCE-TYPE": if let m = RepeatMode(rawValue: text) { r.task.repeatMode = m } else { keep("x-todomd-recurrence-type", text) }
            case "X-TODOMD-RECURRENCE": r.recurrence(text)
            case "X-TODOMD-ESTIMATED-MINUTES": if let m = Int(text), (0...Limits.estimateMinutes).contains(m) { r.task.estimatedMinutes = m } else { keep("x-todomd-estimated-minutes", text) }
            case "X-TODOMD-DESCRIPTION": xDescription = ICalendarText.unescape(p.value)
            case "X-TODOMD-STATUS": xStatus = TaskStatus(rawValue: text)
            default: keep(p.name, text)
            }
        }
        // Apple Reminders writes DTSTART = DUE: that is the due date, not a defer.
        if let s = start, s != r.task.due { r.task.deferDate = s }
        if let d = xDefer { r.task.deferDate = d }
        if r.task.completed != nil, !statusSeen { r.task.status = .done }
        if let s = xStatus { r.task.status = s }
        if r.task.completed != nil, !r.task.status.isClosed {
            keep("completed", completedRaw ?? "")
            r.task.completed = nil
        }
        if r.task.created == nil { r.task.created = stamp }
        if r.task.project == nil, let name = calendarName, !name.isEmpty { r.task.project = name }
        if let d = xDescription, !d.isEmpty {
            r.task.description = d
            if var body = description, body.hasPrefix(d) {
                body.removeFirst(d.count)
                description = body
            }
        }
        r.appendBody(description)
        // A percentage that only repeats the status says nothing.
        kept.removeAll { $0.0 == "percent-complete" && ($0.1 == [.string("0")] || ($0.1 == [.string("100")] && r.task.status == .done)) }
        for (key, values) in kept { r.keep(key, values.count == 1 ? values[0] : .array(values)) }
        if !t.alarms.isEmpty { r.keep("alarm", t.alarms.count == 1 ? .string(t.alarms[0]) : .array(t.alarms.map { .string($0) })) }
        var id = uid.flatMap { $0.isEmpty ? nil : $0 } ?? ids.id([r.task.title, r.task.due?.description ?? ""])
        if let rid = recurrenceID { id += "/" + rid }
        r.finish(id: id, parent: parent, into: &batch)
    }

    /// A DATE or DATE-TIME value as a local date (and time).
    private func localValue(_ p: ICalendarProperty, _ r: inout ImportRecord) -> LocalDateTime? {
        let v = p.value.trimmingCharacters(in: .whitespaces)
        let zone = options.clock.timeZone
        guard let parsed = ImportDates.parse(v), p.param("VALUE")?.uppercased() != "DATE" || parsed.time == nil else {
            r.problem("\(p.name) \"\(v)\" is not a date I can read; kept as ical_\(p.name.lowercased())")
            r.keep(p.name, .string(v))
            return nil
        }
        guard let time = parsed.time else { return LocalDateTime(date: parsed.date) }
        if parsed.offset != nil { return ImportDates.local(v, zone: zone) }
        if let tzid = p.param("TZID"), let tz = Self.zone(tzid) {
            return LocalDateTime(instant: LocalDateTime(date: parsed.date, time: time).instant(in: tz), in: zone)
        }
        return LocalDateTime(date: parsed.date, time: time)
    }

    /// A DATE-TIME as an instant (UTC `Z`, a TZID, or floating: the import's zone).
    private func instant(_ p: ICalendarProperty, _ r: inout ImportRecord) -> Date? {
        let v = p.value.trimmingCharacters(in: .whitespaces)
        let zone = p.param("TZID").flatMap(Self.zone) ?? options.clock.timeZone
        guard let d = ImportDates.instant(v, zone: zone) else {
            r.problem("\(p.name) \"\(v)\" is not a time I can read; kept as ical_\(p.name.lowercased())")
            r.keep(p.name, .string(v))
            return nil
        }
        return d
    }

    /// A TZID as a zone: an IANA name, also behind a prefix (`/mozilla.org/20050126_1/Europe/Berlin`).
    static func zone(_ tzid: String) -> TimeZone? {
        let t = tzid.trimmingCharacters(in: .whitespaces)
        if let z = TimeZone(identifier: t) { return z }
        let parts = t.split(separator: "/")
        for n in stride(from: min(3, parts.count), through: 1, by: -1) {
            if let z = TimeZone(identifier: parts.suffix(n).joined(separator: "/")) { return z }
        }
        return nil
    }
}
