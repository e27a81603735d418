import Foundation

/// File names and paths of new task files (tasknotes-spec §5.3.3, §9.13): expansion of a
/// `{variable}` template (the plugin's `customFilenameTemplate`, an mdbase `path_pattern`)
/// and filename-safe sanitization.
///
/// Variables are those of §5.3.5 (task data, date/time at creation in the runtime zone,
/// title case variants), plus any scalar frontmatter field of the new task by its key. A
/// variable without a value (`{dueDate}` of a task with no due date) is as missing as an
/// unknown one: creation fails with `path_required` rather than invent a path.
/// `{zettel}` is `yyMMdd` followed by the seconds since local midnight in base 36;
/// `{timestamp}` is `yyyy-MM-dd-HHmmss`. Collisions with existing files are resolved where
/// the file is placed (`FileSystem.firstFreeName`, numeric `-2` suffixes).
public enum TaskNotesFileName {
    /// Template placeholders that name no known variable.
    public struct MissingVariables: Error, Equatable, CustomStringConvertible {
        /// The placeholder names, in template order.
        public var names: [String]
        public var description: String { "path_required: missing template values: " + names.joined(separator: ", ") }
    }

    /// What a template can refer to.
    public struct Context: Sendable {
        /// The task title (`{title}`), sanitized when expanded.
        public var title: String
        /// The role values `{status}`, `{priority}`, `{due}`, `{scheduled}`; nil when absent.
        public var status: String?
        public var priority: String?
        public var due: String?
        public var scheduled: String?
        /// The new task's frontmatter (for field references such as `{kind}`).
        public var fields: [(String, JSONValue)]
        /// The creation instant, for the date and time placeholders.
        public var now: Date
        /// The zone those placeholders are written in.
        public var zone: TimeZone

        public init(title: String, status: String? = nil, priority: String? = nil, due: String? = nil, scheduled: String? = nil,
                    fields: [(String, JSONValue)] = [], now: Date, zone: TimeZone) {
            self.title = title
            self.status = status
            self.priority = priority
            self.due = due
            self.scheduled = scheduled
            self.fields = fields
            self.now = now
            self.zone = zone
        }
    }

    /// The value of variable `name`, or nil when it is unknown or the task has no value for
    /// it (no due date for `{dueDate}`, say): a path cannot be built from an absent value.
    public static func value(of name: String, in c: Context) -> String? {
        if let v = builtIn(name, c) { return v.isEmpty ? nil : v }
        guard let field = TaskNotesMembers.value(c.fields, name) else { return nil }
        let text: String?
        switch field {
        case .array(let items): text = items.compactMap(\.scalarText).joined(separator: ", ")
        default: text = field.scalarText
        }
        return text?.isEmpty == false ? text : nil
    }

    private static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August",
                                     "September", "October", "November", "December"]
    private static let dayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    private static func builtIn(_ name: String, _ c: Context) -> String? {
        func pad(_ n: Int, _ w: Int = 2) -> String {
            let s = String(n)
            return s.count >= w ? s : String(repeating: "0", count: w - s.count) + s
        }
        let words = titleWords(c.title)
        switch name {
        case "title": return c.title
        case "titleLower": return c.title.lowercased()
        case "titleUpper": return c.title.uppercased()
        case "titleKebab": return words.map { $0.lowercased() }.joined(separator: "-")
        case "titleSnake": return words.map { $0.lowercased() }.joined(separator: "_")
        case "titleCamel":
            return words.enumerated().map { $0.offset == 0 ? $0.element.lowercased() : capitalized($0.element) }.joined()
        case "titlePascal": return words.map(capitalized).joined()
        case "status": return c.status
        case "priority": return c.priority
        case "statusShort": return c.status.flatMap(\.first).map { String($0).uppercased() }
        case "priorityShort": return c.priority.flatMap(\.first).map { String($0).uppercased() }
        case "dueDate": return c.due.map { String($0.prefix(10)) }
        case "scheduledDate": return c.scheduled.map { String($0.prefix(10)) }
        default: break
        }
        // Date/time at creation, in the runtime zone (§5.3.5 "Deterministic expansion context").
        let offset = c.zone.secondsFromGMT(for: c.now)
        let localSeconds = Int(c.now.timeIntervalSince1970.rounded(.down)) + offset
        let dayNumber = Int((Double(localSeconds) / 86_400).rounded(.down))
        let day = LocalDate(dayNumber: dayNumber)
        let secondOfDay = localSeconds - dayNumber * 86_400
        let (h, m, s) = (secondOfDay / 3600, secondOfDay % 3600 / 60, secondOfDay % 60)
        let date = "\(pad(day.year, 4))-\(pad(day.month))-\(pad(day.day))"
        switch name {
        case "date": return date
        case "time", "time24": return "\(pad(h)):\(pad(m))"
        case "year": return pad(day.year, 4)
        case "month": return pad(day.month)
        case "day": return pad(day.day)
        case "dateTime": return "\(date)-\(pad(h))\(pad(m))"
        case "timestamp": return "\(date)-\(pad(h))\(pad(m))\(pad(s))"
        case "shortDate": return pad(day.year % 100) + pad(day.month) + pad(day.day)
        case "shortYear": return pad(day.year % 100)
        case "monthName": return monthNames[day.month - 1]
        case "monthNameShort": return String(monthNames[day.month - 1].prefix(3))
        case "dayName": return dayNames[day.weekday - 1]
        case "dayNameShort": return String(dayNames[day.weekday - 1].prefix(3))
        case "week": return pad(isoWeek(day))
        case "quarter": return String((day.month - 1) / 3 + 1)
        case "hour": return pad(h)
        case "minute": return pad(m)
        case "second": return pad(s)
        case "time12": return "\(pad(h % 12 == 0 ? 12 : h % 12)):\(pad(m)) \(h < 12 ? "AM" : "PM")"
        case "timezone", "utcOffset":
            return (offset < 0 ? "-" : "+") + pad(abs(offset) / 3600) + ":" + pad(abs(offset) % 3600 / 60)
        case "unix": return String(Int(c.now.timeIntervalSince1970.rounded(.down)))
        case "unixMs": return String(Int((c.now.timeIntervalSince1970 * 1000).rounded(.down)))
        case "zettel": return pad(day.year % 100) + pad(day.month) + pad(day.day) + String(secondOfDay, radix: 36)
        default: return nil
        }
    }

    /// The ISO 8601 week number of `day`.
    static func isoWeek(_ day: LocalDate) -> Int {
        // The week belongs to the year of its Thursday.
        let thursday = day.adding(days: 4 - day.weekday)
        return (thursday.ordinal - 1) / 7 + 1
    }

    /// Letter/digit runs of a title, for the case variants.
    static func titleWords(_ title: String) -> [String] {
        title.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    private static func capitalized(_ w: String) -> String { w.prefix(1).uppercased() + w.dropFirst().lowercased() }

    /// Expands `{name}` / `{{name}}` placeholders; throws `MissingVariables` naming every
    /// unknown, valueless or unterminated one.
    /// Each value is sanitized so that it cannot add folders or illegal characters.
    public static func expand(_ template: String, _ context: Context) throws -> String {
        var out = ""
        var missing: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            // `{{name}}` (the spelling of §9.13's examples) or `{name}` (the plugin default).
            let double = rest[open...].hasPrefix("{{")
            let nameStart = rest.index(open, offsetBy: double ? 2 : 1)
            guard let closeRange = rest[nameStart...].range(of: double ? "}}" : "}") else {
                // An unterminated placeholder cannot be expanded; never leave it in a path.
                missing.append(String(rest[open...]))
                rest = ""
                break
            }
            let close = closeRange.lowerBound
            let name = String(rest[nameStart..<close]).trimmingCharacters(in: .whitespaces)
            if let v = value(of: name, in: context) {
                out += sanitize(v)
            } else if !missing.contains(name) {
                missing.append(name)
            }
            rest = rest[closeRange.upperBound...]
        }
        out += rest
        guard missing.isEmpty else { throw MissingVariables(names: missing) }
        return out
    }

    /// The relative path of a new task: `template` expanded, under `folder` when given, each
    /// segment cleaned, empty segments dropped, `.md` appended. An empty basename falls back
    /// to the sanitized title, then to `Untitled` (§5.3.3: no invalid or empty basenames).
    public static func path(template: String, context: Context, folder: String? = nil) throws -> String {
        var expanded = try expand(template, context)
        if expanded.lowercased().hasSuffix(".md") { expanded.removeLast(3) }
        var segments = expanded.split(separator: "/").map { cleanSegment(String($0)) }.filter { !$0.isEmpty }
        if let folder {
            segments = folder.split(separator: "/").map { cleanSegment(String($0)) }.filter { !$0.isEmpty } + segments
        }
        let fallback = [cleanSegment(sanitize(context.title)), "Untitled"].first { !$0.isEmpty }!
        if template.trimmingCharacters(in: .whitespaces).hasSuffix("/") || segments.isEmpty { segments.append(fallback) }
        return segments.joined(separator: "/") + ".md"
    }

    /// A value made safe inside a file name: characters that file systems or Obsidian links
    /// reject (`\ / : * ? " < > | # ^ [ ]` and control characters) are removed.
    public static func sanitize(_ value: String) -> String {
        let illegal: Set<Character> = ["\\", "/", ":", "*", "?", "\"", "<", ">", "|", "#", "^", "[", "]"]
        return String(value.filter { !illegal.contains($0) && !($0.unicodeScalars.first?.properties.generalCategory == .control) })
    }

    /// Trims spaces and dots (a leading dot hides a file, a trailing one is invalid on
    /// Windows) and folds runs of whitespace.
    static func cleanSegment(_ s: String) -> String {
        let folded = s.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        return folded.trimmingCharacters(in: CharacterSet(charactersIn: " ."))
    }
}
