/// The built-in views of spec 000's sidebar.
public enum ViewKind: String, CaseIterable, Sendable {
    case inbox, today, upcoming, anytime, next, someday, flagged, logbook, areas, tags, all

    /// Views whose default sort is the manual order of `.order.json` (Next: its No Project group;
    /// a project's task is its first available in `project:NAME`'s order).
    public var isManuallyOrdered: Bool {
        switch self {
        case .inbox, .today, .anytime, .next, .someday, .flagged: return true
        default: return false
        }
    }
}

/// A titled run of tasks within a view (Today's "Overdue", Upcoming's dates, an area…).
public struct ViewGroup: Sendable {
    /// nil for views that are one plain list.
    public var name: String?
    /// For Upcoming: the date of the group.
    public var date: LocalDate?
    /// For Areas: the area and project of the group.
    public var area: String?
    public var project: String?
    public var tasks: [TodoTask]
    /// Subtasks in this group (issue 21): child key → its place under its parent.
    public var nesting: [String: Nesting] = [:]
    /// Tasks held up (issue 21): key → what they wait on.
    public var holds: [String: Hold] = [:]

    /// What holds a task up: the titles of the open tasks it depends on, and the first task of
    /// its sequential project when it waits there.
    public struct Hold: Sendable, Equatable {
        public var blockedBy: [String]
        public var waitsFor: String?
    }

    /// Where a subtask sits: `depth` under its parent when the parent is in the same group
    /// (0: it shows alone, with the parent's title as context).
    public struct Nesting: Sendable, Equatable {
        public var depth: Int
        public var parent: String
        public var parentTitle: String
    }

    public init(name: String?, tasks: [TodoTask]) {
        self.name = name
        self.tasks = tasks
    }
}

/// A tag and how many tasks carry it (the Tags view).
public struct TagCount: Sendable, Equatable {
    public var tag: String
    public var count: Int
}

/// A view, computed.
public struct ViewResult: Sendable {
    public var kind: ViewKind
    public var today: LocalDate
    public var groups: [ViewGroup]
    /// Only for the Tags view.
    public var tagCounts: [TagCount] = []

    public var tasks: [TodoTask] { groups.flatMap(\.tasks) }
}
