import Foundation
import TodoMDCore
import TodoMDIndex

/// Renaming or moving a task file (issue 21): the tasks that name it — subtasks' `parent`,
/// dependents' `blocked_by` — are rewritten in the same action. Several files change, so the
/// action is written down first (`RenamePlan`, in the cache): a crash part-way leaves a plan
/// that the next `todomd` run (any command reading the vault) carries out to the end.
extension TodoService {
    /// Renames the task file `reference` to `newName` (a file name in its folder, or a
    /// vault-relative path to move it; `.md` is added) and rewrites the links to it.
    public func rename(_ reference: String, to newName: String, expected: String? = nil) throws -> ActionOutcome {
        try locked {
            let clock = self.clock
            try finishInterruptedRename()
            let current = try resolve(reference, prefer: .any, clock: clock)
            let task = current.task
            guard task.line == nil else { throw TodoError.invalidArgument("\(task.key) is a checkbox line; rename the note it is in") }
            try checkUnchanged(expected, current: current, nothing: "renamed")
            let newPath = try Self.renameTarget(newName, from: task.path)
            guard newPath != task.path else { return ActionOutcome(task: current, created: [], messages: ["\(task.path) already has that name"]) }
            guard !FileManager.default.fileExists(atPath: vault.absolute(newPath)) else {
                throw TodoError.invalidArgument("\(newPath) exists already")
            }
            let plan = RenamePlan(from: task.path, to: newPath, referrers: referrers(of: task.path, newPath: newPath, clock: clock))
            try plan.save(to: renamePlanPath)
            let updated = try carryOut(plan)
            var moved = current
            moved.task.path = newPath
            var messages = ["renamed \(task.path) → \(newPath)"]
            if !updated.isEmpty { messages.append("updated the link in " + updated.joined(separator: ", ")) }
            return ActionOutcome(task: versioned(moved.task), created: [], messages: messages)
        }
    }

    /// Where an unfinished rename is written down (the cache: it is this machine's work).
    var renamePlanPath: String {
        ((options.indexPath ?? TaskIndex.defaultPath(root: root)) as NSString).deletingLastPathComponent
            + "/rename-" + Vault.cacheKey(root: root) + ".json"
    }

    /// Carries out a rename left unfinished by a crash, if any (cheap: one `stat` otherwise).
    func finishInterruptedRename() throws {
        guard let plan = RenamePlan.load(from: renamePlanPath) else { return }
        let updated = try carryOut(plan)
        options.warn("finished an interrupted rename of \(plan.from) → \(plan.to)" + (updated.isEmpty ? "" : " (links in \(updated.count) file(s))"))
    }

    /// Moves the file, then rewrites each referrer from what is on disk now; each step can run
    /// again (a crash between steps repeats none twice: a moved file is not moved back, a
    /// rewritten link no longer names the old path). Removes the plan when done. Returns the
    /// files whose links changed.
    private func carryOut(_ plan: RenamePlan) throws -> [String] {
        defer { noteWritten([plan.from, plan.to] + plan.referrers) }
        try RenamePlan.step?("planned")
        let fromExists = FileManager.default.fileExists(atPath: vault.absolute(plan.from))
        let toExists = FileManager.default.fileExists(atPath: vault.absolute(plan.to))
        if plan.archive == true {
            // Completing moves the file, not the plan: still in place, it was never archived.
            guard !fromExists, toExists else {
                RenamePlan.remove(at: renamePlanPath)
                return []
            }
        } else if fromExists, !toExists {
            guard try vault.moveFile(plan.from, to: plan.to) else { throw TodoError.invalidArgument("\(plan.to) exists already") }
        }
        var updated: [String] = []
        for path in plan.referrers {
            try RenamePlan.step?("moved")
            guard let (t, bytes) = try? vault.readTask(path) else { continue }  // gone or no longer a task: nothing names the file there
            let changes = ReferenceRename.changes(for: t, oldPath: plan.from, newPath: plan.to)
            guard !changes.isEmpty else { continue }
            try vault.update(t, changes, readFingerprint: Vault.fingerprint(bytes))
            updated.append(path)
        }
        RenamePlan.remove(at: renamePlanPath)
        return updated
    }

    /// Before completing `task` with the archive setting on: the tasks naming its path (a
    /// subtask's `parent`, a dependent's `blocked_by`) are written down with the file's archive
    /// path, so their links follow the move even after a crash. Nil: nothing names it by a
    /// path (a file name still finds it in the archive folder).
    func archivePlan(for task: TodoTask, clock: Clock) throws -> RenamePlan? {
        guard let to = TaskLifecycle(vault: vault).archiveDestination(of: task) else { return nil }
        let referrers = referrers(of: task.path, newPath: to, clock: clock)
        guard !referrers.isEmpty else { return nil }
        let plan = RenamePlan(from: task.path, to: to, referrers: referrers, archive: true)
        try plan.save(to: renamePlanPath)
        return plan
    }

    /// After the completion that `plan` was written for: rewrites the links to where the file
    /// went. Returns what to tell the user.
    func finishArchive(_ plan: RenamePlan, movedTo path: String) throws -> [String] {
        var plan = plan
        if path != plan.to, path != plan.from {  // another name than foreseen: follow the file
            plan.to = path
            try plan.save(to: renamePlanPath)
        }
        let updated = try carryOut(plan)
        return updated.isEmpty ? [] : ["updated the link in " + updated.joined(separator: ", ")]
    }

    /// The tasks (other than the file itself) whose links name `path`, to be rewritten to
    /// `newPath`. The index loads them (without it, every task is read).
    func referrers(of path: String, newPath: String, clock: Clock) -> [String] {
        Set(snapshot(.around(path), clock: clock).tasks
            .filter { $0.path != path && !ReferenceRename.changes(for: $0, oldPath: path, newPath: newPath).isEmpty }
            .map(\.path)).sorted()
    }

    /// The vault path `name` gives a file now at `path`: a bare name stays in its folder.
    static func renameTarget(_ name: String, from path: String) throws -> String {
        var n = name.trimmingCharacters(in: .whitespaces)
        if n.hasPrefix("./") { n.removeFirst(2) }
        guard !n.isEmpty, !n.hasPrefix("/"), !n.split(separator: "/").contains(where: { $0 == ".." || $0 == "." || $0.hasPrefix(".") }),
              !n.hasSuffix("/"), !n.contains("\0") else {
            throw TodoError.invalidArgument("\"\(name)\" is not a file name or vault path (no leading /, no .., no hidden folders)")
        }
        if !n.lowercased().hasSuffix(".md") { n += ".md" }
        guard (n as NSString).lastPathComponent.utf8.count <= 255 else { throw TodoError.invalidArgument("the file name is too long") }
        if n.contains("/") { return n }
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty ? n : folder + "/" + n
    }
}

/// A rename in progress (or an archive move): written before the first file changes, removed
/// after the last.
struct RenamePlan: Codable, Equatable {
    var from: String
    var to: String
    /// The task files whose links name `from`.
    var referrers: [String]
    /// Completing the task moves it to the archive (the plan only rewrites links; nil: a rename).
    var archive: Bool?

    /// A test's crash point: called before each step ("planned", then "moved" before each rewrite).
    nonisolated(unsafe) static var step: ((String) throws -> Void)?

    func save(to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Vault.writeAtomically(path, bytes: [UInt8](try JSONEncoder().encode(self)))
    }

    static func load(from path: String) -> RenamePlan? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(RenamePlan.self, from: data)
    }

    static func remove(at path: String) { try? FileManager.default.removeItem(atPath: path) }
}
