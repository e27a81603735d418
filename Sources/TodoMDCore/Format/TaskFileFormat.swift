import Foundation

/// What a format made of one file.
public enum ReadOutcome: Sendable {
    /// A task (possibly with problems).
    case task(TodoTask)
    /// Not a task file of this format (a plain note).
    case notATask
    /// A file that looks like it was meant for this format but cannot be read at all and
    /// is not shown as a task (only `doctor` lists it).
    case unreadable(String)
}

/// A change to one schema field, expressed in schema keys; each format maps them to its own
/// spelling.
public struct FieldChange: Sendable, Equatable {
    public var key: String
    /// nil removes the key.
    public var value: FieldValue?

    public init(_ key: String, _ value: FieldValue?) {
        self.key = key
        self.value = value
    }
}

/// The seam every on-disk task format sits behind: the frontmatter task file today, inline
/// checkbox lines and other apps' spellings later.
public protocol TaskFileFormat: Sendable {
    /// Reads one file. `path` is vault-relative.
    func read(path: String, bytes: [UInt8], zone: TimeZone) -> ReadOutcome
    /// The bytes of a new file for `task`.
    func render(_ task: TodoTask) -> [UInt8]
    /// Applies `changes` to `bytes`, touching only the lines of the changed fields.
    func apply(_ changes: [FieldChange], to bytes: [UInt8]) throws -> [UInt8]
    /// What reading depends on besides a file's bytes (a profile and its settings): a cache of
    /// parsed files made with another identity is stale.
    var cacheIdentity: String { get }
    /// Where a new task goes when no folder is asked for (vault-relative; "" is the root).
    var newTaskFolder: String { get }
    /// The file name of a new task (`suffix` 2, 3… after a name is taken).
    func newFileName(for task: TodoTask, created: Date, suffix: Int) -> String
    /// The tag that marks a task archived (out of the built-in views but All and Logbook); nil: none.
    var archiveTag: String? { get }
}

extension TaskFileFormat {
    public var cacheIdentity: String { "schema" }
    public var newTaskFolder: String { "" }
    public var archiveTag: String? { nil }
    /// `{YYYYMMDD}-{HHmm}-{slug}.md` (spec 000).
    public func newFileName(for task: TodoTask, created: Date, suffix: Int) -> String {
        FileName.make(title: task.title, created: created, suffix: suffix)
    }
}
