/// Task status values, spelled as in the schema.
public enum TaskStatus: String, CaseIterable, Sendable, Codable {
    case todo
    case inProgress = "in-progress"
    case done
    case cancelled
    case someday

    /// Open work: shows in the active views.
    public var isActive: Bool { self == .todo || self == .inProgress }
    /// Finished one way or another: shows in the logbook.
    public var isClosed: Bool { self == .done || self == .cancelled }
}

/// Priority values, spelled as in the schema.
public enum Priority: String, CaseIterable, Sendable, Codable, Comparable {
    case none, low, medium, high

    var rank: Int {
        switch self {
        case .none: return 0
        case .low: return 1
        case .medium: return 2
        case .high: return 3
        }
    }

    public static func < (a: Priority, b: Priority) -> Bool { a.rank < b.rank }
}

/// The schema's keys, in the order new files are written.
public enum TaskKey {
    public static let title = "title", status = "status", due = "due", deferDate = "defer"
    public static let scheduled = "scheduled", priority = "priority", flagged = "flagged"
    public static let area = "area", project = "project", tags = "tags", recurrence = "recurrence"
    public static let recurrenceType = "recurrence_type"
    public static let estimatedMinutes = "estimated_minutes", description = "description"
    public static let created = "created", modified = "modified", completed = "completed"
    public static let source = "source"

    /// Every schema key in canonical order.
    public static let all = [title, status, due, deferDate, scheduled, priority, flagged, area, project,
                             tags, recurrence, recurrenceType, estimatedMinutes, description, created, modified,
                             completed, source]
    /// Keys a task file must have.
    public static let required = [title, status, created, source]
}

/// Limits from the security section of spec 000.
public enum Limits {
    public static let titleLength = 500
    public static let descriptionLength = 2_000
    public static let bodyBytes = 100 * 1024
    public static let fileBytes = 1024 * 1024
    public static let yamlDepth = 64
    /// Nodes a frontmatter may expand to once aliases are followed (billion-laughs guard).
    public static let yamlNodes = 10_000
    /// Other string fields (area, project, tags, source…).
    public static let fieldLength = 500
    /// The largest `estimated_minutes` (about two years): a larger number is a typo or an
    /// overflow, refused on every path that sets one and reported when a file holds one.
    public static let estimateMinutes = 1_000_000
}
