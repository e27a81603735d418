import Foundation
import HTTPTypes
import Hummingbird
import TodoMDAPI
import TodoMDCore
import TodoMDService

/// `/api/review` (the weekly review of issue 21): projects with their review state, and
/// `POST /api/review/{project}` marking one reviewed today.
struct ReviewRoutes {
    let runner: ServiceRunner

    func register(_ router: Router<APIContext>) {
        router.get("/api/review") { _, _ in
            Responses.json(try await runner.run { s in ReviewDocument(try s.review(), today: s.clock.today) })
        }
        router.post("/api/review/{project}") { _, context in
            let project = decodedSegment(Substring(try context.parameters.require("project")))
            return Responses.json(ProjectReviewDTO(try await runner.run { try $0.markReviewed(project) }))
        }
    }
}
