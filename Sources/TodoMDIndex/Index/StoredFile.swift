import Foundation
import TodoMDCore

/// One file's rows, computed where it was parsed (on a worker core), so the thread that writes
/// to SQLite only binds values: on a cold index, storing is the serial part.
struct StoredFile {
    struct Task {
        var status: String
        var due: String?, deferDate: String?, scheduled: String?
        var flagged: Bool
        var priority: String
        /// The checkbox line (0-based); nil for a task file.
        var line: Int?
        var areaKey: String?, projectKey: String?
        var tagsKey: String, titleKey: String
        /// `TaskHandle.hash` of the task's id: short handles are prefixes of it.
        var handle: String
        /// `TaskDependencies.lookupKey` and `referenceKeys`.
        var nameKey: String?
        var refs: [String]
        var data: [UInt8]
        var task: TodoTask
    }

    var file: ScannedFile
    var fingerprint: Int64
    var kind: FileKind
    var problem: String?
    var tasks: [Task] = []
    /// The file's bytes, when the index reports what it sees (`TaskIndex.onSeen`).
    var bytes: [UInt8]?

    init(_ file: ScannedFile, _ c: FileContents) {
        self.file = file
        fingerprint = Int64(bitPattern: c.fingerprint)
        bytes = c.bytes
        kind = Self.kind(c)
        problem = kind == .special ? nil : c.problem.map(Self.joinReasons)
        // Special notes are re-read on every load; their tasks are not stored.
        guard kind != .special else { return }
        tasks = c.tasks.map { t in
            Task(status: t.status.rawValue, due: t.due?.date.description, deferDate: t.deferDate?.date.description,
                 scheduled: t.scheduled?.date.description, flagged: t.flagged, priority: t.priority.rawValue, line: t.line, areaKey: t.area.map(Prefilter.fold),
                 projectKey: t.project.map(Prefilter.fold), tagsKey: Prefilter.tagsKey(t.tags), titleKey: t.title.lowercased(),
                 handle: TaskHandle.hash(t.id), nameKey: TaskDependencies.lookupKey(of: t),
                 refs: TaskDependencies.hasReferences(t) ? TaskDependencies.referenceKeys(of: t) : [], data: TaskCodec.encode(t, fileFingerprint: c.fingerprint), task: t)
        }
    }

    /// Reasons are stored joined by U+001E (record separator): a reason may hold newlines (a
    /// value quoted from the file), and once split on them a cached `doctor` told three.
    static let reasonSeparator = "\u{1E}"

    static func joinReasons(_ p: FileProblem) -> String {
        p.reasons.map { $0.replacingOccurrences(of: reasonSeparator, with: "\u{FFFD}") }.joined(separator: reasonSeparator)
    }

    static func splitReasons(_ s: String) -> [String] { s.components(separatedBy: reasonSeparator) }

    static func kind(_ c: FileContents) -> FileKind {
        switch c.note {
        case .typeDefinition?, .view?, .item?, .problem?: return .special
        case .plain?: return c.tasks.isEmpty ? .nothing : .noteWithTasks
        case nil: return c.tasks.isEmpty ? .nothing : .taskFile
        }
    }
}
