import Foundation

extension RecurrenceRule {
    /// Largest accepted INTERVAL: larger steps leave the 1…9999 calendar at once anyway, and the
    /// cap keeps all the engine's arithmetic far from integer overflow.
    public static let maxInterval = 1_000_000_000

    /// Checks every part against RFC 5545's ranges (the parser already does; this catches rules
    /// built or edited in code). Throws a `RecurrenceRuleError` naming the bad part.
    public func validate() throws {
        guard (1...Self.maxInterval).contains(interval) else {
            throw RecurrenceRuleError("INTERVAL=\(interval): must be between 1 and \(Self.maxInterval)")
        }
        if let count, count < 1 { throw RecurrenceRuleError("COUNT=\(count): must be a positive integer") }
        if count != nil && until != nil { throw RecurrenceRuleError("COUNT and UNTIL cannot both be set") }
        func check(_ name: String, _ v: [Int], _ lo: Int, _ hi: Int, negative: Bool) throws {
            for n in v where !((lo...hi).contains(n) || (negative && (-hi ... -lo).contains(n))) {
                let range = negative ? "\(lo)…\(hi) or -\(hi)…-\(lo)" : "\(lo)…\(hi)"
                throw RecurrenceRuleError("\(name)=\(n): value out of range \(range)")
            }
        }
        try check("BYSECOND", bySecond, 0, 59, negative: false)
        try check("BYMINUTE", byMinute, 0, 59, negative: false)
        try check("BYHOUR", byHour, 0, 23, negative: false)
        try check("BYMONTHDAY", byMonthDay, 1, 31, negative: true)
        try check("BYYEARDAY", byYearDay, 1, 366, negative: true)
        try check("BYWEEKNO", byWeekNo, 1, 53, negative: true)
        try check("BYMONTH", byMonth, 1, 12, negative: false)
        try check("BYSETPOS", bySetPos, 1, 366, negative: true)
        for d in byDay {
            if let n = d.ordinal, n == 0 || !(-53...53).contains(n) {
                throw RecurrenceRuleError("BYDAY=\(d): ordinal out of range 1…53 or -53…-1")
            }
        }
    }

    /// A lazy, in-order sequence of occurrences anchored at `start` (RFC 5545 DTSTART).
    /// `start` itself is included only when it matches the rule, as in python-dateutil.
    /// An invalid or impossible rule yields nothing; the sequence always ends (at the latest
    /// after year 9999).
    public func makeIterator(from start: RecurrenceStart) -> RecurrenceIterator {
        RecurrenceIterator(rule: self, start: start)
    }

    /// Up to `limit` occurrences anchored at `start`, only those strictly after `after` when given.
    /// COUNT is always counted from `start`. Date-only when the start is date-only and the rule
    /// has no time parts and FREQ is DAILY or coarser; otherwise each instant carries a time.
    public func occurrences(from start: RecurrenceStart, after: RecurrenceInstant? = nil, limit: Int) -> [RecurrenceInstant] {
        guard limit > 0 else { return [] }
        var it = makeIterator(from: start)
        var out: [RecurrenceInstant] = []
        out.reserveCapacity(min(limit, 1024))
        while out.count < limit, let x = it.next() {
            if let after, !(after < x) { continue }
            out.append(x)
        }
        return out
    }

    /// Occurrences anchored at the rule's own DTSTART (`start`); empty when it has none.
    public func occurrences(after: RecurrenceInstant? = nil, limit: Int) -> [RecurrenceInstant] {
        guard let start else { return [] }
        return occurrences(from: start, after: after, limit: limit)
    }

    /// The first occurrence strictly after `after`, anchored at `start` (nil when the rule has ended).
    public func next(after: RecurrenceInstant, from start: RecurrenceStart) -> RecurrenceInstant? {
        occurrences(from: start, after: after, limit: 1).first
    }
}
