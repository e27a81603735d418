import Foundation

/// Our tasks as `task import` takes them.
extension TaskwarriorJSON {
    public func export(_ tasks: [TodoTask], context: ExportContext, write: (String) throws -> Void) throws {
        let zone = context.clock.timeZone
        var children: [String: [String]] = [:]
        for t in tasks { if let p = context.parent(of: t) { children[p, default: []].append(Self.uuid(t)) } }
        try write("[")
        for (n, t) in tasks.enumerated() {
            var o: [(String, JSONValue)] = [("uuid", .string(Self.uuid(t))), ("description", .string(t.title))]
            let status: String
            switch t.status {
            case .done: status = "completed"
            case .cancelled: status = "deleted"
            default: status = "pending"
            }
            o.append(("status", .string(status)))
            o.append(("entry", .string(ExportFields.compactUTC(t.created ?? context.clock.now))))
            if let m = t.modified { o.append(("modified", .string(ExportFields.compactUTC(m)))) }
            if t.status.isClosed { o.append(("end", .string(ExportFields.compactUTC(t.completed ?? t.modified ?? context.clock.now)))) }
            if t.status == .inProgress { o.append(("start", .string(ExportFields.compactUTC(t.modified ?? context.clock.now)))) }
            for (key, d) in [("due", t.due), ("wait", t.deferDate), ("scheduled", t.scheduled)] {
                if let d { o.append((key, .string(ExportFields.compactUTC(d.instant(in: zone))))) }
            }
            switch t.priority {
            case .high: o.append(("priority", .string("H")))
            case .medium: o.append(("priority", .string("M")))
            case .low: o.append(("priority", .string("L")))
            case .none: break
            }
            if let project = [t.area, t.project].compactMap({ $0 }).joined(separator: ".").nilIfEmpty {
                o.append(("project", .string(project)))
            }
            var tags = t.tags.map { $0.replacingOccurrences(of: " ", with: "_") }
            if t.status == .someday { tags.append("someday") }
            if t.flagged { tags.append("flagged") }
            if !tags.isEmpty { o.append(("tags", .array(tags.map { .string($0) }))) }
            let annotations = Self.annotations(t, zone: zone, now: context.clock.now)
            if !annotations.isEmpty { o.append(("annotations", .array(annotations))) }
            // Taskwarrior's one relation: a parent depends on its subtasks (marked `todomd_parent`
            // so they come back as subtasks), a blocked task on its blockers.
            let depends = (children[t.filename] ?? []) + context.blockers(of: t).map(Self.uuid)
            if !depends.isEmpty { o.append(("depends", .array(depends.map { .string($0) }))) }
            if let p = context.parent(of: t), let parent = context.byFilename[p] { o.append(("todomd_parent", .string(Self.uuid(parent)))) }
            // UDAs and the recurrence this importer could not read go back as they came.
            for (k, v) in t.extra where k.hasPrefix("taskwarrior_") && k != "taskwarrior_depends" {
                o.append((String(k.dropFirst("taskwarrior_".count)), v))
            }
            if let rule = t.recurrence {
                // A plain period is Taskwarrior's own recurrence (the task becomes its template);
                // anything else travels as an attribute this importer reads back.
                if let period = Self.period(rule, due: t.due?.date), t.due != nil, t.status.isActive || t.status == .someday {
                    o[2] = ("status", .string("recurring"))
                    o.append(("recur", .string(period)))
                    o.append(("rtype", .string("periodic")))
                    // The same dates, but not the same rule (`BYMONTHDAY=1` on a task due the 1st):
                    // the rule itself travels too, so it comes back as it was.
                    if Self.rrule(period, until: nil) != rule { o.append(("todomd_recurrence", .string(rule))) }
                } else {
                    o.append(("todomd_recurrence", .string(rule)))
                }
            }
            try write((n == 0 ? "\n" : ",\n") + JSONText.compact(.object(o)))
        }
        try write(tasks.isEmpty ? "]\n" : "\n]\n")
    }

    /// The description and the body's paragraphs as annotations; a paragraph starting with a
    /// bold date (as the import writes them) is an annotation of that time.
    static func annotations(_ t: TodoTask, zone: TimeZone, now: Date) -> [JSONValue] {
        let fallback = ExportFields.compactUTC(t.modified ?? t.created ?? now)
        var out: [JSONValue] = []
        func add(_ entry: String, _ text: String) { out.append(.object([("entry", .string(entry)), ("description", .string(text))])) }
        if let d = t.description { add(fallback, d) }
        let body = t.body.trimmed
        guard !body.isEmpty else { return out }
        for paragraph in body.components(separatedBy: "\n\n") where !paragraph.isEmpty {
            if paragraph.hasPrefix("**"), let close = paragraph.range(of: "** ", range: paragraph.index(paragraph.startIndex, offsetBy: 2)..<paragraph.endIndex),
               let when = ImportDates.local(String(paragraph[paragraph.index(paragraph.startIndex, offsetBy: 2)..<close.lowerBound]), zone: zone) {
                add(ExportFields.compactUTC(when.instant(in: zone)), String(paragraph[close.upperBound...]))
            } else {
                add(fallback, paragraph)
            }
        }
        return out
    }

    /// Taskwarrior's period for a rule that is only a frequency and an interval, or that names
    /// the due date's own weekday (weekly) or day of the month (monthly): Taskwarrior repeats
    /// from the due date, so those are the same dates.
    static func period(_ rule: String, due: LocalDate?) -> String? {
        guard !rule.contains("\n"), let r = try? RecurrenceRule(rrule: rule) else { return nil }
        let pairs = rule.uppercased().split(separator: ";").map { p -> (String, String) in
            let kv = p.split(separator: "=", maxSplits: 1).map(String.init)
            return (kv.first ?? "", kv.count > 1 ? kv[1] : "")
        }
        let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]
        for (k, v) in pairs where !["FREQ", "INTERVAL", "WKST"].contains(k) {
            guard let due else { return nil }
            switch (k, r.frequency) {
            case ("BYDAY", .weekly) where v == days[due.weekday - 1]: continue
            case ("BYMONTHDAY", .monthly) where Int(v) == due.day && due.day <= 28: continue
            default: return nil
            }
        }
        let n = r.interval
        switch r.frequency {
        case .daily: return n == 1 ? "daily" : "\(n)d"
        case .weekly: return n == 1 ? "weekly" : "\(n)w"
        case .monthly: return n == 1 ? "monthly" : "\(n)mo"
        case .yearly: return n == 1 ? "yearly" : "\(n)y"
        default: return nil
        }
    }

    /// The task's Taskwarrior uuid: the one it was imported with, else one derived from its file.
    static func uuid(_ t: TodoTask) -> String {
        if let id = t.importID, id.hasPrefix("taskwarrior:") { return String(id.dropFirst("taskwarrior:".count)) }
        let a = String(Vault.fingerprint(Array(t.id.utf8)), radix: 16), b = String(Vault.fingerprint(Array(("todomd:" + t.id).utf8)), radix: 16)
        let hex = Array((String(repeating: "0", count: 16 - a.count) + a + String(repeating: "0", count: 16 - b.count) + b))
        // Version 4 / variant bits, so tools that check them accept it.
        var h = hex
        h[12] = "4"
        h[16] = ["8", "9", "a", "b"][Int(String(h[16]), radix: 16)! % 4]
        let s = String(h)
        func part(_ from: Int, _ len: Int) -> Substring { s.dropFirst(from).prefix(len) }
        return "\(part(0, 8))-\(part(8, 4))-\(part(12, 4))-\(part(16, 4))-\(part(20, 12))"
    }
}
