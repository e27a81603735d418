import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TodoMDCore
@testable import TodoMDHTTP
import XCTest

/// `/api/review` and `POST /api/review/{project}` (issue 21 item 7).
final class ReviewRoutesTests: XCTestCase {
    func testTheReviewOverHTTP() async throws {
        let f = HTTPFixture()
        f.vault.write("a.md", taskFile("Pack kitchen", extra: "project: Move house\n"))
        try await f.test { client in
            let r = try await client.send(.get, "/api/review")
            let first = (r.object["projects"] as? [[String: Any]])?.first
            XCTAssertEqual(first?["project"] as? String, "Move house")
            XCTAssertEqual(first?["due"] as? Bool, true)
            let marked = try await client.send(.post, "/api/review/Move%20house", json: "{}")
            XCTAssertEqual(marked.status, .ok)
            XCTAssertEqual(marked.object["last_reviewed"] as? String, "2026-11-24")
            XCTAssertEqual(marked.object["due"] as? Bool, false)
            let missing = try await client.send(.post, "/api/review/Nope", json: "{}")
            XCTAssertEqual(missing.status, .notFound)
        }
    }
}
