import Foundation

/// Taskwarrior's `task export` (a JSON array, or one object per line) and `task import` input.
/// Dates are UTC instants there (`20261127T093000Z`); a local midnight is read as the day alone.
/// `project` with dots is `Area.Project`; annotations become the body, with their dates; a task
/// that `depends` on others is `blocked_by` them (issue 21) — unless one is its subtask, which
/// our export marks with `todomd_parent`; user-defined attributes are kept as `taskwarrior_<name>`.
public struct TaskwarriorJSON: TaskImporter, TaskExporter {
    public let format = "taskwarrior"
    public let title = "Taskwarrior JSON"
    public let fileExtension = "json"
    public let mediaType = "application/json"

    public init() {}

    /// Keys with a field here, or computed by Taskwarrior (not kept).
    static let known: Set<String> = ["id", "description", "entry", "modified", "status", "uuid", "urgency", "due", "wait",
                                     "scheduled", "until", "recur", "priority", "project", "tags", "annotations", "depends",
                                     "end", "start", "mask", "imask", "parent", "rtype"]

    public func recognizes(_ input: ImportInput) -> Bool {
        guard input.folder == nil else { return false }
        let head = input.text.prefix(4000)
        return (head.contains("\"uuid\"") && head.contains("\"description\"") && head.contains("\"entry\""))
    }

    public func read(_ input: ImportInput, options: ImportOptions) throws -> ImportBatch {
        let records = try GenericJSON.objects(input.text)
        let zone = options.clock.timeZone
        var batch = ImportBatch()
        // Recurring templates stand for their instances; a task our export wrote as a subtask
        // names its parent (`todomd_parent`), which depends on it.
        var templates = Set<String>(), parentOf: [String: String] = [:]
        for (_, o) in records {
            let d = Dictionary(o.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
            guard let uuid = d["uuid"]?.scalarText else { continue }
            if d["status"]?.scalarText == "recurring" { templates.insert(uuid) }
            if let p = d["todomd_parent"]?.scalarText, !p.isEmpty { parentOf[uuid] = p }
        }
        var instances = 0
        for (location, o) in records {
            let d = Dictionary(o.map { ($0.0, $0.1) }, uniquingKeysWith: { a, _ in a })
            guard let uuid = d["uuid"]?.scalarText, !uuid.isEmpty else {
                throw ImportFormatError(location: location, expected: "a Taskwarrior task with a \"uuid\" (this is not `task export` output)")
            }
            if let p = d["parent"]?.scalarText, templates.contains(p) { instances += 1; continue }
            var r = ImportRecord(format: format, location: location, title: d["description"]?.scalarText ?? "")
            switch d["status"]?.scalarText ?? "pending" {
            case "completed": r.task.status = .done
            case "deleted": r.task.status = .cancelled
            default: r.task.status = d["start"] == nil ? .todo : .inProgress
            }
            r.date(d["due"]?.scalarText, \.due, name: "due", zone: zone, midnightIsDay: true)
            r.date(d["wait"]?.scalarText, \.deferDate, name: "wait", zone: zone, midnightIsDay: true)
            r.date(d["scheduled"]?.scalarText, \.scheduled, name: "scheduled", zone: zone, midnightIsDay: true)
            r.instant(d["entry"]?.scalarText, \.created, name: "entry", zone: zone)
            r.instant(d["modified"]?.scalarText, \.modified, name: "modified", zone: zone)
            r.instant(d["end"]?.scalarText, \.completed, name: "end", zone: zone)
            if r.task.status == .cancelled { r.task.completed = r.task.completed ?? r.task.modified }
            switch d["priority"]?.scalarText?.uppercased() {
            case "H"?: r.task.priority = .high
            case "M"?: r.task.priority = .medium
            case "L"?: r.task.priority = .low
            case nil, ""?: break
            case let p?: r.problem("priority \"\(p)\" is not H, M or L; kept"); r.keep("priority", .string(p))
            }
            if let project = d["project"]?.scalarText, !project.isEmpty {
                if let dot = project.firstIndex(of: ".") {
                    r.task.area = String(project[..<dot])
                    r.task.project = String(project[project.index(after: dot)...])
                } else {
                    r.task.project = project
                }
            }
            if case .array(let tags)? = d["tags"] {
                // Our export writes the flag and someday as tags.
                var words = tags.compactMap(\.scalarText)
                if words.contains("flagged") { r.task.flagged = true }
                if words.contains("someday"), r.task.status == .todo { r.task.status = .someday }
                words.removeAll { $0 == "flagged" || $0 == "someday" }
                r.tags(words)
            }
            if let recur = d["recur"]?.scalarText, !recur.isEmpty {
                if let rule = Self.rrule(recur, until: d["until"]?.scalarText) { r.task.recurrence = rule; r.task.repeatMode = .every } else {
                    r.problem("recur \"\(recur)\" is not a period I can read; kept as taskwarrior_recur")
                    r.keep("recur", .string(recur))
                }
            } else if let until = d["until"]?.scalarText {
                r.keep("until", .string(until))
            }
            if case .array(let notes)? = d["annotations"] {
                for case .object(let a) in notes {
                    let ad = Dictionary(a.map { ($0.0, $0.1) }, uniquingKeysWith: { x, _ in x })
                    // An annotation made with the task (as our export writes plain notes) needs no date.
                    let entry = ad["entry"]?.scalarText
                    let own = entry == d["entry"]?.scalarText || entry == d["modified"]?.scalarText
                    let when = own ? nil : entry.flatMap { ImportDates.local($0, zone: zone) }
                    r.appendBody((when.map { "**\($0.description.replacingOccurrences(of: "T", with: " "))** " } ?? "") + (ad["description"]?.scalarText ?? ""))
                }
            }
            // What it depends on waits it: blockers, but its own subtasks are children instead.
            let blockers = Self.list(d["depends"]).filter { parentOf[$0] != uuid }
            if let rule = d["todomd_recurrence"]?.scalarText { r.recurrence(rule) }
            for (k, v) in o where !Self.known.contains(k) && k != "todomd_recurrence" && k != "todomd_parent" { r.keep(k, v) }
            r.finish(id: uuid, parent: parentOf[uuid], blockedBy: blockers, into: &batch)
        }
        if instances > 0 {
            batch.problems.append(ImportProblem("file", "\(instances) pending instance(s) of repeating tasks are imported as their repeating task"))
        }
        return batch
    }

    /// `depends` as Taskwarrior 2.6+ (an array) or 2.5 (a comma-separated string) writes it.
    static func list(_ v: JSONValue?) -> [String] {
        switch v {
        case .array(let a)?: return a.compactMap(\.scalarText)
        case .string(let s)?: return s.split(separator: ",").map { $0.trimmedSpaces }.filter { !$0.isEmpty }
        default: return []
        }
    }

    /// An RRULE for Taskwarrior's recurrence periods (`weekly`, `2w`, `P3D`, `weekdays`…).
    static func rrule(_ recur: String, until: String?) -> String? {
        let named: [String: String] = [
            "daily": "FREQ=DAILY", "day": "FREQ=DAILY", "weekly": "FREQ=WEEKLY", "week": "FREQ=WEEKLY", "sennight": "FREQ=WEEKLY",
            "biweekly": "FREQ=WEEKLY;INTERVAL=2", "fortnight": "FREQ=WEEKLY;INTERVAL=2", "monthly": "FREQ=MONTHLY",
            "month": "FREQ=MONTHLY", "bimonthly": "FREQ=MONTHLY;INTERVAL=2", "quarterly": "FREQ=MONTHLY;INTERVAL=3",
            "semiannual": "FREQ=MONTHLY;INTERVAL=6", "yearly": "FREQ=YEARLY", "annual": "FREQ=YEARLY", "year": "FREQ=YEARLY",
            "biannual": "FREQ=YEARLY;INTERVAL=2", "biyearly": "FREQ=YEARLY;INTERVAL=2",
            "weekdays": "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
        ]
        var rule: String?
        let t = recur.lowercased()
        if let n = named[t] { rule = n } else {
            var s = Substring(t)
            if s.hasPrefix("p") { s = s.dropFirst(); if s.hasPrefix("t") { return nil } }
            let digits = s.prefix { $0.isNumber }
            let unit = s.dropFirst(digits.count)
            let n = digits.isEmpty ? 1 : Int(digits) ?? 0
            let freq: String?
            switch unit {
            case "d", "day", "days": freq = "DAILY"
            case "w", "wk", "wks", "week", "weeks": freq = "WEEKLY"
            case "m", "mo", "mos", "mth", "mths", "month", "months": freq = "MONTHLY"
            case "q", "qtr", "qtrs", "quarter", "quarters": freq = "MONTHLY"
            case "y", "yr", "yrs", "year", "years": freq = "YEARLY"
            default: freq = nil
            }
            guard let f = freq, n > 0 else { return nil }
            let interval = unit.hasPrefix("q") ? n * 3 : n
            rule = "FREQ=\(f)" + (interval > 1 ? ";INTERVAL=\(interval)" : "")
        }
        if let until, let u = ImportDates.parse(until), var r = rule {
            r += ";UNTIL=" + u.date.description.replacingOccurrences(of: "-", with: "")
            rule = r
        }
        return rule
    }
}

extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
