import Foundation

extension TodoTask {
    /// The rule in words (`every week on Saturday`), or nil.
    public var recurrenceText: String? {
        guard let r = recurrence, let parsed = try? RecurrencePlanner.parse(r) else { return nil }
        return TextRule.describe(parsed.rule, whenDone: effectiveRepeatMode != .every)
    }

    /// `recurrence_type`, else what a text rule's `when done` implies (due-again, or
    /// defer-another for a task that only has a defer date), else `every`.
    public var effectiveRepeatMode: RepeatMode {
        if let m = repeatMode { return m }
        guard let r = recurrence, let parsed = try? RecurrencePlanner.parse(r), parsed.whenDone else { return .every }
        return deferDate != nil && due == nil ? .deferAnother : .dueAgain
    }
}
