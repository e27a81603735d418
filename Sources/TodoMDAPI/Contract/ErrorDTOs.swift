import Foundation
import TodoMDCore
import TodoMDService

/// A field another program changed: its value when read (null when that version is unknown)
/// and on disk now.
public struct ConflictFieldDTO: Decodable, Equatable, Sendable, JSONObject {
    public var key: String
    public var read: JSONValue?
    public var onDisk: JSONValue

    enum CodingKeys: String, CodingKey { case key, read, onDisk = "on_disk" }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("key", key)
        v.field("read", read)
        v.field("on_disk", onDisk)
    }
}

/// An `EditConflict`: retry with `current_version` after looking at `fields`.
public struct ConflictDTO: Decodable, Equatable, Sendable, JSONObject {
    public var path: String
    public var currentVersion: String
    public var fields: [ConflictFieldDTO]

    enum CodingKeys: String, CodingKey { case path, currentVersion = "current_version", fields }

    public init(_ c: EditConflict) {
        path = c.path
        currentVersion = c.currentVersion
        fields = c.fields.map { ConflictFieldDTO(key: $0.key, read: $0.read, onDisk: $0.onDisk) }
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("path", path)
        v.field("current_version", currentVersion)
        v.field("fields", fields)
    }
}

/// What went wrong: a stable `code`, a `message` for a person, and, for some codes, details.
public struct ErrorBodyDTO: Decodable, Equatable, Sendable, JSONObject {
    public var code: String
    public var message: String
    /// `ambiguous`: the tasks the reference could mean.
    public var candidates: [String]?
    /// `edit_conflict`: the fields changed meanwhile and the version on disk now.
    public var conflict: ConflictDTO?
    /// `open_subtasks`: the titles of the open subtasks (complete with `{"with_children": true}`).
    public var subtasks: [String]?

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("code", code)
        v.field("message", message)
        if let candidates { v.field("candidates", candidates) }
        if let conflict { v.field("conflict", conflict) }
        if let subtasks { v.field("subtasks", subtasks) }
    }
}

/// `{"schema_version", "error": {"code", "message", …}}`, with the HTTP status that goes with it.
public struct ErrorDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var error: ErrorBodyDTO

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", error }

    public init(code: String, message: String) { error = ErrorBodyDTO(code: code, message: message) }

    /// The document and HTTP status of an engine or service error.
    public static func from(_ e: Error) -> (status: Int, document: ErrorDocument) {
        guard let t = e as? TodoError else {
            return (500, ErrorDocument(code: "internal", message: "\(e)"))
        }
        var doc = ErrorDocument(code: "", message: t.description)
        let status: Int
        switch t {
        case .invalidArgument: (status, doc.error.code) = (400, "invalid_argument")
        case .notFound, .missing: (status, doc.error.code) = (404, "not_found")
        case .ambiguous(_, let candidates):
            (status, doc.error.code) = (409, "ambiguous")
            doc.error.candidates = candidates
        case .editConflict(let c):
            (status, doc.error.code) = (409, "edit_conflict")
            doc.error.conflict = ConflictDTO(c)
        case .conflict: (status, doc.error.code) = (409, "conflict")
        case .openSubtasks(_, let subtasks):
            (status, doc.error.code) = (409, "open_subtasks")
            doc.error.subtasks = subtasks
        case .malformed: (status, doc.error.code) = (422, "malformed")
        case .unreadable: (status, doc.error.code) = (422, "unreadable")
        case .io: (status, doc.error.code) = (500, "io")
        }
        return (status, doc)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("error", error)
    }
}
