import Foundation
import TodoMDCore

/// Which snapshot a `DATE` argument names (`backup restore DATE`):
///
/// - `latest`: the newest;
/// - a snapshot id (`20261124-090000`), or the start of one (`20261124`, `20261124-09`): the
///   newest snapshot whose id starts so, else the newest before it (ids are UTC, as listed);
/// - a date or time in the local zone (`2026-11-24`, `2026-11-24T09:30`, `yesterday`, `-2d`,
///   or ISO-8601 with an offset): the newest snapshot taken at or before it; a day alone
///   means its end, so `yesterday` is the last snapshot of yesterday.
enum BackupDate {
    /// The id `text` names among `ids` (newest first).
    static func pick(_ text: String, ids: [String], clock: Clock) throws -> String {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty else { throw TodoError.invalidArgument("which backup? give a date or a backup id (todomd backup list)") }
        guard let newest = ids.first else { throw TodoError.missing("there are no backups yet (todomd backup now takes one)") }
        if ["latest", "last", "newest"].contains(t.lowercased()) { return newest }
        if ids.contains(t) { return t }
        if isIDPrefix(t) {
            if let id = ids.first(where: { $0.hasPrefix(t) || $0 < t }) { return id }
            throw TodoError.missing("no backup at or before \(t) (the oldest is \(ids.last!))")
        }
        let instant = try self.instant(t, clock: clock)
        if let id = ids.first(where: { (BackupID.parse($0)?.date ?? .distantFuture) <= instant }) { return id }
        throw TodoError.missing("no backup at or before \(t) (the oldest is \(ids.last!))")
    }

    /// `2026`, `20261124`, `20261124-0930`: 4 to 8 digits, then optionally `-` and more.
    private static func isIDPrefix(_ t: String) -> Bool {
        let head = t.prefix { $0 != "-" }
        guard (4...8).contains(head.count), head.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
        return head.count == t.count || (head.count == 8 && t.allSatisfy { ($0.isASCII && $0.isNumber) || $0 == "-" })
    }

    /// The last instant `text` covers: the end of a day, or of a minute.
    private static func instant(_ t: String, clock: Clock) throws -> Date {
        if t.count > 10, let d = Timestamp.parse(t, zone: clock.timeZone) {
            return t.count == 16 ? d.addingTimeInterval(59) : d
        }
        guard let when = try? DateArgument.parse(t, clock: clock) else {
            throw TodoError.invalidArgument("not a backup or a date: \"\(t)\" (try latest, an id from todomd backup list, 2026-11-24, yesterday, -2d)")
        }
        guard when.time != nil else { return when.date.adding(days: 1).startInstant(in: clock.timeZone).addingTimeInterval(-0.001) }
        return when.instant(in: clock.timeZone).addingTimeInterval(59)
    }
}
