import Foundation
import TodoMDCore

extension Adapter {
    /// The spec's date operations (tasknotes-spec §3): JSON in, `TaskNotesDateParser` /
    /// `TaskNotesDayRules` / `TaskNotesTimeZone` calls, JSON out.
    static var dateOperations: [String: Operation] {
        [
            "date.parse_utc": { input in
                let value = try dateCall("value") { try TaskNotesDateParser.parse(dateText(input, "value")) }
                let day = value.utcDate.description
                return .object([("date", .string(day)), ("isoDate", .string(day)),
                                ("kind", .string(value.hasTime ? "datetime" : "date")), ("canonical", .string(value.canonical))])
            },
            "date.parse_local": { input in
                let value = try dateCall("value") { try TaskNotesDateParser.parse(dateText(input, "value")) }
                let zone = try runtimeZone(input)
                return .object([("localDate", .string(value.day(in: zone).description)), ("isoDate", .string(value.utcDate.description)),
                                ("kind", .string(value.hasTime ? "datetime" : "date")), ("canonical", .string(value.canonical))])
            },
            "date.validate": { input in
                let day = try dateCall("value") { try TaskNotesDateParser.parseDate(dateText(input, "value")) }
                return .object([("value", .string(day.description))])
            },
            "date.get_part": { input in
                let day = try dateCall("value") { try TaskNotesDayRules.datePart(of: dateText(input, "value")) }
                return .object([("value", .string(day.description))])
            },
            "date.has_time": { input in
                .object([("value", .bool(TaskNotesDayRules.hasTimeComponent(dateText(input, "value"))))])
            },
            "date.is_same": { input in
                .object([("value", .bool(TaskNotesDayRules.isSameDay(dateText(input, "a"), dateText(input, "b"))))])
            },
            "date.is_before": { input in
                .object([("value", .bool(TaskNotesDayRules.isBeforeDay(dateText(input, "a"), dateText(input, "b"))))])
            },
            "date.resolve_operation_target": { input in
                let zone = try runtimeZone(input)
                let today = LocalDate(try Clock.fromEnvironment().now, in: zone)
                let day = try dateCall("explicitDate") {
                    try TaskNotesDayRules.operationTargetDate(explicit: input["explicitDate"]?.string, scheduled: input["scheduled"]?.string,
                                                              due: input["due"]?.string, today: today)
                }
                return .object([("value", .string(day.description))])
            },
            "date.day_in_timezone": { input in
                let value = try dateCall("instant") { try TaskNotesDateParser.parse(dateText(input, "instant")) }
                let zone = try dateCall("timezone") { try TaskNotesTimeZone.named(dateText(input, "timezone")) }
                return .object([("value", .string(value.day(in: zone).description))])
            },
        ]
    }

    /// The string member `key` of the input; absent or null reads as empty (an invalid value).
    private static func dateText(_ input: JSONValue, _ key: String) -> String {
        input[key]?.string ?? ""
    }

    /// The operation's effective timezone (§3.6.1): the caller's `timezone`, else the process's
    /// (`TZ` or the system zone).
    private static func runtimeZone(_ input: JSONValue) throws -> TimeZone {
        let system = try Clock.fromEnvironment().timeZone
        return try dateCall("timezone") { try TaskNotesTimeZone.effective(caller: input["timezone"]?.string, collection: nil, system: system) }
    }

    /// Runs an engine call, turning its `TaskNotesDateError` into an error envelope on `field`.
    private static func dateCall<T>(_ field: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as TaskNotesDateError {
            throw AdapterError(e.code, e.message, field: field)
        }
    }
}
