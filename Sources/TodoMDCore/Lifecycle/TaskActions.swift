import Foundation

/// What a lifecycle action did, for the front end to report.
public struct ActionResult: Sendable {
    public var task: TodoTask
    /// Extra lines to tell the user (archived to…, next occurrence…).
    public var messages: [String] = []
    /// Files created by the action (a repeating task's next occurrence).
    public var created: [TodoTask] = []

    public init(task: TodoTask) { self.task = task }

    /// Nothing was written: the task was already as asked. `changed` tells front ends so.
    public static func unchanged(_ task: TodoTask, _ message: String) -> ActionResult {
        var r = ActionResult(task: task)
        r.messages = [message]
        r.changed = false
        return r
    }

    /// Whether the action wrote anything.
    public var changed = true
}

/// Completing, reopening and cancelling tasks in a vault: the lifecycle rules of spec 000
/// (repeating tasks, archiving) on top of the vault's line-exact writes.
public struct TaskLifecycle: Sendable {
    public let vault: Vault

    public init(vault: Vault) { self.vault = vault }

    /// Marks a task done: `status: "done"` and `completed`; with the archive setting on, the
    /// file moves to `Archive/`. `fingerprint` is that of the bytes the task was read from.
    public func complete(_ task: TodoTask, fingerprint: UInt64? = nil) throws -> ActionResult {
        // Repeating a command is harmless (a script's retry, `done a b` with a done one in it).
        if task.status == .done { return .unchanged(task, "already done; nothing changed") }
        if task.line != nil { return try vault.completeInline(task) }
        var result: ActionResult
        if task.recurrence != nil, let tasknotes = vault.format as? TaskNotesTaskFormat {
            result = try completeInPlace(task, format: tasknotes, fingerprint: fingerprint)
        } else if task.recurrence != nil {
            result = try completeRepeating(task, fingerprint: fingerprint)
        } else {
            result = ActionResult(task: try vault.update(task, [FieldChange(TaskKey.status, .string(TaskStatus.done.rawValue)),
                                                                FieldChange(TaskKey.completed, .string(Timestamp.format(vault.clock.now)))],
                                                         readFingerprint: fingerprint))
        }
        try archiveIfSet(&result)
        return result
    }

    private func archiveIfSet(_ result: inout ActionResult) throws {
        guard vault.settings.archiveCompleted, !isArchived(result.task.path) else { return }
        let newPath = try vault.move(result.task.path, toFolder: vault.settings.archiveFolder)
        result.task.path = newPath  // same bytes, new place
        result.messages.append("archived to \(newPath)")
    }

    /// Reopens a done or cancelled task: `status: "todo"`, `completed` removed.
    public func reopen(_ task: TodoTask, fingerprint: UInt64? = nil) throws -> ActionResult {
        guard task.status.isClosed else { return .unchanged(task, "not done or cancelled; nothing changed") }
        if task.line != nil { return ActionResult(task: try vault.update(task, [FieldChange(TaskKey.status, .string("todo"))])) }
        if case .object(let record)? = task.extra.first(where: { $0.0 == Self.nextOccurrenceKey })?.1 {
            return try reopenRepeating(task, record: record, fingerprint: fingerprint)
        }
        return ActionResult(task: try vault.update(task, [FieldChange(TaskKey.status, .string(TaskStatus.todo.rawValue)),
                                                          FieldChange(TaskKey.completed, nil)], readFingerprint: fingerprint))
    }

    /// Cancels a task: it stays in the vault and leaves the active views.
    public func cancel(_ task: TodoTask, fingerprint: UInt64? = nil) throws -> ActionResult {
        if task.status == .cancelled { return .unchanged(task, "already cancelled; nothing changed") }
        return ActionResult(task: try vault.update(task, [FieldChange(TaskKey.status, .string(TaskStatus.cancelled.rawValue))],
                                                   readFingerprint: fingerprint))
    }

    /// Where completing `task` will move it (the archive setting on, a task file outside the
    /// archive): the first free name there, as `Vault.move` picks it. Nil: it stays.
    public func archiveDestination(of task: TodoTask) -> String? {
        guard vault.settings.archiveCompleted, task.line == nil, task.status != .done, !isArchived(task.path) else { return nil }
        let name = (task.path as NSString).lastPathComponent
        return try? FileSystem.firstFreeName(in: vault.settings.archiveFolder, { $0 == 1 ? name : Vault.suffixed(name, $0) }, for: name) {
            !FileManager.default.fileExists(atPath: vault.absolute($0))
        }
    }

    func isArchived(_ path: String) -> Bool {
        path.hasPrefix(vault.settings.archiveFolder + "/")
    }
}
