import Foundation

/// ISO 8601 durations as dependency gaps (§10.2.1) and reminder offsets (§10.3.5).
public enum TaskNotesDuration {
    /// The signed seconds of a duration in its canonical written form: `PnW`, `PnDTnHnMnS`
    /// and the like, negated by a leading `-`. The reading itself is `ReminderEntry.seconds`;
    /// a leading `+` is refused here because the spec's suite treats `+PT15M` as invalid in
    /// strict mode (only the minus sign carries meaning; no sign means after).
    public static func seconds(_ text: String) -> Int? {
        guard !text.hasPrefix("+"), text == text.trimmingCharacters(in: .whitespaces) else { return nil }
        return ReminderEntry.seconds(text)
    }

    /// Whether `text` is a duration `seconds` reads (strict: no `+`, no surrounding spaces).
    public static func isValid(_ text: String) -> Bool { seconds(text) != nil }
}
