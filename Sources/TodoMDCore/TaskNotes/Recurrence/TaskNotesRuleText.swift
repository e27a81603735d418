import Foundation

/// A TaskNotes recurrence string (tasknotes-spec §4.3.1): an RRULE parameter list with an
/// optional leading inline `DTSTART`. Parsed with the engine's RFC 5545 parser; the parameter
/// text is also kept as written, because rewriting `DTSTART` must preserve every other RRULE
/// component (§4.4.3 item 4) rather than re-serialise the rule.
public struct TaskNotesRuleText: Sendable, Equatable {
    /// The text as given.
    public let original: String
    /// The parsed rule; `rule.start` / `rule.startIsUTC` carry the inline `DTSTART`.
    public let rule: RecurrenceRule
    /// The RRULE parameters without `DTSTART` and without an `RRULE:` prefix, lines joined by `;`.
    public let parameters: String

    /// Parses `text`; accepts inbound `RRULE:` prefixes and multi-line forms (§4.3.1).
    /// Throws `invalid_recurrence_rule` for an empty or invalid rule.
    public init(_ text: String) throws {
        guard !text.trimmedSpaces.isEmpty else {
            throw TaskNotesError("invalid_recurrence_rule", "recurrence is empty", field: "recurrence")
        }
        do {
            let rule = try RecurrenceRule(rrule: text)
            try rule.validate()
            self.rule = rule
        } catch let e as RecurrenceRuleError {
            throw TaskNotesError("invalid_recurrence_rule", "invalid recurrence '\(text)': \(e.message)", field: "recurrence")
        }
        original = text
        parameters = Self.parameters(of: text)
    }

    /// The inline `DTSTART`, if any.
    public var start: RecurrenceInstant? { rule.start }

    /// The canonical combined form `DTSTART:<value>;<parameters>` (§4.3.1) with `start` as the
    /// DTSTART: `YYYYMMDD` for a day, `YYYYMMDDTHHMMSSZ` when `utc` (a UTC date-time).
    public func withStart(_ start: RecurrenceInstant, utc: Bool) -> String {
        "DTSTART:" + RecurrenceRule.formatDateValue(start, utc: utc && start.time != nil) + ";" + parameters
    }

    /// The parameter parts of `text`: everything but `DTSTART` (and the `VALUE=`/`TZID=`
    /// parameters of a `DTSTART;VALUE=DATE:…` split at `;`), as the engine's parser reads it.
    static func parameters(of text: String) -> String {
        var parts: [String] = []
        for rawLine in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
            var line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.uppercased().hasPrefix("RRULE:") { line = String(line.dropFirst(6)) }
            var inStartParams = false
            for p in line.split(separator: ";", omittingEmptySubsequences: true) {
                let part = p.trimmingCharacters(in: .whitespaces)
                let up = part.uppercased()
                if part.isEmpty { continue }
                if up.hasPrefix("DTSTART") {
                    inStartParams = up == "DTSTART"
                    continue
                }
                if up.hasPrefix("VALUE=") || up.hasPrefix("TZID=") {
                    if inStartParams && part.contains(":") { inStartParams = false }
                    continue
                }
                inStartParams = false
                parts.append(up.hasPrefix("RRULE:") ? String(part.dropFirst(6)) : part)
            }
        }
        return parts.joined(separator: ";")
    }
}
