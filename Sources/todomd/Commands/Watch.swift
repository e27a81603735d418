import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Follow the vault live: print each task added, modified or removed (not todomd's own writes).",
        discussion: """
            Runs until interrupted. Uses inotify on Linux, else polls every 500 ms (--poll or \
            TODOMD_WATCH_POLL=1 forces polling). More than 50 new files within 60 s raise one alert \
            naming each source and its count. With --json, one JSON object per line. Reminders fire as \
            they come due (as `todomd remind` sends them; --no-reminders leaves them to another process).
            """)
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Print one JSON object per line (NDJSON).") var json = false
    @Flag(help: "Poll the vault instead of using file system notifications.") var poll = false
    @Flag(name: .customLong("no-reminders"), help: "Do not send reminders (README, \"Reminders\").") var noReminders = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let printer = WatchPrinter(out: out, json: json)
            let status = try service.startWatching(WatchOptions(poll: poll)) { changes in
                for c in changes { printer.emit(c) }
            }
            Printer.note("watching \(service.root) (\(status.polling ? "polling" : "notifications"))"
                + (status.servesIndex ? "; other commands use its index without walking the vault" : "") + "; Ctrl-C stops")
            let backups = service.startBackups()  // hourly when something changed (README, "Backups")
            let reminders = noReminders ? nil : ReminderRunner.start(
                service: service, notifier: Notifier.fromEnvironment(warn: { Printer.warn($0) }),
                onFire: { printer.emit($0) }, onAction: { printer.emit($0, $1, $2) })
            Signals.waitForTermination()
            reminders?.stop()
            backups.stop()
            service.stopWatching()
        }
    }
}

/// Waits for SIGINT or SIGTERM (then returns, so the command can stop cleanly and exit 0).
enum Signals {
    static func waitForTermination() {
        let done = DispatchSemaphore(value: 0)
        var sources: [DispatchSourceSignal] = []
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler { done.signal() }
            s.resume()
            sources.append(s)
        }
        done.wait()
        sources.forEach { $0.cancel() }
    }
}

/// Prints watch changes one line each, flushing every line (stdout is often a pipe).
struct WatchPrinter: Sendable {
    let clock: Clock
    let color: Bool
    let json: Bool

    init(out: Printer, json: Bool) {
        clock = out.clock
        color = out.color
        self.json = json
    }

    func emit(_ c: WatchChange) {
        let line = json ? APIJSON.string(WatchEventDTO(c, today: clock.today), pretty: false) : TerminalText.safe(human(c), styles: color)
        fputs(line + "\n", stdout)
        fflush(stdout)
    }

    /// A reminder firing: `⏰ Pay rent: Due today  (bills/rent.md)`.
    func emit(_ r: Reminder) {
        let line = json ? APIJSON.string(ReminderEventDTO(r, zone: clock.timeZone), pretty: false)
            : TerminalText.safe("⏰ \(r.kind.rawValue) \(r.title.replacingOccurrences(of: "\n", with: " ")): \(r.message)  (\(r.taskID))", styles: color)
        fputs(line + "\n", stdout)
        fflush(stdout)
    }

    /// What the user chose on a notification, on stderr (stdout is the stream of changes).
    func emit(_ action: ReminderAction, _ r: Reminder, _ error: Error?) {
        if let error { Printer.warn("\(action.label) on \(r.taskID): \(error)") } else if action != .open { Printer.note("\(action.label): \(r.title)") }
    }

    private func title(_ t: TodoTask) -> String { t.title.replacingOccurrences(of: "\n", with: " ") }

    func human(_ c: WatchChange) -> String {
        switch c {
        case .added(let t, _):
            return "+ added  \(title(t))  (\(t.key))"
        case .modified(let old, let new, _):
            let fields = describe(old, new)
            return "~ modified \(title(new))" + (fields.isEmpty ? "" : ": " + fields) + "  (\(new.key))"
        case .removed(let t):
            return "- removed  \(title(t))  (\(t.key))"
        case .problem(let p):
            return "! problem: \(p.path): " + p.reasons.joined(separator: "; ").replacingOccurrences(of: "\n", with: " ")
        case .alert(let a):
            return "! alert: \(a.total) new files in \(a.windowSeconds) s: " + a.sources.map { "\($0.source) \($0.count)" }.joined(separator: ", ")
        case let .held(path, reason):
            return "? held for review: \(path) (\(reason); todomd quarantine)"
        case let .conflict(original, copy):
            return "! sync conflict: \(original) and its copy \(copy) changed the same fields (todomd conflicts)"
        }
    }

    /// `due 2026-11-27 → 2026-11-28, status todo → done, body`
    private func describe(_ old: TodoTask, _ new: TodoTask) -> String {
        func value(_ t: TodoTask, _ key: String) -> String? {
            guard TaskKey.all.contains(key) || key == "path" else { return nil }
            switch key == "path" ? .string(t.path) : t.value(forKey: key) {
            case .null: return "none"
            case .string(let s): return s.count <= 40 && !s.contains("\n") ? s : nil
            case .bool(let v): return v ? "yes" : "no"
            case .int(let i): return String(i)
            case .array(let items) where items.count <= 5:
                let strings = items.compactMap { if case .string(let s) = $0 { return s } else { return nil } }
                return strings.count == items.count ? (strings.isEmpty ? "none" : strings.joined(separator: " ")) : nil
            default: return nil
            }
        }
        return WatchChange.changedFields(old, new).map { k in
            if let o = value(old, k), let n = value(new, k) { return "\(k) \(o) → \(n)" }
            return k
        }.joined(separator: ", ")
    }
}
