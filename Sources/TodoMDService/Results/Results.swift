import Foundation
import TodoMDCore
import TodoMDIndex

/// A task with the version of the bytes it was read from (see `TaskVersion`).
public struct VersionedTask: Sendable {
    public var task: TodoTask
    /// nil for a task not in the vault (a preview, a trashed file that could not be read).
    public var version: String?
    /// The fingerprint of the task's file as read (what a write checks against).
    public var fileFingerprint: UInt64?
    /// How a title reference was resolved, when a preference chose among several matches.
    public var note: String?

    public init(task: TodoTask, version: String?, fileFingerprint: UInt64? = nil) {
        self.task = task
        self.version = version
        self.fileFingerprint = fileFingerprint
    }

    init(_ task: TodoTask, fingerprint: UInt64?) {
        self.init(task: task, version: fingerprint.map { TaskVersion.of(task, fileFingerprint: $0) }, fileFingerprint: fingerprint)
    }
}

/// The versions of the tasks of one read: each task's file fingerprint as read.
public struct TaskVersions: Sendable {
    var fingerprints: [String: UInt64]

    public init(_ fingerprints: [String: UInt64] = [:]) { self.fingerprints = fingerprints }

    /// The version `task` was read at.
    public func version(of task: TodoTask) -> String? {
        fingerprints[task.path].map { TaskVersion.of(task, fileFingerprint: $0) }
    }
}

/// What an action did: the task as it is now (with its new version), files it created (a
/// repeating task's next occurrence), and what to tell the user.
public struct ActionOutcome: Sendable {
    public var task: VersionedTask
    public var created: [VersionedTask]
    public var messages: [String]
    /// false when the task already was as asked (`done` on a done task): nothing was written.
    public var changed = true
}

/// A view as shown: a built-in view, or a saved view's tasks and items.
public struct ViewPage: Sendable {
    /// Every task of the page once, in its order (grouped by tag, a task is in each of its
    /// tags' groups).
    public var distinctTasks: [TodoTask] {
        switch content {
        case .builtIn(let result): return result.tasks
        case .saved(_, let t, _, _): return t
        case .perspective(_, let groups):
            var seen = Set<String>()
            return groups.flatMap(\.tasks).filter { seen.insert($0.id).inserted }
        }
    }

    public enum Content: Sendable {
        case builtIn(ViewResult)
        case saved(SavedView, tasks: [TodoTask], items: [ListItem], types: [ListType])
        /// A perspective of `.perspectives.json`, or a query run as one.
        case perspective(Perspective, groups: [ViewGroup])
    }

    public var content: Content
    public var today: LocalDate
    public var versions: TaskVersions
    /// Things to say besides the view (a malformed order file, unreadable files).
    public var warnings: [String]
}

/// One view a client can show: a built-in one or a saved one, with its match count.
public struct ViewSummary: Sendable {
    public var name: String
    /// `builtin`, `saved` or `perspective`.
    public var kind: String
    public var path: String?
    public var displayStyle: String?
    public var matches: Int?
    public var problems: [String]
}

/// `doctor`: every file that could not be read fully, and notes about the walk.
public struct DoctorReport: Sendable {
    public var vault: String
    public var taskCount: Int
    public var problems: [FileProblem]
    public var notes: [String]
}

/// A search's hits, best first.
public struct SearchResults: Sendable {
    public struct Hit: Sendable {
        public var task: VersionedTask
        public var snippet: String
        public var rank: Double
    }

    public var query: String
    public var hits: [Hit]
}

/// What quick entry would make of a text, without writing anything.
public struct ParsePreview: Sendable {
    public var task: TodoTask
    public var understood: [String]
}

/// An area with its open tasks by project (the sidebar of Things).
public struct AreaSummary: Sendable {
    public struct Project: Sendable {
        public var name: String
        public var count: Int
    }

    /// nil: tasks with no area.
    public var name: String?
    /// Open tasks in the area with no project.
    public var count: Int
    public var projects: [Project]
}

/// A list type with how many items it has.
public struct TypeSummary: Sendable {
    public var type: ListType
    public var count: Int
}

/// The items of one type (or, for `todo`, its tasks).
public struct ItemList: Sendable {
    public var type: ListType
    public var items: [ListItem]
    public var tasks: [TodoTask]
    public var versions: TaskVersions
}

/// A task moved to the trash.
public struct DeleteOutcome: Sendable {
    public var task: TodoTask
    /// Its path inside the trash.
    public var trashPath: String
}

/// A trashed file put back.
public struct RestoreOutcome: Sendable {
    public var task: TodoTask
    public var path: String
}

/// A reorder.
public struct MoveOutcome: Sendable {
    public var task: TodoTask
    public var other: TodoTask
    public var before: Bool
    /// The `.order.json` list that changed and its new entries.
    public var list: String
    public var order: [String]
}

/// A note's completed lines moved to its archive.
public struct ArchiveOutcome: Sendable {
    public var note: String
    public var archive: String?
    public var moved: Int
}

/// What `capture` proposes for raw text (and what it saved).
public struct CaptureOutcome: Sendable {
    public var type: ListType
    public var otherTypes: [String]
    public var reason: String
    public var title: String
    public var fields: [(String, String)]
    public var tags: [String]
    public var saved: String?
}

/// A recurrence rule's occurrences.
public struct RecurrencePreview: Sendable {
    public var rule: String
    public var text: String
    public var start: String
    public var occurrences: [String]
}

/// A task opened in an editor: where it is and its bytes before.
public struct EditSession: Sendable {
    public var task: TodoTask
    /// Absolute path of the file to open.
    public var absolutePath: String
    public var before: [UInt8]?
}

/// What an edit in an editor did.
public struct EditOutcome: Sendable {
    public var path: String
    public var changed: Bool
    /// Problems the file has now (reported, not fatal).
    public var problems: [String]
    /// The file is no longer a readable task file.
    public var unreadable: Bool
}

/// The capture inbox's queue as a client shows it.
public struct InboxPage: Sendable {
    public var entries: [InboxEntry]
    /// Entries not pushed yet (all of them, not only those listed).
    public var unsynced: Int
    public var pushMode: CaptureSettings.PushMode
    /// Today's daily note, vault-relative.
    public var dailyNote: String
    /// Queue files that are not entries, and daily-note settings that could not be used.
    public var problems: [String]
}

/// What a push did: the notes written, the days that stay queued, what is left.
public struct InboxPushReport: Sendable {
    public var outcome: InboxPush.Outcome
    public var unsynced: Int
    public var problems: [String]
}

/// One day's Actions URI.
public struct InboxPushURI: Sendable {
    public var date: LocalDate
    public var uri: String
    public var entries: [String]
}

/// What an inbox entry became.
public enum InboxConversion: Sendable {
    case task(AddOutcome)
    case item(CaptureOutcome)
}
