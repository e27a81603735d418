import Foundation
import Yams

extension TaskLifecycle {
    /// Completes a recurring task of a TaskNotes vault in place (tasknotes-spec §4.7, TaskNotes'
    /// model; PRODUCT.md decision 7): the occurrence's day joins `complete_instances`,
    /// `scheduled` and `due` (keeping their offset) move to the next open occurrence, `DTSTART`
    /// is seeded (or, anchored on completion, rewritten) in the rule, and no file is created.
    /// The task stays open; when the series has ended, it is done.
    func completeInPlace(_ task: TodoTask, format: TaskNotesTaskFormat, fingerprint: UInt64?) throws -> ActionResult {
        guard task.recurrence != nil else { throw TodoError.invalidArgument("\(task.path) does not repeat") }
        let clock = vault.clock
        let mapping = format.config.mapping
        // The values as written (not as read into the model: a date-time keeps its seconds and
        // offset, `dateCreated` its own day, a long rule all of it).
        let (_, bytes) = try vault.readTask(task.path)
        guard case let .fields(_, fields) = MarkdownTaskFormat.frontmatter(path: task.path, bytes: bytes, looksLikeTask: { _ in true }, candidate: { _ in true }) else {
            throw TodoError.invalidArgument("\(task.path): the frontmatter cannot be read")
        }
        func node(_ role: TaskNotesRole) -> Node? { fields.last { $0.0 == mapping.key(for: role) }?.1 }
        func raw(_ role: TaskNotesRole) -> String? { node(role)?.scalar.map(\.string).flatMap { $0.trimmed.isEmpty ? nil : $0.trimmed } }
        func strings(_ role: TaskNotesRole) -> [String] {
            guard let n = node(role) else { return [] }
            // A blank scalar is no list at all.
            if let s = n.scalar, s.string.trimmed.isEmpty { return [] }
            return TaskNotesTaskFormat.strings(n)
        }
        guard let rule = raw(.recurrence) else { throw TodoError.invalidArgument("\(task.path) does not repeat") }
        let recurring = TaskNotesRecurringTask(
            recurrence: rule, anchor: try TaskNotesRecurrenceAnchor(stored: raw(.recurrenceAnchor)),
            scheduled: raw(.scheduled), due: raw(.due), dateCreated: raw(.dateCreated),
            instances: TaskNotesInstanceLists(completeInstances: strings(.completeInstances), skippedInstances: strings(.skippedInstances)))
        let target = try TaskNotesTargetDay.resolve(explicit: nil, scheduled: recurring.scheduled, due: recurring.due,
                                                    today: clock.today, zone: clock.timeZone)
        let update: TaskNotesRecurrenceUpdate
        do {
            update = try TaskNotesRecurrence.complete(recurring, target: target, zone: clock.timeZone)
        } catch let e as TaskNotesError {
            throw TodoError.invalidArgument("\(task.path): \(e)")
        }
        // The rule line is rewritten only when it changes (a seeded or moved DTSTART).
        var changes = [FieldChange(mapping.key(for: .completeInstances), .list(update.instances.completeInstances))]
        if update.recurrence != rule { changes.insert(FieldChange(TaskKey.recurrence, .string(update.recurrence)), at: 0) }
        var result: ActionResult
        if let next = update.nextScheduled ?? update.nextDue {
            // A task with a due date alone moves its due date; `scheduled` is not added.
            if recurring.scheduled != nil, let s = update.nextScheduled { changes.append(FieldChange(TaskKey.scheduled, .string(s))) }
            let dueAlone = update.nextScheduled.flatMap(TaskNotesTargetDay.dayToken).map { TaskNotesTargetDay.format($0, like: recurring.due) }
            let nextDue = recurring.scheduled == nil ? dueAlone : (format.maintainDueDateOffset ? update.nextDue : nil)
            if let due = nextDue { changes.append(FieldChange(TaskKey.due, .string(due))) }
            result = ActionResult(task: try vault.update(task, changes, readFingerprint: fingerprint))
            result.messages.append("completed the \(target.day) occurrence; next: \(DateText.short(LocalDateTime(next) ?? LocalDateTime(date: TaskNotesTargetDay.dayToken(next) ?? clock.today), today: clock.today))")
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
