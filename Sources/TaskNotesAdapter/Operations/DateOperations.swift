import Foundation
import TodoMDCore

extension Adapter {
    /// The spec's date operations (tasknotes-spec §3): JSON in, `TaskNotesDateParser` /
    /// `TaskNotesDayRules` / `TaskNotesTargetDay` / `TaskNotesTimeZone` calls, JSON out.
    static var dateOperations: [String: Operation] {
        [
            "date.parse_utc": { input in
                let value = try engine(field: "value") { try TaskNotesDateParser.parse(dateText(input, "value")) }
                let day = value.utcDate.description
                return .object([("date", .string(day)), ("isoDate", .string(day)),
                                ("kind", .string(value.hasTime ? "datetime" : "date")), ("canonical", .string(value.canonical))])
            },
            "date.parse_local": { input in
                let value = try engine(field: "value") { try TaskNotesDateParser.parse(dateText(input, "value")) }
                let zone = try runtimeZone(input)
                return .object([("localDate", .string(value.day(in: zone).description)), ("isoDate", .string(value.utcDate.description)),
                                ("kind", .string(value.hasTime ? "datetime" : "date")), ("canonical", .string(value.canonical))])
            },
            "date.validate": { input in
                let day = try engine(field: "value") { try TaskNotesDateParser.parseDate(dateText(input, "value")) }
                return .object([("value", .string(day.description))])
            },
            "date.get_part": { input in
                // The day written before the `T`, the time part unread (offset-less times have one too).
                let text = dateText(input, "value")
                guard let day = TaskNotesTargetDay.dayToken(text) else {
                    throw TaskNotesError.notADate(text, field: "value")
                }
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
                let today = LocalDate(try clock().now, in: zone)
                let explicit = input["explicitDate"]?.stringPayload.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
                let target = try TaskNotesTargetDay.resolve(explicit: explicit, scheduled: input["scheduled"]?.stringPayload,
                                                            due: input["due"]?.stringPayload, today: today, zone: zone, field: "explicitDate")
                return .object([("value", .string(target.day.description))])
            },
            "date.day_in_timezone": { input in
                let value = try engine(field: "instant") { try TaskNotesDateParser.parse(dateText(input, "instant")) }
                let zone = try engine(field: "timezone") { try TaskNotesTimeZone.named(dateText(input, "timezone")) }
                return .object([("value", .string(value.day(in: zone).description))])
            },
        ]
    }

    /// The string member `key` of the input; absent or null reads as empty (an invalid value).
    private static func dateText(_ input: JSONValue, _ key: String) -> String {
        input[key]?.stringPayload ?? ""
    }
}
