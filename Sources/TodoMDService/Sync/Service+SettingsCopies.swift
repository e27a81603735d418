import Foundation
import TodoMDCore

/// Sync-conflict copies of the vault's own JSON files at its root (`.order.sync-conflict-….json`,
/// `.perspectives 2.json`…): merged into their originals (`SettingsFileMerge`: order lists as
/// the union of both sides, perspectives by id), then the copy goes to the trash, as one
/// undoable `merge` action. A copy that is not valid JSON is left and reported by `doctor`.
extension TodoService {
    /// Merges the copies at the root, when the root folder changed since the last look (a new
    /// file there changes its modification time). Returns what could not be merged.
    @discardableResult
    func settleSettingsCopies() -> [FileProblem] {
        let stamp = Vault.stamp(ofPath: root)
        guard stamp != settingsCopiesStamp else { return settingsCopyProblems }
        settingsCopiesStamp = stamp
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        let copies = names.filter { $0.hasPrefix(".") && $0.hasSuffix(".json") }.compactMap {
            SyncConflictNames.detect($0, exists: { vault.regularFileStamp($0) != nil })
        }
        guard !copies.isEmpty else {
            settingsCopyProblems = []
            return []
        }
        var problems: [FileProblem] = []
        asSyncMerge {
            for c in copies {
                do {
                    guard let kind = SettingsFileMerge.kind(of: c.original) else { continue }
                    let theirs = try vault.readBytes(c.copy), mine = try vault.readBytes(c.original)
                    guard let merged = SettingsFileMerge.merge(kind, mine: mine, theirs: theirs) else {
                        throw TodoError.malformed(path: c.copy, reason: "it or \(c.original) is not valid JSON of its kind")
                    }
                    if merged != mine { try vault.replaceFile(c.original, expected: Vault.fingerprint(mine), with: merged) }
                    _ = try Trash(vault: vault).delete(c.copy)
                } catch {
                    problems.append(FileProblem(path: c.copy, reasons: [
                        "a \(c.engine.displayName) conflict copy of \(c.original) that could not be merged (\(error)); "
                            + "keep what you want in \(c.original), then delete the copy",
                    ]))
                }
            }
        }
        // Written files change the root's time again: look afresh next time only if others do.
        settingsCopiesStamp = Vault.stamp(ofPath: root)
        settingsCopyProblems = problems
        return problems
    }
}
