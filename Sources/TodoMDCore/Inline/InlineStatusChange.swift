/// What changing one line's status writes: Obsidian Tasks' `Task.handleNewStatus`, then
/// `handleOnCompletion` (src/Task/OnCompletion.ts), then `putRecurrenceInUsersOrder`.
public struct InlineStatusChange: Sendable, Equatable {
    /// The changed line (when `deleted`, what it would have read).
    public var line: String
    /// `🏁 delete` removed the changed line: only `next`, if any, is written.
    public var deleted: Bool
    /// The next occurrence of a recurring task that entered done, if one was made.
    public var next: String?
    /// Where `next` goes relative to the changed line (the plugin's default: above).
    public var placement: InlineNote.Placement
    /// True when the line recurs but no next occurrence was made (the series ended).
    public var seriesEnded: Bool

    public init(line: String, deleted: Bool = false, next: String? = nil, placement: InlineNote.Placement = .above,
                seriesEnded: Bool = false) {
        self.line = line
        self.deleted = deleted
        self.next = next
        self.placement = placement
        self.seriesEnded = seriesEnded
    }

    /// The lines that replace the original one, in file order (none when a deleted line had no
    /// next occurrence).
    public var lines: [String] {
        let kept = deleted ? [] : [line]
        guard let next else { return kept }
        return placement == .above ? [next] + kept : kept + [next]
    }

    /// The line number of the changed line after the change, when the original was at `n`.
    public func changedLineNumber(from n: Int) -> Int? {
        deleted ? nil : next != nil && placement == .above ? n + 1 : n
    }
}

extension InlineTaskLine {
    /// The line moved to checkbox character `c`, as Obsidian Tasks does it:
    /// - the same character changes nothing;
    /// - done and cancelled dates follow the status type (`setDoneDate`, `setCancelledDate`);
    /// - a recurring line entering done from another type gets its next occurrence, dated by
    ///   `nextDates` (the recurrence engine; nil: no next occurrence). With
    ///   `removeScheduledDateOnRecurrence` and a start or due date, `nextDates` sees the line
    ///   without its scheduled date — so it counts from due, else start, as the plugin does —
    ///   and the new line has no ⏳. Its checkbox is the first todo (else in-progress) status
    ///   after `c` on the next-status chain, ➕ is today only with `setCreatedDate`, and it goes
    ///   above the completed line, or below with `recurrenceOnNextLine`;
    /// - a `🏁 delete` line entering done from another type is removed (its next occurrence,
    ///   if any, stays); `🏁 keep` and no 🏁 keep it. Cancelling never deletes.
    /// New fields on a line without any are spelled in `settings.taskFormat`.
    public func changingStatus(to c: Character, on today: LocalDate, statusMap: InlineStatusMap = .default,
                               settings: ObsidianTasksSettings = ObsidianTasksSettings(),
                               nextDates: (InlineTaskLine) throws -> InlineOccurrence?) throws -> InlineStatusChange {
        guard c != statusChar else { return InlineStatusChange(line: text) }
        let format: InlineFormat? = settings.taskFormat == .dataview ? .dataview : nil
        let changed = try rewritten(statusChar: c, on: today, statusMap: statusMap, also: InlineLineEdit(format: format),
                                    doneDate: settings.setDoneDate, cancelledDate: settings.setCancelledDate)
        let old = statusMap.status(for: statusChar), new = statusMap.status(for: c)
        let entersDone = new == .done && old != .done
        var out = InlineStatusChange(line: changed, placement: settings.recurrenceOnNextLine ? .below : .above)
        if entersDone, recurrence != nil {
            // Occurrence.next: the scheduled date goes only when a start or due date stays.
            let dropScheduled = settings.removeScheduledDateOnRecurrence && field(.scheduled) != nil
                && (field(.start) != nil || field(.due) != nil)
            if var dates = try nextDates(dropScheduled ? reparsed(removing(.scheduled)) : self) {
                if dropScheduled { dates.scheduled = nil }
                out.next = nextOccurrenceLine(dates: dates, created: settings.setCreatedDate ? today : nil, statusMap: statusMap,
                                              statusChar: statusMap.recurrenceCharacter(after: c), format: format)
            } else {
                out.seriesEnded = true
            }
        }
        out.deleted = entersDone && onCompletion == "delete"
        return out
    }

    /// A click on the checkbox in Obsidian: the line moves to its next-status character
    /// (`[ ]` → `[x]`, a custom `[D]` → its next, e.g. `[X]`), then as `changingStatus`.
    public func toggled(on today: LocalDate, statusMap: InlineStatusMap = .default,
                        settings: ObsidianTasksSettings = ObsidianTasksSettings(),
                        nextDates: (InlineTaskLine) throws -> InlineOccurrence?) throws -> InlineStatusChange {
        try changingStatus(to: statusMap.nextCharacter(after: statusChar), on: today, statusMap: statusMap,
                           settings: settings, nextDates: nextDates)
    }
}
