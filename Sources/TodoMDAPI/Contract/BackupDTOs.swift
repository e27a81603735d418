import Foundation
import TodoMDCore
import TodoMDService

/// `{"id", "created", "path", "files", "bytes", "new_bytes"}`: one backup; `created` is UTC,
/// `new_bytes` what it copied (the rest are hard links to the backup before).
public struct BackupDTO: Decodable, Equatable, Sendable, JSONObject {
    public var id: String
    public var created: String
    public var path: String
    public var files: Int
    public var bytes: Int
    public var newBytes: Int

    enum CodingKeys: String, CodingKey { case id, created, path, files, bytes, newBytes = "new_bytes" }

    public init(_ s: BackupSnapshot) {
        id = s.id
        created = Timestamp.format(s.date)
        path = s.path
        files = s.files
        bytes = Int(s.bytes)
        newBytes = Int(s.copiedBytes)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("id", id)
        v.field("created", created)
        v.field("path", path)
        v.field("files", files)
        v.field("bytes", bytes)
        v.field("new_bytes", newBytes)
    }
}

/// `{"schema_version", "backup", "unchanged", "removed", "skipped"}`: `backup now`; `removed`
/// are the old backups rotation deleted, `skipped` files that could not be read.
public struct BackupDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var backup: BackupDTO
    public var unchanged: Bool
    public var removed: [String]
    public var skipped: [String]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", backup, unchanged, removed, skipped }

    public init(_ r: BackupResult) {
        backup = BackupDTO(r.snapshot)
        unchanged = r.unchanged
        removed = r.removed
        skipped = r.skipped
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("backup", backup)
        v.field("unchanged", unchanged)
        v.field("removed", removed)
        v.field("skipped", skipped)
    }
}

/// `{"schema_version", "directory", "backups"}`: `backup list`, newest first.
public struct BackupListDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var directory: String
    public var backups: [BackupDTO]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", directory, backups }

    public init(directory: String, _ list: [BackupSnapshot]) {
        self.directory = directory
        backups = list.map(BackupDTO.init)
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("directory", directory)
        v.field("backups", backups)
    }
}

/// `{"schema_version", "backup", "folder", "restored", "trashed", "before", "problems",
/// "messages"}`: `backup restore` of a whole backup; `before` is the backup an in-place restore
/// took first (null otherwise).
public struct BackupRestoreDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var backup: BackupDTO
    public var folder: String
    public var restored: [String]
    public var trashed: [TrashedFileDTO]
    public var before: BackupDTO?
    public var problems: [ProblemDTO]
    public var messages: [String]

    enum CodingKeys: String, CodingKey {
        case schemaVersion = "schema_version", backup, folder, restored, trashed, before, problems, messages
    }

    public init(_ r: BackupRestore) {
        backup = BackupDTO(r.snapshot)
        folder = r.folder
        restored = r.restored
        trashed = r.trashed.map { TrashedFileDTO(path: $0.path, trashPath: $0.trashPath) }
        before = r.before.map(BackupDTO.init)
        problems = r.problems.map(ProblemDTO.init)
        messages = r.messages
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("backup", backup)
        v.field("folder", folder)
        v.field("restored", restored)
        v.field("trashed", trashed)
        v.field("before", before)
        v.field("problems", problems)
        v.field("messages", messages)
    }
}

/// `{"schema_version", "backup", "task", "changed", "messages"}`: `backup restore --task`.
public struct BackupTaskRestoreDocument: Decodable, Equatable, Sendable, JSONObject {
    public var schemaVersion = APISchema.version
    public var backup: BackupDTO
    public var task: TaskDTO
    public var changed: Bool
    public var messages: [String]

    enum CodingKeys: String, CodingKey { case schemaVersion = "schema_version", backup, task, changed, messages }

    public init(_ r: BackupTaskRestore, today: LocalDate) {
        backup = BackupDTO(r.snapshot)
        task = TaskDTO(r.task, today: today)
        changed = r.changed
        messages = r.messages
    }

    public func visitFields<V: JSONFieldVisitor>(_ v: inout V) {
        v.field("schema_version", schemaVersion)
        v.field("backup", backup)
        v.field("task", task)
        v.field("changed", changed)
        v.field("messages", messages)
    }
}
