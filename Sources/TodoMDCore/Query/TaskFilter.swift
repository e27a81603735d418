import Foundation

/// Filters that combine with any view (`--area --project --tag --status --source --folder`).
public struct TaskFilter: Sendable, Equatable {
    public var area: String?
    public var project: String?
    /// Every tag pattern given must match one of the task's tags (see `TagPattern`).
    public var tags: [String] = []
    /// No tag of the task may match any of these.
    public var excludedTags: [String] = []
    public var statuses: [TaskStatus] = []
    public var source: String?
    /// The task's folder is one of these or inside one of them (vault-relative, `/`-separated).
    public var folders: [String] = []

    public init(area: String? = nil, project: String? = nil, tags: [String] = [], statuses: [TaskStatus] = [],
                source: String? = nil, folders: [String] = [], excludedTags: [String] = []) {
        self.area = area
        self.project = project
        self.tags = tags
        self.statuses = statuses
        self.source = source
        self.folders = folders
        self.excludedTags = excludedTags
    }

    public var isEmpty: Bool {
        area == nil && project == nil && tags.isEmpty && excludedTags.isEmpty && statuses.isEmpty && source == nil && folders.isEmpty
    }

    public func matches(_ t: TodoTask) -> Bool {
        if let a = area, t.area?.caseInsensitiveCompare(a) != .orderedSame { return false }
        if let p = project, t.project?.caseInsensitiveCompare(p) != .orderedSame { return false }
        if let s = source, t.source?.caseInsensitiveCompare(s) != .orderedSame { return false }
        if !statuses.isEmpty, !statuses.contains(t.status) { return false }
        if !folders.isEmpty, !folders.contains(where: { Self.folder(t.folder, isIn: $0) }) { return false }
        for wanted in tags where !t.tags.contains(where: { Self.tag($0, matches: wanted) }) { return false }
        for unwanted in excludedTags where t.tags.contains(where: { Self.tag($0, matches: unwanted) }) { return false }
        return true
    }

    /// Tag patterns, case-insensitive, with or without `#`:
    /// `work` matches `work` and every tag under it (`work/backend`); `work/*` matches only the
    /// tags under `work`; `*` is a wildcard for any run of characters within the pattern
    /// (`*/urgent`, `proj-*`).
    public static func tag(_ tag: String, matches pattern: String) -> Bool {
        let t = tag.lowercased(), p = pattern.lowercased().droppingPrefix("#")
        if p.contains("*") {
            if p.hasSuffix("/*"), !p.dropLast(2).contains("*") { return t.hasPrefix(String(p.dropLast(1))) }
            return glob(Array(p), Array(t))
        }
        return t == p || t.hasPrefix(p + "/")
    }

    /// `*` matches any run of characters (including `/`).
    static func glob(_ p: [Character], _ s: [Character]) -> Bool {
        var pi = 0, si = 0, star = -1, mark = 0
        while si < s.count {
            if pi < p.count, p[pi] == s[si] { pi += 1; si += 1 } else if pi < p.count, p[pi] == "*" {
                star = pi; mark = si; pi += 1
            } else if star >= 0 { pi = star + 1; mark += 1; si = mark } else { return false }
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }

    /// `Work` contains `Work` and `Work/Linear`; matching is case-insensitive; leading and
    /// trailing slashes are ignored; `/` or an empty string means the vault root only.
    public static func folder(_ folder: String, isIn wanted: String) -> Bool {
        let w = wanted.trimmingCharacters(in: CharacterSet(charactersIn: "/")).lowercased()
        let f = folder.lowercased()
        if w.isEmpty { return f.isEmpty }
        return f == w || f.hasPrefix(w + "/")
    }

    /// Statuses as every front end takes them: names, each word possibly a comma-separated
    /// list (`--status todo,someday`, `?status=todo`), any case.
    public static func parseStatuses(_ words: [String]) throws -> [TaskStatus] {
        try words.flatMap { $0.split(separator: ",").map(String.init) }.map { s in
            guard let v = TaskStatus(rawValue: s.lowercased()) else {
                throw TodoError.invalidArgument("unknown status \"\(s)\" (todo, in-progress, done, cancelled, someday)")
            }
            return v
        }
    }
}

extension String {
    func droppingPrefix(_ p: String) -> String { hasPrefix(p) ? String(dropFirst(p.count)) : self }
}
