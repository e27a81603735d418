import Foundation

/// Where a repeating task goes next: the dates of its successor, or the end of the series.
public struct RecurrencePlan: Sendable, Equatable {
    /// The successor's dates (nil when the task had none of that kind).
    public var due: LocalDateTime?
    public var scheduled: LocalDateTime?
    public var deferDate: LocalDateTime?
    /// The rule text the successor carries (the same rule; a COUNT rule gets its series start
    /// pinned with `DTSTART` or its COUNT reduced, so the count carries across files).
    public var rule: String
    /// Occurrences skipped because they were already past (catch-up in `every` mode).
    public var skipped: Int
}

/// Computes the next occurrence of a repeating task (spec 000 "Completion of Repeating Task").
///
/// - The *anchor* is `due`, else `scheduled`, else `defer`, else the completion day.
/// - `every`: the next date is the rule's first occurrence after the anchor (the rule's own
///   `DTSTART`, if it has one, fixes the series; otherwise the anchor starts it). With catch-up
///   on (the default), occurrences before today are skipped, so a daily task left for a week comes
///   back once, today, instead of seven times.
/// - `defer-another` / `due-again`: the rule restarts at the completion day; the next `defer`
///   (or `due`) date is its first occurrence after that day.
/// - Every other date moves by the same number of days, so their distances to the anchor stay.
public enum RecurrencePlanner {
    /// nil when the series has ended (COUNT or UNTIL exhausted).
    public static func plan(_ task: TodoTask, rule ruleText: String, mode: RepeatMode, completionDay: LocalDate,
                            today: LocalDate, catchUp: Bool) throws -> RecurrencePlan? {
        let rule = try parse(ruleText).rule
        let dates: [LocalDateTime?] = [task.due, task.scheduled, task.deferDate]
        let reference: LocalDateTime
        switch mode {
        case .every: reference = task.due ?? task.scheduled ?? task.deferDate ?? LocalDateTime(date: completionDay)
        case .deferAnother: reference = task.deferDate ?? task.due ?? task.scheduled ?? LocalDateTime(date: completionDay)
        case .dueAgain: reference = task.due ?? task.scheduled ?? task.deferDate ?? LocalDateTime(date: completionDay)
        }
        var successorRule = rule
        let next: RecurrenceInstant
        var skipped = 0
        switch mode {
        case .every:
            let refInstant = RecurrenceInstant(reference)
            let start = rule.start ?? refInstant
            var it = rule.makeIterator(from: start)
            var found: RecurrenceInstant?
            var steps = 0
            while let x = it.next(), steps < 5_000_000 {
                steps += 1
                guard refInstant < x else { continue }
                if catchUp, x.date < today { skipped += 1; continue }
                found = x
                break
            }
            guard let f = found else { return nil }
            next = f
            if rule.count != nil, rule.start == nil { successorRule.start = start }  // the count runs on
        case .deferAnother, .dueAgain:
            let start = RecurrenceInstant(date: completionDay, time: reference.time.map(RecurrenceTime.init))
            var free = rule
            free.start = nil
            free.count = nil
            guard let x = free.next(after: start, from: start) else { return nil }
            if let until = rule.until, until < RecurrenceInstant(date: x.date) && until.date < x.date { return nil }
            if let c = rule.count {
                if c <= 1 { return nil }
                successorRule.count = c - 1
            }
            successorRule.start = nil
            next = x
        }
        let delta = reference.date.days(until: next.date)
        func shifted(_ d: LocalDateTime?, isReference: Bool) -> LocalDateTime? {
            guard let d else { return nil }
            let time = isReference ? (next.time.map { LocalTime(hour: $0.hour, minute: $0.minute)! } ?? d.time) : d.time
            return LocalDateTime(date: d.date.adding(days: delta), time: time)
        }
        let refIndex: Int?
        switch mode {
        case .every, .dueAgain: refIndex = task.due != nil ? 0 : task.scheduled != nil ? 1 : task.deferDate != nil ? 2 : nil
        case .deferAnother: refIndex = task.deferDate != nil ? 2 : task.due != nil ? 0 : task.scheduled != nil ? 1 : nil
        }
        let ruleOut = successorRule == rule ? ruleText : successorRule.stringWithStart
        if dates.allSatisfy({ $0 == nil }) {
            // A repeating task with no dates comes back on its next day, as a Things repeat does.
            let time = next.time.map { LocalTime(hour: $0.hour, minute: $0.minute)! }
            return RecurrencePlan(due: nil, scheduled: LocalDateTime(date: next.date, time: time), deferDate: nil,
                                  rule: ruleOut, skipped: skipped)
        }
        return RecurrencePlan(
            due: shifted(task.due, isReference: refIndex == 0),
            scheduled: shifted(task.scheduled, isReference: refIndex == 1),
            deferDate: shifted(task.deferDate, isReference: refIndex == 2),
            rule: ruleOut, skipped: skipped)
    }

    /// An RRULE or a text rule (`every week on Sunday when done`), with its when-done flag.
    public static func parse(_ text: String) throws -> (rule: RecurrenceRule, whenDone: Bool) {
        if let hit = ParsedRules.shared.get(text) { return try hit.get() }
        let result = Result { try parseUncached(text) }
        ParsedRules.shared.put(text, result)
        return try result.get()
    }

    private static func parseUncached(_ text: String) throws -> (rule: RecurrenceRule, whenDone: Bool) {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let upper = t.uppercased()
        do {
            if upper.hasPrefix("RRULE:") || upper.hasPrefix("DTSTART") || upper.contains("FREQ=") {
                let r = try RecurrenceRule(rrule: t)
                try r.validate()
                return (r, false)
            }
            return try TextRule.parse(t)
        } catch let e as RecurrenceRuleError {
            throw TodoError.invalidArgument("recurrence \"\(t)\": \(e.message)")
        }
    }

    /// The next `limit` dates of the task's anchor if it were completed on `completionDay`, for
    /// previews (`show`, `--json`). From-completion modes show one date (the rest depends on
    /// when each is done).
    public static func preview(_ task: TodoTask, mode: RepeatMode, completionDay: LocalDate, today: LocalDate,
                               limit: Int) -> [LocalDateTime] {
        if task.line != nil { return checkboxPreview(task, completionDay: completionDay, limit: limit) }
        var out: [LocalDateTime] = []
        var current = task
        for _ in 0..<limit {
            guard let rule = current.recurrence,
                  let plan = try? plan(current, rule: rule, mode: mode, completionDay: completionDay, today: today, catchUp: false)
            else { break }
            let anchor = mode == .deferAnother ? (plan.deferDate ?? plan.due ?? plan.scheduled)
                                               : (plan.due ?? plan.scheduled ?? plan.deferDate)
            guard let a = anchor else { break }
            out.append(a)
            current.due = plan.due
            current.scheduled = plan.scheduled
            current.deferDate = plan.deferDate
            current.recurrence = plan.rule
            if mode != .every { break }
        }
        return out
    }
}

extension RecurrencePlanner {
    /// A checkbox task's next reference dates by Obsidian Tasks' rules (`InlinePluginRecurrence`:
    /// month ends clamp), so the preview matches what completing the line writes. The rule text is
    /// the line's own (`extra["recurrence_text"]`); a date-less line has no dates to show.
    static func checkboxPreview(_ task: TodoTask, completionDay: LocalDate, limit: Int) -> [LocalDateTime] {
        guard case .string(let text)? = task.extra.first(where: { $0.0 == "recurrence_text" })?.1,
              let (rule, whenDone) = try? parse(text),
              var reference = (task.due ?? task.scheduled ?? task.deferDate)?.date else { return [] }
        var out: [LocalDateTime] = []
        for _ in 0..<(whenDone ? min(limit, 1) : limit) {
            guard let next = InlinePluginRecurrence.nextReferenceDate(rule: rule, from: whenDone ? completionDay : reference)
            else { break }
            out.append(LocalDateTime(date: next))
            reference = next
        }
        return out
    }
}

/// Rules already parsed: a repeating task's rule is read many times (its words, its next dates,
/// each view and JSON document that shows it), and a vault has few distinct rules. Bounded:
/// emptied when full. `@unchecked Sendable`: the table is only touched under `lock`.
final class ParsedRules: @unchecked Sendable {
    static let shared = ParsedRules()
    private let lock = NSLock()
    private var table: [String: Result<(rule: RecurrenceRule, whenDone: Bool), Error>] = [:]

    func get(_ text: String) -> Result<(rule: RecurrenceRule, whenDone: Bool), Error>? {
        lock.lock()
        defer { lock.unlock() }
        return table[text]
    }

    func put(_ text: String, _ result: Result<(rule: RecurrenceRule, whenDone: Bool), Error>) {
        lock.lock()
        defer { lock.unlock() }
        if table.count >= 512 { table.removeAll(keepingCapacity: true) }
        table[text] = result
    }
}
