import Foundation
import TodoMDCore
import TodoMDService

/// Issue 16's benchmark rows, in process on a generated vault: merging 1,000 sync-conflict
/// copies (each changing one field of its original, as the other device would) on the first
/// read after they arrive; and a write (`set`) with the version history and audit log, and
/// without them.
enum SyncBench {
    struct Result {
        var copies = 0
        var merge = 0.0
        var writeWithHistory = 0.0, writeWithout = 0.0
    }

    static func measure(vault: String, cache: String, runs: Int) throws -> Result {
        var r = Result()
        let zone = TimeZone.current
        var options = ServiceOptions(vaultRoot: vault, clock: { Clock(now: Date(), timeZone: zone) })
        options.indexPath = cache + "/sync/index.sqlite"
        options.longRunning = true   // as a server: every read sees what changed since
        let service = TodoService(options)
        _ = try service.view("all")   // indexed, and every file's first version kept
        let files = Vault(root: vault, clock: service.clock).scan().files.map(\.path)
            .filter { !$0.hasPrefix("Notes/") }
        let originals = Array(files.prefix(min(1000, files.count / 2)))
        r.copies = originals.count
        for (i, path) in originals.enumerated() {
            let bytes = try Vault.readFile(vault + "/" + path)
            guard let doc = FrontmatterDocument(bytes: bytes) else { continue }
            let copy = String(path.dropLast(3)) + ".sync-conflict-20261124-101010-BENCH\(String(format: "%02d", i % 100)).md"
            try Vault.writeAtomically(vault + "/" + copy, bytes: FrontmatterEditor.apply([("flagged", .bool(true))], to: doc))
        }
        let t0 = ChildProcess.now()
        _ = try service.view("all")
        r.merge = ChildProcess.now() - t0
        let left = Vault(root: vault, clock: service.clock).scan().files.filter { $0.path.contains(".sync-conflict-") }.count
        if left > 0 { throw TodoError.io(path: vault, reason: "bench: \(left) copies were not merged") }
        let unmerged = try originals.filter { !String(decoding: try Vault.readFile(vault + "/" + $0), as: UTF8.self).contains("flagged: true") }
        if !unmerged.isEmpty { throw TodoError.io(path: vault, reason: "bench: \(unmerged.count) originals lack their copy's change") }

        // Writes: the same `set` on different tasks, with and without the history, alternating.
        var without = options
        without.historyPath = ""
        without.indexPath = cache + "/sync/index-no-history.sqlite"
        without.undoJournalPath = cache + "/sync/undo-no-history"
        let plain = TodoService(without)
        _ = try plain.view("all")
        let targets = Array(files.dropFirst(originals.count).prefix(max(20, runs * 20)))
        var with: [Double] = [], none: [Double] = []
        for (k, path) in targets.enumerated() {
            let s = k % 2 == 0 ? service : plain
            let t = ChildProcess.now()
            _ = try s.set(path, assignments: ["priority=high"])
            (k % 2 == 0 ? { with.append(ChildProcess.now() - t) } : { none.append(ChildProcess.now() - t) })()
        }
        r.writeWithHistory = BenchRunner.median(with)
        r.writeWithout = BenchRunner.median(none)
        return r
    }
}
