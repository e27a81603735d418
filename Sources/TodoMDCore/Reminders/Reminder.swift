import Foundation

/// One reminder that fires at an instant for a task.
public struct Reminder: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A due date (at the notification time) or a due time (less the lead time).
        case due
        /// A defer date: the task is available now.
        case deferred = "defer"
        /// An entry of the task's `reminders:` list.
        case entry
        /// A persistent reminder repeating (`nag: true`).
        case nag
        /// The end of a snooze (`snoozed_until`).
        case snooze
        /// The last task it was blocked by was done (issue 21), and it has a date by then.
        case unblocked
    }

    public var at: Date
    public var kind: Kind
    /// The task's id (its path, or `path#identity` for a checkbox task).
    public var taskID: String
    public var title: String
    /// What the notification says under the title ("Due today", "Now available", "Due at 17:00").
    public var message: String
    /// The version of the task the reminder was computed from (set by the service), so an
    /// action on the notification writes only if the file is still as it was.
    public var version: String?
    /// The task nags (a notification offers Stop nagging).
    public var nags = false

    public init(at: Date, kind: Kind, taskID: String, title: String, message: String) {
        self.at = at
        self.kind = kind
        self.taskID = taskID
        self.title = title
        self.message = message
    }

    /// The same reminder computed twice has the same key (a loop fires each key once).
    public var key: String { "\(taskID)|\(kind.rawValue)|\(Int(at.timeIntervalSince1970))" }
}
