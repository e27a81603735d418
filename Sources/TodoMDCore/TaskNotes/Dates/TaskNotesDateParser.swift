import Foundation

/// Strict parsing of TaskNotes temporal values, following the inbound acceptance matrix of
/// tasknotes-spec §3.4.4 (strict column).
public enum TaskNotesDateParser {
    /// Parses a date (`YYYY-MM-DD`) or a datetime (`YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`),
    /// after trimming surrounding whitespace.
    ///
    /// Rejected (§3.4.1, §3.4.2): impossible days (`2026-02-30`), out-of-range clock fields
    /// (`23:60`, leap second `23:59:60`), offsets beyond ±14:00, offset-less local datetimes,
    /// space-separated and basic (no separator) forms, lowercase `t`/`z`.
    public static func parse(_ raw: String) throws -> TaskNotesDateValue {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw TaskNotesError.emptyDateValue() }
        let u = Array(text.utf8)
        if let d = LocalDate(text) { return .date(d) }
        if let t = dateTime(u) { return .dateTime(t) }
        // Rejected: text with a time separator was meant as a datetime (the space-separated and
        // basic forms of §3.4.4 get `invalid_datetime_value`), anything else as a date.
        let timed = u.contains { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") || $0 == UInt8(ascii: ":") }
        throw timed ? TaskNotesError.notADatetime(raw) : TaskNotesError.notADate(raw)
    }

    /// Parses a date role value: exactly `YYYY-MM-DD` naming a real calendar day, no trimming
    /// and no datetime (§3.4.1).
    public static func parseDate(_ raw: String) throws -> LocalDate {
        guard !raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw TaskNotesError.emptyDateValue() }
        guard let d = LocalDate(raw) else { throw TaskNotesError.notADate(raw) }
        return d
    }

    /// The instant of a strict datetime (`Z` or an offset required, §3.4.2); nil for a date or
    /// anything `parse` rejects.
    public static func instant(_ raw: String) -> Date? {
        guard case .dateTime(let t)? = try? parse(raw) else { return nil }
        return t.instant
    }

    /// The strict datetime grammar over ASCII bytes; nil when anything is off.
    private static func dateTime(_ u: [UInt8]) -> TaskNotesDateTime? {
        guard u.count >= 20, u[10] == UInt8(ascii: "T"), let day = LocalDate(String(decoding: u[0..<10], as: UTF8.self)) else { return nil }
        var i = 11
        func number(_ width: Int) -> Int? {
            guard i + width <= u.count else { return nil }
            var v = 0
            for k in i..<(i + width) {
                guard u[k] >= 0x30, u[k] <= 0x39 else { return nil }
                v = v * 10 + Int(u[k] - 0x30)
            }
            i += width
            return v
        }
        func expect(_ c: Character) -> Bool {
            guard i < u.count, u[i] == UInt8(ascii: c.unicodeScalars.first!) else { return false }
            i += 1
            return true
        }
        guard let h = number(2), expect(":"), let m = number(2), expect(":"), let s = number(2),
              h <= 23, m <= 59, s <= 59 else { return nil }
        if expect(".") {
            let start = i
            while i < u.count, u[i] >= 0x30, u[i] <= 0x39 { i += 1 }
            // Fractional seconds are accepted and truncated (§3.3.2).
            guard i > start else { return nil }
        }
        var offset = 0
        if expect("Z") {
            offset = 0
        } else {
            guard i < u.count, u[i] == UInt8(ascii: "+") || u[i] == UInt8(ascii: "-") else { return nil }
            let sign = u[i] == UInt8(ascii: "+") ? 1 : -1
            i += 1
            guard let oh = number(2), expect(":"), let om = number(2),
                  om <= 59, oh < 14 || (oh == 14 && om == 0) else { return nil }
            offset = sign * (oh * 3600 + om * 60)
        }
        guard i == u.count else { return nil }
        return TaskNotesDateTime(writtenDate: day, hour: h, minute: m, second: s, offsetSeconds: offset)
    }
}
