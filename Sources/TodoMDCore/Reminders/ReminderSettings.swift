import Foundation

/// When reminders fire (spec 000 "Notification System", settings "Notification time";
/// "Persistent Reminders"): `.todomd.json` keys `notification_time`, `reminder_lead_minutes` and
/// `nag`.
public struct ReminderSettings: Equatable, Sendable {
    /// The time a date without a time reminds at (`notification_time`, default 09:00).
    public var notificationTime = LocalTime(hour: 9, minute: 0)!
    /// Minutes before a due time its reminder fires (`reminder_lead_minutes`, default 0).
    public var leadMinutes = 0
    /// Persistent reminders (`nag: true` in a task) repeat only when this is on (`"nag": true`
    /// or `{"enabled": true, …}`; default off: nagging is opt-in twice, spec 000).
    public var nagEnabled = false
    /// Minutes between repeats when the task does not say (`nag_interval` there).
    public var nagInterval = 5
    /// Sources whose files may turn nagging on (spec 000 security question 6): exact, `prefix*`,
    /// or `*`; `(none)` is a file without a `source` (an editor). Default: `user`, `(none)`.
    public var nagSources: [String] = ["user", "(none)"]

    public init() {}

    /// Whether a file from `source` may nag.
    public func mayNag(_ source: String?) -> Bool {
        let s = source ?? "(none)"
        return nagSources.contains { $0 == "*" || $0 == s || ($0.hasSuffix("*") && s.hasPrefix(String($0.dropLast()))) }
    }
}

extension VaultSettings {
    /// Reads `notification_time` ("09:00"), `reminder_lead_minutes` and `nag` (true, false, or
    /// `{"enabled": true, "interval_minutes": 5, "trusted_sources": ["user", "(none)"]}`).
    mutating func loadReminderSettings(_ obj: [String: Any], problems: inout [String]) {
        if let v = obj["notification_time"] {
            if let s = v as? String, let t = LocalTime(text: s) { reminders.notificationTime = t } else {
                problems.append("notification_time must be a time like \"09:00\"")
            }
        }
        if let v = obj["reminder_lead_minutes"] {
            if let n = v as? Int, n >= 0, n <= 10_080 { reminders.leadMinutes = n } else {
                problems.append("reminder_lead_minutes must be a whole number from 0 to 10080")
            }
        }
        guard let v = obj["nag"], !(v is NSNull) else { return }
        if let b = v as? Bool {
            reminders.nagEnabled = b
            return
        }
        guard let o = v as? [String: Any] else {
            problems.append("nag must be true, false or {\"enabled\": true, \"interval_minutes\": 5, \"trusted_sources\": [...]}")
            return
        }
        reminders.nagEnabled = (o["enabled"] as? Bool) ?? true
        if let n = o["interval_minutes"] {
            if let m = n as? Int, m >= 1, m <= 1440 { reminders.nagInterval = m } else {
                problems.append("nag.interval_minutes must be a whole number from 1 to 1440")
            }
        }
        if let t = o["trusted_sources"] {
            if let list = t as? [String], list.allSatisfy({ !$0.isEmpty && $0.count <= 64 }) { reminders.nagSources = list } else {
                problems.append("nag.trusted_sources must be a list of sources (\"user\", \"(none)\", \"mcp:*\")")
            }
        }
    }
}

extension LocalTime {
    /// `HH:MM` (24-hour).
    public init?(text: String) {
        let p = text.trimmed.split(separator: ":")
        guard p.count == 2, p[0].count <= 2, p[1].count == 2, let h = Int(p[0]), let m = Int(p[1]) else { return nil }
        self.init(hour: h, minute: m)
    }
}
