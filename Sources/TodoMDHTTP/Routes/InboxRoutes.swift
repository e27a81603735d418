import Foundation
import HTTPTypes
import Hummingbird
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `/api/inbox…` (the capture inbox of issue 20: the queue, the push into the daily notes, the
/// Actions URI callback, conversion) and `/api/markers` (the capture toolbar's task types).
/// Entry writes take the version a client read (`If-Match` or `version`), as task writes do.
struct InboxRoutes {
    let runner: ServiceRunner

    func register(_ router: Router<APIContext>) {
        router.get("/api/markers") { _, _ in Responses.json(MarkersDocument()) }
        router.get("/api/inbox") { request, _ in
            let all = request.query("all").map { ["true", "1", "yes"].contains($0.lowercased()) } ?? false
            return Responses.json(InboxDocument(try await runner.run { try $0.inbox(all: all) }))
        }
        router.get("/api/inbox/count") { _, _ in
            Responses.json(InboxCountDocument(unsynced: try await runner.run { $0.inboxUnsyncedCount() }))
        }
        router.post("/api/inbox") { request, _ in
            var request = request
            let members = try await request.jsonObject()
            let content = try Self.string(members, "content", required: true) ?? ""
            let day = try Self.string(members, "target_date"), source = try Self.string(members, "source"), id = try Self.string(members, "id")
            let written = try Self.string(members, "created")
            let (entry, created) = try await runner.run { try $0.captureToInbox(content, targetDate: day, source: source, id: id, writtenAt: written) }
            var headers = Responses.etag(entry.version)
            headers[.location] = "/api/inbox/" + entry.id
            return Responses.json(InboxEntryDTO(entry), status: created ? .created : .ok, headers: headers)
        }
        router.post("/api/inbox/push") { request, _ in
            var request = request
            let members = try await request.jsonObject()
            let ids: [String]? = try {
                switch PerspectiveRoutes.member(members, "ids") {
                case nil: return nil
                case .array(let items)?:
                    return try items.map { if case .string(let s) = $0 { return s } else { throw APIError.badRequest("ids must be entry ids") } }
                default: throw APIError.badRequest("ids must be a list of entry ids")
                }
            }()
            return Responses.json(InboxPushDocument(try await runner.run { try $0.pushInbox(ids: ids) }))
        }
        router.post("/api/inbox/push-uri") { request, _ in
            let base = "http://" + (request.head.authority ?? "127.0.0.1")
            return Responses.json(InboxPushURIsDocument(try await runner.run { try $0.inboxPushURIs(callback: base) }))
        }
        // Obsidian's Actions URI plugin opens this when it appended (x-success) or failed (x-error).
        router.get("/api/inbox/callback") { request, _ in
            guard let nonce = request.query("nonce"), !nonce.isEmpty else { throw APIError.badRequest("nonce is missing") }
            let success: Bool
            switch request.query("result") {
            case "success"?: success = true
            case "error"?: success = false
            default: throw APIError.badRequest("result must be success or error")
            }
            let message = request.query("errorMessage") ?? request.query("error")
            let ids = try await runner.run { try $0.inboxCallback(nonce: nonce, success: success, message: message) }
            return Responses.json(InboxCallbackDocument(synced: success, entries: ids))
        }
        router.get("/api/inbox/{id}") { _, context in
            let id = try Self.id(context)
            let e = try await runner.run { try $0.inboxEntry(id) }
            return Responses.json(InboxEntryDTO(e), headers: Responses.etag(e.version))
        }
        router.patch("/api/inbox/{id}") { request, context in
            var request = request
            let id = try Self.id(context)
            let members = try await request.jsonObject()
            let expected = try PerspectiveRoutes.expectedVersion(request, members)
            let content = try Self.string(members, "content"), day = try Self.string(members, "target_date")
            let e = try await runner.run { try $0.updateInboxEntry(id, content: content, targetDate: day, expected: expected) }
            return Responses.json(InboxEntryDTO(e), headers: Responses.etag(e.version))
        }
        router.delete("/api/inbox/{id}") { request, context in
            let id = try Self.id(context)
            let expected = try request.expectedVersion()
            _ = try await runner.run { try $0.removeInboxEntry(id, expected: expected) }
            return Responses.json(InboxDeletedDocument(deleted: id))
        }
        // Spec 003 "Copy LLM prompt": the extraction prompt for an entry's text.
        router.post("/api/inbox/{id}/prompt") { request, context in
            var request = request
            let id = try Self.id(context)
            let type = try Self.string(try await request.jsonObject(), "type")
            let (t, prompt) = try await runner.run { try $0.inboxPrompt(id, type: type) }
            return Responses.json(PromptDocument(type: t.key, prompt: prompt))
        }
        router.post("/api/inbox/{id}/convert") { request, context in
            var request = request
            let id = try Self.id(context)
            let members = try await request.jsonObject()
            let to = try Self.string(members, "to") ?? "task"
            guard to == "task" || to == "item" else { throw APIError.badRequest("to must be task or item") }
            let type = try Self.string(members, "type")
            let (c, today) = try await runner.run { s in (try s.convertInboxEntry(id, asItem: to == "item", type: type), s.clock.today) }
            return Responses.json(InboxConversionDocument(c, today: today), status: .created)
        }
    }

    static func id(_ context: APIContext) throws -> String {
        let id = decodedSegment(Substring(try context.parameters.require("id")))
        guard InboxEntry.isEntryName(id) else { throw APIError(404, "not_found", "no inbox entry \(id)") }
        return id
    }

    /// A string member; nil when absent or null.
    static func string(_ members: [(String, JSONValue)], _ key: String, required: Bool = false) throws -> String? {
        switch PerspectiveRoutes.member(members, key) {
        case nil:
            if required { throw APIError.badRequest("\(key) is required") }
            return nil
        case .string(let s)?: return s
        default: throw APIError.badRequest("\(key) must be a string")
        }
    }
}
