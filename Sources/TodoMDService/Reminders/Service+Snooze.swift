import Foundation
import TodoMDCore

extension TodoService {
    /// Snoozes a task's reminders: `1h`, `30m`, `2h30m` from now, or a date (its notification
    /// time: `tomorrow`) or a date-time. Writes `snoozed_until` (local time); nothing fires before
    /// it, then the reminder fires and a nag goes on from there.
    public func snooze(_ reference: String, until text: String, expected: String? = nil) throws -> (ActionOutcome, LocalDateTime) {
        try locked {
            let clock = self.clock
            let until: LocalDateTime
            if let minutes = QuickEntryParser.minutes(text), text.contains(where: \.isLetter) {
                until = LocalDateTime(instant: clock.now.addingTimeInterval(TimeInterval(60 * minutes)), in: clock.timeZone)
            } else {
                let d = try DateArgument.parse(text, clock: clock)
                until = LocalDateTime(date: d.date, time: d.time ?? vault.settings.reminders.notificationTime)
            }
            guard until.instant(in: clock.timeZone) > clock.now else {
                throw TodoError.invalidArgument("snooze until a time to come, not \(until)")
            }
            let outcome = try writing(reference, prefer: .open, expected: expected, keys: [TaskReminderFields.snoozedKey], clock: clock) {
                ActionResult(task: try vault.update($0.task, [FieldChange(TaskReminderFields.snoozedKey, .string(until.description))],
                                                    readFingerprint: $0.fileFingerprint))
            }
            return (outcome, until)
        }
    }

    /// Turns a task's persistent reminder on (`nag: true`), or off: a one-off task stops nagging
    /// (`nag: false`); a repeating one is silenced for this occurrence only (`nag_silenced`: its
    /// date), so the next occurrence nags again.
    public func nag(_ reference: String, _ on: Bool, expected: String? = nil) throws -> ActionOutcome {
        try locked {
            let clock = self.clock
            return try writing(reference, prefer: .open, expected: expected,
                               keys: [TaskReminderFields.nagKey, TaskReminderFields.silencedKey], clock: clock) { current in
                let t = current.task
                var changes: [FieldChange]
                if on {
                    changes = [FieldChange(TaskReminderFields.nagKey, .bool(true))]
                    if TaskReminderFields.nagSilenced(t) != nil { changes.append(FieldChange(TaskReminderFields.silencedKey, nil)) }
                } else if t.recurrence != nil {
                    let occurrence = (t.due ?? t.deferDate ?? t.scheduled)?.date ?? clock.today
                    changes = [FieldChange(TaskReminderFields.silencedKey, .string(occurrence.description))]
                } else {
                    changes = [FieldChange(TaskReminderFields.nagKey, .bool(false))]
                }
                return ActionResult(task: try vault.update(t, changes, readFingerprint: current.fileFingerprint))
            }
        }
    }
}
