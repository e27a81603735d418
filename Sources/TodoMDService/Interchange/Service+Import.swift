import Foundation
import TodoMDCore

extension TodoService {
    /// Imports another app's export: reads it with the format's importer (a file that is not
    /// that format is refused before anything is written), then writes each record as an
    /// ordinary task file, parents before their subtasks. Idempotent: every task keeps
    /// `import_id` and a digest of what was imported (`import_hash`), so importing the same
    /// file again creates nothing, updates what changed in the source, and leaves alone what
    /// the user changed since. One undoable action. `progress` is told (done, total).
    public func importTasks(_ request: ImportRequest, progress: ((Int, Int) -> Void)? = nil) throws -> ImportReport {
        let importer = try request.format.map(Interchange.importer) ?? Interchange.guess(request.input)
        let options = ImportOptions(clock: clock, mapping: request.mapping,
                                    dateOrder: vault.settings.dateOrder ?? self.options.dateOrder ?? .mdy)
        let batch: ImportBatch
        do { batch = try importer.read(request.input, options: options) } catch let e as ImportFormatError {
            throw TodoError.invalidArgument("\(request.input.name ?? "input") is not \(importer.title): \(e)")
        }
        return try locked {
            try vault.syncingFoldersOnce { try write(batch, importer: importer, request: request, progress: progress) }
        }
    }

    private func write(_ batch: ImportBatch, importer: any TaskImporter, request: ImportRequest,
                       progress: ((Int, Int) -> Void)?) throws -> ImportReport {
        let format = importer.format
        let clock = self.clock
        var existing: [String: TodoTask] = [:]
        let snap = snapshot(.all, clock: clock)
        for t in snap.tasks where t.line == nil {
            if let id = t.importID { existing[id] = t }
        }
        var items: [ImportReport.Item] = [], problems = batch.problems, written: [String] = []
        var fileOf: [String: String] = [:]
        let ordered = Self.parentsFirst(batch.tasks, problems: &problems)
        let total = ordered.count + batch.notes.count
        for (n, imp) in ordered.enumerated() {
            defer { progress?(n + 1, total) }
            var t = imp.task
            if let a = request.area { t.area = a }
            if let p = request.project { t.project = p }
            t.source = "import-" + format
            t.extra.removeAll { [ImportDigest.idKey, ImportDigest.digestKey, ImportDigest.parentKey].contains($0.0)
                || (!imp.blockedBy.isEmpty && $0.0 == ImportDigest.blockedByKey) }
            let importID = format + ":" + imp.id
            let digest = ImportDigest.of(t)
            if let pid = imp.parent {
                if let f = fileOf[pid] ?? existing[format + ":" + pid]?.filename {
                    t.extra.append((ImportDigest.parentKey, .string(f)))
                } else {
                    problems.append(ImportProblem(imp.location, "its parent \(pid) is not in the file; imported without one"))
                }
            }
            if !imp.blockedBy.isEmpty {
                var names: [String] = []
                for b in imp.blockedBy {
                    if let f = fileOf[b] ?? existing[format + ":" + b]?.filename { names.append(f) } else {
                        problems.append(ImportProblem(imp.location, "it waits for \(b), which is not in the file; left out of blocked_by"))
                    }
                }
                if !names.isEmpty { t.extra.append((ImportDigest.blockedByKey, .array(names.map { .string($0) }))) }
            }
            t.extra.append((ImportDigest.idKey, .string(importID)))
            t.extra.append((ImportDigest.digestKey, .string(digest)))
            do {
                if let old = existing[importID] {
                    fileOf[imp.id] = old.filename
                    let stored = old.extra.first { $0.0 == ImportDigest.digestKey }?.1.scalarText
                    if stored == digest {
                        items.append(.init(action: .unchanged, task: old, importID: importID, location: imp.location))
                    } else if stored == nil || ImportDigest.of(old) != stored {
                        items.append(.init(action: .keep, task: old, importID: importID, location: imp.location))
                    } else {
                        var updated = t
                        updated.path = old.path
                        if !request.dryRun {
                            let changes = ImportUpdate.changes(from: old, to: t)
                            let body: BodyEdit? = old.body.trimmed == t.body.trimmed ? nil : .replace(t.body)
                            // Refused (a problem for this record) when the file changed since it was read.
                            updated = try vault.update(old, changes, readFingerprint: snap.fingerprints[old.path], body: body)
                            written.append(updated.path)
                        }
                        items.append(.init(action: .update, task: updated, importID: importID, location: imp.location))
                    }
                } else if request.dryRun {
                    try Vault.validate(t)
                    fileOf[imp.id] = FileName.make(title: t.title, created: t.created ?? clock.now, suffix: 1)
                    items.append(.init(action: .create, task: t, importID: importID, location: imp.location))
                } else {
                    let created = try vault.create(t, readBack: false)
                    fileOf[imp.id] = created.filename
                    written.append(created.path)
                    items.append(.init(action: .create, task: created, importID: importID, location: imp.location))
                }
            } catch {
                problems.append(ImportProblem(imp.location, "not imported: \(error)"))
            }
        }
        for (k, note) in batch.notes.enumerated() {
            defer { progress?(ordered.count + k + 1, total) }
            var t = TodoTask(path: note.path, title: (note.path as NSString).lastPathComponent)
            t.body = String(decoding: note.bytes, as: UTF8.self)
            let item = ImportReport.Item(action: .note, task: t, importID: format + ":" + note.path, location: note.path)
            if let current = try? vault.readBytes(note.path) {
                if current != note.bytes { problems.append(ImportProblem(note.path, "a different note is at this path in the vault; left as it is")) }
                continue
            }
            if !request.dryRun {
                do {
                    guard try vault.createFile(note.path, bytes: note.bytes) else { continue }
                    written.append(note.path)
                } catch {
                    problems.append(ImportProblem(note.path, "not copied: \(error)"))
                    continue
                }
            }
            items.append(item)
        }
        if !batch.sequentialProjects.isEmpty, request.project == nil {
            do {
                if try markSequential(batch.sequentialProjects, dryRun: request.dryRun) {
                    problems.append(ImportProblem("file", "sequential project(s) " + batch.sequentialProjects.joined(separator: ", ")
                        + (request.dryRun ? " would be" : " are") + " marked so in .todomd.json (only the first open task is available)"))
                }
            } catch {
                problems.append(ImportProblem("file", "sequential project(s) " + batch.sequentialProjects.joined(separator: ", ")
                    + " not marked in .todomd.json: \(error)"))
            }
        }
        if !written.isEmpty { noteWritten(written) }
        return ImportReport(format: format, formatTitle: importer.title, dryRun: request.dryRun, items: items,
                            problems: problems, mapping: batch.mapping)
    }

    /// The tasks with every parent before its subtasks (source order otherwise); a parent
    /// cycle is broken, with a problem.
    static func parentsFirst(_ tasks: [ImportedTask], problems: inout [ImportProblem]) -> [ImportedTask] {
        let ids = Set(tasks.map(\.id))
        var done = Set<String>(), out: [ImportedTask] = []
        out.reserveCapacity(tasks.count)
        let byID = Dictionary(tasks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        func visit(_ t: ImportedTask, _ path: Set<String>) {
            guard !done.contains(t.id) else { return }
            var t = t
            if let p = t.parent, ids.contains(p), !done.contains(p), let parent = byID[p] {
                if path.contains(p) {
                    problems.append(ImportProblem(t.location, "its parents form a loop; imported without a parent"))
                    t.parent = nil
                } else {
                    visit(parent, path.union([t.id]))
                }
            }
            // The tasks it waits for first too, so their file names are known (a loop loses the link).
            for b in t.blockedBy where ids.contains(b) && !done.contains(b) {
                guard let blocker = byID[b] else { continue }
                if path.contains(b) || b == t.id {
                    problems.append(ImportProblem(t.location, "its dependencies form a loop; imported without waiting for \(b)"))
                    t.blockedBy.removeAll { $0 == b }
                } else {
                    visit(blocker, path.union([t.id]))
                }
            }
            guard done.insert(t.id).inserted else { return }
            out.append(t)
        }
        var seen = Set<String>()
        for t in tasks {
            if !seen.insert(t.id).inserted {
                problems.append(ImportProblem(t.location, "the id \(t.id) was used by an earlier record; this one is left out"))
                continue
            }
            visit(t, [])
        }
        return out
    }

    /// Marks `projects` sequential in `.todomd.json` (a checked write); whether it changed.
    private func markSequential(_ projects: [String], dryRun: Bool) throws -> Bool {
        let path = VaultSettings.fileName
        let current = try? vault.readBytes(path)
        guard let bytes = try VaultSettings.markingSequential(projects, in: current) else { return false }
        guard !dryRun else { return true }
        if let current {
            try vault.replaceFile(path, expected: Vault.fingerprint(current), with: bytes)
        } else if !(try vault.createFile(path, bytes: bytes)) {
            throw TodoError.conflict(path: path, reason: "another program created it meanwhile; import again")
        }
        return true
    }
}
