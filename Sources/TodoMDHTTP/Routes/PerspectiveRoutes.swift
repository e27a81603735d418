import Foundation
import HTTPTypes
import Hummingbird
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `/api/perspectives` (saved filters: the built-in views, then `.perspectives.json`'s) and
/// `/api/query` (a filter run without saving it). Bodies are perspectives in the file's format,
/// read by `PerspectiveJSON` (the one parser for definitions), with `query` (the text syntax)
/// standing for `filter`. Writes take the version a client read, as task writes do: `If-Match`
/// (or a `version` member); a stale one is a 409.
struct PerspectiveRoutes {
    let runner: ServiceRunner

    func register(_ router: Router<APIContext>) {
        router.get("/api/perspectives") { _, _ in
            Responses.json(PerspectiveListDocument(try await runner.run { $0.perspectives() }))
        }
        router.post("/api/perspectives") { request, _ in try await create(request) }
        router.get("/api/perspectives/{id}") { request, context in try await get(try Self.id(context), request) }
        router.put("/api/perspectives/{id}") { request, context in try await update(try Self.id(context), request) }
        router.delete("/api/perspectives/{id}") { request, context in try await delete(try Self.id(context), request) }
        router.get("/api/perspectives/{id}/tasks") { request, context in
            let ref = try Self.id(context), filter = try request.filter(), window = try VaultRoutes.window(request)
            let page = try await runner.run { s in try s.run(try s.perspective(ref).perspective, filter: filter) }
            return Responses.json(AnyViewDocument(page, window: window))
        }
        router.post("/api/query") { request, _ in try await query(request) }
    }

    /// The perspective a path names: its id (or name), percent-decoded.
    static func id(_ context: APIContext) throws -> String {
        decodedSegment(Substring(try context.parameters.require("id")))
    }

    func get(_ ref: String, _ request: Request) async throws -> Response {
        let e = try await runner.run { try $0.perspective(ref) }
        if let match = request.headers[.ifNoneMatch], let v = e.version, TaskVersion.parse(match) == v {
            return Response(status: .notModified, headers: Responses.etag(v))
        }
        return Responses.json(PerspectiveDocument(e), headers: Responses.etag(e.version))
    }

    func create(_ request: Request) async throws -> Response {
        var request = request
        let members = try await request.jsonObject()
        let p = try Self.definition(members, id: nil)
        let e = try await runner.run { try $0.addPerspective(p) }
        var headers = Responses.etag(e.version)
        headers[.location] = "/api/perspectives/" + TaskRoutes.encode(e.perspective.id)
        return Responses.json(PerspectiveDocument(e), status: .created, headers: headers)
    }

    func update(_ ref: String, _ request: Request) async throws -> Response {
        var request = request
        let members = try await request.jsonObject()
        let expected = try Self.expectedVersion(request, members)
        let e = try await runner.run { s -> PerspectiveEntry in
            // The path may name it by id or by name; the body's id (a rename) defaults to its id.
            let id = (try? s.perspective(ref)).flatMap { $0.builtIn ? nil : $0.perspective.id } ?? ref
            return try s.updatePerspective(id, with: try Self.definition(members, id: id), expected: expected)
        }
        return Responses.json(PerspectiveDocument(e), headers: Responses.etag(e.version))
    }

    func delete(_ ref: String, _ request: Request) async throws -> Response {
        var request = request
        let expected = try Self.expectedVersion(request, try await request.jsonObject())
        let (removed, copy) = try await runner.run { try $0.removePerspective(ref, expected: expected) }
        return Responses.json(PerspectiveDeleteDocument(removed: removed, trash: copy))
    }

    /// `{"query": "area:Work & p1"}` or `{"filter": {…}}`, with `sort` and `group_by` as a
    /// perspective has them: run once, saved nowhere.
    func query(_ request: Request) async throws -> Response {
        var request = request
        let filter = try request.filter(), window = try VaultRoutes.window(request)
        let members = try await request.jsonObject()
        for (k, _) in members where !Self.queryKeys.contains(k) {
            throw APIError.badRequest("unknown field \"\(k)\"; a query takes " + Self.queryKeys.joined(separator: ", "))
        }
        let text = try JSONInput.optionalString(members, "query")
        let tree = Self.member(members, "filter")
        guard (text == nil) != (tree == nil) else {
            throw APIError.badRequest("give {\"query\": \"area:Work & p1\"} (the text syntax) or {\"filter\": {…}} (a tree as in .perspectives.json), one of them")
        }
        var object: [(String, JSONValue)] = [("id", .string("query"))]
        object.append(("filter", try tree ?? QueryJSON.json(Self.parse(text ?? ""))))
        for k in ["sort", "group_by"] { if let v = Self.member(members, k) { object.append((k, v)) } }
        let p = try Self.reading { try PerspectiveJSON.perspective(.object(object), path: "") }
        let adHoc = TodoService.adHoc(p.filter, sort: p.sort, groupBy: p.groupBy)
        let page = try await runner.run { try $0.run(adHoc, filter: filter) }
        return Responses.json(AnyViewDocument(page, window: window))
    }

    static let queryKeys = ["query", "filter", "sort", "group_by"]

    // MARK: Reading bodies

    /// A perspective from a body in `.perspectives.json`'s format. `query` (the text syntax)
    /// may replace `filter`; `version` is the version read, not part of it. Without an `id`, it
    /// is `id` (the path's) or made from the name. Keys this version does not know are kept.
    static func definition(_ members: [(String, JSONValue)], id fallback: String?) throws -> Perspective {
        for k in ["built_in", "definition"] where members.contains(where: { $0.0 == k }) {
            throw APIError.badRequest("\"\(k)\" is part of the perspective document; send its \"definition\" (id, name, filter, sort, group_by…)")
        }
        var object = members.filter { $0.0 != "query" && $0.0 != "version" }
        if let text = try JSONInput.optionalString(members, "query") {
            if member(members, "filter") != nil {
                throw APIError.badRequest("give \"query\" (the text syntax) or \"filter\" (a tree), not both")
            }
            object.removeAll { $0.0 == "filter" }
            object.append(("filter", QueryJSON.json(try parse(text))))
        }
        if member(object, "id") == nil {
            object.removeAll { $0.0 == "id" }
            if let fallback {
                object.insert(("id", .string(fallback)), at: 0)
            } else if case .string(let name)? = member(object, "name"), !name.trimmingCharacters(in: .whitespaces).isEmpty {
                object.insert(("id", .string(PerspectiveID.make(from: name))), at: 0)
            } else {
                throw APIError.badRequest("a perspective needs an \"id\" (letters, digits, - and _) or a \"name\" to make one from")
            }
        }
        return try reading { try PerspectiveJSON.perspective(.object(object), path: "") }
    }

    /// The version a write expects: `If-Match` (`*`: none), or the body's `version` (they
    /// must agree). Read as tasks' versions are.
    static func expectedVersion(_ request: Request, _ members: [(String, JSONValue)]) throws -> String? {
        func version(_ raw: String, _ source: String) throws -> String {
            guard let v = TaskVersion.parse(raw) else {
                throw APIError.badRequest("\(source) must be a perspective's version as given in its ETag, like \"0123456789abcdef\"")
            }
            return v
        }
        var header: String?
        if let raw = request.headers[.ifMatch], raw.trimmingCharacters(in: .whitespaces) != "*" { header = try version(raw, "If-Match") }
        var body: String?
        switch member(members, "version") {
        case nil: break
        case .string(let s)?: body = try version(s, "version")
        default: throw APIError.badRequest("version must be a string")
        }
        if let header, let body, header != body {
            throw APIError.badRequest("If-Match (\(header)) and \"version\" (\(body)) disagree; send one")
        }
        return header ?? body
    }

    /// A member's value; nil when absent or null.
    static func member(_ members: [(String, JSONValue)], _ key: String) -> JSONValue? {
        guard let v = members.first(where: { $0.0 == key })?.1, v != .null else { return nil }
        return v
    }

    /// A query in the text syntax; a mistake is a 400 with its column.
    static func parse(_ text: String) throws -> QueryNode {
        try reading { try QueryText.parse(text) }
    }

    /// Runs a parser; what it cannot read is a 400 naming the place (`filter.conditions[0].op`).
    static func reading<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let q as QueryProblem {
            let path = q.path.hasPrefix(".") ? String(q.path.dropFirst()) : q.path
            throw APIError.badRequest(QueryProblem(path, q.message).description)
        } catch let e as QueryTextError {
            throw APIError.badRequest("query: \(e)")
        }
    }
}
