import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TodoMDCore
@testable import TodoMDHTTP
import XCTest

/// Subtasks over HTTP (issue 21): `POST /api/tasks/{id}/nest`, and `done` refusing a parent
/// with open subtasks (409 `open_subtasks`, naming them) unless `with_children`.
final class SubtaskRoutesTests: XCTestCase {
    func testNestingAndCompletingAParent() async throws {
        let f = HTTPFixture()
        f.vault.write("plan.md", "---\ntitle: Plan trip\nstatus: todo\n---\n")
        f.vault.write("book.md", "---\ntitle: Book flights\nstatus: todo\n---\n")
        try await f.test { client in
            let nested = try await client.send(.post, "/api/tasks/book.md/nest", json: #"{"parent": "plan.md"}"#)
            XCTAssertEqual(nested.status, .ok)
            XCTAssertTrue(f.vault.read("book.md").contains("parent: \"plan.md\"\n"))
            let loop = try await client.send(.post, "/api/tasks/plan.md/nest", json: #"{"parent": "book.md"}"#)
            XCTAssertEqual(loop.status, .badRequest)
            XCTAssertTrue(((loop.object["error"] as? [String: Any])?["message"] as? String ?? "").contains("loop"))

            let refused = try await client.send(.post, "/api/tasks/plan.md/done")
            XCTAssertEqual(refused.status, .conflict)
            let error = refused.object["error"] as? [String: Any]
            XCTAssertEqual(error?["code"] as? String, "open_subtasks")
            XCTAssertEqual(error?["subtasks"] as? [String], ["Book flights"])
            XCTAssertFalse(f.vault.read("plan.md").contains("done"))
            let bad = try await client.send(.post, "/api/tasks/plan.md/done", json: #"{"with_children": "yes"}"#)
            XCTAssertEqual(bad.status, .badRequest)
            let done = try await client.send(.post, "/api/tasks/plan.md/done", json: #"{"with_children": true}"#)
            XCTAssertEqual(done.status, .ok)
            for p in ["plan.md", "book.md"] { XCTAssertTrue(f.vault.read(p).contains("status: done"), p) }

            let top = try await client.send(.post, "/api/tasks/book.md/nest", json: #"{"parent": null}"#)
            XCTAssertEqual(top.status, .ok)
            XCTAssertFalse(f.vault.read("book.md").contains("parent:"))
        }
    }

    /// `POST /api/tasks/{id}/rename`: the file moves, links follow, the new id comes back.
    func testRenamingAParent() async throws {
        let f = HTTPFixture()
        f.vault.write("plan.md", "---\ntitle: Plan trip\nstatus: todo\n---\n")
        f.vault.write("book.md", "---\ntitle: Book flights\nstatus: todo\nparent: \"plan.md\"\n---\n")
        try await f.test { client in
            let renamed = try await client.send(.post, "/api/tasks/plan.md/rename", json: #"{"name": "Trips/2027"}"#)
            XCTAssertEqual(renamed.status, .ok)
            XCTAssertEqual((renamed.object["task"] as? [String: Any])?["id"] as? String, "Trips/2027.md")
            XCTAssertTrue(f.vault.exists("Trips/2027.md"))
            XCTAssertTrue(f.vault.read("book.md").contains("parent: \"2027.md\"\n"), f.vault.read("book.md"))
            let missing = try await client.send(.post, "/api/tasks/book.md/rename", json: #"{}"#)
            XCTAssertEqual(missing.status, .badRequest)
            let outside = try await client.send(.post, "/api/tasks/book.md/rename", json: #"{"name": "../x"}"#)
            XCTAssertEqual(outside.status, .badRequest)
            let taken = try await client.send(.post, "/api/tasks/book.md/rename", json: #"{"name": "Trips/2027"}"#)
            XCTAssertEqual(taken.status, .badRequest)
            XCTAssertTrue(f.vault.exists("book.md"))
        }
    }
}
