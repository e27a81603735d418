// Fuzzes every file importer (issue 17) and the exporters on what they read.
//
// The first byte picks the importer (the registry's order, less the Markdown folder); the rest
// is the file, decoded as an import decodes it.
//
// Invariants:
//  import-limits     every task read has a title of 1 to 500 characters without a line break,
//                    notes of at most 100 KB, an estimate the reader accepts back, and a
//                    non-empty id; a refusal is an ImportFormatError
//  import-reexport   every exporter writes the tasks read without throwing, and the same
//                    format's importer reads its own export back without refusing it
import Foundation
import FuzzSupport
@testable import TodoMDCore

private let clock = Clock(now: Date(timeIntervalSince1970: 1_767_691_800), timeZone: TimeZone(identifier: "Europe/Berlin")!)
private let importers = Interchange.importers.filter { $0.format != "markdown" }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).bytes
    guard let first = bytes.first else { return 0 }
    let importer = importers[Int(first) % importers.count]
    guard let input = try? ImportInput(bytes: Array(bytes.dropFirst()), name: "fuzz") else { return 0 }
    let ctx = "\(importer.format): \(lit(input.text))"
    let batch: ImportBatch
    do { batch = try importer.read(input, options: ImportOptions(clock: clock)) } catch is ImportFormatError {
        return 0
    } catch {
        fuzzFail("import-limits", "threw \(error), not an ImportFormatError\n\(ctx)")
    }
    for t in batch.tasks {
        fuzzCheck("import-limits", !t.task.title.isEmpty && t.task.title.count <= Limits.titleLength && !t.task.title.contains("\n"),
                  "title \(lit(t.task.title))\n\(ctx)")
        fuzzCheck("import-limits", t.task.body.utf8.count <= Limits.bodyBytes, "notes of \(t.task.body.utf8.count) bytes\n\(ctx)")
        fuzzCheck("import-limits", !t.id.isEmpty, "an empty id\n\(ctx)")
        fuzzCheck("import-limits", t.task.estimatedMinutes.map { (0...Limits.estimateMinutes).contains($0) } ?? true,
                  "an estimate of \(t.task.estimatedMinutes ?? 0) minutes\n\(ctx)")
    }
    var tasks = batch.tasks.prefix(50).enumerated().map { n, imp -> TodoTask in
        var t = imp.task
        t.path = "f\(n).md"
        return t
    }
    tasks.sort { ($0.area ?? "", $0.project ?? "") < ($1.area ?? "", $1.project ?? "") }
    for exporter in Interchange.exporters {
        var out = ""
        do { try exporter.export(tasks, context: ExportContext(clock: clock, tasks: tasks)) { out += $0 } } catch {
            fuzzFail("import-reexport", "\(exporter.format) export threw \(error)\n\(ctx)")
        }
        guard exporter.format == importer.format else { continue }
        do { _ = try importer.read(ImportInput(text: out, name: "fuzz"), options: ImportOptions(clock: clock)) } catch {
            fuzzFail("import-reexport", "\(importer.format) refused its own export: \(error)\nexport: \(lit(out))\n\(ctx)")
        }
    }
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzz) } }
