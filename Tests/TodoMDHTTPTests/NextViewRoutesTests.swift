import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
import TodoMDCore
@testable import TodoMDHTTP

/// The Next view over HTTP (issue 21 item 5): listed with the built-in views, one task per
/// project grouped by project, counted in the overview; a sequential project offers its first task.
final class NextViewRoutesTests: XCTestCase {
    func testNextIsABuiltInViewWithItsCount() async throws {
        let f = HTTPFixture()
        f.vault.write(".todomd.json", #"{"projects": {"Move house": {"sequential": true}}}"#)
        f.vault.write("1.md", taskFile("Book movers", extra: "project: \"Move house\"\n"))
        f.vault.write("2.md", taskFile("Pack boxes", extra: "project: \"Move house\"\ndue: \"2026-11-24\"\n"))
        f.vault.write("3.md", taskFile("Post the letter"))
        try await f.test { client in
            let next = try await client.send(.get, "/api/views/next")
            XCTAssertEqual(next.status, .ok)
            let groups = try XCTUnwrap(next.object["groups"] as? [[String: Any]])
            XCTAssertEqual(groups.map { $0["name"] as? String }, ["Move house", "No Project"])
            XCTAssertEqual(groups.map { ($0["tasks"] as? [[String: Any]])?.compactMap { $0["title"] as? String } }, [["Book movers"], ["Post the letter"]])
            XCTAssertEqual(groups.first?["project"] as? String, "Move house")

            let today = try await client.send(.get, "/api/views/today")
            XCTAssertEqual(today.object["count"] as? Int, 0, "Pack boxes waits for Book movers")

            let views = try await client.send(.get, "/api/views")
            XCTAssertTrue("\(views.object)".contains("next"))
            let overview = try await client.send(.get, "/api/overview")
            let counts = try XCTUnwrap(overview.object["views"] as? [[String: Any]])
            XCTAssertEqual(counts.first { $0["id"] as? String == "next" }?["count"] as? Int, 2)
        }
    }
}
