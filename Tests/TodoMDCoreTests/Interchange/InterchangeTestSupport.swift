import Foundation
import TodoMDCore
import TodoMDTestSupport
import XCTest

/// Fixtures and helpers shared by the import/export tests (issue 17).
enum Fixture {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures").path

    /// The bytes of `Fixtures/<name>`.
    static func bytes(_ name: String) -> [UInt8] {
        guard let d = FileManager.default.contents(atPath: folder + "/" + name) else { fatalError("no fixture \(name)") }
        return Array(d)
    }

    /// The fixture decoded as an import reads it.
    static func input(_ name: String) throws -> ImportInput {
        try ImportInput(bytes: bytes(name), name: (name as NSString).lastPathComponent)
    }

    /// The fixed clock the import tests read relative dates with: Friday 2026-11-27 09:00 in Berlin.
    static let clock = TodoMDTestSupport.clock("2026-11-27T09:00", "Europe/Berlin")

    static func read(_ format: String, _ name: String, mapping: [String: String] = [:]) throws -> ImportBatch {
        try Interchange.importer(format).read(try input(name), options: ImportOptions(clock: clock, mapping: mapping))
    }

    /// The export of `tasks` in `format` as one string.
    static func export(_ format: String, _ tasks: [TodoTask]) throws -> String {
        var out = ""
        try Interchange.exporter(format).export(tasks, context: ExportContext(clock: clock, tasks: tasks)) { out += $0 }
        return out
    }

    /// The task of `batch` whose title is `title`.
    static func task(_ batch: ImportBatch, _ title: String, file: StaticString = #filePath, line: UInt = #line) -> ImportedTask? {
        let t = batch.tasks.first { $0.task.title == title }
        if t == nil { XCTFail("no task \"\(title)\" among " + batch.tasks.map(\.task.title).joined(separator: " | "), file: file, line: line) }
        return t
    }
}

/// A task for export tests.
func sampleTask(_ title: String, _ build: (inout TodoTask) -> Void = { _ in }) -> TodoTask {
    var t = TodoTask(path: "20261127-0900-" + title.lowercased().replacingOccurrences(of: " ", with: "-") + ".md", title: title)
    t.created = Timestamp.parse("2026-11-20T08:00:00Z")
    t.source = "user"
    build(&t)
    return t
}
