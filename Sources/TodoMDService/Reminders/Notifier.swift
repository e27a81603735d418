import Foundation
import TodoMDCore

/// Where `todomd remind` sends a reminder: `$TODOMD_NOTIFIER` (a program called with the title,
/// the message, the task id and the kind; tests record with it), else `notify-send` (the
/// freedesktop notification service; a nag is urgent), else nowhere but the printed line.
public struct Notifier: Sendable {
    public let program: String?
    let freedesktop: Bool
    let warn: @Sendable (String) -> Void

    /// `program` nil sends nothing; `freedesktop`: it is `notify-send` (its own arguments).
    public init(program: String?, freedesktop: Bool, warn: @escaping @Sendable (String) -> Void) {
        self.program = program
        self.freedesktop = freedesktop
        self.warn = warn
    }

    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment,
                                       warn: @escaping @Sendable (String) -> Void) -> Notifier {
        if let p = env["TODOMD_NOTIFIER"], !p.isEmpty { return Notifier(program: p, freedesktop: false, warn: warn) }
        let path = (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { $0 + "/notify-send" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        return Notifier(program: path, freedesktop: path != nil, warn: warn)
    }

    /// Sends one reminder; a notifier that fails is a warning, never the end of the loop.
    public func send(_ r: Reminder) {
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
            if p.terminationStatus != 0 { warn("\(program) exited \(p.terminationStatus) for \"\(r.title)\"") }
        } catch {
            warn("cannot run \(program): \(error.localizedDescription)")
        }
    }
}
