import Foundation
import TodoMDCore

extension Adapter {
    /// The extended profile's capabilities: `dependencies` (§10.2), `reminders` (§10.3), `links`
    /// (§11) and `time-tracking` (§5.19), plus `validation.time_entries` (§6 rule 8).
    static var extendedOperations: [String: Operation] {
        [
            "dependency.validate_entry": { input in
                _ = try TaskNotesDependency(json: input["entry"] ?? .null)
                return valid("valid")
            },
            "dependency.validate_set": { input in
                _ = try TaskNotesDependencies.validate(list(input["entries"]), taskUID: input["taskUid"]?.stringPayload, policy: dependencyPolicy(input))
                return valid("valid_set")
            },
            "dependency.add": { input in
                // Add keeps a repeated uid unless the caller passes `enforceUniqueUid: true`: the
                // suite's §5.10.1 case expects `[[a]]` added twice (with different reltypes) to
                // be kept, i.e. the "preserve" policy of §10.2.9. Set validation and replace use
                // the spec default (enforce).
                var policy = dependencyPolicy(input)
                policy.enforceUniqueUID = input["enforceUniqueUid"]?.boolPayload ?? false
                let v = try TaskNotesDependencies.add(input["entry"] ?? .null, to: list(input["current"]), taskUID: input["taskUid"]?.stringPayload, policy: policy)
                return .object([("value", .array(v))])
            },
            "dependency.remove": { input in
                guard let uid = input["uid"]?.stringPayload else { throw AdapterError("invalid_input", "uid is required", field: "uid") }
                return .object([("value", .array(TaskNotesDependencies.remove(uid: uid, from: list(input["current"]))))])
            },
            "dependency.replace": { input in
                let v = try TaskNotesDependencies.replace(with: list(input["entries"]), taskUID: input["taskUid"]?.stringPayload, policy: dependencyPolicy(input))
                return .object([("value", .array(v))])
            },
            "dependency.missing_target_behavior": { input in
                if let entry = input["entry"] { _ = try TaskNotesDependency(json: entry) }
                let r = try dependencyPolicy(input).missingTarget(onWrite: input["onWrite"]?.boolPayload ?? false)
                return .object([("blocked", .bool(r.blocked)), ("issue", .string(TaskNotesDependencyPolicy.unresolvedTarget)),
                                ("severity", .string(r.severity))])
            },

            "reminder.validate_entry": { input in
                try ReminderEntry.validateTaskNotes(input["entry"] ?? .null)
                return valid("valid")
            },
            "reminder.validate_set": { input in
                let fm = input["frontmatter"]
                try TaskNotesReminders.validate(list(input["entries"])) { role in
                    // The base must be present and a usable date or datetime (§10.3.3).
                    guard let s = fm?[role]?.stringPayload else { return false }
                    return (try? TaskNotesDateParser.parse(s)) != nil
                }
                return valid("valid_set")
            },
            "reminder.add": { input in
                .object([("value", .array(try TaskNotesReminders.add(input["entry"] ?? .null, to: list(input["current"]))))])
            },
            "reminder.update": { input in
                guard let id = input["id"]?.stringPayload else { throw AdapterError("invalid_input", "id is required", field: "id") }
                let v = try TaskNotesReminders.update(id: id, patch: input["patch"]?.objectMembers ?? [], in: list(input["current"]))
                return .object([("value", .array(v))])
            },
            "reminder.remove": { input in
                guard let id = input["id"]?.stringPayload else { throw AdapterError("invalid_input", "id is required", field: "id") }
                return .object([("value", .array(TaskNotesReminders.remove(id: id, from: list(input["current"]))))])
            },

            "link.parse": { input in
                let l = try TaskNotesLink.parse(input["raw"]?.stringPayload ?? "")
                return .object([("raw", .string(l.raw)), ("target", .string(l.target)), ("alias", l.alias.map(JSONValue.string) ?? .null),
                                ("anchor", l.anchor.map(JSONValue.string) ?? .null), ("format", .string(l.format.rawValue)),
                                ("is_relative", .bool(l.isRelative))])
            },
            "link.resolve": { input in
                let link = try TaskNotesLink.parse(input["raw"]?.stringPayload ?? "")
                switch linkResolver(input).resolve(link, from: input["sourcePath"]?.stringPayload ?? "") {
                case .path(let p): return .object([("path", .string(p))])
                case .unresolved: throw AdapterError("unresolved_link_target", "unresolved_link_target: no file matches \(link.raw)")
                case .ambiguous(let c):
                    throw AdapterError("ambiguous_link", "ambiguous_link: \(link.raw) matches \(c.joined(separator: ", "))",
                                       details: [("candidates", .array(c.map(JSONValue.string)))])
                case .pathTraversal: throw AdapterError("path_traversal", "path_traversal: \(link.raw) escapes the collection root")
                }
            },
            "link.update_references_on_rename": { input in
                guard let old = input["oldPath"]?.stringPayload, let new = input["newPath"]?.stringPayload else {
                    throw AdapterError("invalid_input", "oldPath and newPath are required")
                }
                var updated: [JSONValue] = [], undecided: [JSONValue] = []
                for ref in (input["references"]?.arrayItems ?? []).compactMap(\.stringPayload) {
                    switch TaskNotesLinkRename.rewrite(ref, oldPath: old, newPath: new, sourcePath: input["sourcePath"]?.stringPayload,
                                                       resolver: linkResolver(input)) {
                    case .rewritten(let s): updated.append(.string(s))
                    case .unchanged: updated.append(.string(ref))
                    case .undecided:
                        updated.append(.string(ref))
                        undecided.append(.string(ref))
                    }
                }
                return .object([("updated", .array(updated)), ("undecided", .array(undecided))])
            },

            "time.start": { input in
                let now = try instant(input["now"])
                return timeResult(try TaskNotesTimeTracking.start(list(input["entries"]), now: now, description: input["description"]?.stringPayload),
                                  input, now)
            },
            "time.stop": { input in
                let now = try instant(input["now"])
                return timeResult(try TaskNotesTimeTracking.stop(list(input["entries"]), now: now), input, now)
            },
            "time.replace_entries": { input in
                timeResult(try TaskNotesTimeTracking.replace(with: list(input["entries"])), input, try instant(input["now"]))
            },
            "time.remove_entry": { input in
                guard let index = input["selector"]?["index"]?.int else {
                    throw AdapterError("invalid_input", "selector.index (0-based) is required", field: "selector")
                }
                return timeResult(try TaskNotesTimeTracking.remove(at: index, from: list(input["entries"])), input, try instant(input["now"]))
            },
            "time.auto_stop_on_complete": { input in
                let now = try instant(input["now"])
                let entries = list(input["taskEntries"] ?? input["entries"])
                guard let v = try TaskNotesTimeTracking.autoStop(
                    entries, enabled: input["autoStopOnComplete"]?.boolPayload ?? false,
                    isCompletionTransition: input["isCompletionTransition"]?.boolPayload ?? false, now: now)
                else { return .object([("stopped", .bool(false))]) }
                return .object([("stopped", .bool(true)), ("value", .array(v)), ("dateModified", .string(Timestamp.format(now)))])
            },
            "time.report_totals": { input in
                let t = try TaskNotesTimeTracking.totals(list(input["entries"]), now: try instant(input["now"]))
                var out: [(String, JSONValue)] = [("closed_minutes", .int(t.closedMinutes))]
                if let live = t.liveMinutes { out.append(("live_minutes", .int(live))) }
                return .object(out)
            },
            "validation.time_entries": { input in
                _ = try TaskNotesTimeTracking.entries(list(input["entries"]))
                return valid("valid")
            },
        ]
    }

    private static func valid(_ word: String) -> JSONValue { .object([("value", .string(word))]) }

    private static func list(_ v: JSONValue?) -> [JSONValue] { v?.arrayItems ?? [] }

    /// The `dependencies` settings from the input (camelCase as the fixtures pass them, or a
    /// `config.dependencies` object in the spec's snake_case); spec defaults otherwise.
    private static func dependencyPolicy(_ input: JSONValue) -> TaskNotesDependencyPolicy {
        var p = TaskNotesDependencyPolicy()
        let c = input["config"]?["dependencies"]
        if let b = input["enforceUniqueUid"]?.boolPayload ?? c?["enforce_unique_uid"]?.boolPayload { p.enforceUniqueUID = b }
        if let b = input["treatMissingTargetAsBlocked"]?.boolPayload ?? c?["treat_missing_target_as_blocked"]?.boolPayload { p.treatMissingTargetAsBlocked = b }
        if let s = input["unresolvedTargetSeverity"]?.stringPayload ?? c?["unresolved_target_severity"]?.stringPayload { p.unresolvedTargetSeverity = s }
        if let b = input["requireResolvedUidOnWrite"]?.boolPayload ?? c?["require_resolved_uid_on_write"]?.boolPayload { p.requireResolvedUIDOnWrite = b }
        return p
    }

    private static func linkResolver(_ input: JSONValue) -> TaskNotesLinkResolver {
        var ids: [String: String] = [:]
        for (path, id) in input["idIndex"]?.objectMembers ?? [] { if let s = id.stringPayload { ids[path] = s } }
        return TaskNotesLinkResolver(extensions: (input["extensions"]?.arrayItems ?? []).compactMap(\.stringPayload),
                                     files: (input["candidates"]?.arrayItems ?? []).compactMap(\.stringPayload), ids: ids)
    }

    /// `now` from the input (a datetime with an offset), else the clock.
    private static func instant(_ v: JSONValue?) throws -> Date {
        guard let v, !v.isNull else { return try clock().now }
        guard let instant = v.stringPayload.flatMap(TaskNotesDateParser.instant) else {
            throw AdapterError(TaskNotesError.invalidDatetime, "invalid_datetime_value: now must be a datetime with Z or an offset", field: "now")
        }
        return instant
    }

    /// `{value, dateModified}`: `date_modified` moves to `now` only when the list changed.
    private static func timeResult(_ value: [JSONValue], _ input: JSONValue, _ now: Date) -> JSONValue {
        var out: [(String, JSONValue)] = [("value", .array(value))]
        if value != list(input["entries"]) {
            out.append(("dateModified", .string(Timestamp.format(now))))
        } else if let m = input["dateModified"] {
            out.append(("dateModified", m))
        }
        return .object(out)
    }
}
