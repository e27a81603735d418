import ArgumentParser
import Foundation
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `todomd reminders`: what will fire, and when. A thin front end: the schedule is the engine's
/// (`ReminderSchedule`), the window the service's.
struct RemindersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reminders",
        abstract: "Show the reminders that fire in a window (default: the next 24 hours).",
        discussion: """
            A due date reminds at the notification time (09:00; "notification_time" in .todomd.json), a due \
            time at that time (less "reminder_lead_minutes"), a defer date when the task becomes available; \
            `reminders:` entries (-PT1H, or TaskNotes' objects) when they say; `nag: true` repeats until done, \
            snoozed or silenced, when "nag": true in .todomd.json allows it.
            """)
    @OptionGroup var vaultOptions: VaultOptions
    @Option(help: "From: a date (today, friday, 2026-12-01: its start), a time (2026-12-01T08:00) or +2d (default: now).")
    var from: String?
    @Option(help: "Until: as --from (a date alone: its end). Default: a day after --from.") var to: String?
    @Flag(help: "Print JSON.") var json = false

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let clock = service.clock
            func instant(_ s: String, end: Bool) throws -> Date {
                let d = try DateArgument.parse(s, clock: clock)
                if d.time == nil, end { return LocalDateTime(date: d.date.adding(days: 1)).instant(in: clock.timeZone) }
                return d.instant(in: clock.timeZone)
            }
            let page = try service.reminders(from: try from.map { try instant($0, end: false) }, to: try to.map { try instant($0, end: true) })
            if json { out.json(ReminderListDocument(page)); return }
            if page.reminders.isEmpty {
                out.print(out.paint("No reminders until \(Self.when(page.to, page.zone)).", .dim))
                return
            }
            // A task's repeats show as one line: the first, how often, and how many in the window.
            let nags = Dictionary(grouping: page.reminders.filter { $0.kind == .nag }, by: \.taskID)
            for r in page.reminders {
                var message = r.message
                if r.kind == .nag {
                    guard let all = nags[r.taskID], all.first?.at == r.at else { continue }
                    let every = all.count > 1 ? Int(all[1].at.timeIntervalSince(all[0].at) / 60) : 0
                    message = (every > 0 ? "every \(every) min until done" : "until done") + " (\(all.count) in this window)"
                }
                out.print("\(Self.when(r.at, page.zone))  " + out.paint(r.kind.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0), .dim)
                          + "  \(r.title)  " + out.paint(message, .dim))
            }
        }
    }

    /// `Fri 27 Nov 09:00`.
    static func when(_ d: Date, _ zone: TimeZone) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = zone
        f.dateFormat = "EEE d MMM HH:mm"
        return f.string(from: d)
    }
}

/// `todomd snooze TASK 1h|tomorrow|DATE`.
struct SnoozeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snooze",
        abstract: "Put a task's reminders off: 1h, 30m, tomorrow (at the notification time), a date or a date-time.")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "The task.", completion: Completions.words(.tasks)) var task: String
    @Argument(help: "How long or until when: 1h, 45m, tomorrow, friday, 2026-12-01T08:00.") var until: String
    @OptionGroup var write: WriteOptions

    func run() throws {
        try CLI.run(vaultOptions) { service, out in
            let (outcome, when) = try service.snooze(task, until: until, expected: try write.expected())
            if write.json { out.json(ActionDocument(outcome, today: service.clock.today)); return }
            out.print("snoozed: \(outcome.task.task.title) until \(DateText.short(when, today: service.clock.today))  (\(outcome.task.task.id))")
        }
    }
}

/// `todomd nag on|off TASK`.
struct NagCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nag",
        abstract: "Turn a task's persistent reminder on or off (off: a repeating task only until its next occurrence).",
        discussion: "Nagging also needs \"nag\": true in .todomd.json (README, \"Reminders\").")
    @OptionGroup var vaultOptions: VaultOptions
    @Argument(help: "on or off.") var state: String
    @Argument(help: "The task.", completion: Completions.words(.tasks)) var task: String
    @OptionGroup var write: WriteOptions

    func run() throws {
        guard state == "on" || state == "off" else { throw ValidationError("todomd nag on|off TASK") }
        try CLI.run(vaultOptions) { service, out in
            let outcome = try service.nag(task, state == "on", expected: try write.expected())
            if write.json { out.json(ActionDocument(outcome, today: service.clock.today)); return }
            let t = outcome.task.task
            let words = state == "on" ? "nagging" : TaskReminderFields.nagSilenced(t) != nil ? "silenced until its next occurrence" : "not nagging"
            out.print("\(words): \(t.title)  (\(t.id))")
        }
    }
}

/// `todomd remind`: the reminder loop alone (for a systemd user unit), or one check (`--once`).
struct RemindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Send reminders as desktop notifications as they come due (notify-send, or $TODOMD_NOTIFIER).",
        discussion: """
            Each reminder fires once, whichever process checks (todomd remind, or one check with --once); \
            after a gap (asleep, nothing running) each task fires once. `todomd reminders` lists what will fire.
            """)
    @OptionGroup var vaultOptions: VaultOptions
    @Flag(help: "Check once, send what is due, print it and exit.") var once = false
    @Flag(name: .customLong("install-systemd"), help: "Write a systemd user unit that runs `todomd remind`, and print how to start it.")
    var installSystemd = false

    func run() throws {
        if installSystemd { return try Self.install(vault: vaultOptions.vault) }
        do {
            let o = try ServiceOptions.commandLine(vault: vaultOptions.vault, noCache: vaultOptions.noCache, longRunning: !once)
            let service = TodoService(o)
            let loop = ReminderLoop(service: service)
            let notifier = Notifier.fromEnvironment(warn: { Printer.warn($0) })
            let out = Printer(clock: service.clock)
            let zone = service.clock.timeZone
            let onAction: @Sendable (ReminderAction, Reminder, Error?) -> Void = { action, r, error in
                if let error { Printer.warn("\(action.label) on \(r.taskID): \(error)") } else if action != .open { print("\(action.label): \(r.title)") }
            }
            let line: @Sendable (Reminder) -> Void = { r in
                out.print("\(RemindersCommand.when(r.at, zone))  \(r.kind.rawValue)  \(r.title)  \(r.message)")
            }
            if once {
                // One check: notify-send's actions would keep it waiting for the user, so it offers none.
                let runner = ReminderRunner.idle()
                for r in try loop.due() {
                    line(r)
                    runner.deliver(r, service: service, notifier: notifier, offerActions: !notifier.waitsForActions, inline: true, onAction: onAction)
                }
                return
            }
            _ = ReminderRunner.start(service: service, notifier: notifier, onFire: line, onAction: onAction)
            Signals.waitForTermination()
        } catch let e as TodoError {
            Printer.error(e.description)
            throw ExitCode(e.exitCode)
        }
    }

    /// `~/.config/systemd/user/todomd-remind.service`, running this binary on this vault.
    static func install(vault: String?) throws {
        let env = ProcessInfo.processInfo.environment
        let config = env["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? (NSHomeDirectory() + "/.config")
        let dir = config + "/systemd/user"
        let root = try VaultLocator.locateWithOrigin(flag: vault, env: env).0
        let unit = """
            [Unit]
            Description=todo.md reminders for \(root)

            [Service]
            ExecStart=\(ChildProcess.selfPath) remind --vault \(root)
            Restart=on-failure

            [Install]
            WantedBy=default.target

            """
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try Vault.writeAtomically(dir + "/todomd-remind.service", bytes: Array(unit.utf8))
        print("wrote \(dir)/todomd-remind.service; start it with: systemctl --user enable --now todomd-remind")
    }
}

/// `todomd feed`: the calendar feed's URLs, with its key (`--rotate` makes a new one).
struct FeedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "feed",
        abstract: "Print the calendar feed's URLs for a phone or calendar app to subscribe to (`todomd serve` serves them).",
        discussion: """
            /calendar.ics has the open tasks with a date as to-dos, /calendar-events.ics the same as events (for \
            Google Calendar, iOS subscribed calendars and Fastmail, which ignore to-dos); add ?view=today or \
            &query=… to narrow them. The key in the URL is the feed's own secret: --rotate replaces it, and every \
            old subscription stops working.
            """)
    @Option(help: "The server's address in the URLs (default: this machine's first network address).") var host: String?
    @Option(help: "The server's port.") var port = 7878
    @Flag(help: "Replace the key.") var rotate = false

    func run() throws {
        do {
            let key = rotate ? try FeedKey.rotate() : try FeedKey.loadOrCreate()
            let base = "http://\(host ?? NetworkAddress.firstNonLoopback() ?? "127.0.0.1"):\(port)"
            print("\(base)/calendar.ics?key=\(key)")
            print("\(base)/calendar-events.ics?key=\(key)")
        } catch let e as TodoError {
            Printer.error(e.description)
            throw ExitCode(e.exitCode)
        }
    }
}
