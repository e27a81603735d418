import Foundation
import TodoMDCore

/// Automatic backups in a long-running process (`todomd watch`, `todomd serve`): a check a
/// minute after the start (not competing with its first reads), then every few minutes (`TodoService.backupIfDue`: a backup only when the
/// interval has passed and something changed). Stops when stopped or released.
public final class BackupSchedule: @unchecked Sendable {
    private let timer: DispatchSourceTimer
    /// The last failure warned about (touched only on the timer's queue).
    private var lastWarning: String?

    init(_ service: TodoService, every seconds: TimeInterval) {
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "todomd.backups", qos: .utility))
        timer.setEventHandler { [weak self, weak service] in
            guard let self, let service else { return }
            // Each kind of trouble is told once, not every few minutes.
            var text: String?
            do {
                if let r = try service.backupIfDue(), !r.skipped.isEmpty {
                    text = "backup \(r.snapshot.id) left out files it cannot read: " + r.skipped.joined(separator: ", ")
                }
            } catch {
                text = "backup failed: \(error)"
            }
            if let text, text != lastWarning { service.options.warn(text) }
            lastWarning = text
        }
        timer.schedule(deadline: .now() + min(60, seconds), repeating: seconds, leeway: .seconds(10))
        timer.resume()
    }

    deinit { timer.cancel() }

    /// Stops the checks (one running finishes).
    public func stop() { timer.cancel() }
}

extension TodoService {
    /// Starts automatic backups: checks after a minute (or `seconds`, when shorter), then every `seconds` (default five minutes, or the
    /// backup interval when it is shorter). Keep the schedule while the process runs.
    public func startBackups(every seconds: TimeInterval? = nil) -> BackupSchedule {
        let minutes = locked { vault.settings.backupIntervalMinutes }
        return BackupSchedule(self, every: seconds ?? Double(minutes == 0 ? 5 : min(5, minutes)) * 60)
    }
}
