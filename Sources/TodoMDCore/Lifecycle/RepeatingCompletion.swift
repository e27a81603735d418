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
        return try vault.withLock {
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
            var successor: (rel: String, bytes: [UInt8])?
            var record: [(String, String?)] = [("rule", ruleText), ("type", mode.rawValue)]
            if let plan {
                let next = try successorFile(of: original, bytes: bytes, plan: plan)
                successor = next
                record.insert(("file", next.rel), at: 0)
                record.insert(("fingerprint", String(Vault.fingerprint(next.bytes), radix: 16)), at: 1)
                let when = [plan.due.map { "due " + DateText.short($0, today: clock.today) },
                            plan.scheduled.map { "scheduled " + DateText.short($0, today: clock.today) },
                            plan.deferDate.map { "deferred until " + DateText.short($0, today: clock.today) }].compactMap { $0 }
                messages.append("next: \(next.rel)" + (when.isEmpty ? "" : " (" + when.joined(separator: ", ") + ")"))
                if plan.skipped > 0 {
                    messages.append("skipped \(plan.skipped) past occurrence\(plan.skipped == 1 ? "" : "s") (catch-up)")
                }
            } else {
                record.insert(("file", nil), at: 0)
                messages.append("the series has ended (\(Self.endReason(ruleText))); no next occurrence was created")
            }
            let flow = "{" + record.map { "\($0.0): " + ($0.1.map(YAMLRender.doubleQuoted) ?? "null") }.joined(separator: ", ") + "}"
            let stamp = Timestamp.format(clock.now)
            let changes = [
                FieldChange(TaskKey.status, .string(TaskStatus.done.rawValue)),
                FieldChange(TaskKey.completed, .string(stamp)),
                FieldChange(TaskKey.recurrence, nil),
                FieldChange(TaskKey.recurrenceType, nil),
                FieldChange(Self.nextOccurrenceKey, .raw(flow)),
            ]
            // The successor first, then the original: a crash in between is rolled forward.
            var steps = [ActionIntent.Step(path: task.path, before: bytes,
                                           after: try vault.format.apply(changes + [FieldChange(TaskKey.modified, .string(stamp))], to: bytes))]
            if let successor { steps.insert(ActionIntent.Step(path: successor.rel, before: nil, after: successor.bytes), at: 0) }
            return try vault.withIntent(ActionIntent(action: "done \(task.path)", steps: steps)) {
                var created: [TodoTask] = []
                if let successor {
                    guard try FileSystem.atomicCreate(vault.absolute(successor.rel), bytes: successor.bytes) else {
                        throw TodoError.conflict(path: successor.rel, reason: "another program just created this file; try again")
                    }
                    created.append(vault.taskWritten(successor.rel, successor.bytes, fallback: original))
                }
                do {
                    let updated = try vault.update(original, changes, readFingerprint: Vault.fingerprint(bytes), modified: stamp)
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
        }
    }

    /// The next occurrence's file: a copy of the original file's bytes (so unknown keys,
    /// comments and the body stay exactly as written) with its lifecycle fields rewritten,
    /// under the first free name (the caller holds the vault lock).
    private func successorFile(of task: TodoTask, bytes: [UInt8], plan: RecurrencePlan) throws -> (rel: String, bytes: [UInt8]) {
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
        try FileSystem.makeDirs(folder.isEmpty ? vault.root : vault.absolute(folder))
        let rel = try FileSystem.firstFreeName(in: folder, { FileName.make(title: task.title, created: clock.now, suffix: $0) },
                                               for: "the next occurrence") {
            access(vault.absolute($0), F_OK) != 0
        }
        return (rel, newBytes)
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
