import Foundation

/// How a new task's file name is generated when the title lives in frontmatter
/// (tasknotes-spec §9.13 `title.filename_format`, the plugin's `taskFilenameFormat`).
public enum TaskNotesFilenameFormat: String, Sendable, CaseIterable {
    /// The sanitized title.
    case title
    /// `{zettel}`: `yyMMdd` + seconds since local midnight in base 36 (see `TaskNotesFileName`).
    case zettel
    /// `{timestamp}`: `yyyy-MM-dd-HHmmss` local time.
    case timestamp
    /// `title.custom_filename_template` expanded.
    case custom
}

/// The title section of the configuration (§9.13).
public struct TaskNotesTitlePolicy: Equatable, Sendable {
    /// Where the title lives (`title.storage`).
    public var storage: TaskNotesTitleStorage
    /// How file names are made under frontmatter storage (`title.filename_format`).
    public var filenameFormat: TaskNotesFilenameFormat
    /// The template of the `custom` format (`title.custom_filename_template`).
    public var customFilenameTemplate: String

    /// The defaults of a fresh vault (§9.21): the title is the file name.
    public init(storage: TaskNotesTitleStorage = .filename, filenameFormat: TaskNotesFilenameFormat = .title,
                customFilenameTemplate: String = "{title}") {
        self.storage = storage
        self.filenameFormat = filenameFormat
        self.customFilenameTemplate = customFilenameTemplate
    }

    /// Reads a `title` object; absent or unknown values keep the defaults.
    public init(config: JSONValue?) {
        self.init()
        guard case .object(let m)? = config else { return }
        func s(_ k: String) -> String? { TaskNotesMembers.value(m, k)?.stringPayload }
        if let v = s("storage").flatMap(TaskNotesTitleStorage.init(rawValue:)) { storage = v }
        if let v = s("filename_format").flatMap(TaskNotesFilenameFormat.init(rawValue:)) { filenameFormat = v }
        if let v = s("custom_filename_template"), !v.isEmpty { customFilenameTemplate = v }
    }

    /// The file-name template canonical writes use (§5.3.3): the title itself under
    /// filename storage, whatever `filename_format` says.
    public var effectiveTemplate: String {
        if storage == .filename { return "{title}" }
        switch filenameFormat {
        case .title: return "{title}"
        case .zettel: return "{zettel}"
        case .timestamp: return "{timestamp}"
        case .custom: return customFilenameTemplate
        }
    }
}
