import Foundation
import TodoMDCore
import TodoMDService

/// `{"schema_version", "task"}`: one task (`show`, `GET /api/tasks/{id}`).
public struct TaskDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var task: TaskDTO

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", task }

    public init(_ t: VersionedTask, today: LocalDate) { task = TaskDTO(t, today: today) }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("task", task)
    }
}

/// `{"schema_version", "task", "created", "messages"}`: what an action did (`done`, `set`…):
/// the task as it is now, files it created (a repeat's next occurrence), what to tell the user.
public struct ActionDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var task: TaskDTO
    public var created: [TaskDTO]
    public var messages: [String]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", task, created, messages }

    public init(_ o: ActionOutcome, today: LocalDate) {
        task = TaskDTO(o.task, today: today)
        created = o.created.map { TaskDTO($0, today: today) }
        messages = o.messages
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("task", task)
        v.field("created", created)
        v.field("messages", messages)
    }
}

/// `{"schema_version", "task", "understood"}`: a task created (`add`) or previewed (`parse`),
/// with what quick entry understood in its text.
public struct NewTaskDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var task: TaskDTO
    public var understood: [String]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", task, understood }

    public init(_ o: AddOutcome, today: LocalDate) {
        task = TaskDTO(o.task, today: today)
        understood = o.understood
    }

    public init(_ p: ParsePreview, today: LocalDate) {
        task = TaskDTO(p.task, version: nil, today: today)
        understood = p.understood
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("task", task)
        v.field("understood", understood)
    }
}

/// `{"schema_version", "path", "trash"}`: a task moved to the trash.
public struct DeleteDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var path: String
    public var trash: String

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", path, trash }

    public init(_ o: DeleteOutcome) {
        path = o.task.path
        trash = o.trashPath
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("path", path)
        v.field("trash", trash)
    }
}

/// `{"schema_version", "path", "title"}`: a trashed task put back, and where.
public struct RestoreDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var path: String
    public var title: String

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", path, title }

    public init(_ o: RestoreOutcome) {
        path = o.path
        title = o.task.title
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("path", path)
        v.field("title", title)
    }
}

/// `{"schema_version", "deleted"}`: how many files emptying the trash deleted.
public struct EmptyTrashDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var deleted: Int

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", deleted }

    public init(deleted: Int) { self.deleted = deleted }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("deleted", deleted)
    }
}

/// `{"schema_version", "count", "tasks"}`: the trash; each task's `path` is inside it.
public struct TrashDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var count: Int
    public var tasks: [TaskDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", count, tasks }

    public init(_ tasks: [VersionedTask], today: LocalDate) {
        self.tasks = tasks.map { TaskDTO($0, today: today) }
        count = tasks.count
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("count", count)
        v.field("tasks", tasks)
    }
}

/// `{"schema_version", "view", "order"}`: the manual order list a move rewrote.
public struct MoveDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var view: String
    public var order: [String]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", view, order }

    public init(_ o: MoveOutcome) {
        view = o.list
        order = o.order
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("view", view)
        v.field("order", order)
    }
}

/// `{"schema_version", "note", "archive", "moved"}`.
public struct ArchiveDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var note: String
    public var archive: String?
    public var moved: Int

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", note, archive, moved }

    public init(_ o: ArchiveOutcome) {
        note = o.note
        archive = o.archive
        moved = o.moved
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("note", note)
        v.field("archive", archive)
        v.field("moved", moved)
    }
}

/// `{"schema_version", "path", "changed"}`: a task edited in an editor.
public struct EditDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var path: String
    public var changed: Bool

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", path, changed }

    public init(_ o: EditOutcome) {
        path = o.path
        changed = o.changed
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("path", path)
        v.field("changed", changed)
    }
}

/// `{"schema_version", "results", "errors"}`: one command acting on several tasks
/// (`todomd done a b c`, `--view today --tag errands`): each task's action, and each failure.
public struct BatchDocument: Decodable, Equatable, Sendable, JSONObject {
    public struct Failure: Decodable, Equatable, Sendable, JSONObject {
        public var task: String
        public var error: String
        public var exitCode: Int

        enum CodingKeys: String, CodingKey { case task, error, exitCode = "exit_code" }

        public init(task: String, error: String, exitCode: Int) {
            self.task = task
            self.error = error
            self.exitCode = exitCode
        }

        public func writeJSON(to out: inout JSONOut) { out.object(self) }

        public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
            v.field("task", task)
            v.field("error", error)
            v.field("exit_code", exitCode)
        }
    }

    public var schemaVersion = APISchema.version
    public var results: [ActionDocument]
    public var errors: [Failure]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", results, errors }

    public init(results: [ActionDocument], errors: [Failure]) {
        self.results = results
        self.errors = errors
    }

    public func writeJSON(to out: inout JSONOut) { out.object(self) }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("results", results)
        v.field("errors", errors)
    }
}
