import Foundation
@testable import TodoMDCore

/// Small vaults for the sequential-project and Next tests (issue 21 items 4 and 5), at
/// Tue 24 Nov 2026 10:00 UTC.
enum SequenceFixture {
    static let utc = TimeZone(identifier: "UTC")!
    static let clock = Clock(now: Timestamp.parse("2026-11-24T10:00", zone: utc)!, timeZone: utc)

    /// A task file `<name>.md`; `n` orders creation (n minutes after a fixed start).
    static func task(_ name: String, project: String? = nil, _ status: TaskStatus = .todo, n: Int = 0, defer d: String? = nil,
                     due: String? = nil, blockedBy: [String] = [], tags: [String] = []) -> TodoTask {
        var t = TodoTask(path: name + ".md", title: name, status: status)
        t.project = project
        t.created = Date(timeIntervalSince1970: 1_790_000_000 + Double(n) * 60)
        t.deferDate = d.map { LocalDateTime($0)! }
        t.due = due.map { LocalDateTime($0)! }
        t.tags = tags
        if !blockedBy.isEmpty { t.extra = [("blocked_by", .array(blockedBy.map { .string($0 + ".md") }))] }
        return t
    }

    /// Settings with these projects sequential (keys as written).
    static func settings(sequential: [String]) -> VaultSettings {
        var s = VaultSettings()
        for p in sequential { s.projects[p] = ProjectSettings(sequential: true) }
        return s
    }

    static func order(_ lists: [String: [String]]) -> OrderFile {
        var o = OrderFile()
        o.views = lists
        return o
    }

    /// The dependencies the service computes: blockers and the sequential projects' order.
    static func dependencies(_ tasks: [TodoTask], _ settings: VaultSettings, _ order: OrderFile) -> TaskDependencies {
        TaskDependencies(tasks, sequence: ProjectSequence(tasks, isSequential: settings.isSequential, order: order))
    }
}
