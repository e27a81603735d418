import Foundation
import TodoMDCore

/// The reminders of a window.
public struct ReminderPage: Sendable {
    public var from: Date
    public var to: Date
    public var zone: TimeZone
    public var reminders: [Reminder]
    /// Whether the vault lets tasks nag (`"nag": true` in `.todomd.json`).
    public var nagEnabled: Bool
}

extension TodoService {
    /// The reminders that fire in [from, to) (default: from now, for a day), from the vault as it
    /// is now: a task completed anywhere has none (README, "Reminders").
    public func reminders(from: Date? = nil, to: Date? = nil) throws -> ReminderPage {
        try locked {
            let clock = self.clock
            let start = from ?? clock.now
            let end = to ?? start.addingTimeInterval(86_400)
            guard end > start else { throw TodoError.invalidArgument("--to must be after --from") }
            let settings = vault.settings.reminders
            let snap = snapshot(.all, clock: clock)
            // Held-up tasks are not "now available"; an unblocked one with a date says it is.
            let deps = dependencies(among: snap.tasks, order: OrderFile.load(root: root))
            let held = Set(snap.tasks.lazy.map(\.key).filter { deps.isBlocked($0) || deps.isWaiting($0) })
            var list = ReminderSchedule.reminders(snap.tasks, from: start, to: end, zone: clock.timeZone, settings: settings,
                                                  held: held, unblocked: deps.unblockedAt)
            if !list.isEmpty {
                let versions = TaskVersions(snap.fingerprints)
                let byID = Dictionary(snap.tasks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
                for i in list.indices { list[i].version = byID[list[i].taskID].flatMap { versions.version(of: $0) } }
            }
            return ReminderPage(from: start, to: end, zone: clock.timeZone, reminders: list, nagEnabled: settings.nagEnabled)
        }
    }
}
