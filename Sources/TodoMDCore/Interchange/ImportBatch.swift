import Foundation

/// What an importer reads: the file's text (BOM removed, any line ending), its name, or a
/// folder (`markdown`).
public struct ImportInput: Sendable {
    public var text: String
    /// The file name, for guessing and for formats that name a project after the file (Todoist).
    public var name: String?
    /// An absolute folder path, for folder formats.
    public var folder: String?

    public init(text: String, name: String? = nil) {
        self.text = text
        self.name = name
    }

    public init(folder: String) {
        text = ""
        name = (folder as NSString).lastPathComponent
        self.folder = folder
    }

    /// Decodes a file's bytes: UTF-8 (a BOM is dropped) or UTF-16 with a BOM. Refuses
    /// anything else with the byte where it went wrong.
    public init(bytes: [UInt8], name: String?) throws {
        var b = bytes[...]
        if b.starts(with: [0xEF, 0xBB, 0xBF]) { b = b.dropFirst(3) }
        if b.starts(with: [0xFF, 0xFE]) || b.starts(with: [0xFE, 0xFF]) {
            guard let s = String(data: Data(b), encoding: .utf16) else { throw ImportFormatError(location: "byte 1", expected: "UTF-16 text") }
            self.init(text: s, name: name)
            return
        }
        guard let s = String(validating: b, as: UTF8.self) else {
            var i = 0
            var it = b.makeIterator()
            var decoder = UTF8()
            loop: while true {
                switch decoder.decode(&it) {
                case .scalarValue(let v): i += UTF8.width(v)
                case .emptyInput, .error: break loop
                }
            }
            throw ImportFormatError(location: "byte \(i + 1)", expected: "UTF-8 text")
        }
        self.init(text: s, name: name)
    }

    /// The text's lines, with `\r\n`, `\r` or `\n` line ends.
    public var lines: [Substring] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
    }
}

/// How an import reads values.
public struct ImportOptions: Sendable {
    /// "Today" for relative dates (Todoist's `tomorrow`) and the zone instants are read in.
    public var clock: Clock
    /// Column or field name → todo.md field, for the generic formats (`--map Due=due`).
    public var mapping: [String: String]
    /// How numeric dates like `3/4` are read.
    public var dateOrder: DateOrder

    public init(clock: Clock, mapping: [String: String] = [:], dateOrder: DateOrder = .mdy) {
        self.clock = clock
        self.mapping = mapping
        self.dateOrder = dateOrder
    }
}

/// One task read from a source, before it is written.
public struct ImportedTask: Sendable {
    /// The record's id in its source, unique in the file (`123`); the task keeps
    /// `import_id: "<format>:<id>"` so a second import finds it.
    public var id: String
    /// The fields. `path` is empty; `created` is the source's when it has one.
    public var task: TodoTask
    /// The source id of the parent task (a subtask), nil for a top-level task.
    public var parent: String?
    /// The source ids of the tasks it waits for (written as `blocked_by` file names).
    public var blockedBy: [String] = []
    /// Where the record is ("line 12", "record 3"), for problems.
    public var location: String

    public init(id: String, task: TodoTask, parent: String? = nil, location: String) {
        self.id = id
        self.task = task
        self.parent = parent
        self.location = location
    }
}

/// Something about a record that did not import as it was (a date that could not be read, a
/// title over the limit). The task still imports when it can, keeping the original value.
public struct ImportProblem: Sendable, Equatable, CustomStringConvertible {
    public var location: String
    public var message: String

    public init(_ location: String, _ message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): \(message)" }
}

/// What an importer read.
public struct ImportBatch: Sendable {
    /// Projects the source runs in order (OmniFocus `@parallel(false)`): the import marks them
    /// sequential in `.todomd.json`.
    public var sequentialProjects: [String] = []
    public var tasks: [ImportedTask]
    public var problems: [ImportProblem]
    /// For the generic formats: which field each column filled (shown by `--dry-run`).
    public var mapping: [ColumnMapping] = []
    /// Notes copied into the vault as they are (a Markdown folder's notes with checkbox tasks).
    public var notes: [ImportedNote] = []

    public init(tasks: [ImportedTask] = [], problems: [ImportProblem] = []) {
        self.tasks = tasks
        self.problems = problems
    }
}

/// A file that is not the format it was read as: nothing is imported.
public struct ImportFormatError: Error, Sendable, CustomStringConvertible {
    public var location: String
    public var expected: String

    public init(location: String, expected: String) {
        self.location = location
        self.expected = expected
    }

    public var description: String { "\(location): expected \(expected)" }
}

/// A note to copy into the vault unchanged, at `path` (relative, `/`-separated).
public struct ImportedNote: Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
