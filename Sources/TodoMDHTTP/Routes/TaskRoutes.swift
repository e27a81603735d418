import Foundation
import HTTPTypes
import Hummingbird
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `/api/tasks`: read, create, change, act on and delete tasks. A task id is its JSON `id`
/// (a path, or `path#identity` for a checkbox task), percent-encoded; slashes may also be left
/// as they are. Any reference `todomd` takes (a file name, `path:line`, part of a title) works too.
struct TaskRoutes {
    let runner: ServiceRunner

    static let actions: Set<String> = ["done", "reopen", "cancel", "defer", "flag", "unflag", "move", "restore", "check", "nest", "rename"]

    func register(_ router: Router<APIContext>) {
        router.post("/api/tasks") { request, _ in try await create(request) }
        router.get("/api/tasks/**") { request, context in
            let parts = context.parameters.getCatchAll().map(decodedSegment)
            if parts.count >= 2, parts.last == "history" { return try await history(parts.dropLast().joined(separator: "/"), request) }
            return try await get(id(context), request)
        }
        router.patch("/api/tasks/**") { request, context in try await patch(id(context), request) }
        router.delete("/api/tasks/**") { request, context in try await delete(id(context), request) }
        router.post("/api/tasks/**") { request, context in
            var parts = context.parameters.getCatchAll().map(decodedSegment)
            guard parts.count >= 2, let action = parts.popLast(), Self.actions.contains(action) else {
                throw APIError(404, "not_found", "POST /api/tasks/{id}/ takes one of: " + Self.actions.sorted().joined(separator: ", "))
            }
            return try await act(action, parts.joined(separator: "/"), request)
        }
    }

    /// The task id of a `/api/tasks/**` path.
    private func id(_ context: APIContext) throws -> String {
        let id = context.parameters.getCatchAll().map(decodedSegment).joined(separator: "/")
        guard !id.isEmpty else { throw APIError(404, "not_found", "no task id in the path") }
        return id
    }

    func get(_ id: String, _ request: Request) async throws -> Response {
        let (t, today) = try await runner.run { (try $0.task(id), $0.clock.today) }
        if let match = request.headers[.ifNoneMatch], let v = t.version, TaskVersion.parse(match) == v {
            return Response(status: .notModified, headers: Responses.etag(v))
        }
        return Responses.json(TaskDocument(t, today: today), headers: Responses.etag(t.version))
    }

    /// `GET /api/tasks/{id}/history[?limit=N][&version=V]`: the versions of the task's file,
    /// newest first; with `version`, that version's content.
    func history(_ id: String, _ request: Request) async throws -> Response {
        let query = request.uri.queryParameters
        if let version = query["version"].map(String.init) {
            let (path, bytes, v) = try await runner.run { try $0.versionBytes(id, version: version) }
            return Responses.json(VersionContentDocument(path: path, version: "v\(v.seq)", bytes: bytes))
        }
        var limit = 100
        if let text = query["limit"] {
            guard let n = Int(text), (1...1000).contains(n) else { throw APIError.badRequest("limit must be a number from 1 to 1000") }
            limit = n
        }
        let max = limit
        let h = try await runner.run { try $0.history(id, limit: max) }
        return Responses.json(HistoryDocument(h))
    }

    func create(_ request: Request) async throws -> Response {
        var request = request
        let draft = try JSONInput.draft(try await request.jsonObject())
        let (added, today) = try await runner.run { (try $0.add(draft), $0.clock.today) }
        var headers = Responses.etag(added.task.version)
        headers[.location] = "/api/tasks/" + Self.encode(added.task.task.id)
        return Responses.json(NewTaskDocument(added, today: today), status: .created, headers: headers)
    }

    func patch(_ id: String, _ request: Request) async throws -> Response {
        var request = request
        let expected = try request.expectedVersion()
        let members = try await request.jsonObject()
        let fields = try members.map { ($0.0, try JSONInput.field($0.0, $0.1)) }
        let (o, today) = try await runner.run { (try $0.set(id, fields: fields, expected: expected), $0.clock.today) }
        return Responses.json(ActionDocument(o, today: today), headers: Responses.etag(o.task.version))
    }

    func delete(_ id: String, _ request: Request) async throws -> Response {
        let expected = try request.expectedVersion()
        let d = try await runner.run { try $0.delete(id, expected: expected) }
        return Responses.json(DeleteDocument(d))
    }

    func act(_ action: String, _ id: String, _ request: Request) async throws -> Response {
        var request = request
        let expected = try request.expectedVersion()
        let members = try await request.jsonObject()
        if action == "move" {
            let before = try JSONInput.optionalString(members, "before"), after = try JSONInput.optionalString(members, "after")
            guard (before == nil) != (after == nil) else { throw APIError.badRequest("give exactly one of \"before\" and \"after\"") }
            let view = try JSONInput.optionalString(members, "view")
            let m = try await runner.run { try $0.move(id, before: before != nil, other: before ?? after ?? "", view: view) }
            return Responses.json(MoveDocument(m))
        }
        if action == "restore" {
            guard let version = try JSONInput.optionalString(members, "version") else {
                throw APIError.badRequest("restore needs {\"version\": \"v12\"} (GET /api/tasks/{id}/history lists them)")
            }
            let (o, today) = try await runner.run { (try $0.restoreVersion(id, version: version, expected: expected), $0.clock.today) }
            return Responses.json(ActionDocument(o, today: today), headers: Responses.etag(o.task.version))
        }
        if action == "check" {
            // A checklist item (issue 21): {"item": 2 | "charger", "done"?: true}; without done it toggles.
            let item: String
            switch members.first(where: { $0.0 == "item" })?.1 {
            case .int(let n)?: item = String(n)
            case .string(let t)? where !t.trimmingCharacters(in: .whitespaces).isEmpty: item = t
            default: throw APIError.badRequest("check needs {\"item\": its number or part of its text}")
            }
            let done: Bool?
            switch members.first(where: { $0.0 == "done" })?.1 {
            case nil, .null?: done = nil
            case .bool(let b)?: done = b
            default: throw APIError.badRequest("done must be true or false")
            }
            let (o, today) = try await runner.run { (try $0.check(id, item: item, done: done, expected: expected), $0.clock.today) }
            return Responses.json(ActionDocument(o, today: today), headers: Responses.etag(o.task.version))
        }
        if action == "nest" {
            // Subtasks (issue 21): {"parent": a task id or reference | null}.
            let parent = try JSONInput.optionalString(members, "parent")
            let (o, today) = try await runner.run { (try $0.nest(id, under: parent, expected: expected), $0.clock.today) }
            return Responses.json(ActionDocument(o, today: today), headers: Responses.etag(o.task.version))
        }
        if action == "rename" {
            // Renaming or moving the file (issue 21): {"name": "trip" | "Trips/2027.md"}; the links
            // to it (subtasks' parent, dependents' blocked_by) are rewritten in the same action.
            guard let name = try JSONInput.optionalString(members, "name"), !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw APIError.badRequest("rename needs {\"name\": a file name or a vault path}")
            }
            let (o, today) = try await runner.run { (try $0.rename(id, to: name, expected: expected), $0.clock.today) }
            return Responses.json(ActionDocument(o, today: today), headers: Responses.etag(o.task.version))
        }
        let withChildren: Bool
        switch members.first(where: { $0.0 == "with_children" })?.1 {
        case nil, .null?: withChildren = false
        case .bool(let b)? where action == "done": withChildren = b
        default: throw APIError.badRequest("with_children is true or false, for done")
        }
        let date = action == "defer" ? try JSONInput.optionalString(members, "date") : nil
        if action == "defer", date == nil { throw APIError.badRequest("defer needs {\"date\": \"…\"} (2026-12-01, tomorrow, +3d…)") }
        let (o, today) = try await runner.run { s -> (ActionOutcome, LocalDate) in
            let outcome: ActionOutcome
            switch action {
            case "done": outcome = try s.complete(id, expected: expected, withChildren: withChildren)
            case "reopen": outcome = try s.reopen(id, expected: expected)
            case "cancel": outcome = try s.cancel(id, expected: expected)
            case "defer": outcome = try s.deferTask(id, until: date ?? "", expected: expected).0
            case "flag": outcome = try s.flag(id, true, expected: expected)
            default: outcome = try s.flag(id, false, expected: expected)
            }
            return (outcome, s.clock.today)
        }
        return Responses.json(ActionDocument(o, today: today), headers: Responses.etag(o.task.version))
    }

    /// A task id as one path segment (`/` and `#` percent-encoded).
    static func encode(_ id: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/#?%")
        return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
    }
}
