import Foundation

/// Builds one imported task from a source's loosely typed values. What has no field is kept
/// (in a `<format>_<key>` key or the body) and what cannot be read is a problem, never
/// dropped silently.
public struct ImportRecord {
    public let format: String
    public let location: String
    public var task: TodoTask
    public var problems: [ImportProblem] = []
    /// Keep unknown keys under their own names (a todo.md export read back) instead of
    /// `<format>_<key>`.
    public var plainUnknownKeys = false

    public init(format: String, location: String, title: String) {
        self.format = format
        self.location = location
        task = TodoTask(path: "", title: title)
    }

    /// Keeps a value with no todo.md field as `<format>_<key>` (key lower-cased, `_` for
    /// anything but letters and digits).
    public mutating func keep(_ key: String, _ value: JSONValue) {
        if case .string(let s) = value, s.isEmpty { return }
        let name = String(key.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "_" })
        // A schema key or one the import sets itself is never written twice.
        let reserved = TaskKey.all.contains(key) || [ImportDigest.idKey, ImportDigest.digestKey, ImportDigest.parentKey, "body"].contains(key)
        let k = plainUnknownKeys && !reserved && FieldAssignment.isValidKey(key) ? key : format + "_" + name
        task.extra.removeAll { $0.0 == k }
        task.extra.append((k, value))
    }

    public mutating func problem(_ message: String) { problems.append(ImportProblem(location, message)) }

    /// Reads a date into `field`; a value it cannot read is a problem and kept as `name`.
    public mutating func date(_ text: String?, _ field: WritableKeyPath<TodoTask, LocalDateTime?>, name: String,
                              zone: TimeZone, midnightIsDay: Bool = false) {
        guard let text = text?.trimmedSpaces, !text.isEmpty else { return }
        if let d = ImportDates.local(text, zone: zone, midnightIsDay: midnightIsDay) {
            task[keyPath: field] = d
        } else {
            problem("\(name) \"\(text)\" is not a date I can read; kept as \(format)_\(name)")
            keep(name, .string(text))
        }
    }

    /// Reads an instant (created, completed); an unreadable one is a problem and kept.
    public mutating func instant(_ text: String?, _ field: WritableKeyPath<TodoTask, Date?>, name: String, zone: TimeZone) {
        guard let text = text?.trimmedSpaces, !text.isEmpty else { return }
        if let d = ImportDates.instant(text, zone: zone) {
            task[keyPath: field] = d
        } else {
            problem("\(name) \"\(text)\" is not a time I can read; kept as \(format)_\(name)")
            keep(name, .string(text))
        }
    }

    /// Sets the recurrence from an RRULE or a text rule (`every monday`); one we cannot read
    /// is a problem and kept as `<format>_repeat`.
    public mutating func recurrence(_ text: String?) {
        guard let raw = text?.trimmed, !raw.isEmpty else { return }
        let t = raw.uppercased().hasPrefix("RRULE:") ? String(raw.dropFirst(6)) : raw
        do {
            let (rule, whenDone) = try RecurrencePlanner.parse(t)
            task.recurrence = t.uppercased().contains("FREQ=") ? t : rule.stringWithStart
            if whenDone, task.repeatMode == nil { task.repeatMode = task.deferDate != nil && task.due == nil ? .deferAnother : .dueAgain }
        } catch {
            problem("repeat \"\(raw)\" is not a rule I can read; kept as \(format)_repeat")
            keep("repeat", .string(raw))
        }
    }

    /// Appends a paragraph to the body.
    public mutating func appendBody(_ text: String?) {
        guard let text = text?.trimmed, !text.isEmpty else { return }
        task.body = task.body.isEmpty ? text : task.body + "\n\n" + text
    }

    /// Adds a checklist item to the body (`- [ ] item`, `- [x] item` when done).
    public mutating func checklistItem(_ title: String, done: Bool) {
        let line = "- [\(done ? "x" : " ")] " + title.replacingOccurrences(of: "\n", with: " ")
        if task.body.isEmpty { task.body = line } else if task.body.split(separator: "\n").last?.hasPrefix("- [") == true {
            task.body += "\n" + line
        } else {
            task.body += "\n\n" + line
        }
    }

    public mutating func tags(_ list: [String]) {
        for raw in list {
            guard let t = FieldReader.normalizeTag(raw.replacingOccurrences(of: " ", with: "-")) else { continue }
            if !task.tags.contains(where: { $0.lowercased() == t.lowercased() }) { task.tags.append(t) }
        }
    }

    /// The finished task: the title trimmed (an empty one is a problem and the record is left
    /// out), values over spec 000's limits shortened with the full text kept in the body.
    public func finish(id: String, parent: String? = nil, blockedBy: [String] = [], into batch: inout ImportBatch) {
        var t = task
        var problems = self.problems
        t.title = t.title.replacingOccurrences(of: "\n", with: " ").trimmed
        if t.title.isEmpty {
            if let line = t.body.split(separator: "\n").first(where: { !$0.trimmedSpaces.isEmpty }) {
                t.title = String(line.trimmedSpaces.prefix(Limits.titleLength))
            } else {
                problems.append(ImportProblem(location, "no title; not imported"))
                batch.problems += problems
                return
            }
        }
        if t.title.count > Limits.titleLength {
            problems.append(ImportProblem(location, "title longer than \(Limits.titleLength) characters; shortened, the full text is in the notes"))
            t.body = t.title + (t.body.isEmpty ? "" : "\n\n" + t.body)
            t.title = String(t.title.prefix(Limits.titleLength - 1)) + "…"
        }
        if let d = t.description, d.count > Limits.descriptionLength {
            problems.append(ImportProblem(location, "description longer than \(Limits.descriptionLength) characters; moved to the notes"))
            t.body = d + (t.body.isEmpty ? "" : "\n\n" + t.body)
            t.description = nil
        }
        for (name, kp) in [("area", \TodoTask.area), ("project", \TodoTask.project)] {
            if let v = t[keyPath: kp], v.count > Limits.fieldLength {
                problems.append(ImportProblem(location, "\(name) longer than \(Limits.fieldLength) characters; shortened"))
                t[keyPath: kp] = String(v.prefix(Limits.fieldLength))
            }
            if let v = t[keyPath: kp], v.trimmedSpaces.isEmpty { t[keyPath: kp] = nil }
        }
        t.tags = t.tags.filter { $0.count <= Limits.fieldLength }
        if t.body.utf8.count > Limits.bodyBytes {
            problems.append(ImportProblem(location, "notes larger than 100 KB; cut at 100 KB"))
            var cut = String(decoding: t.body.utf8.prefix(Limits.bodyBytes - 8), as: UTF8.self)
            while cut.utf8.count > Limits.bodyBytes - 8 { cut.removeLast() }
            t.body = cut
        }
        if t.status == .done, t.completed == nil { t.completed = t.modified ?? t.created }
        batch.problems += problems
        var imported = ImportedTask(id: id, task: t, parent: parent, location: location)
        imported.blockedBy = blockedBy
        batch.tasks.append(imported)
    }
}

/// Ids for sources whose records have none (todo.txt, TaskPaper): a hash of what identifies
/// the record, plus its occurrence among equal ones, so the same file gives the same ids.
public struct ContentIDs {
    var seen: [String: Int] = [:]

    public init() {}

    public mutating func id(_ parts: [String]) -> String {
        let key = parts.joined(separator: "\u{1F}").lowercased()
        let n = seen[key, default: 0] + 1
        seen[key] = n
        let h = String(Vault.fingerprint(Array(key.utf8)), radix: 16)
        return String(repeating: "0", count: max(0, 16 - h.count)) + h + (n > 1 ? "-\(n)" : "")
    }
}

/// What a re-import compares: a digest of the fields an import sets, so a task the user has
/// changed since (its digest no longer matches the one stored at import) is left alone.
public enum ImportDigest {
    public static let idKey = "import_id", digestKey = "import_hash", parentKey = "parent", blockedByKey = "blocked_by"

    public static func of(_ t: TodoTask) -> String {
        var parts: [String] = [t.title, t.status.rawValue, t.due?.description ?? "", t.deferDate?.description ?? "",
                               t.scheduled?.description ?? "", t.priority.rawValue, t.flagged ? "1" : "0", t.area ?? "",
                               t.project ?? "", t.tags.joined(separator: ","), t.recurrence ?? "",
                               t.repeatMode?.rawValue ?? "", t.estimatedMinutes.map(String.init) ?? "", t.description ?? "",
                               t.body.trimmed]
        // Links are file names the import chose, not the source's content.
        for (k, v) in t.extra where ![idKey, digestKey, parentKey, blockedByKey].contains(k) { parts.append(k + "=" + FieldReader.flow(v)) }
        let h = String(Vault.fingerprint(Array(parts.joined(separator: "\u{1F}").utf8)), radix: 16)
        return String(repeating: "0", count: max(0, 16 - h.count)) + h
    }
}

extension TodoTask {
    /// The parent task's file name (spec 000 v2 `parent`), from the `parent` key.
    public var parentName: String? {
        guard case .string(let s)? = extra.first(where: { $0.0 == ImportDigest.parentKey })?.1, !s.isEmpty else { return nil }
        // `[[name]]` links are accepted too.
        let trimmed = s.hasPrefix("[[") && s.hasSuffix("]]") ? String(s.dropFirst(2).dropLast(2)) : s
        return trimmed.hasSuffix(".md") ? trimmed : trimmed + ".md"
    }

    /// The `import_id` the task was imported with.
    public var importID: String? {
        guard case .string(let s)? = extra.first(where: { $0.0 == ImportDigest.idKey })?.1 else { return nil }
        return s
    }
}
