import Foundation
import HTTPTypes
import Hummingbird
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `/api/quarantine`: new files held back for review (README, "Quarantine"), and the decisions.
struct QuarantineRoutes {
    let runner: ServiceRunner

    func register(_ router: Router<APIContext>) {
        router.get("/api/quarantine") { _, _ in
            Responses.json(try await runner.run { QuarantineDocument($0.quarantine(), today: $0.clock.today) })
        }
        router.post("/api/quarantine/approve") { request, _ in
            let (files, all) = try await selection(request)
            return Responses.json(QuarantineDecisionDocument(approved: try await runner.run { try $0.approveQuarantined(files, all: all) }))
        }
        router.post("/api/quarantine/reject") { request, _ in
            let (files, all) = try await selection(request)
            return Responses.json(QuarantineDecisionDocument(rejected: try await runner.run { try $0.rejectQuarantined(files, all: all) }))
        }
    }

    /// `{"files": [path…]}` or `{"all": true}`.
    private func selection(_ request: Request) async throws -> ([String], Bool) {
        var request = request
        let members = try await request.jsonObject()
        let all: Bool
        switch members.first(where: { $0.0 == "all" })?.1 {
        case nil, .null?: all = false
        case .bool(let b)?: all = b
        default: throw APIError.badRequest("all must be true or false")
        }
        var files: [String] = []
        switch members.first(where: { $0.0 == "files" })?.1 {
        case nil, .null?: break
        case .array(let items)?:
            for item in items {
                guard case .string(let s) = item, !s.isEmpty else { throw APIError.badRequest("files must be a list of paths") }
                files.append(s)
            }
        default: throw APIError.badRequest("files must be a list of paths")
        }
        guard all != !files.isEmpty else { throw APIError.badRequest("send {\"files\": [path, …]} or {\"all\": true}") }
        return (files, all)
    }
}
