import Foundation

/// Finds `every …` recurrence phrases in a quick-add line. The phrase is only captured as text;
/// turning it into an RRULE is the recurrence module's job.
enum QuickEntryRecurrence {
    /// Words that may sit inside a phrase but never end it (`every week and` leaves `and …`).
    private static let connectors: Set<String> = ["and", "on", "the", "of", "other", "last",
                                                  "first", "second", "third", "fourth", "fifth"]
    /// Units that make a phrase a recurrence on their own.
    private static let units: Set<String> = ["day", "days", "week", "weeks", "month", "months", "year", "years",
                                             "weekday", "weekdays", "weekend", "weekends", "workday", "workdays"]

    private static func isAnchor(_ w: String) -> Bool {
        units.contains(w) || DateVocabulary.weekday(w) != nil || DateVocabulary.weekdayPlural(w)
            || DateVocabulary.month(w) != nil
    }

    /// The recurrence starting at `tokens[start]` (which must be `every`): the number of tokens
    /// in the phrase, and 2 when `when done` follows it (else 0). `available` says which tokens
    /// are still free (not quoted, not used by another token).
    ///
    /// The phrase is `every` plus the longest run of recurrence words (numbers, one…twelve,
    /// ordinals, units, weekday and month names, `and`, `on`, `the`, `of`, `other`, `last`,
    /// `first`…`fifth`, commas), cut back to its last unit/weekday/month, ordinal, or number
    /// right after a month (`every year on march 1`). It must hold a unit, weekday or month:
    /// `every one`, `every 5 minutes`, `every book` are plain text.
    static func match(_ tokens: [QuickToken], at start: Int, available: (Int) -> Bool)
        -> (phraseCount: Int, whenDoneCount: Int)? {
        guard tokens[start].lower == "every" else { return nil }
        var hasAnchor = false
        var phraseEnd: Int?  // exclusive
        var previousWasMonth = false
        var i = start + 1
        while i < tokens.count, available(i) {
            let raw = tokens[i].lower
            let w = raw.hasSuffix(",") ? String(raw.dropLast()) : raw
            if isAnchor(w) {
                hasAnchor = true
                phraseEnd = i + 1
            } else if DateVocabulary.dayOfMonth(w, requireSuffix: true) != nil
                        || (previousWasMonth && DateVocabulary.dayOfMonth(w, requireSuffix: false) != nil) {
                phraseEnd = i + 1
            } else if DateVocabulary.count(w) == nil && !connectors.contains(w) {
                break
            }
            previousWasMonth = DateVocabulary.month(w) != nil
            i += 1
        }
        guard hasAnchor, let end = phraseEnd else { return nil }
        var done = 0
        if end + 1 < tokens.count, available(end), available(end + 1),
           tokens[end].lower == "when", tokens[end + 1].lower == "done" {
            done = 2
        }
        return (end - start, done)
    }
}
