import Foundation
import TodoMDCore

/// What the user chose on a notification.
public enum ReminderAction: String, Sendable, CaseIterable {
    /// A click on the notification: open the task in the web app.
    case open = "default"
    case done
    /// Snooze an hour.
    case snooze
    /// Snooze until tomorrow's notification time.
    case tomorrow
    /// Stop nagging (a repeating task: until its next occurrence).
    case stopNagging = "nag-off"

    public var label: String {
        switch self {
        case .open: return "Open"
        case .done: return "Done"
        case .snooze: return "Snooze 1 h"
        case .tomorrow: return "Tomorrow"
        case .stopNagging: return "Stop nagging"
        }
    }

    /// The actions a reminder's notification offers (Stop nagging only when the task nags).
    public static func offered(for r: Reminder) -> [ReminderAction] {
        [.open, .done, .snooze, .tomorrow] + (r.nags ? [.stopNagging] : [])
    }
}

/// Where reminders go: `$TODOMD_NOTIFIER` (a program called with the title, the message, the
/// task id, the kind and the offered actions, comma-separated; tests record with it), else
/// `notify-send` (the freedesktop notification service; a nag is urgent), else nowhere but the
/// printed line. Either program may print the name of the action the user chose (notify-send
/// does with `--action`); a click opens the task through `$TODOMD_OPENER` or `xdg-open`.
public struct Notifier: Sendable {
    public let program: String?
    let freedesktop: Bool
    /// notify-send can offer actions (libnotify 0.7.9 and later).
    let actions: Bool
    /// The program that opens a URL (`xdg-open`), for a click.
    let opener: String?
    /// The web app's address, for a click (`http://127.0.0.1:7878`).
    public var webURL: String
    let warn: @Sendable (String) -> Void

    /// `program` nil sends nothing; `freedesktop`: it is `notify-send` (its own arguments).
    public init(program: String?, freedesktop: Bool, actions: Bool = true, opener: String? = nil,
                webURL: String = "http://127.0.0.1:7878", warn: @escaping @Sendable (String) -> Void) {
        self.program = program
        self.freedesktop = freedesktop
        self.actions = actions
        self.opener = opener
        self.webURL = webURL
        self.warn = warn
    }

    public static func fromEnvironment(_ env: [String: String] = ProcessInfo.processInfo.environment,
                                       warn: @escaping @Sendable (String) -> Void) -> Notifier {
        func found(_ name: String) -> String? {
            (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { $0 + "/" + name }
                .first { FileManager.default.isExecutableFile(atPath: $0) }
        }
        let opener = env["TODOMD_OPENER"].flatMap { $0.isEmpty ? nil : $0 } ?? found("xdg-open")
        let web = env["TODOMD_WEB_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? "http://127.0.0.1:7878"
        if let p = env["TODOMD_NOTIFIER"], !p.isEmpty {
            return Notifier(program: p, freedesktop: false, opener: opener, webURL: web, warn: warn)
        }
        let path = found("notify-send")
        let actions = path.map { (try? Self.run($0, ["--help"]))?.1.contains("--action") ?? false } ?? false
        return Notifier(program: path, freedesktop: path != nil, actions: actions, opener: opener, webURL: web, warn: warn)
    }

    /// Shows one reminder and returns the action chosen, if any: with actions, notify-send waits
    /// until the notification is acted on or closed (call this off the loop's thread). A
    /// notifier that fails is a warning, never the end of the loop.
    public func show(_ r: Reminder, offerActions: Bool = true) -> ReminderAction? {
        guard let program else { return nil }
        let offered = offerActions ? ReminderAction.offered(for: r) : []
        var args: [String]
        if freedesktop {
            args = ["--app-name=todo.md", "--urgency=" + (r.kind == .nag ? "critical" : "normal")]
            if actions { args += offered.map { "--action=\($0.rawValue)=\($0.label)" } }
            args += [r.title, r.message]
        } else {
            args = [r.title, r.message, r.taskID, r.kind.rawValue, offered.map(\.rawValue).joined(separator: ",")]
        }
        do {
            let (status, output) = try Self.run(program, args)
            if status != 0 { warn("\(program) exited \(status) for \"\(r.title)\"") }
            let chosen = output.split(whereSeparator: \.isNewline).first.map { $0.trimmingCharacters(in: .whitespaces) }
            return chosen.flatMap(ReminderAction.init(rawValue:)).flatMap { offered.contains($0) ? $0 : nil }
        } catch {
            warn("cannot run \(program): \(error.localizedDescription)")
            return nil
        }
    }

    /// Whether showing a notification with actions blocks until the user acts (notify-send does).
    public var waitsForActions: Bool { freedesktop && actions }

    /// Opens the task in the web app (a click on the notification).
    public func open(taskID: String) {
        guard let opener else { return }
        let id = taskID.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/#?"))) ?? taskID
        do {
            let (status, _) = try Self.run(opener, [webURL + "/task/" + id])
            if status != 0 { warn("\(opener) exited \(status)") }
        } catch {
            warn("cannot run \(opener): \(error.localizedDescription)")
        }
    }

    /// Runs a program to its end: its exit status and what it printed.
    static func run(_ program: String, _ args: [String]) throws -> (Int32, String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = args
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
