import Foundation

/// A TaskNotes value or operation that was rejected, in the error model of tasknotes-spec
/// §5.18: a machine-readable `code` (a §6.7 issue code such as `invalid_recurrence_rule`, or an
/// operation code such as `path_required`), a human-readable `message`, and the field concerned
/// when there is one.
public struct TaskNotesError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The spec's error code, e.g. `invalid_date_value`.
    public var code: String
    /// What was wrong, for people; names the offending text where there is one.
    public var message: String
    /// The frontmatter key or nested path the problem is about, when there is one.
    public var field: String?

    public init(code: String, message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }

    public init(_ code: String, _ message: String, field: String? = nil) {
        self.init(code: code, message: message, field: field)
    }

    /// An error whose message starts with its code, so a compact error string still names it.
    public static func coded(_ code: String, _ detail: String, field: String? = nil) -> TaskNotesError {
        TaskNotesError(code: code, message: "\(code): \(detail)", field: field)
    }

    public var description: String { message }

    // MARK: Codes

    /// A date role value that is not a real `YYYY-MM-DD` calendar day (§3.4.1, §3.4.4).
    public static let invalidDate = "invalid_date_value"
    /// A datetime that is malformed, impossible, or lacks an offset in strict mode (§3.4.2).
    public static let invalidDatetime = "invalid_datetime_value"
    /// A time zone name that is not a known IANA identifier (§3.6.1).
    public static let invalidTimezone = "invalid_timezone"
    /// The search for a recurring task's next open occurrence gave up before finding one or
    /// reaching the end of the series, so the schedule cannot advance (the task must not be
    /// treated as finished).
    public static let recurrenceSearchLimit = "recurrence_search_limit"

    // MARK: Date values (§3.4)

    /// An empty date value (`invalid_date_value`).
    static func emptyDateValue() -> TaskNotesError {
        TaskNotesError(code: invalidDate, message: "Date string cannot be empty.")
    }

    /// `raw` is not a `YYYY-MM-DD` calendar day (`invalid_date_value`).
    public static func notADate(_ raw: String, field: String? = nil) -> TaskNotesError {
        TaskNotesError(code: invalidDate, message: "Invalid date \"\(raw)\". Expected YYYY-MM-DD.", field: field)
    }

    /// `raw` is not a strict datetime with `Z` or an offset (`invalid_datetime_value`).
    static func notADatetime(_ raw: String) -> TaskNotesError {
        TaskNotesError(code: invalidDatetime,
                       message: "Invalid datetime \"\(raw)\". Expected YYYY-MM-DDTHH:MM:SS with Z or a ±HH:MM offset.")
    }
}
