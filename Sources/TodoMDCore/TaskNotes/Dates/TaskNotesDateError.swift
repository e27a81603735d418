import Foundation

/// Why a TaskNotes date or datetime value was rejected (tasknotes-spec §3.4). `code` is the
/// spec's error code; `message` names the offending text and the accepted form.
public struct TaskNotesDateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A date role value that is not a real `YYYY-MM-DD` calendar day (§3.4.1, §3.4.4).
    public static let invalidDate = "invalid_date_value"
    /// A datetime that is malformed, impossible, or lacks an offset in strict mode (§3.4.2).
    public static let invalidDatetime = "invalid_datetime_value"
    /// A time zone name that is not a known IANA identifier (§3.6.1).
    public static let invalidTimezone = "invalid_timezone"

    public let code: String
    public let message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    static func emptyValue() -> TaskNotesDateError {
        TaskNotesDateError(code: invalidDate, message: "Date string cannot be empty.")
    }

    static func notADate(_ raw: String) -> TaskNotesDateError {
        TaskNotesDateError(code: invalidDate, message: "Invalid date \"\(raw)\". Expected YYYY-MM-DD.")
    }

    static func notADatetime(_ raw: String) -> TaskNotesDateError {
        TaskNotesDateError(code: invalidDatetime,
                           message: "Invalid datetime \"\(raw)\". Expected YYYY-MM-DDTHH:MM:SS with Z or a ±HH:MM offset.")
    }
}
