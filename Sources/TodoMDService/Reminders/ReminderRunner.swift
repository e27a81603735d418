import Foundation
import TodoMDCore

/// The reminder loop of a long-running process (`todomd serve`, `watch`, `remind`): checks when
/// the next reminder is due (at least every 30 s), shows each once through the notifier, and
/// applies what the user chooses on it. Each notification waits for its answer on its own
/// thread, so an open notification never holds up the next reminder.
public final class ReminderRunner: @unchecked Sendable {
    private let lock = NSLock()
    private var stopRequested = false
    private let finished = DispatchSemaphore(value: 0)
    private let answers = DispatchGroup()

    var stopping: Bool { lock.withLock { stopRequested } }

    /// Starts the loop. `onFire` hears each reminder as it is shown, `onAction` each action
    /// applied (or the error it met); `running` false ends the loop (the server's event hub closed).
    public static func start(service: TodoService, notifier: Notifier,
                             onFire: @escaping @Sendable (Reminder) -> Void,
                             onAction: @escaping @Sendable (ReminderAction, Reminder, Error?) -> Void = { _, _, _ in },
                             running: @escaping @Sendable () -> Bool = { true }) -> ReminderRunner {
        let runner = ReminderRunner()
        let loop = ReminderLoop(service: service)
        let thread = Thread {
            defer { runner.finished.signal() }
            while running(), !runner.stopping {
                for r in (try? loop.due()) ?? [] {
                    onFire(r)
                    runner.deliver(r, service: service, notifier: notifier, onAction: onAction)
                }
                // Wakes at the next reminder (at most 30 s); stopping ends the loop within a tenth of a second.
                let until = Date().addingTimeInterval(loop.wait())
                while running(), !runner.stopping, Date() < until { Thread.sleep(forTimeInterval: min(0.1, max(0, until.timeIntervalSinceNow))) }
            }
        }
        thread.name = "todomd reminders"
        thread.start()
        return runner
    }

    /// Shows `r` on a thread of its own (`inline`: on this one, so reminders show in order) and
    /// applies the action chosen on it.
    public func deliver(_ r: Reminder, service: TodoService, notifier: Notifier, offerActions: Bool = true, inline: Bool = false,
                        onAction: @escaping @Sendable (ReminderAction, Reminder, Error?) -> Void) {
        guard notifier.program != nil else { return }
        answers.enter()
        let work: @Sendable () -> Void = { [answers] in
            defer { answers.leave() }
            guard let action = notifier.show(r, offerActions: offerActions) else { return }
            do {
                if action == .open { notifier.open(taskID: r.taskID) } else { try service.apply(action, to: r) }
                onAction(action, r, nil)
            } catch {
                onAction(action, r, error)
            }
        }
        if inline { return work() }
        let thread = Thread(block: work)
        thread.name = "todomd notification"
        thread.start()
    }

    /// Waits until every notification shown has been answered or closed (at most `timeout`).
    public func waitForAnswers(timeout: TimeInterval) {
        _ = answers.wait(timeout: .now() + timeout)
    }

    /// Ends the loop and waits for it (at most a few seconds: a check in progress finishes).
    /// Notifications still open are left to their threads.
    public func stop() {
        lock.withLock { stopRequested = true }
        _ = finished.wait(timeout: .now() + 10)
    }

    /// A runner with no loop, for delivering reminders checked by hand (`todomd remind --once`).
    public static func idle() -> ReminderRunner {
        let r = ReminderRunner()
        r.stopRequested = true
        r.finished.signal()
        return r
    }
}

extension TodoService {
    /// Applies an action chosen on a reminder's notification to its task, if the task is still
    /// as the reminder saw it (its version; a change to other fields merges): Done completes it,
    /// Snooze puts it off an hour, Tomorrow until tomorrow's notification time, Stop nagging
    /// silences it (README, "Reminders"). Open is the front end's (it opens the web app).
    @discardableResult
    public func apply(_ action: ReminderAction, to r: Reminder) throws -> ActionOutcome? {
        switch action {
        case .open: return nil
        case .done: return try complete(r.taskID, expected: r.version)
        case .snooze: return try snooze(r.taskID, until: "1h", expected: r.version).0
        case .tomorrow: return try snooze(r.taskID, until: "tomorrow", expected: r.version).0
        case .stopNagging: return try nag(r.taskID, false, expected: r.version)
        }
    }
}
