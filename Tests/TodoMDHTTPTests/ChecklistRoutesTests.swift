import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TodoMDCore
@testable import TodoMDHTTP
import XCTest

/// `POST /api/tasks/{id}/check` and the `checklist` of a task's JSON (issue 21 item 2).
final class ChecklistRoutesTests: XCTestCase {
    func testTickingOverHTTP() async throws {
        let f = HTTPFixture()
        f.vault.write("pack.md", "---\ntitle: Pack\nstatus: todo\n---\n- [ ] charger\n- [x] passport\n")
        try await f.test { client in
            let t = try await client.send(.get, "/api/tasks/pack.md")
            let checklist = (t.object["task"] as? [String: Any])?["checklist"] as? [String: Any]
            XCTAssertEqual(checklist?["done"] as? Int, 1)
            XCTAssertEqual(checklist?["total"] as? Int, 2)
            XCTAssertEqual((checklist?["items"] as? [[String: Any]])?.first?["text"] as? String, "charger")
            let ticked = try await client.send(.post, "/api/tasks/pack.md/check", json: #"{"item": 1, "done": true}"#,
                                               headers: [.ifMatch: t.headers[.eTag] ?? ""])
            XCTAssertEqual(ticked.status, .ok)
            XCTAssertTrue(f.vault.read("pack.md").contains("- [x] charger\n"))
            let bad = try await client.send(.post, "/api/tasks/pack.md/check", json: #"{"item": 9}"#)
            XCTAssertEqual(bad.status, .badRequest)
            let rows = try await client.send(.get, "/api/views/all?fields=summary")
            let row = ((rows.object["groups"] as? [[String: Any]])?.first?["tasks"] as? [[String: Any]])?.first
            XCTAssertEqual((row?["checklist"] as? [String: Any])?["done"] as? Int, 2)
            XCTAssertNil((row?["checklist"] as? [String: Any])?["items"], "a row has the counts only")
        }
    }
}
