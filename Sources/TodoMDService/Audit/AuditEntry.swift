import Foundation

/// One line of the audit log, as read back: one change to one file of the vault.
public struct AuditEntry: Sendable, Equatable {
    /// When it was made (todomd) or seen (external), to the millisecond.
    public var at: Date
    /// The device whose log holds it.
    public var device: String
    /// `todomd` or `external`.
    public var by: String
    /// The front end that made it (`cli`, `web`, `mcp`, `url`); nil for external changes.
    public var frontEnd: String?
    /// The writer's source (`user`, `mcp:claude`), or the file's `source` for external changes.
    public var source: String?
    /// The todomd action (`add`, `done`, …); nil for external changes.
    public var action: String?
    /// `created`, `changed`, `removed` or `moved` (kept as written: a newer todomd may add kinds).
    public var kind: String
    /// The file, vault-relative; for a move, where it went.
    public var path: String
    /// For a move: where it was.
    public var from: String?
    /// The task's title (else the file name).
    public var task: String?
    /// The frontmatter keys that changed, and `body`.
    public var fields: [String]
    /// Content hashes (the version history's ids) before and after; nil: no file.
    public var before: String?
    public var after: String?
    /// Where it was read: the log file (vault-relative) and its line (from 1).
    public var file: String
    public var line: Int

    public init(at: Date, device: String, by: String, frontEnd: String? = nil, source: String? = nil, action: String? = nil,
                kind: String, path: String, from: String? = nil, task: String? = nil, fields: [String] = [],
                before: String? = nil, after: String? = nil, file: String = "", line: Int = 0) {
        self.at = at
        self.device = device
        self.by = by
        self.frontEnd = frontEnd
        self.source = source
        self.action = action
        self.kind = kind
        self.path = path
        self.from = from
        self.task = task
        self.fields = fields
        self.before = before
        self.after = after
        self.file = file
        self.line = line
    }
}

/// A line of the audit log that could not be read: skipped, and reported.
public struct AuditProblem: Sendable, Equatable {
    /// The log file, vault-relative (`.todomd/audit/2026-11.laptop.jsonl`).
    public var path: String
    /// The line, from 1.
    public var line: Int
    public var reason: String

    public init(path: String, line: Int, reason: String) {
        self.path = path
        self.line = line
        self.reason = reason
    }
}

/// Which entries to read. Every condition given must hold.
public struct AuditFilter: Sendable, Equatable {
    /// At or after this instant.
    public var since: Date?
    /// The source exactly, or a prefix when it ends with `*` (`mcp:*`; `*` alone: any source).
    public var source: String?
    /// Changes to this file (vault-relative), followed back across moves: an entry that moved a
    /// file here from elsewhere brings in the older entries of where it was.
    public var path: String?
    /// `todomd` or `external`.
    public var by: String?
    /// The newest this many (nil: all).
    public var limit: Int?

    public init(since: Date? = nil, source: String? = nil, path: String? = nil, by: String? = nil, limit: Int? = nil) {
        self.since = since
        self.source = source
        self.path = path
        self.by = by
        self.limit = limit
    }

    /// Whether `source` passes the source condition.
    public func matches(source value: String?) -> Bool {
        guard let source else { return true }
        guard let value else { return false }
        if source.hasSuffix("*") { return value.hasPrefix(String(source.dropLast())) }
        return value == source
    }
}

/// What the audit log holds for a filter: entries oldest first (the newest `limit` of them),
/// and the lines that could not be read.
public struct AuditLogPage: Sendable, Equatable {
    public var entries: [AuditEntry]
    /// How many entries matched before `limit` cut them.
    public var total: Int
    public var problems: [AuditProblem]
    /// The folder the logs are in (absolute).
    public var folder: String

    public init(entries: [AuditEntry], total: Int, problems: [AuditProblem], folder: String) {
        self.entries = entries
        self.total = total
        self.problems = problems
        self.folder = folder
    }
}
