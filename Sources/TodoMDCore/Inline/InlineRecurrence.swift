/// The dates of one occurrence of a recurring inline task.
public struct InlineOccurrence: Sendable, Equatable {
    public var start: LocalDate?
    public var scheduled: LocalDate?
    public var due: LocalDate?

    public init(start: LocalDate? = nil, scheduled: LocalDate? = nil, due: LocalDate? = nil) {
        self.start = start
        self.scheduled = scheduled
        self.due = due
    }

    /// The date the recurrence counts from: due, else scheduled, else start (Obsidian Tasks).
    public var referenceDate: LocalDate? { due ?? scheduled ?? start }

    /// Every date moved by the offset that takes the reference date to `next`, so "starts a
    /// week before it is due" still holds. Unchanged when there is no reference date.
    public func shifted(toReference next: LocalDate) -> InlineOccurrence {
        guard let ref = referenceDate else { return self }
        let offset = ref.days(until: next)
        return InlineOccurrence(start: start?.adding(days: offset), scheduled: scheduled?.adding(days: offset),
                                due: due?.adding(days: offset))
    }
}

extension InlineTaskLine {
    /// The line's start, scheduled and due dates.
    public var occurrence: InlineOccurrence { InlineOccurrence(start: start, scheduled: scheduled, due: due) }

    /// The line for the next occurrence, as Obsidian Tasks writes it: same prefix and text,
    /// status back to todo, start/scheduled/due replaced by `dates` (a date the line has but
    /// `dates` lacks is removed; one `dates` adds is appended), done and cancelled dates removed,
    /// and — because a copy must not share them — the block id, 🆔 id and ⛔ depends-on removed.
    /// The created date becomes `created` when given, else is removed (Obsidian Tasks sets it
    /// only when its "set created date" option is on). `statusChar` is the new line's checkbox
    /// character (default: the map's todo character); `format` spells dates added to a line
    /// without fields.
    public func nextOccurrenceLine(dates: InlineOccurrence, created: LocalDate? = nil,
                                   statusMap: InlineStatusMap = .default, statusChar: Character? = nil,
                                   format: InlineFormat? = nil) -> String {
        var e = InlineLineEdit(statusChar: statusChar ?? statusMap.character(for: .todo) ?? " ", format: format)
        for kind in [InlineFieldKind.done, .cancelled, .id, .dependsOn] where field(kind) != nil { e.fields[kind] = .clear }
        e.setDate(.start, dates.start)
        e.setDate(.scheduled, dates.scheduled)
        e.setDate(.due, dates.due)
        if created != nil || field(.created) != nil { e.setDate(.created, created) }
        // Dates and clears are always valid values, so this cannot throw.
        let line = reparsed((try? rewritten(e)) ?? text)
        var s = Array(line.body.unicodeScalars)
        guard let b = InlineFieldReader.blockId(s, InlineScalars.trimEnd(s, s.count)) else { return line.text }
        var lo = b.range.lowerBound
        while lo > 0, InlineScalars.isBlank(s[lo - 1]) { lo -= 1 }
        s.removeSubrange(lo..<b.range.upperBound)
        return line.prefix + "[\(line.statusChar)]" + line.separator + InlineScalars.string(s)
    }

    /// The next-occurrence line with every date shifted so the reference date (due, else
    /// scheduled, else start) becomes `referenceDate`. Nil when the line has none of those dates.
    public func nextOccurrenceLine(referenceDate next: LocalDate, created: LocalDate? = nil,
                                   statusMap: InlineStatusMap = .default) -> String? {
        guard occurrence.referenceDate != nil else { return nil }
        return nextOccurrenceLine(dates: occurrence.shifted(toReference: next), created: created, statusMap: statusMap)
    }

    /// The next-occurrence line with dates from `nextDates` (given this line's dates; return nil
    /// when the series has ended), e.g. a recurrence engine reading `recurrence`.
    public func nextOccurrenceLine(created: LocalDate? = nil, statusMap: InlineStatusMap = .default,
                                   nextDates: (InlineOccurrence) -> InlineOccurrence?) -> String? {
        guard let dates = nextDates(occurrence) else { return nil }
        return nextOccurrenceLine(dates: dates, created: created, statusMap: statusMap)
    }
}
