/// Obsidian Tasks' own next-occurrence rules for checkbox lines (its `Recurrence.next` and
/// `Occurrence.next`, src/Task/Recurrence.ts and src/Task/Occurrence.ts), which differ from plain
/// RFC 5545 in three ways:
///
/// - **Month ends clamp.** RFC 5545 skips a month without the day (`every month` from Jan 31
///   gives Mar 31); the plugin steps its start back a day at a time until the next date is no
///   more than `interval` months (or years) away: Jan 31 → Feb 28, Mar 31 → Apr 30, Feb 29 →
///   Feb 28 next year. Monthly rules that fix the day (`every month on the 31st`, anything the
///   plugin would word with " on ") keep skipping; yearly rules clamp unless they name a month
///   (`every year on February the 29th` stays on leap days).
/// - **A date-less line stays date-less.** The next occurrence of a line without start, scheduled
///   or due has no dates either.
/// - **Impossible dates.** A date field that is not a real date (`📅 2022-02-30`) still counts as
///   present. When it is the reference date (due, else scheduled, else start) the rule cannot be
///   anchored and there is no next occurrence (unless `when done`, which counts from today); any
///   date the plugin cannot measure from the reference gets the new reference date itself.
public enum InlinePluginRecurrence {
    /// What completing a recurring line leads to.
    public enum Outcome: Sendable, Equatable {
        /// The next occurrence's dates (all nil for a date-less line).
        case next(InlineOccurrence)
        /// The rule has no occurrence after the reference date.
        case ended
        /// The reference date of this kind is not a real date: the plugin drops the recurrence.
        case invalidReference(InlineFieldKind, String)
    }

    /// The next occurrence of `line` under `rule` (already parsed from its 🔁 text), completed on
    /// `today`.
    public static func next(of line: InlineTaskLine, rule: RecurrenceRule, whenDone: Bool, today: LocalDate) -> Outcome {
        // Present = written on the line, real date or not (the plugin keeps an invalid moment).
        let kinds: [InlineFieldKind] = [.due, .scheduled, .start]
        let present = kinds.filter { line.field($0) != nil }
        // No dates: the plugin still adds the next line, with no dates (even past an UNTIL).
        guard let refKind = present.first else { return .next(InlineOccurrence()) }
        let ref = line.date(refKind)
        if ref == nil && !whenDone { return .invalidReference(refKind, line.value(refKind) ?? "") }
        guard let nextRef = nextReferenceDate(rule: rule, from: whenDone ? today : ref!) else { return .ended }
        func moved(_ kind: InlineFieldKind) -> LocalDate? {
            guard line.field(kind) != nil else { return nil }
            // moment's add(NaN days) is a no-op: a date without a measurable offset lands on nextRef.
            guard let ref, let d = line.date(kind) else { return nextRef }
            return nextRef.adding(days: ref.days(until: d))
        }
        return .next(InlineOccurrence(start: moved(.start), scheduled: moved(.scheduled), due: moved(.due)))
    }

    /// The plugin's next reference date: the rule started at `base` (rrule.js `dtstart`), its first
    /// date after `base`, then the month-end clamp (`nextAfterMonths` / `nextAfterYears`). Nil when
    /// the rule has no such date.
    public static func nextReferenceDate(rule: RecurrenceRule, from base: LocalDate) -> LocalDate? {
        var r = rule
        r.start = nil  // the plugin anchors every rule at the reference date (or today)
        guard var next = firstDate(of: r, after: base) else { return nil }
        let step = r.interval
        let span: ((LocalDate, LocalDate) -> Int)?
        if clampsMonths(r) {
            span = { ($1.year - $0.year) * 12 + $1.month - $0.month }
        } else if clampsYears(r) {
            span = { $1.year - $0.year }
        } else {
            span = nil
        }
        guard let span else { return next }
        // Step the start back a day while the next date skips too far (Jan 31 → Jan 28 → Feb 28).
        var anchor = base
        var guardSteps = 0
        while span(anchor, next) > step, guardSteps < 400 {
            guardSteps += 1
            anchor = anchor.adding(days: -1)
            guard let n = firstDate(of: r, after: anchor) else { return nil }
            next = n
        }
        return next
    }

    /// The first occurrence date strictly after `day`, with the rule started on `day`. Times are
    /// ignored: checkbox dates are days (the plugin compares against the end of `day`).
    static func firstDate(of rule: RecurrenceRule, after day: LocalDate) -> LocalDate? {
        var it = rule.makeIterator(from: RecurrenceInstant(date: day))
        var steps = 0
        while let x = it.next(), steps < 100_000 {
            steps += 1
            if x.date > day { return x.date }
        }
        return nil
    }

    /// The plugin clamps a monthly rule when rrule.js words it `every [N] month(s)…` without " on ":
    /// no month day or weekday given (a month list is worded without "month" when the interval is 1).
    static func clampsMonths(_ r: RecurrenceRule) -> Bool {
        r.frequency == .monthly && (r.byMonth.isEmpty || r.interval != 1) && r.byMonthDay.isEmpty && r.byDay.isEmpty
    }

    /// …and a yearly rule when it is worded `every [N] year(s)…`: no month list, or an interval.
    static func clampsYears(_ r: RecurrenceRule) -> Bool {
        r.frequency == .yearly && (r.byMonth.isEmpty || r.interval != 1)
    }
}
