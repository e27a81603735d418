import Foundation

/// Todoist's DATE column: the date as typed in Todoist (`tomorrow`, `Dec 24`, `2026-12-05 09:30`,
/// `every monday`, `every 2 weeks starting jan 5`, `every! 3 days`).
enum TodoistDates {
    struct Reading {
        var date: LocalDateTime?
        /// A text rule (`every monday`) for a repeating date.
        var rule: String?
        /// `every!`: the next date counts from the completion.
        var whenDone = false
    }

    /// What `text` says, read by quick entry; nil when any of it is not a date or a repeat.
    static func read(_ raw: String, options: ImportOptions) -> Reading? {
        var text = raw.trimmed
        if let d = ImportDates.local(text, zone: options.clock.timeZone) { return Reading(date: d) }
        var whenDone = false
        let lower = text.lowercased()
        // `every!` / `ev!` repeat after completion; `ev` is Todoist's short `every`.
        for (prefix, bang) in [("every!", true), ("ev!", true), ("ev ", false)] where lower.hasPrefix(prefix) {
            text = "every " + text.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
            whenDone = bang
            break
        }
        text = text.replacingOccurrences(of: " @ ", with: " at ")
        let q = QuickEntryParser(today: options.clock.today, now: options.clock.timeOfDay, defaultDateField: .due,
                                 dateOrder: options.dateOrder).parse(text)
        let leftover = !q.title.trimmingCharacters(in: .whitespaces).isEmpty || !q.tags.isEmpty || q.project != nil
            || q.area != nil || q.priority != nil || q.flagged || q.estimateMinutes != nil || q.someday || q.description != nil
        let date = q.due ?? q.scheduled ?? q.defer
        guard !leftover, date != nil || q.recurrence != nil else { return nil }
        return Reading(date: date, rule: q.recurrence, whenDone: whenDone || q.whenDone)
    }

    /// A date as Todoist reads it: `2026-12-05` or `2026-12-05 09:30`.
    static func text(_ d: LocalDateTime) -> String {
        guard let t = d.time else { return d.date.description }
        return d.date.description + " " + t.description
    }

    /// A task's repeat in Todoist's words: `every week on Monday`, `every! 2 weeks` for a repeat
    /// that counts from the completion; nil when the rule cannot be read.
    static func repeatText(_ t: TodoTask) -> String? {
        guard let r = t.recurrence, let parsed = try? RecurrencePlanner.parse(r) else { return nil }
        let rule = parsed.rule
        var one = rule
        one.byDay = []
        // Todoist's own phrasing for the most common rule: `every saturday`.
        let words = rule.byDay.count == 1 && rule.byDay[0].ordinal == nil && one == RecurrenceRule(frequency: .weekly)
            ? "every " + rule.byDay[0].weekday.name.lowercased() : TextRule.describe(rule)
        guard t.effectiveRepeatMode != .every, words.hasPrefix("every ") else { return words }
        return "every! " + words.dropFirst(6)
    }
}
