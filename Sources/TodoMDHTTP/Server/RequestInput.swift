import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TodoMDCore
import TodoMDService

/// Reading what a request says: its query (filters as `todomd list` takes them), its JSON body,
/// the version it read (`If-Match`), and task ids in paths.
extension Request {
    /// Every value of a query parameter (`tag=a&tag=b`), decoded once as a form is (`+` is a
    /// space, as browsers' URLSearchParams write it; a plus is `%2B`).
    func queryValues(_ name: String) -> [String] {
        guard let raw = uri.query else { return [] }
        func decode(_ s: Substring) -> String {
            let spaced = s.replacingOccurrences(of: "+", with: " ")
            return spaced.removingPercentEncoding ?? spaced
        }
        return raw.split(separator: "&").compactMap { pair in
            let kv = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard decode(kv[0]) == name else { return nil }
            return kv.count > 1 ? decode(kv[1]) : ""
        }
    }

    func query(_ name: String) -> String? { queryValues(name).last }

    /// The filters of `GET /api/views/{view}` and `/api/search`: `area`, `project`, `tag`…,
    /// `status`, `source`, `folder`, `not_tag`.
    func filter() throws -> TaskFilter {
        var statuses: [TaskStatus] = []
        for s in queryValues("status").flatMap({ $0.split(separator: ",").map(String.init) }) {
            guard let v = TaskStatus(rawValue: s.lowercased()) else {
                throw APIError.badRequest("unknown status \"\(s)\" (todo, in-progress, done, cancelled, someday)")
            }
            statuses.append(v)
        }
        return TaskFilter(area: query("area"), project: query("project"), tags: queryValues("tag"), statuses: statuses,
                          source: query("source"), folders: queryValues("folder"), excludedTags: queryValues("not_tag"))
    }

    /// The version the client read, from `If-Match` (`*` or none: no check).
    func expectedVersion() throws -> String? {
        guard let raw = headers[.ifMatch], raw.trimmingCharacters(in: .whitespaces) != "*" else { return nil }
        guard let v = TaskVersion.parse(raw) else {
            throw APIError(400, "invalid_argument", "If-Match must be a task version as given in its ETag, like \"0123456789abcdef\"")
        }
        return v
    }

    /// The body as a JSON object; an empty body is an empty object.
    mutating func jsonObject() async throws -> [(String, JSONValue)] {
        let buffer: ByteBuffer
        do { buffer = try await collectBody(upTo: APIServer.maxBodyBytes) } catch is NIOTooManyBytesError {
            // A chunked body grew past the limit (a declared Content-Length is refused earlier).
            throw APIError(413, "payload_too_large", "bodies are at most 1 MB")
        }
        guard buffer.readableBytes > 0 else { return [] }
        let value: JSONValue
        // Read in order (JSONText keeps key order, as `.theme.json` and perspectives are kept as sent).
        do { value = try JSONText.parse(Array(buffer.readableBytesView)) } catch {
            throw APIError.badRequest("the body is not valid JSON")
        }
        guard case .object(let members) = value else { throw APIError.badRequest("the body must be a JSON object") }
        return members
    }
}

/// A decoded path segment (`%2F` is a slash inside a task id).
func decodedSegment(_ s: Substring) -> String { String(s).removingPercentEncoding ?? String(s) }

/// Reading typed members of a JSON body.
enum BodyValue {
    static func string(_ v: JSONValue, _ key: String) throws -> String {
        guard case .string(let s) = v else { throw APIError.badRequest("\(key) must be a string") }
        return s
    }

    static func optionalString(_ members: [(String, JSONValue)], _ key: String) throws -> String? {
        guard let v = members.first(where: { $0.0 == key })?.1 else { return nil }
        if case .null = v { return nil }
        return try string(v, key)
    }

    /// A field value as the service takes it: `null` clears, strings, integers, booleans, lists of strings.
    static func field(_ key: String, _ v: JSONValue) throws -> FieldInput {
        switch v {
        case .null: return .clear
        case .string(let s): return .text(s)
        case .int(let i): return .integer(i)
        case .bool(let b): return .bool(b)
        case .double(let d):
            guard d == d.rounded(), abs(d) < 1e15 else { throw APIError.badRequest("\(key): only whole numbers are supported") }
            return .integer(Int(d))
        case .array(let items):
            return .list(try items.map { item in
                guard case .string(let s) = item else { throw APIError.badRequest("\(key) must be a list of strings") }
                return s
            })
        case .object: throw APIError.badRequest("\(key): objects are not supported; use a string, number, boolean, list or null")
        }
    }

    /// The fields `POST /api/tasks` takes (besides `text`).
    static let newTaskKeys = ["title", "due", "defer", "scheduled", "priority", "flagged", "area", "project", "tags",
                              "estimated_minutes", "description", "recurrence", "recurrence_type", "status", "body", "source"]

    /// A task to create from a JSON body: `{"text": "Buy milk tomorrow #errands"}` (quick entry;
    /// other members win over what the text says), or the fields with a `title`.
    static func draft(_ members: [(String, JSONValue)]) throws -> TaskDraft {
        for (k, _) in members where k != "text" && !newTaskKeys.contains(k) {
            throw APIError.badRequest("unknown field \"\(k)\"; a new task takes text or " + newTaskKeys.joined(separator: ", ")
                + " (set other keys with PATCH afterwards)")
        }
        let text = try optionalString(members, "text")
        if text != nil, members.contains(where: { $0.0 == "title" }) {
            throw APIError.badRequest("give \"text\" (quick entry) or \"title\", not both")
        }
        guard let title = try text ?? optionalString(members, "title") else {
            throw APIError.badRequest("a new task needs \"text\" (quick entry) or \"title\"")
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
        for (k, v) in members {
            switch (k, v) {
            case ("flagged", .bool(let b)): n.flagged = b
            case ("flagged", .null): break
            case ("flagged", _): throw APIError.badRequest("flagged must be true or false")
            case ("estimated_minutes", .int(let m)): n.estimatedMinutes = m
            case ("estimated_minutes", .null): break
            case ("estimated_minutes", _): throw APIError.badRequest("estimated_minutes must be a whole number")
            case ("tags", .array(let items)):
                n.tags = try items.map { try string($0, "tags") }
            case ("tags", .null): break
            case ("tags", _): throw APIError.badRequest("tags must be a list of strings")
            default: break
            }
        }
        return TaskDraft(n, quickEntry: text != nil)
    }
}
