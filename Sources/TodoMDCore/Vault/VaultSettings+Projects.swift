import Foundation

/// What `.todomd.json` says about one project (`"projects": {"Move house": {"sequential": true}}`).
/// Room for later keys (`review_interval_days`, `defer`, `due`): unknown keys are ignored.
public struct ProjectSettings: Equatable, Sendable {
    /// Only the project's first open task (in its manual order) is available; the rest wait
    /// (OmniFocus' sequential projects). Default false: parallel.
    public var sequential = false
    /// Days between reviews (`review_interval_days`; nil: the default, a week).
    public var reviewIntervalDays: Int?
    /// The project's deadline and start (`due`, `defer`): its tasks' effective dates when they
    /// have none of their own (OmniFocus' effective dates).
    public var due: LocalDateTime?
    public var deferDate: LocalDateTime?

    public init(sequential: Bool = false, reviewIntervalDays: Int? = nil) {
        self.sequential = sequential
        self.reviewIntervalDays = reviewIntervalDays
    }
}

extension VaultSettings {
    /// Reads `projects` (README, "Sequential projects and Next"): project name → its settings.
    /// `.todomd.json` is the one place a project is configured (not a project note).
    mutating func loadProjectSettings(_ obj: [String: Any], problems: inout [String]) {
        if let v = obj["complete_parent_with_last_child"] {
            if let b = v as? Bool { completeParentWithLastChild = b } else { problems.append("complete_parent_with_last_child must be true or false") }
        }
        guard let v = obj["projects"], !(v is NSNull) else { return }
        guard let map = v as? [String: Any] else {
            problems.append("projects must map project names to settings ({\"Move house\": {\"sequential\": true}})")
            return
        }
        for (name, value) in map.sorted(by: { $0.key < $1.key }) {
            guard let o = value as? [String: Any] else {
                problems.append("projects: \"\(name)\" must be an object ({\"sequential\": true})")
                continue
            }
            var p = ProjectSettings()
            if let s = o["sequential"] {
                if let b = s as? Bool { p.sequential = b } else { problems.append("projects: \"\(name)\": sequential must be true or false") }
            }
            for (key, label) in [("due", "due"), ("defer", "defer")] {
                guard let raw = o[key], !(raw is NSNull) else { continue }
                guard let text = raw as? String, let d = LocalDateTime(text) else {
                    problems.append("projects: \"\(name)\": \(label) must be a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM)")
                    continue
                }
                if key == "due" { p.due = d } else { p.deferDate = d }
            }
            if let r = o["review_interval_days"] {
                if let n = r as? Int, (1...3650).contains(n) { p.reviewIntervalDays = n } else {
                    problems.append("projects: \"\(name)\": review_interval_days must be a whole number of days from 1 to 3650")
                }
            }
            projects[name] = p
        }
    }

    /// The settings of `project`, its key matched case-insensitively (an exact key wins).
    public func project(named project: String) -> ProjectSettings? {
        if let p = projects[project] { return p }
        let key = Fold.key(project)
        return projects.first { Fold.key($0.key) == key }?.value
    }

    /// Whether any project has a `due` or `defer` for its tasks.
    public var hasProjectDates: Bool { projects.values.contains { $0.due != nil || $0.deferDate != nil } }

    /// `tasks` with their projects' dates as effective dates where they have none of their own.
    public func withEffectiveDates(_ tasks: [TodoTask]) -> [TodoTask] {
        guard hasProjectDates else { return tasks }
        return tasks.map { t in
            guard let name = t.project, let p = project(named: name), t.due == nil || t.deferDate == nil else { return t }
            var t = t
            if t.due == nil { t.effectiveDue = p.due }
            if t.deferDate == nil { t.effectiveDefer = p.deferDate }
            return t
        }
    }

    /// Whether any project is sequential (a vault without one pays nothing for the rule).
    public var hasSequentialProjects: Bool { projects.values.contains(where: \.sequential) }

    /// Whether `project` is sequential.
    public func isSequential(_ project: String) -> Bool { self.project(named: project)?.sequential ?? false }

    /// The projects whose every task a view must see, whatever it shows: sequential ones (their
    /// first open task decides the rest) and those with dates (their tasks' effective dates).
    public var wholeProjects: [String] {
        projects.filter { $0.value.sequential || $0.value.due != nil || $0.value.deferDate != nil }.keys.sorted()
    }

    /// `.todomd.json` (`bytes`, nil: no file yet) with `names` marked sequential under
    /// `projects` (an OmniFocus import's `@parallel(false)`, issue 21); nil when each already
    /// is. Members keep their order; a changed file is written pretty-printed.
    public static func markingSequential(_ names: [String], in bytes: [UInt8]?) throws -> [UInt8]? {
        var root: [(String, JSONValue)] = []
        if let bytes, !bytes.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            guard case .object(let members) = try JSONText.parse(bytes) else {
                throw TodoError.malformed(path: fileName, reason: "not a JSON object")
            }
            root = members
        }
        var projects: [(String, JSONValue)] = []
        if let i = root.firstIndex(where: { $0.0 == "projects" }) {
            guard case .object(let p) = root[i].1 else { throw TodoError.malformed(path: fileName, reason: "projects is not an object") }
            projects = p
        }
        var changed = false
        for name in names {
            let key = Fold.key(name)
            if let i = projects.firstIndex(where: { $0.0 == name }) ?? projects.firstIndex(where: { Fold.key($0.0) == key }) {
                guard case .object(var settings) = projects[i].1 else { continue }
                if settings.contains(where: { $0.0 == "sequential" }) { continue }  // the user said, either way
                settings.append(("sequential", .bool(true)))
                projects[i].1 = .object(settings)
            } else {
                projects.append((name, .object([("sequential", .bool(true))])))
            }
            changed = true
        }
        guard changed else { return nil }
        if let i = root.firstIndex(where: { $0.0 == "projects" }) { root[i].1 = .object(projects) } else { root.append(("projects", .object(projects))) }
        return Array((JSONText.pretty(.object(root)) + "\n").utf8)
    }
}
