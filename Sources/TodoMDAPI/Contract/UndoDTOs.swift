import Foundation
import TodoMDCore
import TodoMDService

/// `{"path", "change", "moved_to"}`: one file an action changed (`created`, `changed`,
/// `removed`, `moved`; `moved_to` only for a move).
public struct UndoFileDTO: Decodable, Equatable, Sendable, JSONObject {
    public var path: String
    public var change: String
    public var movedTo: String?

    enum CodingKeys: String, CodingKey { case path, change, movedTo = "moved_to" }

    public init(_ f: UndoFile) {
        path = f.path
        change = f.change.rawValue
        movedTo = f.movedTo
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("path", path)
        v.field("change", change)
        v.field("moved_to", movedTo)
    }
}

/// One recorded action: `{"id", "at", "action", "summary", "undone", "undone_at", "undoable",
/// "not_undoable", "files"}`. `undoable` is false once undone or when it could not be kept.
public struct UndoActionDTO: Decodable, Equatable, Sendable, JSONObject {
    public var id: Int
    public var at: String
    public var action: String
    public var summary: String
    public var undone: Bool
    public var undoneAt: String?
    public var undoable: Bool
    public var notUndoable: String?
    public var files: [UndoFileDTO]

    enum CodingKeys: String, CodingKey {
        case id, at, action, summary, undone, undoneAt = "undone_at", undoable, notUndoable = "not_undoable", files
    }

    public init(_ a: UndoAction) {
        id = a.id
        at = a.at
        action = a.action
        summary = a.summary
        undone = a.undone
        undoneAt = a.undoneAt
        undoable = !a.undone && a.notUndoable == nil
        notUndoable = a.notUndoable
        files = a.files.map(UndoFileDTO.init)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("id", id)
        v.field("at", at)
        v.field("action", action)
        v.field("summary", summary)
        v.field("undone", undone)
        v.field("undone_at", undoneAt)
        v.field("undoable", undoable)
        v.field("not_undoable", notUndoable)
        v.field("files", files)
    }
}

/// `{"schema_version", "journal", "count", "actions", "problems"}`: `undo --list`, newest first;
/// `problems` are journal entries that could not be read (path and reason).
public struct UndoListDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var journal: String
    public var count: Int
    public var actions: [UndoActionDTO]
    public var problems: [ProblemDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", journal, count, actions, problems }

    public init(_ h: UndoHistory) {
        journal = h.journal
        actions = h.actions.map(UndoActionDTO.init)
        count = actions.count
        problems = h.problems.map(ProblemDTO.init)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("journal", journal)
        v.field("count", count)
        v.field("actions", actions)
        v.field("problems", problems)
    }
}

/// `{"path", "trash_path"}`: a file undo moved to the trash.
public struct TrashedFileDTO: Decodable, Equatable, Sendable, JSONObject {
    public var path: String
    public var trashPath: String

    enum CodingKeys: String, CodingKey { case path, trashPath = "trash_path" }

    public init(path: String, trashPath: String) {
        self.path = path
        self.trashPath = trashPath
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("path", path)
        v.field("trash_path", trashPath)
    }
}

/// `{"schema_version", "undone", "restored", "trashed", "removed", "messages"}`: what `undo` did.
public struct UndoDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var undone: UndoActionDTO
    public var restored: [String]
    public var trashed: [TrashedFileDTO]
    public var removed: [String]
    public var messages: [String]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", undone, restored, trashed, removed, messages }

    public init(_ o: UndoOutcome) {
        undone = UndoActionDTO(o.action)
        restored = o.restored
        trashed = o.trashed.map { TrashedFileDTO(path: $0.path, trashPath: $0.trashPath) }
        removed = o.removed
        messages = o.messages
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("undone", undone)
        v.field("restored", restored)
        v.field("trashed", trashed)
        v.field("removed", removed)
        v.field("messages", messages)
    }
}
