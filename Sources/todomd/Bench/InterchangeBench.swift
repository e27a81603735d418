import Foundation
import TodoMDCore
import TodoMDService

/// Issue 17's benchmark rows: importing up to 10,000 tasks from each format we both write and
/// read (the generated vault exported, then imported into an empty vault, in process), and an
/// export of the whole vault as a whole process with its peak memory (it streams: the output is
/// never held whole, so its peak is the vault's tasks in memory, as any read's).
enum InterchangeBench {
    static let formats = ["json", "csv", "todoist", "taskwarrior", "todotxt", "taskpaper", "ical", "things"]

    struct Result {
        /// Tasks imported per format, and the seconds each import took.
        var imported = 0
        /// Creating as many files atomically (temp file, fsync, link) with nothing else: the floor.
        var floor = 0.0
        var imports: [(format: String, seconds: Double)] = []
        var exportSeconds = 0.0, exportPeakKB = 0, exportBytes = 0
        /// `list all --json` in the same state: a read of every task, for the export's memory to compare with.
        var listAllPeakKB = 0
    }

    static func measure(_ runner: BenchRunner, vault: String, cache: String) throws -> Result {
        var r = Result()
        let zone = TimeZone.current
        var options = ServiceOptions(vaultRoot: vault, clock: { Clock(now: Date(), timeZone: zone) })
        options.indexPath = cache + "/interchange/index.sqlite"
        let service = TodoService(options)
        // At most 10,000 tasks: a project-sized slice of a bigger vault.
        let all = try service.exportPlan(ExportRequest(format: "json"))
        let tasks = Array(all.tasks.filter { $0.line == nil }.prefix(10_000))
        r.imported = tasks.count
        let floorDir = cache + "/interchange/floor"
        try FileManager.default.createDirectory(atPath: floorDir, withIntermediateDirectories: true)
        let floorVault = Vault(root: floorDir, clock: service.clock)
        let bytes = Array(repeating: UInt8(ascii: "x"), count: 400)
        let f0 = ChildProcess.now()
        try floorVault.syncingFoldersOnce {
            for i in 0..<tasks.count { _ = try floorVault.createFile("f\(i).md", bytes: bytes) }
        }
        r.floor = ChildProcess.now() - f0
        try? FileManager.default.removeItem(atPath: floorDir)
        for format in formats {
            var text = ""
            let exporter = try Interchange.exporter(format)
            try exporter.export(tasks, context: ExportContext(clock: service.clock, tasks: tasks)) { text += $0 }
            let dest = cache + "/interchange/" + format
            try FileManager.default.createDirectory(atPath: dest, withIntermediateDirectories: true)
            var o = ServiceOptions(vaultRoot: dest, clock: { Clock(now: Date(), timeZone: zone) })
            o.indexPath = cache + "/interchange/\(format).sqlite"
            let target = TodoService(o)
            let t0 = ChildProcess.now()
            let report = try target.importTasks(ImportRequest(format: format, input: ImportInput(text: text, name: "bench.\(exporter.fileExtension)")))
            r.imports.append((format, ChildProcess.now() - t0))
            // Todoist's CSV carries open tasks only.
            let expected = format == "todoist" ? tasks.filter { !$0.status.isClosed }.count : tasks.count
            if report.count(.create) < expected * 9 / 10 {
                throw TodoError.io(path: dest, reason: "bench: \(format) imported \(report.count(.create)) of \(expected): \(report.problems.prefix(3))")
            }
            try? FileManager.default.removeItem(atPath: dest)
        }
        let out = cache + "/interchange/export.json"
        // Twice: the first run may still be bringing the index up to date with the edits above.
        _ = try runner.todomd(["export", "json", "-o", out], vault: vault, cache: cache)
        let m = try runner.todomd(["export", "json", "-o", out], vault: vault, cache: cache)
        r.listAllPeakKB = try runner.todomd(["list", "all", "--json"], vault: vault, cache: cache).peakKB
        r.exportSeconds = m.seconds
        r.exportPeakKB = m.peakKB
        r.exportBytes = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
        return r
    }
}
