import Foundation

/// The built-in views, defined once as perspectives: `ViewEngine` runs them, the index derives
/// its prefilters from them, and `todomd perspective show today` prints them to copy.
public enum BuiltInPerspectives {
    static func c(_ f: QueryField, _ op: QueryOp, _ v: JSONValue = .null) -> QueryNode { .condition(QueryCondition(f, op, v)) }
    static let today = JSONValue.string("today")
    static let open = c(.status, .in, .array([.string("todo"), .string("in-progress")]))
    static let available = c(.available, .equals, .bool(true))
    /// Due or scheduled on or before today, or deferred until today: Today's test.
    static let dueScheduledOrStarting = QueryNode.or([
        c(.due, .onOrBefore, today), c(.scheduled, .onOrBefore, today), c(.deferDate, .on, today),
    ])

    /// Every built-in view that lists tasks, in sidebar order (Areas and Tags are summaries).
    public static let all: [Perspective] = [
        Perspective(id: "inbox", name: "Inbox", icon: "tray", color: "#1C7CD6",
                    filter: .and([open, c(.area, .empty), c(.project, .empty)])),
        Perspective(id: "today", name: "Today", icon: "star", color: "#F2B600",
                    filter: .and([available, dueScheduledOrStarting]),
                    sections: [
                        // Each task goes to the first section it matches, so they can stay short.
                        Perspective.Section("Overdue", c(.due, .past)),
                        Perspective.Section("Scheduled", .and([c(.scheduled, .onOrBefore, today), .not(c(.due, .onOrBefore, today))])),
                        Perspective.Section("Due Today", c(.due, .on, today)),
                        Perspective.Section("Deferred-now-available", c(.deferDate, .on, today)),
                    ]),
        Perspective(id: "upcoming", name: "Upcoming", icon: "calendar", color: "#E8453C",
                    filter: .and([available, .not(dueScheduledOrStarting), .or([c(.due, .after, today), c(.scheduled, .after, today)])]),
                    sort: [Perspective.SortKey(.date), Perspective.SortKey(.created, missingFirst: true)], groupBy: .date),
        Perspective(id: "anytime", name: "Anytime", icon: "square.stack", color: "#2BA198", filter: available),
        Perspective(id: "someday", name: "Someday", icon: "archivebox", color: "#B5A27A", filter: c(.status, .equals, .string("someday"))),
        Perspective(id: "flagged", name: "Flagged", icon: "flag", color: "#F07A1A",
                    filter: .and([c(.flagged, .equals, .bool(true)), c(.status, .notIn, .array([.string("done"), .string("cancelled")]))])),
        Perspective(id: "logbook", name: "Logbook", icon: "book", color: "#3DA45A",
                    filter: c(.status, .in, .array([.string("done"), .string("cancelled")])),
                    sort: [Perspective.SortKey(.completed, descending: true)]),
        Perspective(id: "all", name: "All", icon: "list.bullet", color: "#8A8F98",
                    sort: [Perspective.SortKey(.created, missingFirst: true)]),
    ]

    /// The definition of a built-in view; nil for Areas and Tags.
    public static func perspective(for kind: ViewKind) -> Perspective? {
        all.first { $0.id == kind.rawValue }
    }

    /// The built-in perspective with this id (case-insensitive).
    public static func named(_ id: String) -> Perspective? {
        all.first { $0.id == id.lowercased() }
    }
}
