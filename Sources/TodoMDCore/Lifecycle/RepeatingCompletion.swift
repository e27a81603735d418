import Foundation

extension TaskLifecycle {
    /// The key of the record a completed occurrence keeps, so `reopen` can undo the repeat:
    /// `{file: "<successor>", fingerprint: "<hash of its bytes>", rule: "<rule>", type: "<mode>"}`.
    public static let nextOccurrenceKey = "next_occurrence"

    /// Completes a repeating task (spec 000): this file becomes done with `completed` set and
    /// its `recurrence` removed; a new file gets everything else (title, description, area,
    /// project, tags, priority, flag, estimate, body, unknown keys, the rule) with a new
    /// `created`, status `todo`, and its dates moved to the next occurrence. When the series
    /// has ended (COUNT/UNTIL), no file is made and the result says so.
    func completeRepeating(_ task: TodoTask, fingerprint: UInt64?) throws -> ActionResult {
        guard let ruleText = task.recurrence else { throw TodoError.invalidArgument("\(task.path) does not repeat") }
        let mode = task.effectiveRepeatMode
        let clock = vault.clock, settings = vault.settings
        let (original, bytes) = try vault.readTask(task.path)
        if let fp = fingerprint, fp != Vault.fingerprint(bytes) {
            // The next dates come from the rule and the dates: another program must not have
            // changed them since the task was read.
            try Vault.checkClash(base: task, current: original, keys: [TaskKey.recurrence, TaskKey.recurrenceType, TaskKey.due],
                                 currentVersion: TaskVersion.of(fileBytes: bytes))
        }
        let plan = try RecurrencePlanner.plan(original, rule: ruleText, mode: mode, completionDay: clock.today,
                                              today: clock.today, catchUp: settings.repeatCatchUp)
        var messages: [String] = []
        var created: [TodoTask] = []
        var record: [(String, String?)] = [("rule", ruleText), ("type", mode.rawValue)]
        if let plan {
            let successor = try createSuccessor(of: original, bytes: bytes, plan: plan)
            created.append(successor)
            record.insert(("file", successor.path), at: 0)
            record.insert(("fingerprint", String(vault.writtenFingerprint(successor.path) ?? 0, radix: 16)), at: 1)
            let when = [plan.due.map { "due " + DateText.short($0, today: clock.today) },
                        plan.scheduled.map { "scheduled " + DateText.short($0, today: clock.today) },
                        plan.deferDate.map { "deferred until " + DateText.short($0, today: clock.today) }].compactMap { $0 }
            messages.append("next: \(successor.path)" + (when.isEmpty ? "" : " (" + when.joined(separator: ", ") + ")"))
            if plan.skipped > 0 {
                messages.append("skipped \(plan.skipped) past occurrence\(plan.skipped == 1 ? "" : "s") (catch-up)")
            }
        } else {
            record.insert(("file", nil), at: 0)
            messages.append("the series has ended (\(Self.endReason(ruleText))); no next occurrence was created")
        }
        let flow = "{" + record.map { "\($0.0): " + ($0.1.map(YAMLRender.doubleQuoted) ?? "null") }.joined(separator: ", ") + "}"
        do {
            let updated = try vault.update(original, [
                FieldChange(TaskKey.status, .string(TaskStatus.done.rawValue)),
                FieldChange(TaskKey.completed, .string(Timestamp.format(clock.now))),
                FieldChange(TaskKey.recurrence, nil),
                FieldChange(TaskKey.recurrenceType, nil),
                FieldChange(Self.nextOccurrenceKey, .raw(flow)),
            ], readFingerprint: Vault.fingerprint(bytes))
            var result = ActionResult(task: updated)
            result.created = created
            result.messages = messages
            return result
        } catch {
            // Never leave a successor behind for a completion that did not happen.
            for c in created { FileSystem.removeFile(vault.absolute(c.path)) }
            throw error
        }
    }

    /// Writes the next occurrence: a copy of the original file's bytes (so unknown keys,
    /// comments and the body stay exactly as written) with its lifecycle fields rewritten.
    private func createSuccessor(of task: TodoTask, bytes: [UInt8], plan: RecurrencePlan) throws -> TodoTask {
        let clock = vault.clock, settings = vault.settings
        let now = Timestamp.format(clock.now)
        func date(_ key: String, _ v: LocalDateTime?) -> FieldChange { FieldChange(key, v.map { .string($0.description) }) }
        let changes = [
            FieldChange(TaskKey.status, .string(TaskStatus.todo.rawValue)),
            date(TaskKey.due, plan.due), date(TaskKey.scheduled, plan.scheduled), date(TaskKey.deferDate, plan.deferDate),
            FieldChange(TaskKey.recurrence, .string(plan.rule)),
            FieldChange(TaskKey.created, .string(now)),
            FieldChange(TaskKey.modified, .string(now)),
            FieldChange(TaskKey.completed, nil),
            FieldChange(Self.nextOccurrenceKey, nil),
        ]
        let newBytes = try vault.format.apply(changes, to: bytes)
        let folder = task.folder == settings.archiveFolder || task.folder.hasPrefix(settings.archiveFolder + "/") ? "" : task.folder
        let rel = try FileSystem.firstFreeName(in: folder, { FileName.make(title: task.title, created: clock.now, suffix: $0) },
                                               for: "the next occurrence") {
            try FileSystem.atomicCreate(vault.absolute($0), bytes: newBytes)
        }
        return vault.taskWritten(rel, newBytes, fallback: task)
    }

    static func endReason(_ rule: String) -> String {
        rule.uppercased().contains("COUNT=") ? "COUNT reached" : rule.uppercased().contains("UNTIL=") ? "past UNTIL" : "no further date"
    }

    /// Undoes a repeat when a completed occurrence is reopened: if its successor is unchanged
    /// since it was created, the successor goes to the trash and the rule comes back; otherwise
    /// nothing is removed and the messages say so.
    func reopenRepeating(_ task: TodoTask, record: [(String, JSONValue)], fingerprint: UInt64?) throws -> ActionResult {
        func field(_ k: String) -> String? {
            if case .string(let s)? = record.first(where: { $0.0 == k })?.1 { return s }
            return nil
        }
        var messages: [String] = []
        var restore = true
        if let file = field("file") {
            let path = vault.absolute(file)
            if let bytes = try? FileSystem.readFile(path) {
                if String(Vault.fingerprint(bytes), radix: 16) == field("fingerprint") {
                    let trashed = try Trash(vault: vault).delete(file)
                    messages.append("removed the next occurrence \(file) (it is in \(trashed))")
                } else {
                    restore = false
                    messages.append("the next occurrence \(file) was edited since it was created: left in place, and the rule was not restored here (it lives on in that file)")
                }
            } else {
                messages.append("the next occurrence \(file) is gone already")
            }
        }
        var changes = [FieldChange(TaskKey.status, .string(TaskStatus.todo.rawValue)), FieldChange(TaskKey.completed, nil),
                       FieldChange(Self.nextOccurrenceKey, nil)]
        if restore, let rule = field("rule") {
            changes.append(FieldChange(TaskKey.recurrence, .string(rule)))
            if let t = field("type"), t != RepeatMode.every.rawValue { changes.append(FieldChange(TaskKey.recurrenceType, .string(t))) }
            messages.append("restored the rule \(rule)")
        }
        var result = ActionResult(task: try vault.update(task, changes, readFingerprint: fingerprint))
        result.messages = messages
        return result
    }
}
