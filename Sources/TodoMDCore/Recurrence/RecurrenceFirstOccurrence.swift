import Foundation

extension RecurrenceRule {
    /// Occurrences looked at before giving up (a rule that matches nothing soon, such as an
    /// hourly one anchored decades ago, must not keep a task's creation waiting).
    static let firstOccurrenceScanLimit = 100_000

    /// The date a new repeating task starts on: the rule's first occurrence on or after today
    /// (today counts when it matches), anchored at the rule's own DTSTART or else today at
    /// `time`. With a time, an occurrence earlier today than `now` is already past and skipped.
    /// Without a DTSTART the interval counts from the first occurrence, not from today's week
    /// or month: `every other friday` typed on a Saturday starts next Friday (then every two
    /// weeks from there), as people mean it. Nil when the rule has no occurrence left
    /// (COUNT/UNTIL over) or none within the limit.
    public func firstOccurrence(today: LocalDate, now: LocalTime, time: LocalTime?) -> LocalDateTime? {
        var rule = self
        if start == nil { rule.interval = 1 }
        let anchor = start ?? RecurrenceInstant(date: today, time: time.map(RecurrenceTime.init))
        var it = rule.makeIterator(from: anchor)
        var looked = 0
        while looked < Self.firstOccurrenceScanLimit, let x = it.next() {
            looked += 1
            var value = x.localDateTime
            if value.time == nil, let time { value = LocalDateTime(date: value.date, time: time) }
            if value.date < today { continue }
            if value.date == today, let t = value.time, t < now { continue }
            return value
        }
        return nil
    }
}
