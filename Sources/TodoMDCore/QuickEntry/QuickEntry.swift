import Foundation

/// The result of parsing one quick-add line (see `QuickEntryParser` and `docs/quick-entry.md`).
/// A plain value with public properties, so a preview or the CLI can print it (it encodes to
/// JSON with dates as `YYYY-MM-DD` / `YYYY-MM-DDTHH:MM` strings).
public struct QuickEntry: Equatable, Sendable, Encodable {
    /// Priority as typed: `!high` `!!!` `p1`, `!medium` `!med` `!!` `p2`, `!low` `p3`,
    /// `!none` `p4` (an explicit "no priority", distinct from not saying anything).
    public enum Priority: String, Sendable, Codable, CaseIterable {
        case high, medium, low
        /// Explicitly no priority (`!none`, `p4`). Not named `none` to stay clear of `Optional.none`.
        case noPriority = "none"
    }

    /// The words that were not tokens, as typed (whitespace collapsed only where tokens were removed).
    public var title: String
    public var due: LocalDateTime?
    public var scheduled: LocalDateTime?
    public var `defer`: LocalDateTime?
    /// Tags without the `#`, in order of appearance, without duplicates (`errands`, `home/garden`).
    public var tags: [String]
    public var project: String?
    public var area: String?
    public var priority: Priority?
    public var flagged: Bool
    public var estimateMinutes: Int?
    /// The repeat as a text rule the recurrence module reads, starting with `every`, without
    /// `when done`: the phrase as typed when it reads as typed (`every 2 weeks`), else reworded
    /// (`the 5th of every month` → `every month on the 5th`, `mon wed fri` → `every mon wed fri`,
    /// `daily` → `every day`).
    public var recurrence: String?
    /// True when the recurrence was followed by `when done` (repeat from completion).
    public var whenDone: Bool
    /// True when the date (`scheduled`, or `due` for `due every …`) is the repeat's first
    /// occurrence rather than a day that was typed; an explicit date given beside the text
    /// replaces it.
    public var datedByRepeat: Bool
    /// `someday` was typed: the task goes to Someday (status `someday`).
    public var someday: Bool
    /// Text after ` // `, trimmed; nil when absent or empty.
    public var description: String?
    /// Human summary pieces of what was recognised, in a fixed order
    /// (`due Fri 27 Nov`, `every 2 weeks`, `project Home`, `area Work`, `#errands`,
    /// `priority high`, `flagged`, `estimate 1h30m`, `note`). Filled by the parser.
    public var understood: [String]

    public init(title: String, due: LocalDateTime? = nil, scheduled: LocalDateTime? = nil,
                defer: LocalDateTime? = nil, tags: [String] = [], project: String? = nil,
                area: String? = nil, priority: Priority? = nil, flagged: Bool = false,
                estimateMinutes: Int? = nil, recurrence: String? = nil, whenDone: Bool = false,
                datedByRepeat: Bool = false, someday: Bool = false,
                description: String? = nil, understood: [String] = []) {
        self.title = title
        self.due = due
        self.scheduled = scheduled
        self.defer = `defer`
        self.tags = tags
        self.project = project
        self.area = area
        self.priority = priority
        self.flagged = flagged
        self.estimateMinutes = estimateMinutes
        self.recurrence = recurrence
        self.whenDone = whenDone
        self.datedByRepeat = datedByRepeat
        self.someday = someday
        self.description = description
        self.understood = understood
    }

    /// The understood pieces joined for a preview line: `due Fri 27 Nov, #errands, priority high`.
    public func summary() -> String { understood.joined(separator: ", ") }

    /// Builds `understood` from the fields. Years are shown only when they differ from `today`'s.
    mutating func fillUnderstood(today: LocalDate) {
        var out: [String] = []
        if let due { out.append("due " + QuickEntry.format(due, today: today)) }
        if let scheduled { out.append("scheduled " + QuickEntry.format(scheduled, today: today)) }
        if let d = self.defer { out.append("defer " + QuickEntry.format(d, today: today)) }
        if let recurrence { out.append(whenDone ? "\(recurrence) when done" : recurrence) }
        if someday { out.append("someday") }
        if let project { out.append("project \(project)") }
        if let area { out.append("area \(area)") }
        out += tags.map { "#\($0)" }
        if let priority { out.append("priority \(priority.rawValue)") }
        if flagged { out.append("flagged") }
        if let estimateMinutes { out.append("estimate " + QuickEntry.formatMinutes(estimateMinutes)) }
        if description != nil { out.append("note") }
        understood = out
    }

    /// `Fri 27 Nov`, `Fri 27 Nov 2027`, `Fri 27 Nov 17:00` — fixed English, no locale.
    static func format(_ dt: LocalDateTime, today: LocalDate) -> String {
        let d = dt.date
        var s = "\(DateVocabulary.shortWeekdayNames[d.weekday - 1]) \(d.day) \(DateVocabulary.shortMonthNames[d.month - 1])"
        if d.year != today.year { s += " \(d.year)" }
        if let t = dt.time { s += " \(t)" }
        return s
    }

    /// `45m`, `2h`, `1h30m`.
    static func formatMinutes(_ m: Int) -> String {
        switch (m / 60, m % 60) {
        case (0, let r): return "\(r)m"
        case (let h, 0): return "\(h)h"
        case (let h, let r): return "\(h)h\(r)m"
        }
    }

    private enum CodingKeys: String, CodingKey {
        case title, due, scheduled, `defer`, tags, project, area, priority, flagged
        case estimateMinutes, recurrence, whenDone, someday, description, understood
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(due?.description, forKey: .due)
        try c.encodeIfPresent(scheduled?.description, forKey: .scheduled)
        try c.encodeIfPresent(self.defer?.description, forKey: .defer)
        try c.encode(tags, forKey: .tags)
        try c.encodeIfPresent(project, forKey: .project)
        try c.encodeIfPresent(area, forKey: .area)
        try c.encodeIfPresent(priority, forKey: .priority)
        try c.encode(flagged, forKey: .flagged)
        try c.encodeIfPresent(estimateMinutes, forKey: .estimateMinutes)
        try c.encodeIfPresent(recurrence, forKey: .recurrence)
        try c.encode(whenDone, forKey: .whenDone)
        if someday { try c.encode(someday, forKey: .someday) }
        try c.encodeIfPresent(description, forKey: .description)
        try c.encode(understood, forKey: .understood)
    }
}
