import Foundation
import TodoMDCore

/// The audit log (`AuditLog`): what the service appends, and reading it back.
extension TodoService {
    /// Appends `events` to the audit log: nothing when empty, when `.todomd.json` says
    /// `"audit_log": false`, when the history is off (a dry run's scratch vault) or when the
    /// vault folder does not exist. Never throws: a failure is a warning (`options.warn`).
    ///
    /// Called from the index's thread (changes it sees from outside) as well as from actions:
    /// it must not take the service lock (`locked`), and reads nothing but `vault.settings`.
    public func audit(_ events: [VaultChangeEvent]) {
        guard !events.isEmpty, options.historyPath != "" else { return }
        let vault = self.vault
        guard vault.settings.auditLog, vault.exists else { return }
        do { try AuditLog(root: root).append(events) } catch {
            options.warn("could not append to the audit log (\(error))")
        }
    }

    /// The audit log's entries, oldest first, of every device and month: those at or after
    /// `since`, whose source is `source` (or starts with it, given as `mcp:*`), made `by`
    /// `todomd` or `external`, and that changed the file of `task` (a task reference as other
    /// calls take, or the vault-relative path of a file that is gone; followed back across
    /// moves); the newest `limit` of them. Lines that cannot be read are in `problems`.
    public func auditLog(since: Date? = nil, source: String? = nil, task: String? = nil, by: String? = nil,
                         limit: Int? = nil) throws -> AuditLogPage {
        if let by, by != "todomd", by != "external" {
            throw TodoError.invalidArgument("by must be todomd or external, not \"\(by)\"")
        }
        if let limit, limit < 1 { throw TodoError.invalidArgument("limit must be a number from 1") }
        var filter = AuditFilter(since: since, source: source, by: by, limit: limit)
        if let task { filter.path = try locked { try auditPath(task) } }
        return AuditLog(root: root).read(filter)
    }

    /// The file a task reference names: its task's file, else a vault-relative `.md` path (a
    /// file that is gone, or moved away).
    private func auditPath(_ reference: String) throws -> String {
        do {
            return try resolve(reference, prefer: .any, clock: clock).task.path
        } catch TodoError.notFound {
            guard Self.isFilePath(reference) else { throw TodoError.notFound(reference) }
            return reference
        }
    }
}
