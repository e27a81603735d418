/// How a repeating task's next occurrence is scheduled (`recurrence_type`, beside `recurrence`;
/// spec 000 names the field, OmniFocus the three modes).
public enum RepeatMode: String, CaseIterable, Sendable, Codable {
    /// Fixed schedule: the next dates follow the rule from the task's own date (the default).
    case every
    /// The next `defer` date is the rule's next date after the completion day; the other dates
    /// keep their distance to it.
    case deferAnother = "defer-another"
    /// The next `due` date is the rule's next date after the completion day; the other dates
    /// keep their distance to it.
    case dueAgain = "due-again"
}
