import Foundation

/// The active runtime timezone for day-level semantics (tasknotes-spec §3.6.1).
public enum TaskNotesTimeZone {
    /// The zone with IANA identifier `name` (surrounding whitespace ignored).
    public static func named(_ name: String) throws -> TimeZone {
        let id = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !id.isEmpty else {
            throw TaskNotesError(code: TaskNotesError.invalidTimezone, message: "Invalid timezone: empty name.")
        }
        guard let zone = TimeZone(identifier: id) else {
            throw TaskNotesError(code: TaskNotesError.invalidTimezone, message: "Invalid timezone \"\(id)\": unknown IANA identifier.")
        }
        return zone
    }

    /// The effective zone, resolved once per operation: the caller's, else the collection's
    /// configured zone, else the system's. A named zone that does not exist is an error rather
    /// than a silent fallback, so a typo cannot shift every day boundary.
    public static func effective(caller: String?, collection: String?, system: TimeZone) throws -> TimeZone {
        for name in [caller, collection] {
            if let name, !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { return try named(name) }
        }
        return system
    }
}
