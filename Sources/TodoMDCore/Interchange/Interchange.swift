import Foundation

/// Reads another app's export into tasks. One type per format (`Formats/`), listed in
/// `Interchange.importers`: a new format is one file and its fixtures.
public protocol TaskImporter: Sendable {
    /// The format's name on the command line and in `import_id`/`source` (`todoist`).
    var format: String { get }
    /// What users call it ("Todoist CSV").
    var title: String { get }
    /// Whether `input` looks like this format, for `todomd import FILE` without a format.
    func recognizes(_ input: ImportInput) -> Bool
    /// The tasks of `input`. Records that cannot be imported become problems; a file that is
    /// not this format at all throws `ImportFormatError` (nothing is written then).
    func read(_ input: ImportInput, options: ImportOptions) throws -> ImportBatch
}

/// Writes tasks in another app's format, streaming: `write` gets the output piece by piece.
public protocol TaskExporter: Sendable {
    var format: String { get }
    var title: String { get }
    /// The file extension of the output (`csv`).
    var fileExtension: String { get }
    /// The media type for HTTP (`text/csv; charset=utf-8`).
    var mediaType: String { get }
    /// Writes `tasks` (already selected and ordered: by area, project, then file order).
    func export(_ tasks: [TodoTask], context: ExportContext, write: (String) throws -> Void) throws
}

/// What an exporter may need besides the tasks.
public struct ExportContext: Sendable {
    /// "now" and the zone local dates are written in when a format wants instants.
    public var clock: Clock
    /// The tasks by file name, for formats that nest subtasks (`parent`).
    public var byFilename: [String: TodoTask]
    /// The task files by every name a `blocked_by` can give them (only when one is given).
    var byName: [String: TodoTask] = [:]
    /// Whether a project is sequential (`.todomd.json`), for formats that say so (OmniFocus
    /// TaskPaper's `@parallel(false)`).
    public var isSequential: @Sendable (String) -> Bool = { _ in false }

    public init(clock: Clock, tasks: [TodoTask]) {
        self.clock = clock
        var m: [String: TodoTask] = [:]
        for t in tasks where t.line == nil { m[t.filename] = t }
        byFilename = m
        guard tasks.contains(where: { $0.line == nil && TaskDependencies.hasReferences($0) }) else { return }
        for t in tasks where t.line == nil {
            for name in TaskDependencies.names(ofPath: t.path) where byName[name] == nil { byName[name] = t }
        }
    }

    /// The exported tasks `task` is `blocked_by` (named by file name, path or wiki link).
    public func blockers(of task: TodoTask) -> [TodoTask] {
        guard task.line == nil else { return [] }
        return TaskDependencies.references(of: task).compactMap { byName[$0.name] }
    }

    /// The file name of `task`'s parent when the parent is among the exported tasks.
    public func parent(of task: TodoTask) -> String? {
        guard let p = task.parentName, byFilename[p] != nil else { return nil }
        return p
    }
}

/// The registry of formats.
public enum Interchange {
    public static let importers: [any TaskImporter] = [
        TodoistCSV(), TickTickCSV(), TaskPaperFormat(), ThingsJSON(), TaskwarriorJSON(), TodoTxt(),
        ICalendar(), GenericJSON(), GenericCSV(), MarkdownFolder(),
    ]
    public static let exporters: [any TaskExporter] = [
        GenericJSON(), GenericCSV(), TodoistCSV(), TaskPaperFormat(), TodoTxt(), TaskwarriorJSON(),
        ICalendar(), OPML(), ThingsJSON(), CalendarFeed(kind: .todos), CalendarFeed(kind: .events),
    ]

    /// The importer named `name` (also accepts a few aliases: `omnifocus`, `things`, `ics`…).
    public static func importer(_ name: String) throws -> any TaskImporter {
        let n = canonical(name)
        guard let i = importers.first(where: { $0.format == n }) else {
            throw TodoError.invalidArgument("no importer \"\(name)\"; formats: " + importers.map(\.format).joined(separator: ", "))
        }
        return i
    }

    public static func exporter(_ name: String) throws -> any TaskExporter {
        // `export ics` is the calendar feed (open tasks with a date, alarms); `import ics` reads any.
        let n = name.lowercased() == "ics" ? "calendar" : canonical(name)
        guard let e = exporters.first(where: { $0.format == n }) else {
            throw TodoError.invalidArgument("no exporter \"\(name)\"; formats: " + exporters.map(\.format).joined(separator: ", "))
        }
        return e
    }

    /// The first importer that recognizes `input` (most specific formats are asked first).
    public static func guess(_ input: ImportInput) throws -> any TaskImporter {
        if let i = importers.first(where: { $0.recognizes(input) }) { return i }
        throw TodoError.invalidArgument("cannot tell the format of \(input.name ?? "the input"); name it: todomd import FORMAT FILE (formats: "
            + importers.map(\.format).joined(separator: ", ") + ")")
    }

    static func canonical(_ name: String) -> String {
        let n = name.lowercased()
        let aliases = ["omnifocus": "taskpaper", "things": "things", "things3": "things", "ics": "ical",
                       "icalendar": "ical", "vtodo": "ical", "reminders": "ical", "task": "taskwarrior",
                       "tw": "taskwarrior", "todo.txt": "todotxt", "todo-txt": "todotxt", "markdown": "markdown",
                       "md": "markdown", "folder": "markdown", "ticktick-csv": "ticktick", "todoist-csv": "todoist"]
        return aliases[n] ?? n
    }
}
