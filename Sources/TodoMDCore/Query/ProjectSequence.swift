import Foundation

/// Sequential projects (issue 21, OmniFocus): in a project `.todomd.json` marks sequential, only
/// the first open task (todo or in-progress) in the project's manual order — `.order.json`'s
/// `project:NAME` list, then created date, the project view's order — can be available; the
/// project's other open tasks **wait**. The first task is chosen whatever its own state: when it
/// is deferred or blocked, nothing in the project is available (as in OmniFocus). A project is
/// its exact name, as the project view and `.order.json` spell it.
public struct ProjectSequence: Sendable {
    /// Waiting task key → the key of its project's first open task.
    public private(set) var waitingFor: [String: String] = [:]

    public static let none = ProjectSequence()

    public init() {}

    /// The sequence of every sequential project among `tasks` (the whole vault: a view's tasks
    /// may be a prefiltered part of a project).
    public init(_ tasks: [TodoTask], isSequential: (String) -> Bool, order: OrderFile) {
        var byProject: [String: [TodoTask]] = [:]
        for t in tasks where t.status.isActive {
            if let p = t.project { byProject[p, default: []].append(t) }
        }
        for (project, open) in byProject where open.count > 1 && isSequential(project) {
            let ordered = order.manual(Self.orderKey(project), open)
            for t in ordered.dropFirst() { waitingFor[t.key] = ordered[0].key }
        }
    }

    /// Whether the task with this key waits for an earlier task of its sequential project.
    public func isWaiting(_ key: String) -> Bool { !waitingFor.isEmpty && waitingFor[key] != nil }

    /// The `.order.json` list of a project.
    public static func orderKey(_ project: String) -> String { "project:\(project)" }
}
