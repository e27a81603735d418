import Foundation
import HTTPTypes
import Hummingbird
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// Everything but single tasks: views, search, quick-entry preview, tags, areas, typed lists,
/// the trash and `doctor`.
struct VaultRoutes {
    let runner: ServiceRunner

    func register(_ router: Router<APIContext>) {
        router.get("/api/views") { _, _ in
            Responses.json(ViewsDocument(try await runner.run { $0.views() }))
        }
        router.get("/api/views/{view}") { request, context in
            let name = decodedSegment(Substring(try context.parameters.require("view")))
            let filter = try request.filter()
            let window = try Self.window(request)
            let cache = runner.views
            let page = try await runner.run { s in
                guard let window else { return try s.view(name, filter: filter) }
                // Later pages of a list reuse the view the first page computed.
                return try cache.page(.init(name: name, filter: filter, today: s.clock.today), reuse: window.offset > 0) {
                    try s.view(name, filter: filter)
                }
            }
            return Responses.json(AnyViewDocument(page, window: window))
        }
        router.get("/api/search") { request, _ in
            guard let q = request.query("q"), !q.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw APIError.badRequest("search needs q (what to look for)")
            }
            let view = request.query("view"), filter = try request.filter()
            let limit = try Self.limit(request)
            let (results, today) = try await runner.run { (try $0.search(q, view: view, filter: filter, limit: limit), $0.clock.today) }
            return Responses.json(SearchDocument(results, today: today))
        }
        router.post("/api/parse") { request, _ in
            var request = request
            let members = try await request.jsonObject()
            guard members.contains(where: { $0.0 == "text" }) else { throw APIError.badRequest("parse needs {\"text\": \"…\"}") }
            let draft = try JSONInput.draft(members)
            let (preview, today) = try await runner.run { (try $0.parse(draft), $0.clock.today) }
            return Responses.json(NewTaskDocument(preview, today: today))
        }
        router.get("/api/tags") { request, _ in
            let filter = try request.filter(), all = request.query("all").map { ["1", "true", "yes"].contains($0.lowercased()) } ?? false
            return Responses.json(TagTreeDocument(try await runner.run { $0.tags(filter: filter, includeClosed: all) }))
        }
        router.get("/api/areas") { _, _ in
            Responses.json(AreasDocument(try await runner.run { $0.areas() }))
        }
        router.get("/api/doctor") { _, _ in
            Responses.json(DoctorDocument(try await runner.run { $0.doctor() }))
        }
        router.get("/api/types") { _, _ in
            Responses.json(TypesDocument(try await runner.run { $0.types() }))
        }
        router.get("/api/items/{type}") { request, context in
            let type = decodedSegment(Substring(try context.parameters.require("type")))
            let tags = request.queryValues("tag")
            let (list, today) = try await runner.run { (try $0.items(ofType: type, tags: tags), $0.clock.today) }
            return Responses.json(ItemsDocument(list, today: today))
        }
        router.get("/api/trash") { _, _ in
            let (tasks, today) = try await runner.run { ($0.trash(), $0.clock.today) }
            return Responses.json(TrashDocument(tasks, today: today))
        }
        router.delete("/api/trash") { _, _ in
            Responses.json(EmptyTrashDocument(deleted: try await runner.run { try $0.emptyTrash() }))
        }
        router.post("/api/trash/**") { _, context in
            var parts = context.parameters.getCatchAll().map(decodedSegment)
            guard parts.count >= 2, parts.popLast() == "restore" else {
                throw APIError(404, "not_found", "restore a trashed task with POST /api/trash/{path}/restore")
            }
            let ref = parts.joined(separator: "/")
            return Responses.json(RestoreDocument(try await runner.run { try $0.restore(ref) }))
        }
    }

    /// `offset`, `limit` (1–100000) and `fields=summary` of a view; nil when none is given.
    static func window(_ request: Request) throws -> ViewWindow? {
        let offset = request.query("offset"), limit = request.query("limit"), fields = request.query("fields")
        if offset == nil, limit == nil, fields == nil { return nil }
        var w = ViewWindow()
        if let offset {
            guard let n = Int(offset), n >= 0 else { throw APIError.badRequest("offset must be a number from 0") }
            w.offset = n
        }
        if let limit {
            guard let n = Int(limit), (1...100_000).contains(n) else { throw APIError.badRequest("limit must be a number from 1 to 100000") }
            w.limit = n
        }
        switch fields {
        case nil, "all": break
        case "summary": w.summary = true
        default: throw APIError.badRequest("fields takes summary (rows: no body, extra or next_occurrences) or all")
        }
        return w
    }

    /// `limit` (1–1000, default 50).
    static func limit(_ request: Request) throws -> Int {
        guard let raw = request.query("limit") else { return 50 }
        guard let n = Int(raw), (1...1000).contains(n) else { throw APIError.badRequest("limit must be a number from 1 to 1000") }
        return n
    }
}
