import Foundation
import TodoMDCore

extension TodoService {
    /// Runs `body` on a scratch vault (a temp folder) that holds copies of the files
    /// `operations` touch and of the vault's settings and order files, through a second
    /// service over it: the real operations run, on copies, and nothing in the vault changes.
    /// References are resolved here first (so a title that is ambiguous in the vault stays an
    /// error) and passed on as exact ids; those that do not resolve fail without running.
    /// Version checks against older versions still ask this vault's index.
    func rehearse(_ operations: [BatchOperation], _ body: (TodoService, [BatchOperation]) -> [BatchResult]) throws -> [BatchResult] {
        try locked {
            let clock = self.clock
            let fm = FileManager.default
            // One folder per process, emptied each time: the scratch vault's lock and write log
            // in the cache folder are made once, not once per dry run.
            let base = NSTemporaryDirectory() + "/todomd-rehearsal-\(getpid())"
            let scratchRoot = base + "/vault"
            try? fm.removeItem(atPath: base)
            try fm.createDirectory(atPath: scratchRoot, withIntermediateDirectories: true)
            defer { try? fm.removeItem(atPath: scratchRoot) }
            func copy(_ rel: String) throws {
                let to = scratchRoot + "/" + rel
                guard !fm.fileExists(atPath: to) else { return }
                try fm.createDirectory(atPath: (to as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try fm.copyItem(atPath: root + "/" + rel, toPath: to)
            }
            for name in [VaultSettings.fileName, OrderFile.fileName, ObsidianTasksSettings.relativePath]
            where fm.fileExists(atPath: root + "/" + name) { try copy(name) }

            var mapped = operations, refused: [Int: Error] = [:]
            for (i, var op) in operations.enumerated() {
                do {
                    switch op.action {
                    case .add: break
                    case .restore:
                        let t = try TaskResolver.resolve(Trash.relative(op.reference), in: Trash(vault: vault).list())
                        try copy(Trash.folder + "/" + t.path)
                        op.reference = t.path
                    case .move(let before, let other):
                        let a = try resolve(op.reference, clock: clock).task, b = try resolve(other, clock: clock).task
                        try copy(a.path)
                        try copy(b.path)
                        (op.reference, op.action) = (a.id, .move(before: before, other: b.id))
                    case .nest(let parent?):
                        let t = try resolve(op.reference, clock: clock).task, p = try resolve(parent, prefer: .any, clock: clock).task
                        try copy(t.path)
                        try copy(p.path)
                        (op.reference, op.action) = (t.id, .nest(parent: p.id))
                    case .rename(let name):
                        // The files naming it come along, so the dry run reports their links too.
                        let t = try resolve(op.reference, prefer: .any, clock: clock).task
                        try copy(t.path)
                        if t.line == nil, let to = try? Self.renameTarget(name, from: t.path) {
                            for r in referrers(of: t.path, newPath: to, clock: clock) { try copy(r) }
                        }
                        op.reference = t.id
                    case .reopen:
                        let t = try resolve(op.reference, prefer: .closed, clock: clock).task
                        try copy(t.path)
                        op.reference = t.id
                    default:
                        let t = try resolve(op.reference, clock: clock).task
                        try copy(t.path)
                        op.reference = t.id
                    }
                    mapped[i] = op
                } catch {
                    refused[i] = error
                }
            }
            var scratchOptions = ServiceOptions(vaultRoot: scratchRoot, clock: options.clock)
            scratchOptions.useIndex = false
            scratchOptions.undoJournalPath = base + "/undo"
            scratchOptions.historyPath = ""
            scratchOptions.dateOrder = options.dateOrder
            let scratch = TodoService(scratchOptions)
            scratch.rehearsalBase = self
            return BatchResult.merging(count: operations.count, refused: refused) { runnable in body(scratch, runnable.map { mapped[$0] }) }
        }
    }
}
