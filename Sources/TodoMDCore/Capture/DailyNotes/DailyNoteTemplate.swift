import Foundation

/// Fills a daily-note template the way Obsidian's core Templates and Daily notes plugins do, so
/// a note todomd creates reads like one Obsidian created.
///
/// Variables: `{{date}}` (`YYYY-MM-DD`), `{{time}}` (`HH:mm`), `{{title}}`, and
/// `{{date:FORMAT}}` / `{{time:FORMAT}}` with a Moment.js format (both render the day at the
/// given time, so `{{date:HH:mm}}` works as in Obsidian). Names are case-insensitive and may
/// have spaces inside the braces (`{{ date : dddd }}`). Anything else, an unknown `{{x}}` or
/// Templater's `<% … %>`, is left exactly as written for the plugin that owns it.
public enum DailyNoteTemplate {
    /// `template` with its variables replaced for `date` at `hour:minute`, titled `title`.
    public static func render(_ template: String, date: LocalDate, title: String, hour: Int, minute: Int) -> String {
        let s = Array(template.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        var i = 0
        while i < s.count {
            if s[i] == UInt8(ascii: "{"), i + 1 < s.count, s[i + 1] == UInt8(ascii: "{"),
               let close = closing(s, from: i + 2),
               let value = variable(String(decoding: s[(i + 2)..<close], as: UTF8.self),
                                    date: date, title: title, hour: hour, minute: minute) {
                out.append(contentsOf: value.utf8)
                i = close + 2
            } else {
                // One byte at a time, so `{{{date}}` still finds the `{{date}}` inside it.
                out.append(s[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The index of the first `}}` after `from` on the same line (Obsidian's `.+?` does not
    /// cross a line break).
    static func closing(_ s: [UInt8], from: Int) -> Int? {
        var j = from
        while j + 1 < s.count {
            if s[j] == 0x0A { return nil }
            if s[j] == UInt8(ascii: "}"), s[j + 1] == UInt8(ascii: "}") { return j }
            j += 1
        }
        return nil
    }

    /// The text of the variable spelled `inner` (between the braces), or nil when it is not one.
    static func variable(_ inner: String, date: LocalDate, title: String, hour: Int, minute: Int) -> String? {
        let body = inner.trimmingCharacters(in: .whitespaces)
        let lower = body.lowercased()
        switch lower {
        case "date": return MomentFormat.format(date, "YYYY-MM-DD")
        case "time": return MomentFormat.format(date, "HH:mm", hour: hour, minute: minute)
        case "title": return title
        default: break
        }
        guard lower.hasPrefix("date") || lower.hasPrefix("time") else { return nil }
        let rest = body.dropFirst(4).drop { $0 == " " || $0 == "\t" }
        guard rest.first == ":" else { return nil }
        let pattern = rest.dropFirst().trimmingCharacters(in: .whitespaces)
        guard !pattern.isEmpty else { return nil }
        return MomentFormat.format(date, pattern, hour: hour, minute: minute)
    }
}
