import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `todomd import [FORMAT] FILE`: another app's export in, as task files. A thin front end:
/// the formats are the engine's (`Interchange`), the writing the service's (`importTasks`).
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import tasks from Todoist, TickTick, OmniFocus (TaskPaper), Things, Taskwarrior, todo.txt, iCalendar, CSV, JSON or a Markdown folder.",
        discussion: """
            todomd import todoist Groceries.csv      todomd import tasks.json --dry-run
            todomd import csv sheet.csv --map "Due Date=due" --map Owner=skip
            FORMAT is guessed from the file when left out; FILE - reads stdin. Formats: \
            \(Interchange.importers.map(\.format).joined(separator: ", ")).
            Importing the same file again creates nothing new: each task keeps its source id (import_id), \
            tasks changed in the source are updated unless you changed them since. `todomd undo` takes an import back.
            """)
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The format (optional) and the file, folder or - for stdin.") var words: [String]
    @Flag(name: .customLong("dry-run"), help: "Show what would be imported (and the column mapping) without writing.") var dryRun = false
    @Option(help: "Put every task in this area.") var area: String?
    @Option(help: "Put every task in this project.") var project: String?
    @Option(name: .customLong("map"), help: "For csv and json: COLUMN=field (title, due, tags, body, skip…); repeatable.")
    var mappings: [String] = []
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        guard (1...2).contains(words.count) else { throw ValidationError("give the file to import, optionally after its format: todomd import [FORMAT] FILE") }
        let format = words.count == 2 ? words[0] : nil
        let file = words.last!
        var mapping: [String: String] = [:]
        for m in mappings {
            guard let eq = m.lastIndex(of: "="), eq != m.startIndex else { throw ValidationError("--map takes COLUMN=field, not \"\(m)\"") }
            mapping[String(m[..<eq])] = String(m[m.index(after: eq)...])
        }
        try CLI.run(vaultOptions, creating: true) { service, out in
            let input = try Self.input(file)
            let bar = ProgressBar(label: dryRun ? "Reading" : "Importing")
            let report = try service.attributed(frontEnd: "cli") {
                try service.importTasks(ImportRequest(format: format, input: input, area: area, project: project,
                                                      mapping: mapping, dryRun: dryRun)) { bar.update($0, $1) }
            }
            bar.finish()
            if json { out.json(ImportDocument(report, today: service.clock.today)); return }
            Self.print(report, out: out)
        }
    }

    static func input(_ file: String) throws -> ImportInput {
        if file == "-" {
            return try ImportInput(bytes: Array(FileHandle.standardInput.readDataToEndOfFile()), name: nil)
        }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDir) else { throw TodoError.invalidArgument("no such file: \(file)") }
        if isDir.boolValue { return ImportInput(folder: (file as NSString).standardizingPath) }
        let bytes: [UInt8]
        do { bytes = try Vault.readFile(file) } catch { throw TodoError.invalidArgument("cannot read \(file): \(error)") }
        do { return try ImportInput(bytes: bytes, name: (file as NSString).lastPathComponent) } catch let e as ImportFormatError {
            throw TodoError.invalidArgument("\(file): \(e)")
        }
    }

    static func print(_ r: ImportReport, out: Printer) {
        if !r.mapping.isEmpty, r.dryRun {
            out.print(out.paint("Columns:", .bold))
            for m in r.mapping { out.print("  \(m.column) → " + (m.skipped ? "left out" : m.field ?? "kept as \(r.format)_…")) }
        }
        if r.dryRun {
            for item in r.items.prefix(50) {
                let t = item.task
                var line = "  \(item.action.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)) \(t.title)"
                let where_ = [t.area, t.project].compactMap { $0 }.joined(separator: " / ")
                if !where_.isEmpty { line += out.paint("  " + where_, .dim) }
                if let d = t.due { line += out.paint("  due \(d)", .dim) }
                if !t.tags.isEmpty { line += out.paint("  " + t.tags.map { "#" + $0 }.joined(separator: " "), .dim) }
                out.print(line)
            }
            if r.items.count > 50 { out.print(out.paint("  … \(r.items.count - 50) more (--json shows all)", .dim)) }
        }
        out.print(r.summary)
        for p in r.problems { out.print("  " + p.description) }
    }
}

/// `todomd export FORMAT`: tasks out in another app's format, streamed to stdout or a file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export tasks as JSON, CSV, Todoist CSV, TaskPaper, todo.txt, Taskwarrior, iCalendar, OPML or Things JSON.",
        discussion: """
            todomd export taskwarrior | task import      todomd export ical --project Home -o home.ics
            Without a selection every task is written, open and closed. Formats: \
            \(Interchange.exporters.map(\.format).joined(separator: ", ")).
            """)
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The format.") var format: String
    @Option(help: "Only this view's tasks (today, upcoming, a saved view or perspective).", completion: Completions.words(.views))
    var view: String?
    @Option(help: "Only tasks matching this query (perspectives syntax).") var query: String?
    @Option(help: "Only this area.") var area: String?
    @Option(help: "Only this project.") var project: String?
    @Option(help: "Only tasks changed since: a date (2026-11-01, monday), a time or an age (30d).") var since: String?
    @Option(name: .shortAndLong, help: "Write to this file (replaced atomically) instead of stdout.") var output: String?

    func run() throws {
        try CLI.run(vaultOptions) { service, _ in
            let since = try self.since.map { try AuditSince.parse($0, clock: service.clock) }
            let request = ExportRequest(format: format, view: view, query: query, area: area, project: project, since: since)
            _ = try service.exporter(for: request)
            let sink = try ExportSink(path: output)
            do {
                try service.export(request) { try sink.write($0) }
                try sink.finish()
            } catch {
                sink.abandon()
                throw error
            }
        }
    }
}

/// Buffered output for an export: stdout, or a temp file beside the target renamed over it at
/// the end (a failed export leaves the old file).
final class ExportSink {
    private let handle: FileHandle
    private let path: String?
    private let temp: String?
    private var buffer: [UInt8] = []

    init(path: String?) throws {
        self.path = path
        if let path {
            let dir = (path as NSString).deletingLastPathComponent
            let tmp = (dir.isEmpty ? "" : dir + "/") + ".\((path as NSString).lastPathComponent).todomd-\(getpid()).tmp"
            guard FileManager.default.createFile(atPath: tmp, contents: nil), let h = FileHandle(forWritingAtPath: tmp) else {
                throw TodoError.invalidArgument("cannot write \(path)")
            }
            temp = tmp
            handle = h
        } else {
            temp = nil
            handle = FileHandle.standardOutput
        }
        buffer.reserveCapacity(1 << 16)
    }

    func write(_ s: String) throws {
        buffer.append(contentsOf: s.utf8)
        if buffer.count >= 1 << 16 { try flush() }
    }

    private func flush() throws {
        try handle.write(contentsOf: buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    func finish() throws {
        try flush()
        guard let temp, let path else { return }
        try handle.synchronize()
        try handle.close()
        guard rename(temp, path) == 0 else { throw TodoError.invalidArgument("cannot write \(path): " + String(cString: strerror(errno))) }
    }

    func abandon() {
        guard let temp else { return }
        try? handle.close()
        unlink(temp)
    }
}
