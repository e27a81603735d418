import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TodoMDCore
import TodoMDHTTP
import XCTest

/// The HTTP side of issue 16: a task's history and restore, sync conflicts and their
/// resolution, the audit log, the quarantine, and the sidebar's counts of both.
final class ManyDevicesRoutesTests: XCTestCase {
    private func plan(_ title: String, priority: String = "low") -> String {
        "---\ntitle: \"\(title)\"\nstatus: \"todo\"\npriority: \"\(priority)\"\ncreated: \"2026-11-20T09:00:00Z\"\n---\n"
    }

    func testHistoryRestoreAndTheLog() async throws {
        let f = HTTPFixture()
        f.vault.write("plan.md", plan("Plan"))
        try await f.test { client in
            _ = try await client.send(.get, "/api/tasks/plan.md")
            f.vault.write("plan.md", plan("Plan, edited"))
            let h = try await client.send(.get, "/api/tasks/plan.md/history")
            XCTAssertEqual(h.status, .ok)
            let versions = try XCTUnwrap(h.object["versions"] as? [[String: Any]])
            XCTAssertEqual(versions.map { $0["by"] as? String }, ["external", "seen"])
            XCTAssertEqual(versions.first?["fields"] as? [String], ["title"])
            let old = try XCTUnwrap(versions.last?["version"] as? String)
            let content = try await client.send(.get, "/api/tasks/plan.md/history?version=\(old)")
            XCTAssertEqual(content.object["content"] as? String, self.plan("Plan"))
            let r1 = try await client.send(.get, "/api/tasks/plan.md/history?limit=0")
            XCTAssertEqual(r1.status, .badRequest)
            let current = try await client.send(.get, "/api/tasks/plan.md")
            let etag = try XCTUnwrap(current.headers[.eTag])
            let restore = try await client.send(.post, "/api/tasks/plan.md/restore", json: "{\"version\": \"\(old)\"}", headers: [.ifMatch: etag])
            XCTAssertEqual(restore.status, .ok)
            XCTAssertEqual(f.vault.read("plan.md"), self.plan("Plan"))
            let r2 = try await client.send(.post, "/api/tasks/plan.md/restore", json: "{}")
            XCTAssertEqual(r2.status, .badRequest)
            let log = try await client.send(.get, "/api/log?task=plan.md")
            let entries = try XCTUnwrap(log.object["entries"] as? [[String: Any]])
            XCTAssertEqual(entries.map { $0["by"] as? String }, ["external", "todomd"])
            XCTAssertEqual(entries.last?["front_end"] as? String, "web")
            XCTAssertEqual(entries.last?["action"] as? String, "restore")
            let r3 = try await client.send(.get, "/api/log?by=someone")
            XCTAssertEqual(r3.status, .badRequest)
        }
    }

    func testConflictsAndResolve() async throws {
        let f = HTTPFixture()
        f.vault.write("plan.md", plan("Plan"))
        try await f.test { client in
            _ = try await client.send(.get, "/api/overview")
            f.vault.write("plan.md", plan("Plan here"))
            _ = try await client.send(.get, "/api/overview")
            f.vault.write("plan.sync-conflict-20261124-101010-ABCDEFG.md", self.plan("Plan there", priority: "high"))
            let list = try await client.send(.get, "/api/conflicts")
            let c = try XCTUnwrap((list.object["conflicts"] as? [[String: Any]])?.first)
            XCTAssertEqual(c["task"] as? String, "plan.md")
            XCTAssertEqual(c["engine"] as? String, "syncthing")
            XCTAssertEqual(c["merged"] as? [String], ["priority"])
            let fields = try XCTUnwrap(c["fields"] as? [[String: Any]])
            XCTAssertEqual(fields.map { $0["key"] as? String }, ["title"])
            XCTAssertEqual(fields.first?["mine"] as? String, "Plan here")
            XCTAssertEqual(fields.first?["theirs"] as? String, "Plan there")
            XCTAssertEqual(fields.first?["base"] as? String, "Plan")
            let r4 = try await client.send(.post, "/api/conflicts/resolve", json: "{\"task\": \"plan.md\"}")
            XCTAssertEqual(r4.status, .badRequest)
            let r = try await client.send(.post, "/api/conflicts/resolve", json: "{\"task\": \"plan.md\", \"fields\": {\"title\": \"theirs\"}}")
            XCTAssertEqual(r.status, .ok)
            XCTAssertEqual(f.vault.read("plan.md"), self.plan("Plan there", priority: "high"))
            XCTAssertFalse(f.vault.exists("plan.sync-conflict-20261124-101010-ABCDEFG.md"))
        }
    }

    func testQuarantine() async throws {
        let f = HTTPFixture()
        f.vault.write(".todomd.json", "{\"quarantine\": true}")
        f.vault.write("mine.md", plan("Mine"))
        try await f.test { client in
            _ = try await client.send(.get, "/api/overview")
            f.vault.write("x.md", "---\ntitle: \"Injected\"\nstatus: \"todo\"\nsource: \"script\"\n---\n")
            let q = try await client.send(.get, "/api/quarantine")
            XCTAssertEqual(q.object["enabled"] as? Bool, true)
            let files = try XCTUnwrap(q.object["files"] as? [[String: Any]])
            XCTAssertEqual(files.map { $0["path"] as? String }, ["x.md"])
            XCTAssertEqual(files.first?["reason"] as? String, "source")
            XCTAssertEqual((files.first?["task"] as? [String: Any])?["title"] as? String, "Injected")
            let r7 = try await client.send(.post, "/api/quarantine/approve", json: "{}")
            XCTAssertEqual(r7.status, .badRequest)
            let r8 = try await client.send(.post, "/api/quarantine/approve", json: "{\"files\": [\"x.md\"], \"all\": true}")
            XCTAssertEqual(r8.status, .badRequest)
            let r9 = try await client.send(.post, "/api/quarantine/approve", json: "{\"files\": [\"nope.md\"]}")
            XCTAssertEqual(r9.status, .notFound)
            let a = try await client.send(.post, "/api/quarantine/approve", json: "{\"files\": [\"x.md\"]}")
            XCTAssertEqual(a.object["approved"] as? [String], ["x.md"])
            let r10 = try await client.send(.get, "/api/quarantine")
            XCTAssertEqual(r10.object["count"] as? Int, 0)
            f.vault.write("y.md", "---\ntitle: \"Another\"\nstatus: \"todo\"\nsource: \"script\"\n---\n")
            let rj = try await client.send(.post, "/api/quarantine/reject", json: "{\"all\": true}")
            XCTAssertEqual((rj.object["rejected"] as? [[String: Any]])?.first?["trash_path"] as? String, ".trash/y.md")
        }
    }
}
