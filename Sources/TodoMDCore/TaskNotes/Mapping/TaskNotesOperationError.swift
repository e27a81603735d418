import Foundation

/// A task operation that cannot proceed, in the error model of tasknotes-spec §5.18:
/// a machine-readable `code` (a §6.7 issue code or an operation code such as
/// `path_required`), a human-readable `message`, and the field concerned when there is one.
public struct TaskNotesOperationError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: String
    public var message: String
    public var field: String?

    public init(code: String, message: String, field: String? = nil) {
        self.code = code
        self.message = message
        self.field = field
    }

    public var description: String { message }
}
