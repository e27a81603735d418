import Foundation
import TodoMDCore

extension Adapter {
    /// Create (tasknotes-spec §5.3) and the general operations of §5.23 (update, complete,
    /// uncomplete, atomic write, idempotency, error shape, delete).
    static var createOperations: [String: Operation] {
        [
            "create_compat.create": { input in
                // `forceCreateError` simulates a storage failure of the given code.
                if let forced = input["forceCreateError"]?.stringPayload { throw AdapterError(forced, forced) }
                let fixed = input["fixedNow"]?.stringPayload
                let now = try fixed.map { s -> Date in
                    guard let instant = TaskNotesDateParser.instant(s) else {
                        throw AdapterError("invalid_input", "fixedNow is not a datetime: \(s)", field: "fixedNow")
                    }
                    return instant
                } ?? clock().now
                let r = try TaskNotesCreation.create(frontmatter: input["frontmatter"]?.objectMembers ?? [],
                                                     type: TaskNotesTaskType(json: input["taskType"] ?? .object([])),
                                                     now: now, nowText: fixed, zone: runtimeZone(input))
                return .object([("path", .string(r.path)), ("frontmatter", .object(r.frontmatter)),
                                ("warnings", .array(r.warnings.map(JSONValue.string)))])
            },
            "op.update_patch": { input in
                let r = TaskNotesLifecycle.applyPatch(input["original"]?.objectMembers ?? [], input["patch"]?.objectMembers ?? [])
                return .object([("changed", .bool(r.changed)), ("frontmatter", .object(r.frontmatter))])
            },
            "op.atomic_write": { input in
                let original = input["original"]?.objectMembers ?? []
                let r = TaskNotesLifecycle.applyPatch(original, input["patch"]?.objectMembers ?? [])
                // A failure after the write rolls back to the original (§5.2 rule 2).
                let failed = input["simulateFailureAfterWrite"]?.boolPayload ?? false
                return .object([("committed", .bool(!failed)), ("persisted", .object(failed ? original : r.frontmatter))])
            },
            "op.complete_nonrecurring": { input in
                let r = try completeNonRecurring(input["frontmatter"]?.objectMembers ?? [], input)
                return lifecycleResult(r)
            },
            "op.uncomplete_nonrecurring": { input in
                let r = uncompleteNonRecurring(input["frontmatter"]?.objectMembers ?? [], input)
                return lifecycleResult(r)
            },
            "op.idempotency_check": { input in
                // Applying the operation to its own result, and to the given post-state, must
                // change nothing (§5.2.2).
                let op = input["operation"]?.stringPayload ?? ""
                func apply(_ fm: [(String, JSONValue)]) throws -> [(String, JSONValue)]? {
                    switch op {
                    case "complete_nonrecurring", "complete": return try completeNonRecurring(fm, input)
                    case "uncomplete_nonrecurring", "uncomplete": return uncompleteNonRecurring(fm, input)
                    case "update", "update_patch": return TaskNotesLifecycle.applyPatch(fm, input["patch"]?.objectMembers ?? []).frontmatter
                    case "create": return fm  // an existing record is not created again
                    default: return nil
                    }
                }
                var states: [[(String, JSONValue)]] = []
                if let first = input["first"]?.objectMembers, let once = try apply(first) { states.append(once) }
                if let second = input["second"]?.objectMembers { states.append(second) }
                guard !states.isEmpty || input["first"]?.isNull == true else {
                    throw AdapterError("unsupported_operation", "no idempotency rule for \(op)", field: "operation")
                }
                var idempotent = true
                for s in states {
                    guard let again = try apply(s) else { throw AdapterError("unsupported_operation", "no idempotency rule for \(op)", field: "operation") }
                    if JSONValue.object(again) != JSONValue.object(s) { idempotent = false }
                }
                return .object([("idempotent", .bool(idempotent))])
            },
            "op.error_shape": { input in
                let e = TaskNotesError(code: input["code"]?.stringPayload ?? "error",
                                                message: input["message"]?.stringPayload.flatMap { $0.isEmpty ? nil : $0 } ?? input["code"]?.stringPayload ?? "operation failed",
                                                field: input["field"]?.stringPayload)
                var out: [(String, JSONValue)] = [("operation", input["operation"] ?? .null), ("code", .string(e.code)), ("message", .string(e.message))]
                if let f = e.field { out.append(("field", .string(f))) }
                return .object(out)
            },
            "delete.remove": { input in
                try TaskNotesLifecycle.checkDelete(brokenLinks: (input["brokenLinks"]?.arrayItems ?? []).compactMap(\.stringPayload),
                                               checkBacklinks: input["checkBacklinks"]?.boolPayload ?? false,
                                               force: input["force"]?.boolPayload ?? false)
                return .object([("deleted", .bool(true)), ("path", input["path"] ?? .null)])
            },
        ]
    }

    static func completeNonRecurring(_ fm: [(String, JSONValue)], _ input: JSONValue) throws -> [(String, JSONValue)] {
        var statuses = TaskNotesStatusSet.pluginDefault
        if let values = input["completedValues"]?.arrayItems?.compactMap(\.stringPayload), !values.isEmpty { statuses.completedValues = values }
        let day: LocalDate
        if let explicit = input["explicitDate"]?.stringPayload {
            guard let parsed = try? TaskNotesDateParser.parse(explicit) else {
                throw AdapterError("invalid_date_value", "explicitDate is not a date: \(explicit)", field: "explicitDate")
            }
            day = parsed.day(in: try runtimeZone(input))
        } else {
            day = LocalDate(try clock().now, in: try runtimeZone(input))
        }
        return TaskNotesLifecycle.complete(fm, mapping: .pluginDefault, statuses: statuses, day: day).frontmatter
    }

    static func uncompleteNonRecurring(_ fm: [(String, JSONValue)], _ input: JSONValue) -> [(String, JSONValue)] {
        TaskNotesLifecycle.uncomplete(fm, mapping: .pluginDefault, statuses: .pluginDefault, status: input["defaultStatus"]?.stringPayload,
                                      clearCompletedDate: input["clearCompletedDate"]?.boolPayload ?? true).frontmatter
    }

    static func lifecycleResult(_ fm: [(String, JSONValue)]) -> JSONValue {
        let mapping = TaskNotesFieldMapping.pluginDefault
        return .object([("status", mapping.value(of: .status, in: fm)?.value ?? .null),
                        ("completedDate", mapping.value(of: .completedDate, in: fm)?.value ?? .null),
                        ("frontmatter", .object(fm))])
    }
}
