import Foundation

/// Why a TaskNotes recurrence operation failed, with the spec's issue code (§6.7):
/// `invalid_recurrence_rule`, `invalid_recurrence_anchor`, `missing_recurrence_seed`,
/// `invalid_date_value`.
public struct TaskNotesRecurrenceError: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: String
    public let message: String
    /// The input field at fault (`recurrence`, `recurrenceAnchor`, `scheduled`, …), when one is.
    public let field: String?

    public init(_ code: String, _ message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }

    public var description: String { message }
}
