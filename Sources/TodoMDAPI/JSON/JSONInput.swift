import Foundation
import TodoMDCore
import TodoMDService

/// Reading typed members of a JSON request (an HTTP body, MCP tool arguments): one reading of
/// fields and new tasks for every front end. Errors are `invalidArgument`.
public enum JSONInput {
    public static func string(_ v: JSONValue, _ key: String) throws -> String {
        guard case .string(let s) = v else { throw TodoError.invalidArgument("\(key) must be a string") }
        return s
    }

    public static func optionalString(_ members: [(String, JSONValue)], _ key: String) throws -> String? {
        guard let v = members.first(where: { $0.0 == key })?.1 else { return nil }
        if case .null = v { return nil }
        return try string(v, key)
    }

    /// A field value as the service takes it: `null` clears, strings, integers, booleans, lists of strings.
    public static func field(_ key: String, _ v: JSONValue) throws -> FieldInput {
        switch v {
        case .null: return .clear
        case .string(let s): return .text(s)
        case .int(let i): return .integer(i)
        case .bool(let b): return .bool(b)
        case .double(let d):
            guard d == d.rounded(), abs(d) < 1e15 else { throw TodoError.invalidArgument("\(key): only whole numbers are supported") }
            return .integer(Int(d))
        case .array(let items):
            return .list(try items.map { item in
                guard case .string(let s) = item else { throw TodoError.invalidArgument("\(key) must be a list of strings") }
                return s
            })
        case .object: throw TodoError.invalidArgument("\(key): objects are not supported; use a string, number, boolean, list or null")
        }
    }

    /// The fields `POST /api/tasks` takes (besides `text`).
    public static let newTaskKeys = ["title", "due", "defer", "scheduled", "priority", "flagged", "area", "project", "tags",
                              "estimated_minutes", "description", "recurrence", "recurrence_type", "status", "body", "source",
                              "parent", "checklist", "blocked_by"]

    /// A task to create from a JSON body: `{"text": "Buy milk tomorrow #errands"}` (quick entry;
    /// other members win over what the text says), or the fields with a `title`.
    public static func draft(_ members: [(String, JSONValue)]) throws -> TaskDraft {
        for (k, _) in members where k != "text" && !newTaskKeys.contains(k) {
            throw TodoError.invalidArgument("unknown field \"\(k)\"; a new task takes text or " + newTaskKeys.joined(separator: ", ")
                + " (set other keys with PATCH afterwards)")
        }
        let text = try optionalString(members, "text")
        if text != nil, members.contains(where: { $0.0 == "title" }) {
            throw TodoError.invalidArgument("give \"text\" (quick entry) or \"title\", not both")
        }
        guard let title = try text ?? optionalString(members, "title") else {
            throw TodoError.invalidArgument("a new task needs \"text\" (quick entry) or \"title\"")
        }
        var n = NewTask(title: title)
        func s(_ k: String) throws -> String? { try optionalString(members, k) }
        n.due = try s("due")
        n.deferDate = try s("defer")
        n.scheduled = try s("scheduled")
        n.priority = try s("priority")
        n.area = try s("area")
        n.project = try s("project")
        n.description = try s("description")
        n.recurrence = try s("recurrence")
        n.repeatMode = try s("recurrence_type")
        n.status = try s("status")
        n.body = try s("body")
        n.source = try s("source")
        n.parent = try s("parent")
        for (k, v) in members {
            switch (k, v) {
            case ("flagged", .bool(let b)): n.flagged = b
            case ("flagged", .null): break
            case ("flagged", _): throw TodoError.invalidArgument("flagged must be true or false")
            case ("estimated_minutes", .int(let m)): n.estimatedMinutes = m
            case ("estimated_minutes", .null): break
            case ("estimated_minutes", _): throw TodoError.invalidArgument("estimated_minutes must be a whole number")
            case ("tags", .array(let items)):
                n.tags = try items.map { try string($0, "tags") }
            case ("tags", .null): break
            case ("tags", _): throw TodoError.invalidArgument("tags must be a list of strings")
            case ("checklist", .array(let items)): n.checklist = try items.map { try string($0, "checklist") }
            case ("checklist", .null): break
            case ("blocked_by", .array(let items)): n.blockedBy = try items.map { try string($0, "blocked_by") }
            case ("blocked_by", .null): break
            case ("blocked_by", _): throw TodoError.invalidArgument("blocked_by must be a list of task references")
            case ("checklist", _): throw TodoError.invalidArgument("checklist must be a list of strings")
            default: break
            }
        }
        return TaskDraft(n, quickEntry: text != nil)
    }
}
