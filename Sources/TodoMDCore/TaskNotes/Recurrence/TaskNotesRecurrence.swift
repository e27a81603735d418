import Foundation

/// `recurrence_anchor` (tasknotes-spec §4.4): what a recurring task's progression follows.
public enum TaskNotesRecurrenceAnchor: String, Sendable {
    /// The scheduled chain: `DTSTART` is fixed once set; completed and skipped days are passed over.
    case scheduled
    /// Completion progression: completing rewrites `DTSTART` to the completion target (§4.4.3).
    case completion

    /// Reads a stored anchor; absent (nil or empty) is `scheduled` (§4.4). Throws
    /// `invalid_recurrence_anchor` for any other value.
    public init(stored value: String?) throws {
        guard let value, !value.isEmpty else { self = .scheduled; return }
        guard let a = Self(rawValue: value) else {
            throw TaskNotesError("invalid_recurrence_anchor",
                                           "recurrence anchor must be 'scheduled' or 'completion'", field: "recurrenceAnchor")
        }
        self = a
    }
}

/// The recurrence state of a TaskNotes task completed in place (the instance-list model,
/// §4.5–§4.12): the stored values as written.
public struct TaskNotesRecurringTask: Sendable, Equatable {
    /// The stored recurrence string (RRULE parameters, optional inline `DTSTART`).
    public var recurrence: String
    /// `recurrence_anchor`.
    public var anchor: TaskNotesRecurrenceAnchor
    /// `scheduled`: `YYYY-MM-DD` or a date-time whose time part is carried to the next occurrence.
    public var scheduled: String?
    /// `due`: moved with `scheduled`, keeping its day offset and its own time part.
    public var due: String?
    /// `date_created`: the last seed for `DTSTART` (§4.4.1).
    public var dateCreated: String?
    /// `complete_instances` and `skipped_instances`.
    public var instances: TaskNotesInstanceLists

    public init(recurrence: String, anchor: TaskNotesRecurrenceAnchor = .scheduled, scheduled: String? = nil,
                due: String? = nil, dateCreated: String? = nil, instances: TaskNotesInstanceLists = .init()) {
        self.recurrence = recurrence
        self.anchor = anchor
        self.scheduled = scheduled
        self.due = due
        self.dateCreated = dateCreated
        self.instances = instances
    }
}

/// What to write back after completing an instance or recalculating the schedule.
public struct TaskNotesRecurrenceUpdate: Sendable, Equatable {
    /// The recurrence string, `DTSTART` always present (§4.4.5).
    public var recurrence: String
    /// The next open occurrence formatted like the old `scheduled`; nil when the rule has ended.
    public var nextScheduled: String?
    /// `due` moved by the same number of days; nil without both `scheduled` and `due` or without a next occurrence.
    public var nextDue: String?
    /// The instance lists to write.
    public var instances: TaskNotesInstanceLists
    /// Whether the instance lists changed (the caller updates `date_modified`, §4.7 item 4).
    public var instancesChanged: Bool
}

/// TaskNotes' in-place recurring model: completing an instance records its day, then moves
/// `scheduled` (and `due`, keeping its offset) to the next open occurrence and seeds or rewrites
/// `DTSTART` per the anchor. Occurrences come from the engine's RFC 5545 `RecurrenceRule`.
public enum TaskNotesRecurrence {
    /// Most occurrences examined in one search, so a search that only meets completed or skipped
    /// days still ends: with a `recurrence_search_limit` error, not as if the series had ended.
    /// Sub-daily rules are fast-forwarded first.
    static let searchLimit = 500_000

    /// Complete instance `target` (§4.7, §5.7) and advance the schedule.
    /// - scheduled anchor: an absent `DTSTART` is seeded from `scheduled`, else `date_created`
    ///   (§4.4.5), and never rewritten; the next occurrence is the first on or after both the
    ///   current `scheduled` day and `D` that is neither completed nor skipped.
    /// - completion anchor: `DTSTART` becomes `D` (or the explicit date-time target in UTC,
    ///   §4.4.3); the next occurrence is the first strictly after it that is not skipped (§4.4.4).
    /// `zone` is the runtime time zone, used to give a UTC `DTSTART`'s occurrences their day.
    public static func complete(_ task: TaskNotesRecurringTask, target: TaskNotesTargetDay,
                                zone: TimeZone) throws -> TaskNotesRecurrenceUpdate {
        let text = try TaskNotesRuleText(task.recurrence)
        var instances = task.instances
        let changed = instances.markCompleted(target.day)
        var next = task
        next.instances = instances
        let recurrence: String
        let start: RecurrenceInstant
        let startIsUTC: Bool
        switch task.anchor {
        case .completion:
            if let instant = target.instant {
                start = utcInstant(instant)
                startIsUTC = true
            } else {
                start = RecurrenceInstant(date: target.day)
                startIsUTC = false
            }
            recurrence = text.withStart(start, utc: startIsUTC)
        case .scheduled:
            (recurrence, start, startIsUTC) = try seeded(text, task)
        }
        let day = try nextOpenDay(text.rule, next, start: start, startIsUTC: startIsUTC, notBefore: target.day, zone: zone)
        return try update(next, recurrence: recurrence, nextDay: day, changed: changed)
    }

    /// Recalculate the next open occurrence on or after `reference` (normally today) without
    /// changing instance state. `DTSTART` is seeded when absent (§4.4.5) and otherwise kept: for
    /// the completion anchor, candidates are strictly after it and only skipped days are passed
    /// over (§4.4.4); for the scheduled anchor, candidates start at the current `scheduled` day
    /// and completed and skipped days are passed over.
    public static func recalculate(_ task: TaskNotesRecurringTask, reference: LocalDate,
                                   zone: TimeZone) throws -> TaskNotesRecurrenceUpdate {
        let text = try TaskNotesRuleText(task.recurrence)
        let (recurrence, start, startIsUTC) = try seeded(text, task)
        let day = try nextOpenDay(text.rule, task, start: start, startIsUTC: startIsUTC, notBefore: reference, zone: zone)
        return try update(task, recurrence: recurrence, nextDay: day, changed: false)
    }

    /// The seed for `DTSTART` (§4.4.1): the rule's own, else the `scheduled` day, else the
    /// `date_created` day. Returns the recurrence to write (unchanged when it already has one).
    static func seeded(_ text: TaskNotesRuleText, _ task: TaskNotesRecurringTask) throws
        -> (recurrence: String, start: RecurrenceInstant, utc: Bool) {
        if let start = text.start { return (text.original, start, text.rule.startIsUTC) }
        if let s = task.scheduled, TaskNotesTargetDay.dayToken(s) == nil {
            throw TaskNotesError("invalid_date_value", "scheduled '\(s)' is not a date or date-time", field: "scheduled")
        }
        // Date-only, from the literal day token: the series is day-level; `scheduled` keeps its time.
        guard let day = task.scheduled.flatMap(TaskNotesTargetDay.dayToken) ?? task.dateCreated.flatMap(TaskNotesTargetDay.dayToken) else {
            throw TaskNotesError("missing_recurrence_seed",
                                           "recurrence has no DTSTART and neither scheduled nor dateCreated gives a start date",
                                           field: "recurrence")
        }
        let start = RecurrenceInstant(date: day)
        return (text.withStart(start, utc: false), start, false)
    }

    /// The day of the first occurrence that qualifies for the task's anchor, on or after `notBefore`.
    static func nextOpenDay(_ rule: RecurrenceRule, _ task: TaskNotesRecurringTask, start: RecurrenceInstant,
                            startIsUTC: Bool, notBefore: LocalDate, zone: TimeZone) throws -> LocalDate? {
        var lower = notBefore
        var strictlyAfter: RecurrenceInstant?
        var excluded = task.instances.skippedDays
        switch task.anchor {
        case .completion:
            // §4.4.4: DTSTART progression is the consumed history; complete_instances do not exclude.
            strictlyAfter = start
        case .scheduled:
            if let s = task.scheduled {
                guard let day = TaskNotesTargetDay.dayToken(s) else {
                    throw TaskNotesError("invalid_date_value", "scheduled '\(s)' is not a date or date-time", field: "scheduled")
                }
                lower = max(lower, day)
            }
            excluded.formUnion(task.instances.completedDays)
        }
        var it = rule.makeIterator(from: fastForwarded(start, rule, to: lower))
        var examined = 0
        while let x = it.next() {
            // Giving up is not "the series ended": nil would make the caller complete the task.
            guard examined < searchLimit else {
                throw TaskNotesError(TaskNotesError.recurrenceSearchLimit,
                                     "no open occurrence found within \(searchLimit) occurrences of the rule", field: "recurrence")
            }
            examined += 1
            if let after = strictlyAfter, !(after < x) { continue }
            let day = dayOf(x, utc: startIsUTC, zone: zone)
            if day < lower || excluded.contains(day) { continue }
            return day
        }
        return nil
    }

    /// A later start with the same occurrences from there on, so an hourly (or finer) rule started
    /// long ago is not walked from its start. Without COUNT such a rule's occurrences are the start
    /// plus whole periods (INTERVAL × the unit) that pass the BY* filters, so moving the start by
    /// whole periods keeps every later occurrence. Lands two days before `day` (covers any UTC offset).
    static func fastForwarded(_ start: RecurrenceInstant, _ rule: RecurrenceRule, to day: LocalDate) -> RecurrenceInstant {
        let unit: Int
        switch rule.frequency {
        case .hourly: unit = 3600
        case .minutely: unit = 60
        case .secondly: unit = 1
        default: return start
        }
        guard rule.count == nil else { return start }
        let period = unit * rule.interval
        let gap = day.adding(days: -2).dayNumber * 86_400 - start.absoluteSecond
        guard gap > period else { return start }
        return wallInstant(atSecond: start.absoluteSecond + gap / period * period)
    }

    /// An occurrence's day: its own date, or for a UTC `DTSTART` the date in `zone`.
    static func dayOf(_ x: RecurrenceInstant, utc: Bool, zone: TimeZone) -> LocalDate {
        guard utc, x.time != nil else { return x.date }
        return LocalDate(Date(timeIntervalSince1970: TimeInterval(x.absoluteSecond)), in: zone)
    }

    static func update(_ task: TaskNotesRecurringTask, recurrence: String, nextDay: LocalDate?,
                       changed: Bool) throws -> TaskNotesRecurrenceUpdate {
        var nextDue: String?
        if let nextDay, let due = task.due, let scheduled = task.scheduled {
            guard let dueDay = TaskNotesTargetDay.dayToken(due) else {
                throw TaskNotesError("invalid_date_value", "due '\(due)' is not a date or date-time", field: "due")
            }
            // Whole days, so a date-only due stays date-only and a timed one keeps its time.
            let offset = TaskNotesTargetDay.dayToken(scheduled).map { $0.days(until: dueDay) } ?? 0
            nextDue = TaskNotesTargetDay.format(nextDay.adding(days: offset), like: due)
        }
        return TaskNotesRecurrenceUpdate(recurrence: recurrence,
                                         nextScheduled: nextDay.map { TaskNotesTargetDay.format($0, like: task.scheduled) },
                                         nextDue: nextDue, instances: task.instances, instancesChanged: changed)
    }

    /// `instant` as a UTC wall-clock instant, to the second (what `DTSTART:…Z` holds).
    static func utcInstant(_ instant: Date) -> RecurrenceInstant {
        wallInstant(atSecond: Int(instant.timeIntervalSince1970.rounded(.down)))
    }

    /// The wall-clock instant `s` seconds after 1970-01-01T00:00.
    static func wallInstant(atSecond s: Int) -> RecurrenceInstant {
        let days = Int((Double(s) / 86_400).rounded(.down))
        return RecurrenceInstant(date: LocalDate(dayNumber: days), time: RecurrenceTime(secondOfDay: s - days * 86_400))
    }
}
