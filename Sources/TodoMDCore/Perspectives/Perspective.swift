import Foundation

/// A saved filter with its sort and grouping (spec 000 "Custom Perspectives"), as stored in
/// `.perspectives.json`. The built-in views are perspectives too (`BuiltInPerspectives`).
public struct Perspective: Sendable, Equatable {
    public var id: String
    public var name: String
    public var icon: String?
    public var color: String?
    /// nil: every task.
    public var filter: QueryNode?
    /// Applied in order; ties end by path. Empty: the manual order of `.order.json`.
    public var sort: [SortKey]
    public var groupBy: GroupBy
    /// Named groups, each task in the first whose filter it matches (Today's four groups);
    /// when present they replace `groupBy`.
    public var sections: [Section]
    /// The object as read (unknown keys are written back).
    public var raw: [(String, JSONValue)]

    public init(id: String, name: String, icon: String? = nil, color: String? = nil, filter: QueryNode? = nil,
                sort: [SortKey] = [], groupBy: GroupBy = .none, sections: [Section] = []) {
        self.id = id
        self.name = name
        self.icon = icon
        self.color = color
        self.filter = filter
        self.sort = sort
        self.groupBy = groupBy
        self.sections = sections
        raw = []
    }

    public static func == (a: Perspective, b: Perspective) -> Bool {
        a.id == b.id && a.name == b.name && a.icon == b.icon && a.color == b.color && a.filter == b.filter && a.sort == b.sort
            && a.groupBy == b.groupBy && a.sections == b.sections && JSONValue.object(a.raw) == JSONValue.object(b.raw)
    }

    /// One sort key: `{ "field": "priority", "direction": "desc" }`; `missing` says where
    /// tasks without the value go (default last, whatever the direction).
    public struct SortKey: Sendable, Equatable {
        public var field: SortField
        public var descending: Bool
        public var missingFirst: Bool

        public init(_ field: SortField, descending: Bool = false, missingFirst: Bool = false) {
            self.field = field
            self.descending = descending
            self.missingFirst = missingFirst
        }
    }

    public enum SortField: Sendable, Equatable {
        /// `.order.json`'s order for the perspective's id; tasks it does not list follow, oldest first.
        case manual
        case due, scheduled, deferDate
        /// The earliest of due and scheduled, with its time.
        case date
        case priority, title, created, modified
        /// When it was completed (else last modified: the logbook's order).
        case completed
        case area, project, status, estimate, flagged, folder, path
        case extra(String)

        public static let named: [(String, SortField)] = [
            ("manual", .manual), ("due", .due), ("scheduled", .scheduled), ("defer", .deferDate), ("date", .date),
            ("priority", .priority), ("title", .title), ("created", .created), ("modified", .modified),
            ("completed", .completed), ("area", .area), ("project", .project), ("status", .status),
            ("estimated_minutes", .estimate), ("flagged", .flagged), ("folder", .folder), ("path", .path),
        ]

        public var name: String {
            if case .extra(let k) = self { return "extra." + k }
            return Self.named.first { $0.1 == self }!.0
        }

        public init?(name raw: String) {
            let n = raw.trimmingCharacters(in: .whitespaces).lowercased()
            if n.hasPrefix("extra."), n.count > 6 { self = .extra(String(raw.trimmingCharacters(in: .whitespaces).dropFirst(6))); return }
            let alias = ["start": "defer", "estimate": "estimated_minutes", "when": "date", "order": "manual"][n] ?? n
            guard let f = Self.named.first(where: { $0.0 == alias }) else { return nil }
            self = f.1
        }
    }

    /// How tasks are grouped: one group per value, in the value's natural order, tasks
    /// without one last.
    public enum GroupBy: String, Sendable, CaseIterable {
        case none, area, project, tag, due, scheduled, date, priority, status, folder

        public init?(name raw: String) {
            let n = raw.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "_")
            switch n {
            case "tags": self = .tag
            case "due_date": self = .due
            case "scheduled_date": self = .scheduled
            case "": self = .none
            default:
                guard let g = GroupBy(rawValue: n) else { return nil }
                self = g
            }
        }
    }

    /// A named group: `{ "name": "Overdue", "filter": {…} }`.
    public struct Section: Sendable, Equatable {
        public var name: String
        public var filter: QueryNode

        public init(_ name: String, _ filter: QueryNode) {
            self.name = name
            self.filter = filter
        }
    }
}
