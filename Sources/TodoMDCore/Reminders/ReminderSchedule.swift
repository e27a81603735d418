import Foundation

/// Which reminders fire, and when (spec 000 "Notification System" and "Persistent Reminders"):
///
/// - a due date: at the notification time that day; a due date-time: at that time less the lead
///   time; a defer date: "now available" at the notification time (or its time) that day;
/// - `reminders:` entries: TaskNotes' `{type: relative, relatedTo: due|scheduled, offset: -PT1H}`
///   and `{type: absolute, absoluteTime: …}`, or plain strings (`-PT1H` before the due date,
///   `2026-11-27T08:30` at that time); a date alone anchors at the notification time;
/// - `nag: true` repeats the due (else defer) reminder every `nag_interval` minutes (default: the vault's)
///   until the task is closed, snoozed (`snoozed_until`: nothing fires before it, then it fires
///   and the nagging goes on from there) or silenced (`nag_silenced`: the occurrence date it was
///   silenced for; the next occurrence nags again). Only when `.todomd.json` turns nagging on and
///   the file's source may nag;
/// - a done or cancelled task has none; a repeating task's are its current occurrence's;
/// - a project's dates count for its tasks without their own (effective dates); a task blocked
///   or waiting in a sequential project (`held`) has no "Now available"; the moment the last
///   task it was blocked by is done (`unblocked`), a task with a date by that day says so.
///
/// Pure: the tasks, a window and a zone in, the reminders out, sorted by time.
public enum ReminderSchedule {
    /// At most this many repeats of one nag in a window (a year of 1-minute nags is not a list).
    public static let nagLimit = 500

    public static func reminders(_ tasks: [TodoTask], from: Date, to: Date, zone: TimeZone,
                                 settings: ReminderSettings, held: Set<String> = [],
                                 unblocked: [String: TaskDependencies.Unblocking] = [:]) -> [Reminder] {
        var out: [Reminder] = []
        for t in tasks where !t.status.isClosed {
            out += reminders(of: t, from: from, to: to, zone: zone, settings: settings, held: held.contains(t.key),
                             unblocked: unblocked[t.key])
        }
        return out.sorted { ($0.at, $0.taskID, $0.kind.rawValue) < ($1.at, $1.taskID, $1.kind.rawValue) }
    }

    /// One task's reminders in [from, to).
    public static func reminders(of t: TodoTask, from: Date, to: Date, zone: TimeZone, settings: ReminderSettings,
                                 held: Bool = false, unblocked: TaskDependencies.Unblocking? = nil) -> [Reminder] {
        guard !t.status.isClosed else { return [] }
        let snoozed = TaskReminderFields.snoozedUntil(t, zone: zone)
        var base = baseReminders(t, zone: zone, settings: settings)
        if held { base.removeAll { $0.kind == .deferred } }
        if let u = unblocked, let day = (t.due ?? t.effectiveDue ?? t.scheduled)?.date ?? (t.deferDate ?? t.effectiveDefer)?.date,
           day <= LocalDate(u.at, in: zone) {
            base.append(Reminder(at: u.at, kind: .unblocked, taskID: t.id, title: t.title, message: "Now available: \(u.by) is done"))
        }
        if let s = snoozed {
            base.removeAll { $0.at <= s }
            base.append(Reminder(at: s, kind: .snooze, taskID: t.id, title: t.title, message: "Snoozed reminder"))
        }
        var out = base.filter { $0.at >= from && $0.at < to }
        // Nagging starts with the due (else defer) reminder, or the end of a snooze; not with an
        // entry that comes earlier ("an hour before").
        let starts = base.filter { $0.kind == .due || $0.kind == .deferred || $0.kind == .snooze }
        let nagging = nags(t, settings: settings, zone: zone)
        if let first = (starts.first { $0.kind == .snooze } ?? starts.first { $0.kind == .due } ?? starts.first)?.at, nagging {
            let interval = TimeInterval(60 * (TaskReminderFields.nagInterval(t) ?? settings.nagInterval))
            // Repeats from the first reminder (or the snooze's end) until the window ends.
            var k = max(1, Int(((from.timeIntervalSince(first)) / interval).rounded(.up)))
            var count = 0
            while count < nagLimit {
                let at = first.addingTimeInterval(Double(k) * interval)
                if at >= to { break }
                if at >= from, !base.contains(where: { $0.at == at }) {
                    out.append(Reminder(at: at, kind: .nag, taskID: t.id, title: t.title, message: nagMessage(t)))
                    count += 1
                }
                k += 1
            }
        }
        if nagging { for i in out.indices { out[i].nags = true } }
        return out.sorted { ($0.at, $0.kind.rawValue) < ($1.at, $1.kind.rawValue) }
    }

    /// Whether `t` nags: the vault allows it, the task asks for it, its source may, and it was
    /// not silenced for its current occurrence.
    static func nags(_ t: TodoTask, settings: ReminderSettings, zone: TimeZone) -> Bool {
        guard settings.nagEnabled, TaskReminderFields.nag(t), settings.mayNag(t.source) else { return false }
        if let silenced = TaskReminderFields.nagSilenced(t) {
            let occurrence = (t.due ?? t.deferDate ?? t.scheduled)?.date
            return occurrence.map { $0 > silenced } ?? false
        }
        return true
    }

    /// The reminders of the task's dates and entries, at any time.
    static func baseReminders(_ t: TodoTask, zone: TimeZone, settings: ReminderSettings) -> [Reminder] {
        var out: [Reminder] = []
        func add(_ at: Date, _ kind: Reminder.Kind, _ message: String) {
            out.append(Reminder(at: at, kind: kind, taskID: t.id, title: t.title, message: message))
        }
        if let due = t.due ?? t.effectiveDue {
            if let time = due.time {
                let at = LocalDateTime(date: due.date, time: time).instant(in: zone).addingTimeInterval(TimeInterval(-60 * settings.leadMinutes))
                add(at, .due, settings.leadMinutes > 0 ? "Due at \(time) (in \(settings.leadMinutes) min)" : "Due at \(time)")
            } else {
                add(anchor(due.date, zone: zone, settings: settings), .due, "Due today")
            }
        }
        if let d = t.deferDate ?? t.effectiveDefer {
            add(d.time.map { LocalDateTime(date: d.date, time: $0).instant(in: zone) } ?? anchor(d.date, zone: zone, settings: settings),
                .deferred, "Now available")
        }
        for entry in TaskReminderFields.entries(t) {
            if let at = entry.instant(for: t, zone: zone, anchor: settings.notificationTime) {
                add(at, .entry, entry.description ?? entry.summary)
            }
        }
        return out
    }

    static func anchor(_ day: LocalDate, zone: TimeZone, settings: ReminderSettings) -> Date {
        LocalDateTime(date: day, time: settings.notificationTime).instant(in: zone)
    }

    static func nagMessage(_ t: TodoTask) -> String {
        if let due = t.due { return "Still to do: due " + (due.time.map { "at \($0)" } ?? due.date.description) }
        return "Still to do"
    }
}
