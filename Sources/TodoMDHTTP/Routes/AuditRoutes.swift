import Foundation
import HTTPTypes
import Hummingbird
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `GET /api/log`: the audit log (README, "Audit log"), filtered as `todomd log` filters it.
/// The web app shows a task's changes with `?task=`.
struct AuditRoutes {
    let runner: ServiceRunner

    func register(_ router: Router<APIContext>) {
        router.get("/api/log") { request, _ in
            // An empty value is no value (a form's blank field).
            func value(_ name: String) -> String? { request.query(name).flatMap { $0.isEmpty ? nil : $0 } }
            let since = value("since"), source = value("source"), task = value("task"), by = value("by")
            if let by, by != "todomd", by != "external" { throw APIError.badRequest("by must be todomd or external") }
            var limit = 100
            if let raw = value("limit") {
                guard let n = Int(raw), (1...10_000).contains(n) else { throw APIError.badRequest("limit must be a number from 1 to 10000") }
                limit = n
            }
            let most = limit
            let page = try await runner.run { s in
                try s.auditLog(since: try since.map { try AuditSince.parse($0, clock: s.clock) }, source: source, task: task, by: by, limit: most)
            }
            return Responses.json(AuditLogDocument(page))
        }
    }
}
