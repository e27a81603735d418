import Foundation

extension TaskLifecycle {
    /// Completes a recurring task of a TaskNotes vault in place (tasknotes-spec §4.7, TaskNotes'
    /// model; PRODUCT.md decision 7): the occurrence's day joins `complete_instances`,
    /// `scheduled` and `due` (keeping their offset) move to the next open occurrence, `DTSTART`
    /// is seeded (or, anchored on completion, rewritten) in the rule, and no file is created.
    /// The task stays open; when the series has ended, it is done.
    func completeInPlace(_ task: TodoTask, format: TaskNotesTaskFormat, fingerprint: UInt64?) throws -> ActionResult {
        guard let rule = task.recurrence else { throw TodoError.invalidArgument("\(task.path) does not repeat") }
        let clock = vault.clock
        let mapping = format.config.mapping
        func stored(_ role: TaskNotesRole) -> JSONValue? { task.extra.last { $0.0 == mapping.key(for: role) }?.1 }
        func strings(_ role: TaskNotesRole) -> [String] {
            if case .array(let items)? = stored(role) { return items.compactMap { if case .string(let s) = $0 { return s } else { return nil } } }
            return []
        }
        let anchorText: String? = { if case .string(let s)? = stored(.recurrenceAnchor) { return s } else { return nil } }()
        let recurring = TaskNotesRecurringTask(
            recurrence: rule, anchor: try TaskNotesRecurrenceAnchor(stored: anchorText),
            scheduled: task.scheduled?.description, due: task.due?.description,
            dateCreated: task.created.map { LocalDate($0, in: clock.timeZone).description },
            instances: TaskNotesInstanceLists(completeInstances: strings(.completeInstances), skippedInstances: strings(.skippedInstances)))
        let target = try TaskNotesTargetDay.resolve(explicit: nil, scheduled: recurring.scheduled, due: recurring.due,
                                                    today: clock.today, zone: clock.timeZone)
        let update: TaskNotesRecurrenceUpdate
        do {
            update = try TaskNotesRecurrence.complete(recurring, target: target, zone: clock.timeZone)
        } catch let e as TaskNotesError {
            throw TodoError.invalidArgument("\(task.path): \(e)")
        }
        var changes = [FieldChange(TaskKey.recurrence, .string(update.recurrence)),
                       FieldChange(mapping.key(for: .completeInstances), .list(update.instances.completeInstances))]
        var result: ActionResult
        if let next = update.nextScheduled ?? update.nextDue {
            // A task with a due date alone moves its due date; `scheduled` is not added.
            if task.scheduled != nil, let s = update.nextScheduled { changes.append(FieldChange(TaskKey.scheduled, .string(s))) }
            let dueAlone = update.nextScheduled.flatMap(TaskNotesTargetDay.dayToken).map { TaskNotesTargetDay.format($0, like: recurring.due) }
            let nextDue = task.scheduled == nil ? dueAlone : (format.maintainDueDateOffset ? update.nextDue : nil)
            if let due = nextDue { changes.append(FieldChange(TaskKey.due, .string(due))) }
            result = ActionResult(task: try vault.update(task, changes, readFingerprint: fingerprint))
            result.messages.append("completed the \(target.day) occurrence; next: \(DateText.short(LocalDateTime(next) ?? LocalDateTime(date: clock.today), today: clock.today))")
        } else {
            // The series has ended: the task is done.
            changes += [FieldChange(TaskKey.status, .string(TaskStatus.done.rawValue)),
                        FieldChange(TaskKey.completed, .string(Timestamp.format(clock.now)))]
            result = ActionResult(task: try vault.update(task, changes, readFingerprint: fingerprint))
            result.messages.append("the series has ended; the task is done")
        }
        return result
    }
}
