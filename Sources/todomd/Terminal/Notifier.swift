import Foundation
import TodoMDCore

/// Where `todomd remind` sends a reminder: `$TODOMD_NOTIFIER` (a program called with the title,
/// the message, the task id and the kind; tests record with it), else `notify-send` (the
/// freedesktop notification service; a nag is urgent), else nowhere but the printed line.
struct Notifier {
    let program: String?
    let freedesktop: Bool

    static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment) -> Notifier {
        if let p = env["TODOMD_NOTIFIER"], !p.isEmpty { return Notifier(program: p, freedesktop: false) }
        let path = (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { $0 + "/notify-send" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        return Notifier(program: path, freedesktop: path != nil)
    }

    /// Sends one reminder; a notifier that fails is a warning, never the end of the loop.
    func send(_ r: Reminder) {
        guard let program else { return }
        let args = freedesktop
            ? ["--app-name=todo.md", "--urgency=" + (r.kind == .nag ? "critical" : "normal"), r.title, r.message]
            : [r.title, r.message, r.taskID, r.kind.rawValue]
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = args
        do {
            try p.run()
            p.waitUntilExit()
            if p.terminationStatus != 0 { Printer.warn("\(program) exited \(p.terminationStatus) for \"\(r.title)\"") }
        } catch {
            Printer.warn("cannot run \(program): \(error.localizedDescription)")
        }
    }
}
