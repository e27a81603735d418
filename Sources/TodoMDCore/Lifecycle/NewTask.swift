import Foundation

/// The fields of a task to create, as typed by a person or a script; `make` validates them.
public struct NewTask: Sendable {
    public var title: String
    public var due: String?
    public var deferDate: String?
    public var scheduled: String?
    public var priority: String?
    public var flagged = false
    public var area: String?
    public var project: String?
    public var tags: [String] = []
    public var estimatedMinutes: Int?
    public var description: String?
    public var recurrence: String?
    /// `every`, `defer-another` or `due-again`; a text rule ending in `when done` implies one.
    public var repeatMode: String?
    public var status: String?
    public var body: String?
    /// The parent task (issue 21): a file name or path, written as `parent`.
    public var parent: String?
    /// The tasks it waits for (issue 21): file names or paths, written as `blocked_by`.
    public var blockedBy: [String] = []
    /// Checklist items, written as `- [ ] item` lines after the notes.
    public var checklist: [String] = []
    public var source: String?

    /// What quick entry understood in the title text, for the "understood" line.
    public var understood: [String] = []

    public init(title: String) { self.title = title }

    /// A new task from a quick-entry line (`Buy milk tomorrow #errands !high`): the parsed fields
    /// fill this task; fields already set (from explicit options) win over parsed ones. Numeric
    /// dates (`12/3`) are read in `dateOrder`.
    public mutating func applyQuickEntry(_ text: String, clock: Clock, bareDateField: QuickEntryParser.DateField,
                                         dateOrder: DateOrder = .mdy) {
        var e = QuickEntryParser(today: clock.today, now: clock.timeOfDay, defaultDateField: bareDateField,
                                 dateOrder: dateOrder).parse(text)
        // A repeat's first occurrence only stands in for a date nobody gave: an explicit date or
        // an explicit rule (which `make` dates itself) replaces it.
        if e.datedByRepeat, due != nil || scheduled != nil || deferDate != nil || recurrence != nil {
            e.due = nil
            e.scheduled = nil
            e.defer = nil
        }
        title = e.title
        // Report only what the text decided: a field an explicit option set is not "understood".
        var shown = e
        if due != nil { shown.due = nil }
        if scheduled != nil { shown.scheduled = nil }
        if deferDate != nil { shown.defer = nil }
        if project != nil { shown.project = nil }
        if area != nil { shown.area = nil }
        if priority != nil { shown.priority = nil }
        if estimatedMinutes != nil { shown.estimateMinutes = nil }
        if description != nil { shown.description = nil }
        if recurrence != nil { shown.recurrence = nil }
        if status != nil { shown.someday = false }
        shown.fillUnderstood(today: clock.today)
        understood = shown.understood
        due = due ?? e.due?.description
        scheduled = scheduled ?? e.scheduled?.description
        deferDate = deferDate ?? e.defer?.description
        project = project ?? e.project
        area = area ?? e.area
        if priority == nil, let p = e.priority { priority = p == .noPriority ? "none" : p.rawValue }
        flagged = flagged || e.flagged
        tags = e.tags + tags
        estimatedMinutes = estimatedMinutes ?? e.estimateMinutes
        description = description ?? e.description
        if status == nil, e.someday { status = TaskStatus.someday.rawValue }
        if recurrence == nil, let r = e.recurrence { recurrence = r + (e.whenDone ? " when done" : "") }
    }

    /// A validated task (no path yet). Dates accept what `DateArgument` does.
    public func make(clock: Clock, settings: VaultSettings) throws -> TodoTask {
        var t = TodoTask(path: "", title: title.trimmingCharacters(in: .whitespacesAndNewlines))
        t.due = try due.map { try DateArgument.parse($0, clock: clock) }
        t.deferDate = try deferDate.map { try DateArgument.parse($0, clock: clock) }
        t.scheduled = try scheduled.map { try DateArgument.parse($0, clock: clock) }
        if let p = priority {
            guard let v = Priority(rawValue: p.lowercased()) else {
                throw TodoError.invalidArgument("priority must be one of: none, low, medium, high")
            }
            t.priority = v
        } else {
            t.priority = settings.defaultPriority
        }
        if let s = status {
            guard let v = TaskStatus(rawValue: s.lowercased()) else {
                throw TodoError.invalidArgument("status must be one of: " + TaskStatus.allCases.map(\.rawValue).joined(separator: ", "))
            }
            t.status = v
            if v == .done { t.completed = clock.now }
        }
        t.flagged = flagged
        t.area = area.flatMap(FieldReader.nonEmpty)
        t.project = project.flatMap(FieldReader.nonEmpty)
        var seen = Set<String>()
        t.tags = tags.flatMap { $0.split(separator: ",").compactMap { FieldReader.normalizeTag(String($0)) } }
            .filter { seen.insert($0.lowercased()).inserted }
        if let m = estimatedMinutes, m < 0 || m > Limits.estimateMinutes {
            throw TodoError.invalidArgument("estimate must be a whole number of minutes")
        }
        t.estimatedMinutes = estimatedMinutes
        t.description = description.flatMap(FieldReader.nonEmpty)
        if let text = recurrence.flatMap(FieldReader.nonEmpty) {
            let (rule, whenDone) = try RecurrencePlanner.parse(text)
            // The file holds an RRULE: a text rule is stored in its RRULE form.
            t.recurrence = text.uppercased().contains("FREQ=") ? text : rule.stringWithStart
            if whenDone { t.repeatMode = t.deferDate != nil && t.due == nil ? .deferAnother : .dueAgain }
            // A repeating task with no date would be in no dated view: it starts on its rule's
            // first occurrence (today counts), as scheduled.
            if t.due == nil, t.scheduled == nil, t.deferDate == nil {
                t.scheduled = rule.firstOccurrence(today: clock.today, now: clock.timeOfDay, time: nil)
            }
        }
        if let m = repeatMode {
            guard let v = RepeatMode(rawValue: m.lowercased()) else {
                throw TodoError.invalidArgument("repeat mode must be one of: every, defer-another, due-again")
            }
            t.repeatMode = v
        }
        t.body = body ?? ""
        let items = checklist.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        if !items.isEmpty {
            let notes = t.body.trimmingTrailingNewlines()
            t.body = (notes.isEmpty ? "" : notes + "\n\n") + items.map { "- [ ] " + $0.replacingOccurrences(of: "\n", with: " ") }.joined(separator: "\n") + "\n"
        }
        if let p = parent.flatMap(FieldReader.nonEmpty) { t.extra.append((TaskTree.key, .string(p))) }
        let blockers = blockedBy.compactMap(FieldReader.nonEmpty)
        if !blockers.isEmpty { t.extra.append(("blocked_by", .array(blockers.map { .string($0) }))) }
        t.source = source ?? "user"
        t.created = clock.now
        t.modified = clock.now
        try Vault.validate(t)
        return t
    }
}
