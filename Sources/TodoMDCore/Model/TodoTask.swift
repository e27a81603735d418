import Foundation

/// One task as read from the vault. Values that could not be read are nil and explained in
/// `problems`; unknown frontmatter keys are kept in `extra` (in file order).
public struct TodoTask: Sendable, Equatable {
    /// Vault-relative path with `/` separators.
    public var path: String
    /// For a checkbox task inside a note: its 0-based line number (nil for task files).
    public var line: Int?
    /// For a checkbox task: the line exactly as read, so an edit can refuse to clobber a line
    /// that changed since.
    public var sourceLine: String?
    public var title: String
    public var status: TaskStatus
    public var due: LocalDateTime?
    public var deferDate: LocalDateTime?
    public var scheduled: LocalDateTime?
    public var priority: Priority
    public var flagged: Bool
    public var area: String?
    public var project: String?
    public var tags: [String]
    public var recurrence: String?
    /// How the next occurrence is scheduled; nil means `every`.
    public var repeatMode: RepeatMode?
    public var estimatedMinutes: Int?
    public var description: String?
    public var created: Date?
    public var modified: Date?
    public var completed: Date?
    public var source: String?
    /// The Markdown below the frontmatter, as written.
    public var body: String
    /// Keys outside the schema, in file order.
    public var extra: [(String, JSONValue)]
    /// Why this file could not be read fully (missing required keys, bad values, limits).
    public var problems: [String]
    /// True when the file must not be rewritten by commands (unparseable, over limits).
    public var readOnly: Bool
    /// The project's `due` and `defer` (`.todomd.json` `projects`) for a task without its own
    /// (issue 21: effective dates). Never written to the file; views and reminders use them.
    public var effectiveDue: LocalDateTime?
    public var effectiveDefer: LocalDateTime?

    public init(path: String, title: String, status: TaskStatus = .todo) {
        self.path = path
        self.title = title
        self.status = status
        priority = .none
        flagged = false
        tags = []
        body = ""
        extra = []
        problems = []
        readOnly = false
    }

    /// A key unique in the vault: the path, plus the line for a checkbox task.
    public var key: String { line.map { "\(path):\($0 + 1)" } ?? path }

    /// The stable id of `--json` and the API: the path, or `path#<identity>` for a checkbox task
    /// (its identity survives lines added above it).
    public var id: String {
        guard let line else { return path }
        return path + "#" + (inlineIdentity ?? String(line + 1))
    }

    /// A checkbox task's identity in its note (see `InlineIdentity`), nil for task files.
    public var inlineIdentity: String? {
        guard line != nil, case .string(let s)? = extra.first(where: { $0.0 == "identity" })?.1 else { return nil }
        return s
    }

    /// A tag as stored: `#` and surrounding space removed; nil when nothing is left.
    public static func normalizedTag(_ text: String) -> String? { FieldReader.normalizeTag(text) }

    /// The file name (last path component).
    public var filename: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// The folder the file is in, relative to the vault ("" for the root).
    public var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    public static func == (a: TodoTask, b: TodoTask) -> Bool {
        a.path == b.path && a.line == b.line && a.title == b.title && a.status == b.status && a.due == b.due
            && a.deferDate == b.deferDate && a.scheduled == b.scheduled && a.priority == b.priority
            && a.flagged == b.flagged && a.area == b.area && a.project == b.project && a.tags == b.tags
            && a.recurrence == b.recurrence && a.repeatMode == b.repeatMode && a.estimatedMinutes == b.estimatedMinutes
            && a.description == b.description && a.created == b.created && a.modified == b.modified
            && a.completed == b.completed && a.source == b.source && a.body == b.body
            && a.extra.count == b.extra.count && zip(a.extra, b.extra).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
            && a.problems == b.problems && a.readOnly == b.readOnly
    }
}

/// A file the vault could not read fully, for `doctor`.
public struct FileProblem: Sendable, Equatable {
    public var path: String
    public var reasons: [String]

    public init(path: String, reasons: [String]) {
        self.path = path
        self.reasons = reasons
    }
}
