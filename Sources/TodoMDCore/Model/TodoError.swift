import Foundation

/// Errors the engine reports to a front end. Each carries a message a person can act on.
public enum TodoError: Error, CustomStringConvertible, Equatable {
    case invalidArgument(String)
    case notFound(String)
    /// Something other than a task is not there (a perspective): the message says what.
    case missing(String)
    case ambiguous(query: String, candidates: [String])
    case conflict(path: String, reason: String)
    /// Another program changed a field this edit changes: structured, so a front end can show
    /// the fields and retry with the current version.
    case editConflict(EditConflict)
    /// The file cannot be read fully (malformed, over a limit), so it is not rewritten: fix it by hand.
    case unreadable(path: String, reason: String)
    case malformed(path: String, reason: String)
    case io(path: String, reason: String)
    /// A task with open subtasks cannot be completed alone (issue 21): their titles, so a front
    /// end can offer to complete them too.
    case openSubtasks(task: String, subtasks: [String])

    public var description: String {
        switch self {
        case .invalidArgument(let m): return m
        case .notFound(let q): return "no task matches \"\(q)\""
        case .missing(let m): return m
        case let .ambiguous(q, c):
            return "\"\(q)\" matches \(c.count) tasks; say which one:\n" + c.map { "  \($0)" }.joined(separator: "\n")
        case let .conflict(p, r): return "\(p): not written: \(r)"
        case .editConflict(let c): return c.description
        case let .unreadable(p, r): return "\(p): not written: \(r)"
        case let .malformed(p, r): return "\(p): \(r)"
        case let .io(p, r): return "\(p): \(r)"
        case let .openSubtasks(t, subs):
            return "\(t) has \(subs.count) open subtask\(subs.count == 1 ? "" : "s"): " + subs.joined(separator: ", ")
                + "; complete them first, or complete them with it (--with-children)"
        }
    }

    /// The CLI exit code for this error (documented in the README).
    public var exitCode: Int32 {
        switch self {
        case .invalidArgument, .openSubtasks: return 64
        case .notFound, .missing: return 2
        case .ambiguous: return 3
        case .conflict, .editConflict, .unreadable: return 4
        case .malformed, .io: return 1
        }
    }
}
