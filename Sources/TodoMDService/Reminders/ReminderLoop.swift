import Foundation
import TodoMDCore

/// Fires each reminder once, however often it is asked and by however many processes in turn
/// (`todomd remind`, `serve`, `watch`): what fired and when it last looked are kept beside the
/// index (`reminders/<vault key>.json`). A check looks at the reminders since the last one; after
/// a gap (the laptop slept, nothing ran) each task fires once, its latest reminder, not once per
/// missed interval. The schedule is recomputed from the files on every check, so a task done
/// anywhere stops reminding.
public final class ReminderLoop: @unchecked Sendable {
    private let service: TodoService
    private let path: String
    private let lock = NSLock()

    /// A first check ever looks this far back (a reminder of a minute ago still fires).
    public static let firstLookBack: TimeInterval = 60
    /// Fired keys are kept this long (then a reminder cannot be in a window any more).
    static let keep: TimeInterval = 3 * 86_400

    public init(service: TodoService) {
        self.service = service
        path = service.cacheFolder + "/reminders/" + Vault.cacheKey(root: service.root) + ".json"
    }

    struct State: Codable {
        var checked: Date?
        var fired: [String: Date] = [:]
    }

    /// The reminders due since the last check and not fired yet, one per task, marked fired.
    public func due() throws -> [Reminder] {
        try lock.withLock {
            var state = load()
            let now = service.clock.now
            let from = state.checked.map { min($0, now) } ?? now.addingTimeInterval(-Self.firstLookBack)
            let page = try service.reminders(from: from, to: now.addingTimeInterval(1))
            var latest: [String: Reminder] = [:]
            for r in page.reminders where r.at <= now && state.fired[r.key] == nil {
                state.fired[r.key] = now
                if let seen = latest[r.taskID], seen.at > r.at { continue }
                latest[r.taskID] = r
            }
            state.checked = now
            state.fired = state.fired.filter { now.timeIntervalSince($0.value) < Self.keep }
            save(state)
            return latest.values.sorted { ($0.at, $0.taskID) < ($1.at, $1.taskID) }
        }
    }

    /// Seconds until the next reminder after now (at most `cap`), for a loop to sleep.
    public func wait(cap: TimeInterval = 30) -> TimeInterval {
        let now = service.clock.now
        guard let next = (try? service.reminders(from: now.addingTimeInterval(1), to: now.addingTimeInterval(cap)))?.reminders.first else { return cap }
        return max(1, next.at.timeIntervalSince(now))
    }

    private func load() -> State {
        guard let data = FileManager.default.contents(atPath: path) else { return State() }
        let d = JSONDecoder()
        d.dateDecodingStrategy = .iso8601
        return (try? d.decode(State.self, from: data)) ?? State()
    }

    private func save(_ state: State) {
        let e = JSONEncoder()
        e.dateEncodingStrategy = .iso8601
        guard let data = try? e.encode(state) else { return }
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? Vault.writeAtomically(path, bytes: Array(data))
    }
}
