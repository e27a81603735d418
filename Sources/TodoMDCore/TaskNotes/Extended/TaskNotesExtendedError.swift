import Foundation

/// Why a dependency, reminder, link or time-entry value or operation was rejected
/// (tasknotes-spec §6.7 codes, §10, §11, §5.19). `message` starts with the code so a compact
/// error string still names it.
public struct TaskNotesExtendedError: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: String
    public let message: String
    /// The frontmatter key or nested path the problem is about, when there is one.
    public let field: String?

    public init(_ code: String, _ detail: String, field: String? = nil) {
        self.code = code
        self.message = "\(code): \(detail)"
        self.field = field
    }

    public var description: String { message }
}
