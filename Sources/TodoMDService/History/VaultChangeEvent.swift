import Foundation
import TodoMDCore

/// One change to one file of the vault, as the version history and the audit log record it:
/// made by todomd (a front end, with the action and the writer's `source`) or seen from
/// outside (an editor, a sync engine: `by == "external"`).
public struct VaultChangeEvent: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable {
        case created, changed, removed, moved
    }

    /// When it was made (todomd) or seen (external).
    public var at: Date
    /// The file, vault-relative; for a move, where it went.
    public var path: String
    /// For a move: where it was.
    public var from: String?
    public var kind: Kind
    /// `todomd` or `external`.
    public var by: String
    /// The front end that made it (`cli`, `web`, `mcp`, `url`); nil for external changes.
    public var frontEnd: String?
    /// Who: the writer's source (`user`, `mcp:claude`, `shortcut`) for todomd changes, the
    /// file's `source` value for external ones.
    public var source: String?
    /// The todomd action (`add`, `done`, `set`, …); nil for external changes.
    public var action: String?
    /// Content hashes (the history store's blob ids) before and after; nil: no file.
    public var before: String?
    public var after: String?
    /// The frontmatter keys whose values changed, and `body` when the body did.
    public var fields: [String]
    /// The task's title (of the file's task, or the file name), for people reading the log.
    public var title: String?

    public init(at: Date, path: String, from: String? = nil, kind: Kind, by: String, frontEnd: String? = nil,
                source: String? = nil, action: String? = nil, before: String? = nil, after: String? = nil,
                fields: [String] = [], title: String? = nil) {
        self.at = at
        self.path = path
        self.from = from
        self.kind = kind
        self.by = by
        self.frontEnd = frontEnd
        self.source = source
        self.action = action
        self.before = before
        self.after = after
        self.fields = fields
        self.title = title
    }
}
