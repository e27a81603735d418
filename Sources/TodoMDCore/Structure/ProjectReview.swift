import Foundation

/// A project as the weekly review sees it (OmniFocus' Review, issue 21 item 7).
public struct ProjectReviewState: Equatable, Sendable {
    public var project: String
    public var area: String?
    /// Days between reviews (`projects.NAME.review_interval_days` in `.todomd.json`, default 7).
    public var intervalDays: Int
    public var lastReviewed: LocalDate?
    /// `lastReviewed` + the interval; today for a project never reviewed.
    public var nextReview: LocalDate
    /// The review is due (next review today or earlier).
    public var due: Bool
    /// Open tasks (to do, in progress, someday).
    public var open: Int
    /// Open tasks available now (not deferred, blocked or waiting in a sequential project).
    public var available: Int
    /// Open tasks but none available: the project is stuck.
    public var stalled: Bool
    /// Open tasks past their due date.
    public var overdue: Int
}

/// The weekly review: every project with open tasks, when it was last reviewed (`.reviews.json`
/// at the vault root, written by `todomd review PROJECT`: `{"Move house": "2026-11-20"}`), and
/// whether its review is due, with the counts a review looks at.
public enum ProjectReview {
    public static let fileName = ".reviews.json"
    public static let defaultIntervalDays = 7

    /// Project → the day it was last reviewed; a malformed file is reported and read as empty.
    public static func load(root: String) -> (reviews: [String: LocalDate], problem: String?) {
        let path = root + "/" + fileName
        guard let data = FileManager.default.contents(atPath: path) else { return ([:], nil) }
        guard data.count <= Limits.fileBytes, case .object(let members)? = try? JSONText.parse(Array(data)) else {
            return ([:], "\(fileName): not a JSON object of project → YYYY-MM-DD; reviews start over")
        }
        var out: [String: LocalDate] = [:]
        for (k, v) in members { if case .string(let s) = v, let d = LocalDate(s) { out[k] = d } }
        return (out, nil)
    }

    /// The file's bytes with `project` reviewed on `day` (other projects kept, keys sorted).
    public static func marking(_ project: String, on day: LocalDate, in reviews: [String: LocalDate]) -> [UInt8] {
        var all = reviews
        all[project] = day
        let body = all.keys.sorted().map { "  " + JSONText.quoted($0) + ": \"" + all[$0]!.description + "\"" }.joined(separator: ",\n")
        return Array(("{\n" + body + "\n}\n").utf8)
    }

    /// Every project with open tasks, due reviews first (by next review, then name).
    public static func states(tasks: [TodoTask], settings: VaultSettings, reviews: [String: LocalDate], clock: Clock,
                              dependencies: TaskDependencies) -> [ProjectReviewState] {
        let context = QueryContext(clock: clock, dependencies: dependencies)
        let today = clock.today
        var byProject: [String: [TodoTask]] = [:]
        for t in tasks where !t.status.isClosed { if let p = t.project, !p.isEmpty { byProject[p, default: []].append(t) } }
        let states = byProject.map { project, open -> ProjectReviewState in
            let interval = settings.project(named: project)?.reviewIntervalDays ?? defaultIntervalDays
            let last = reviews[project] ?? reviews.first { $0.key.caseInsensitiveCompare(project) == .orderedSame }?.value
            let next = last.map { $0.adding(days: interval) } ?? today
            let available = open.filter { QueryEvaluator.isAvailable($0, context) }.count
            let areas = Set(open.compactMap(\.area))
            return ProjectReviewState(project: project, area: areas.count == 1 ? areas.first : open.compactMap(\.area).first,
                                      intervalDays: interval, lastReviewed: last, nextReview: next, due: next <= today,
                                      open: open.count, available: available, stalled: available == 0,
                                      overdue: open.filter { QueryEvaluator.isOverdue($0, context) }.count)
        }
        return states.sorted { a, b in
            if a.due != b.due { return a.due }
            if a.nextReview != b.nextReview { return a.nextReview < b.nextReview }
            return a.project.localizedCaseInsensitiveCompare(b.project) == .orderedAscending
        }
    }
}
