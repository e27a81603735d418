import Foundation

/// Which todo.md field each column (CSV) or key (JSON) of a generic file fills: guessed from
/// its name (`Due Date` → due, `Labels` → tags, `Notes` → body), overridden by `--map
/// COLUMN=field`. Columns mapped to nothing are kept as `<format>_<column>`.
public struct FieldMapping: Sendable {
    /// The fields a column can map to; `skip` leaves a column out.
    public static let targets = ["title", "status", "due", "defer", "scheduled", "priority", "flagged", "area", "project",
                                 "tags", "recurrence", "recurrence_type", "estimated_minutes", "description", "created",
                                 "modified", "completed", "body", "id", "parent", "skip"]

    static let guesses: [String: String] = [
        "title": "title", "name": "title", "task": "title", "taskname": "title", "content": "title", "summary": "title",
        "subject": "title", "text": "title", "todo": "title", "item": "title",
        "status": "status", "state": "status", "done": "status", "iscompleted": "status", "completed": "completed",
        "due": "due", "duedate": "due", "deadline": "due", "dueon": "due", "dueat": "due",
        "defer": "defer", "deferdate": "defer", "start": "defer", "startdate": "defer", "wait": "defer", "startson": "defer",
        "scheduled": "scheduled", "when": "scheduled", "plannedfor": "scheduled", "planneddate": "scheduled", "do": "scheduled",
        "priority": "priority", "importance": "priority", "flagged": "flagged", "flag": "flagged", "starred": "flagged",
        "area": "area", "folder": "area", "workspace": "area", "team": "area",
        "project": "project", "list": "project", "listname": "project", "section": "project", "board": "project",
        "tags": "tags", "tag": "tags", "labels": "tags", "label": "tags", "category": "tags", "categories": "tags", "contexts": "tags",
        "recurrence": "recurrence", "repeat": "recurrence", "rrule": "recurrence", "recurring": "recurrence", "repeats": "recurrence",
        "recurrencetype": "recurrence_type", "repeatmode": "recurrence_type",
        "estimatedminutes": "estimated_minutes", "estimate": "estimated_minutes", "duration": "estimated_minutes", "minutes": "estimated_minutes",
        "description": "description", "notes": "body", "note": "body", "body": "body", "details": "body", "comments": "body",
        "created": "created", "createdat": "created", "createddate": "created", "createdtime": "created", "datecreated": "created", "added": "created",
        "modified": "modified", "updated": "modified", "updatedat": "modified", "lastmodified": "modified",
        "completedat": "completed", "completeddate": "completed", "completedtime": "completed", "donedate": "completed", "completedon": "completed",
        "id": "id", "uuid": "id", "taskid": "id", "key": "id", "importid": "id",
        "parent": "parent", "parentid": "parent", "parenttask": "parent",
    ]

    /// Column name and the field it fills (nil: kept under the format's prefix).
    public private(set) var columns: [ColumnMapping]

    public init(columns names: [String], explicit: [String: String]) throws {
        for (column, field) in explicit where !Self.targets.contains(field) {
            throw TodoError.invalidArgument("--map \(column)=\(field): \(field) is not a field; fields: " + Self.targets.joined(separator: ", "))
        }
        let explicitByKey = Dictionary(explicit.map { (CSVHeader.key($0.key), $0.value) }, uniquingKeysWith: { a, _ in a })
        for (column, _) in explicit where !names.contains(where: { CSVHeader.key($0) == CSVHeader.key(column) }) {
            throw TodoError.invalidArgument("--map \(column)=…: there is no column \"\(column)\"; columns: " + names.joined(separator: ", "))
        }
        var taken = Set(explicitByKey.values.filter { $0 != "skip" && $0 != "tags" && $0 != "body" })
        columns = names.map { name in
            let key = CSVHeader.key(name)
            if let f = explicitByKey[key] { return ColumnMapping(column: name, field: f == "skip" ? nil : f, skipped: f == "skip") }
            guard let g = Self.guesses[key], g == "tags" || g == "body" || !taken.contains(g) else { return ColumnMapping(column: name, field: nil) }
            taken.insert(g)
            return ColumnMapping(column: name, field: g)
        }
    }

    public var hasTitle: Bool { columns.contains { $0.field == "title" } }

    /// Fills `record` from one row's values (by column position). Returns the row's id and parent.
    public func apply(_ values: [JSONValue], to r: inout ImportRecord, options: ImportOptions) -> (id: String?, parent: String?) {
        var id: String?, parent: String?
        let zone = options.clock.timeZone
        for (c, value) in zip(columns, values) {
            if c.skipped { continue }
            let text = value.scalarText?.trimmed ?? ""
            guard let field = c.field else {
                if value != .null, !(value.scalarText?.isEmpty ?? false) { r.keep(c.column, value) }
                continue
            }
            if text.isEmpty, case .array = value {} else if text.isEmpty { continue }
            switch field {
            case "title": r.task.title = text
            case "status":
                if let s = Self.status(text) { r.task.status = s } else { r.problem("\(c.column) \"\(text)\" is not a status; kept"); r.keep(c.column, value) }
            case "due": date(text, \.due, c, &r, options)
            case "defer": date(text, \.deferDate, c, &r, options)
            case "scheduled": date(text, \.scheduled, c, &r, options)
            case "priority":
                if let p = Self.priority(text) { r.task.priority = p } else { r.problem("\(c.column) \"\(text)\" is not a priority; kept"); r.keep(c.column, value) }
            case "flagged": r.task.flagged = ["true", "yes", "1", "y", "x", "flagged", "starred"].contains(text.lowercased())
            case "area": r.task.area = text
            case "project": r.task.project = text
            case "tags":
                if case .array(let items) = value { r.tags(items.compactMap(\.scalarText)) } else {
                    r.tags(text.split(whereSeparator: { $0 == "," || $0 == ";" || $0 == " " }).map(String.init))
                }
            case "recurrence": r.recurrence(text)
            case "recurrence_type":
                if let m = RepeatMode(rawValue: text.lowercased()) { r.task.repeatMode = m } else { r.keep(c.column, value) }
            case "estimated_minutes":
                if let m = Self.minutes(text) { r.task.estimatedMinutes = m } else { r.problem("\(c.column) \"\(text)\" is not a duration; kept"); r.keep(c.column, value) }
            case "description": r.task.description = text
            case "created": r.instant(text, \.created, name: "created", zone: zone)
            case "modified": r.instant(text, \.modified, name: "modified", zone: zone)
            case "completed":
                // A "Completed" column may hold a flag or a time.
                if let s = Self.status(text), ImportDates.instant(text, zone: zone) == nil {
                    if s == .done { r.task.status = .done }
                } else {
                    r.instant(text, \.completed, name: "completed", zone: zone)
                    if r.task.completed != nil, !r.task.status.isClosed { r.task.status = .done }
                }
            case "body": r.appendBody(value.scalarText ?? text)
            case "id": id = text
            case "parent": parent = text
            default: break
            }
        }
        return (id, parent)
    }

    func date(_ text: String, _ kp: WritableKeyPath<TodoTask, LocalDateTime?>, _ c: ColumnMapping, _ r: inout ImportRecord, _ o: ImportOptions) {
        if let d = ImportDates.local(text, zone: o.clock.timeZone) ?? ImportDates.dotted(text)
            ?? DatePhraseParser(today: o.clock.today, now: o.clock.timeOfDay, dateOrder: o.dateOrder).parse(text) {
            r.task[keyPath: kp] = d
        } else {
            r.problem("\(c.column) \"\(text)\" is not a date I can read; kept")
            r.keep(c.column, .string(text))
        }
    }

    /// A status from the words apps use (`done`, `x`, `true`, `completed`, `open`…).
    public static func status(_ text: String) -> TaskStatus? {
        let t = text.lowercased()
        if let s = TaskStatus(rawValue: t) { return s }
        switch t {
        case "x", "true", "yes", "1", "completed", "complete", "finished", "closed", "checked": return .done
        case "", "false", "no", "0", "open", "pending", "needsaction", "needs-action", "incomplete", "active", "unchecked", "not started": return .todo
        case "canceled", "deleted", "dropped", "abandoned", "won't do": return .cancelled
        case "started", "doing", "in progress", "inprogress", "in-process", "wip": return .inProgress
        case "later", "maybe", "waiting": return .someday
        default: return nil
        }
    }

    /// A priority from words, `p1`–`p4` (1 highest), `!`–`!!!`, or the letters `A`–`C`.
    public static func priority(_ text: String) -> Priority? {
        let t = text.lowercased()
        if let p = Priority(rawValue: t) { return p }
        switch t {
        case "p1", "!!!", "a", "urgent", "highest", "h", "3": return .high
        case "p2", "!!", "b", "normal", "med", "m", "2": return .medium
        case "p3", "!", "c", "l", "lowest", "1": return .low
        case "p4", "", "0", "no": return Priority.none
        default: return nil
        }
    }

    /// Minutes from what quick entry reads (`45`, `45m`, `2h`, `1h30m`), and the spellings
    /// other apps export: `0`, `1:30`, `1.5h`, `PT1H30M`, `2d` (working days of 8 hours); nil
    /// past `Limits.estimateMinutes`.
    public static func minutes(_ text: String) -> Int? {
        var t = text.lowercased().replacingOccurrences(of: " ", with: "")
        if let m = QuickTokenizer.minutes(t) { return m }
        if t.hasPrefix("pt") { t.removeFirst(2) }
        if let n = Int(t) { return (0...Limits.estimateMinutes).contains(n) ? n : nil }
        if let colon = t.firstIndex(of: ":") {
            guard let h = Int(t[..<colon]), let m = Int(t[t.index(after: colon)...]), h >= 0, m >= 0 else { return nil }
            return bounded(Double(h) * 60 + Double(m))
        }
        // Summed as a Double and checked once: a file's `99999999999999999999h` is a
        // wrong estimate to refuse, not an overflow to trap on.
        var total = 0.0, number = "", any = false
        for ch in t {
            if ch.isNumber || ch == "." { number.append(ch); continue }
            guard let n = Double(number) else { return nil }
            switch ch {
            case "h": total += (n * 60).rounded(.down)
            case "m": total += n.rounded(.down)
            case "d": total += (n * 60 * 8).rounded(.down)
            case "s": break
            default: return nil
            }
            number = ""
            any = true
        }
        if !number.isEmpty || !any { return nil }
        return bounded(total)
    }

    private static func bounded(_ minutes: Double) -> Int? {
        guard minutes.isFinite, minutes >= 0, minutes <= Double(Limits.estimateMinutes) else { return nil }
        return Int(minutes)
    }
}

/// One column of a generic file and the field it fills.
public struct ColumnMapping: Sendable, Equatable {
    public var column: String
    /// nil: kept as an unknown key (or left out when `skipped`).
    public var field: String?
    public var skipped = false
}
