import Foundation

/// A TaskNotes value or operation that was rejected, in the error model of tasknotes-spec
/// §5.18: a machine-readable `code` (a §6.7 issue code such as `invalid_recurrence_rule`, or an
/// operation code such as `path_required`), a human-readable `message`, and the field concerned
/// when there is one.
public struct TaskNotesError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: String
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
}
