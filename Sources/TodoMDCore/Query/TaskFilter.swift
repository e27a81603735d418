/// Filters that combine with any view (`--area --project --tag --status --source`).
public struct TaskFilter: Sendable, Equatable {
    public var area: String?
    public var project: String?
    /// Every tag given must match (a tag matches itself and its children: `work` matches
    /// `work/backend`).
    public var tags: [String] = []
    public var statuses: [TaskStatus] = []
    public var source: String?

    public init(area: String? = nil, project: String? = nil, tags: [String] = [], statuses: [TaskStatus] = [], source: String? = nil) {
        self.area = area
        self.project = project
        self.tags = tags
        self.statuses = statuses
        self.source = source
    }

    public var isEmpty: Bool { area == nil && project == nil && tags.isEmpty && statuses.isEmpty && source == nil }

    public func matches(_ t: TodoTask) -> Bool {
        if let a = area, t.area?.caseInsensitiveCompare(a) != .orderedSame { return false }
        if let p = project, t.project?.caseInsensitiveCompare(p) != .orderedSame { return false }
        if let s = source, t.source?.caseInsensitiveCompare(s) != .orderedSame { return false }
        if !statuses.isEmpty, !statuses.contains(t.status) { return false }
        for wanted in tags where !t.tags.contains(where: { Self.tag($0, matches: wanted) }) { return false }
        return true
    }

    /// Case-insensitive; `a` matches `a` and `a/b`.
    public static func tag(_ tag: String, matches wanted: String) -> Bool {
        let t = tag.lowercased(), w = wanted.lowercased().droppingPrefix("#")
        return t == w || t.hasPrefix(w + "/")
    }
}

extension String {
    func droppingPrefix(_ p: String) -> String { hasPrefix(p) ? String(dropFirst(p.count)) : self }
}
