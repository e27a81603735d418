import Foundation
import HTTPTypes
import Hummingbird
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `/api/conflicts`: sync conflicts (a copy whose original changed the same fields) and their
/// resolution. The web app's conflict badge and side-by-side chooser use them.
struct SyncRoutes {
    let runner: ServiceRunner

    func register(_ router: Router<APIContext>) {
        router.get("/api/conflicts") { _, _ in
            Responses.json(SyncConflictsDocument(try await runner.run { $0.conflicts() }))
        }
        router.post("/api/conflicts/resolve") { request, _ in
            var request = request
            let members = try await request.jsonObject()
            guard let task = try JSONInput.optionalString(members, "task"), !task.isEmpty else {
                throw APIError.badRequest("resolve needs {\"task\": …, \"take\": \"mine\"|\"theirs\"} or \"fields\": {\"status\": \"theirs\"}")
            }
            let take = try JSONInput.optionalString(members, "take")
            var fields: [(String, String)] = []
            if let raw = members.first(where: { $0.0 == "fields" })?.1 {
                guard case .object(let pairs) = raw else { throw APIError.badRequest("fields must be an object of field: mine|theirs|value") }
                for (key, value) in pairs {
                    guard case .string(let text) = value else { throw APIError.badRequest("fields.\(key) must be text") }
                    fields.append((key, text))
                }
            }
            let choices = fields
            let report = try await runner.run { try $0.resolveConflict(task, take: take, fields: choices) }
            return Responses.json(SyncMergeDocument(report))
        }
    }
}
