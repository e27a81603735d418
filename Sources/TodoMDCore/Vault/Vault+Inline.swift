import Foundation

/// Checkbox tasks inside notes (Obsidian Tasks format): reading them into the one task model,
/// and rewriting only their line.
extension Vault {
    /// The checkbox tasks of a note. An inline task's project is its note (the file name), so a
    /// note of checkboxes is a list; its rule text (`🔁 every week`) is read as an RRULE.
    func inlineTasks(path: String, bytes: [UInt8]) -> [TodoTask] {
        guard bytes.count <= Limits.fileBytes, Self.mayHoldCheckbox(bytes), let text = UTF8Text.decode(bytes) else { return [] }
        let note = MarkdownTaskFormat.noteName(path)
        return scanInline(text).map { line in
            var t = line.toTask(path: path)
            t.extra.removeAll { $0.0 == "line" }  // the JSON's own `line` (1-based) says it
            t.line = line.lineNumber
            t.sourceLine = line.text
            t.project = note
            if let r = line.recurrence {
                if let parsed = try? TextRule.parse(r) {
                    t.recurrence = parsed.rule.stringWithStart
                    if parsed.whenDone { t.repeatMode = .dueAgain }
                } else {
                    t.problems.append("🔁 \(r): not a rule todomd can read")
                }
            }
            return t
        }
    }

    /// The checkbox lines of a note's text under the vault's settings (global filter, whether it
    /// is removed from titles, statuses).
    func scanInline(_ text: String) -> [InlineTaskLine] {
        InlineTaskScanner.scan(text, statusMap: settings.statusMap, globalFilter: settings.globalFilter,
                               removeGlobalFilter: settings.obsidianTasks.removeGlobalFilter)
    }

    /// A cheap test before decoding: a checkbox needs `[`, one character and `]`.
    static func mayHoldCheckbox(_ bytes: [UInt8]) -> Bool {
        var i = 0
        let n = bytes.count
        while i + 2 < n {
            if bytes[i] == 0x5B {  // [
                // `[c]` with c one UTF-8 character (1–4 bytes)
                for len in 1...4 where i + len + 1 < n && bytes[i + len + 1] == 0x5D { return true }
            }
            i += 1
        }
        return false
    }

    /// Rewrites an inline task's line (and inserts a recurrence line) in its note, refusing when
    /// the line changed since it was read. Lines elsewhere in the note may change meanwhile:
    /// the task is found again by its identity.
    /// A `🏁 delete` line that is gone comes back as it would have read, at its old line number.
    func rewriteInline(_ task: TodoTask, _ make: (InlineTaskLine) throws -> InlineStatusChange) throws -> TodoTask {
        guard let original = task.sourceLine, let identity = task.inlineIdentity else {
            throw TodoError.invalidArgument("\(task.key) is not a checkbox task")
        }
        let path = FileSystem.realPath(absolute(task.path)) ?? absolute(task.path)
        var moved: Int? = task.line ?? 0, fallback = task.line ?? 0
        var removed: String?
        let written = try withLock {
            try FileSystem.replaceChecked(path, name: task.path, noun: "note") { bytes in
                guard let text = UTF8Text.decode(bytes) else {
                    throw TodoError.unreadable(path: task.path, reason: "the note is no longer valid UTF-8")
                }
                let lines = scanInline(text)
                let found = lines.first(where: { $0.identity == identity }) ?? lines.first(where: { $0.lineNumber == task.line })
                guard let current = found, InlineNote.lineStillMatches(original: original, current: current.text) else {
                    throw lineChanged(task, now: found)
                }
                let change = try make(current)
                guard let newText = InlineNote.applyingCompletion(in: text, lineNumber: current.lineNumber, expecting: original,
                                                                  completedLine: change.line, nextLine: change.next,
                                                                  placement: change.placement, removeCompleted: change.deleted) else {
                    throw lineChanged(task, now: current)
                }
                // Where the task's line went (a line inserted above moves it down).
                moved = change.changedLineNumber(from: current.lineNumber)
                fallback = current.lineNumber
                removed = change.deleted ? change.line : nil
                return Array(newText.utf8)
            }
        }
        if let removed, var gone = inlineTasks(path: task.path, bytes: Array(removed.utf8)).first {
            gone.line = fallback
            return gone
        }
        let now = inlineTasks(path: task.path, bytes: written)
        return now.first(where: { $0.line == moved }) ?? now.first(where: { $0.line == fallback }) ?? task
    }

    /// The conflict of a checkbox line that changed since it was read: the fields that differ
    /// (its text, when only words changed), or the whole line when it is gone.
    private func lineChanged(_ task: TodoTask, now: InlineTaskLine?) -> TodoError {
        let reason = "the line changed since it was read; nothing was changed"
        guard let now else { return .conflict(path: task.key, reason: reason) }
        let current = inlineTasks(path: task.path, bytes: Array(now.text.utf8)).first ?? task
        var keys = TaskKey.all.filter { task.value(forKey: $0) != current.value(forKey: $0) }
        if keys.isEmpty { keys = [TaskKey.title] }
        return .editConflict(EditConflict(
            path: task.key, fields: keys.map { EditConflict.Field(key: $0, read: task.value(forKey: $0), onDisk: current.value(forKey: $0)) },
            currentVersion: TaskVersion.of(line: now.text), reason: reason))
    }

    /// Applies field changes to an inline task: status (with ✅/❌ dates), due, scheduled,
    /// defer (🛫 start), priority, recurrence and tags. Other fields have no place on a checkbox
    /// line and are refused.
    func updateInline(_ task: TodoTask, _ changes: [FieldChange]) throws -> TodoTask {
        try rewriteInline(task) { line in
            let tasksSettings = settings.obsidianTasks
            var edit = InlineLineEdit(format: tasksSettings.taskFormat == .dataview ? .dataview : nil)
            var newStatus: TaskStatus?
            for c in changes {
                switch c.key {
                case TaskKey.status:
                    guard case .string(let s)? = c.value, let st = TaskStatus(rawValue: s) else { continue }
                    newStatus = st
                case TaskKey.due, TaskKey.scheduled, TaskKey.deferDate:
                    let kind: InlineFieldKind = c.key == TaskKey.due ? .due : c.key == TaskKey.scheduled ? .scheduled : .start
                    var day: LocalDate?
                    if case .string(let s)? = c.value {
                        guard let d = LocalDateTime(s) else { throw TodoError.invalidArgument("\(c.key): not a date") }
                        if d.time != nil { throw TodoError.invalidArgument("checkbox tasks hold dates without times") }
                        day = d.date
                    }
                    edit.setDate(kind, day)
                case TaskKey.priority:
                    var p: InlinePriority?
                    if case .string(let s)? = c.value {
                        switch s {
                        case "high": p = line.priority == .highest ? .highest : .high
                        case "medium": p = .medium
                        case "low": p = line.priority == .lowest ? .lowest : .low
                        default: p = nil
                        }
                    }
                    edit.setPriority(p)
                case TaskKey.recurrence:
                    var text: String?
                    if case .string(let s)? = c.value {
                        let parsed = try RecurrencePlanner.parse(s)
                        text = s.uppercased().contains("FREQ=") ? TextRule.describe(parsed.rule, whenDone: parsed.whenDone) : s
                    }
                    edit.setRecurrence(text)
                case TaskKey.tags:
                    var wanted: [String] = []
                    if case .list(let l)? = c.value { wanted = l }
                    let have = Set(line.tags.map { $0.lowercased() })
                    let want = Set(wanted.map { $0.lowercased() })
                    edit.addTags = wanted.filter { !have.contains($0.lowercased()) }
                    edit.removeTags = line.tags.filter { !want.contains($0.lowercased()) }
                case TaskKey.completed, TaskKey.modified:
                    continue  // the ✅ date follows the status
                default:
                    throw TodoError.invalidArgument("a checkbox task has no \(c.key) field; it can change status, due, scheduled, defer, priority, recurrence and tags")
                }
            }
            if let st = newStatus {
                return InlineStatusChange(line: try line.rewritten(status: st, on: clock.today, statusMap: settings.statusMap, also: edit,
                                                                   doneDate: tasksSettings.setDoneDate,
                                                                   cancelledDate: tasksSettings.setCancelledDate))
            }
            return InlineStatusChange(line: try line.rewritten(edit))
        }
    }

    /// Completes an inline task as a click in Obsidian does (`InlineTaskLine.changingStatus`): the
    /// checkbox becomes the first done status along its next-status chain (`[D]` → `[X]` with
    /// custom statuses), ✅ today; a recurring one gets its next occurrence as a new line above
    /// (below with the plugin's `recurrenceOnNextLine`), with Obsidian Tasks' own rules
    /// (`InlinePluginRecurrence`): dates move together from the reference date (due, else
    /// scheduled, else start; `when done` counts from today), month ends clamp (Mar 31 → Apr 30),
    /// a date-less line stays date-less, and an impossible reference date (`📅 2022-02-30`) gets
    /// no next occurrence. A `🏁 delete` line is removed once done (its next occurrence stays).
    func completeInline(_ task: TodoTask) throws -> ActionResult {
        var messages: [String] = []
        let tasksSettings = settings.obsidianTasks
        let updated = try rewriteInline(task) { line in
            guard let doneChar = settings.statusMap.character(for: .done, from: line.statusChar) else {
                throw TodoError.invalidArgument("no checkbox character is configured for status done")
            }
            let change = try line.changingStatus(to: doneChar, on: clock.today, statusMap: settings.statusMap,
                                                 settings: tasksSettings) { source in
                guard let ruleText = source.recurrence else { return nil }
                let (rule, whenDone) = try RecurrencePlanner.parse(ruleText)
                switch InlinePluginRecurrence.next(of: source, rule: rule, whenDone: whenDone, today: clock.today) {
                case .next(let d): return d
                case .ended:
                    messages.append("the series has ended; no next occurrence was added")
                case .invalidReference(let kind, let value):
                    messages.append("\(kind.emoji ?? kind.rawValue) \(value) is not a real date; no next occurrence was added")
                }
                return nil
            }
            if let next = change.next, let dates = InlineTaskLine.parse(next)?.occurrence {
                let when = dates.due.map { "due " + DateText.short($0, today: clock.today) }
                    ?? dates.scheduled.map { "scheduled " + DateText.short($0, today: clock.today) }
                    ?? dates.start.map { "starts " + DateText.short($0, today: clock.today) } ?? "without dates"
                messages.append("next: a new line " + (change.placement == .above ? "above" : "below") + ", " + when)
            }
            if change.deleted { messages.append("🏁 delete: the completed line was removed from the note") }
            return change
        }
        var r = ActionResult(task: updated)
        r.messages = messages
        return r
    }
}
