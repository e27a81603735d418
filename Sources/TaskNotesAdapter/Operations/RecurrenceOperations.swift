import Foundation
import TodoMDCore

extension Adapter {
    /// The spec's recurrence operations (§4, §5.7–§5.9): JSON in, `TaskNotesRecurrence` /
    /// `TaskNotesInstanceLists` calls, JSON out.
    static var recurrenceOperations: [String: Operation] {
        [
            "recurrence.complete": { input in
                let zone = try runtimeZone(input)
                let task = try recurringTask(input)
                let target = try TaskNotesTargetDay.resolve(
                    explicit: try optionalString(input, "completionDate"), scheduled: task.scheduled, due: task.due,
                    today: LocalDate(try clock().now, in: zone), zone: zone, field: "completionDate")
                return updateJSON(try TaskNotesRecurrence.complete(task, target: target, zone: zone), lists: true)
            },
            "recurrence.recalculate": { input in
                let zone = try runtimeZone(input)
                let task = try recurringTask(input)
                let reference = try optionalString(input, "referenceDate").map {
                    try TaskNotesTargetDay.explicit($0, zone: zone, field: "referenceDate").day
                } ?? LocalDate(try clock().now, in: zone)
                return updateJSON(try TaskNotesRecurrence.recalculate(task, reference: reference, zone: zone), lists: false)
            },
            "recurrence.uncomplete_instance": { input in try instanceOperation(input) { $0.clearCompleted($1) } },
            "recurrence.skip_instance": { input in try instanceOperation(input) { $0.markSkipped($1) } },
            "recurrence.unskip_instance": { input in try instanceOperation(input) { $0.clearSkipped($1) } },
            "recurrence.effective_state": { input in
                let (lists, target) = try instanceInput(input)
                return .object([("value", .string(lists.state(on: target.day).rawValue))])
            },
        ]
    }

    /// uncomplete/skip/unskip: the lists after the change; `updatedRecurrence` echoes the rule
    /// unchanged (§4.8 item 3: uncompleting never rolls `DTSTART` back).
    private static func instanceOperation(_ input: JSONValue,
                                          _ change: @escaping (inout TaskNotesInstanceLists, LocalDate) -> Bool) throws -> JSONValue {
        var (lists, target) = try instanceInput(input)
        let changed = change(&lists, target.day)
        var out = listsJSON(lists)
        out.append(("changed", .bool(changed)))
        if let rule = try optionalString(input, "recurrence") { out.append(("updatedRecurrence", .string(rule))) }
        return .object(out)
    }

    private static func instanceInput(_ input: JSONValue) throws -> (TaskNotesInstanceLists, TaskNotesTargetDay) {
        let zone = try runtimeZone(input)
        let lists = TaskNotesInstanceLists(completeInstances: try stringList(input, "completeInstances"),
                                           skippedInstances: try stringList(input, "skippedInstances"))
        let target = try TaskNotesTargetDay.resolve(
            explicit: try optionalString(input, "targetDate"), scheduled: try optionalString(input, "scheduled"),
            due: try optionalString(input, "due"), today: LocalDate(try clock().now, in: zone), zone: zone)
        return (lists, target)
    }

    private static func recurringTask(_ input: JSONValue) throws -> TaskNotesRecurringTask {
        guard let rule = try optionalString(input, "recurrence") else {
            throw AdapterError("invalid_recurrence_rule", "recurrence is required", field: "recurrence")
        }
        return TaskNotesRecurringTask(
            recurrence: rule, anchor: try TaskNotesRecurrenceAnchor(stored: optionalString(input, "recurrenceAnchor")),
            scheduled: try optionalString(input, "scheduled"), due: try optionalString(input, "due"),
            dateCreated: try optionalString(input, "dateCreated"),
            instances: TaskNotesInstanceLists(completeInstances: try stringList(input, "completeInstances"),
                                              skippedInstances: try stringList(input, "skippedInstances")))
    }

    private static func updateJSON(_ u: TaskNotesRecurrenceUpdate, lists: Bool) -> JSONValue {
        var out: [(String, JSONValue)] = [
            ("updatedRecurrence", .string(u.recurrence)),
            ("nextScheduled", u.nextScheduled.map(JSONValue.string) ?? .null),
            ("nextDue", u.nextDue.map(JSONValue.string) ?? .null),
        ]
        if lists { out += listsJSON(u.instances) }
        return .object(out)
    }

    private static func listsJSON(_ l: TaskNotesInstanceLists) -> [(String, JSONValue)] {
        [("completeInstances", .array(l.completeInstances.map(JSONValue.string))),
         ("skippedInstances", .array(l.skippedInstances.map(JSONValue.string)))]
    }

    /// A string member; absent, null or empty reads as nil.
    private static func optionalString(_ input: JSONValue, _ key: String) throws -> String? {
        guard let v = input[key], !v.isNull else { return nil }
        guard let s = v.stringPayload else { throw AdapterError("invalid_type", "\(key) must be a string", field: key) }
        return s.isEmpty ? nil : s
    }

    private static func stringList(_ input: JSONValue, _ key: String) throws -> [String] {
        guard let v = input[key], !v.isNull else { return [] }
        guard let items = v.arrayItems else { throw AdapterError("invalid_type", "\(key) must be a list of dates", field: key) }
        return try items.map {
            guard let s = $0.stringPayload else { throw AdapterError("invalid_type", "\(key) must be a list of dates", field: key) }
            return s
        }
    }
}
