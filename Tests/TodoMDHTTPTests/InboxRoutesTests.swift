import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TodoMDCore
@testable import TodoMDHTTP
import XCTest

/// `/api/inbox…` and `/api/markers` (issue 20): capture with a client id (a resend is a 200 with
/// the same entry), read, edit with the version, push into the daily note, the callback, convert, delete.
final class InboxRoutesTests: XCTestCase {
    func testTheQueueOverHTTP() async throws {
        let f = HTTPFixture()
        f.vault.write(".obsidian/daily-notes.json", #"{"folder": "Journal"}"#)
        try await f.test { client in
            let body = #"{"content": "- [!] call the bank\n", "id": "phone-0001-aaaa", "source": "web"}"#
            let created = try await client.send(.post, "/api/inbox", json: body)
            XCTAssertEqual(created.status, .created)
            XCTAssertEqual(created.object["content"] as? String, "- [!] call the bank\n")
            let again = try await client.send(.post, "/api/inbox", json: body)
            XCTAssertEqual(again.status, .ok, "a resend")
            let count = try await client.send(.get, "/api/inbox/count")
            XCTAssertEqual(count.object["unsynced"] as? Int, 1)
            let list = try await client.send(.get, "/api/inbox")
            XCTAssertEqual((list.object["entries"] as? [[String: Any]])?.count, 1)
            XCTAssertEqual(list.object["daily_note"] as? String, "Journal/2026-11-24.md")
            let version = created.object["version"] as? String ?? ""
            let patched = try await client.send(.patch, "/api/inbox/phone-0001-aaaa", json: #"{"content": "- [!] call the bank today"}"#,
                                                headers: [.ifMatch: "\"\(version)\""])
            XCTAssertEqual(patched.status, .ok)
            let stale = try await client.send(.patch, "/api/inbox/phone-0001-aaaa", json: #"{"content": "x"}"#, headers: [.ifMatch: "\"\(version)\""])
            XCTAssertEqual(stale.status, .conflict)
            let push = try await client.send(.post, "/api/inbox/push", json: "{}")
            XCTAssertEqual((push.object["pushed"] as? [[String: Any]])?.first?["note"] as? String, "Journal/2026-11-24.md")
            XCTAssertEqual(f.vault.read("Journal/2026-11-24.md"), "- [!] call the bank today\n")
            let markers = try await client.send(.get, "/api/markers")
            XCTAssertEqual((markers.object["groups"] as? [[String: Any]])?.count, 5)
            let missing = try await client.send(.get, "/api/inbox/no-such-entry")
            XCTAssertEqual(missing.status, .notFound)
            let empty = try await client.send(.post, "/api/inbox", json: #"{"content": "  "}"#)
            XCTAssertEqual(empty.status, .badRequest)
        }
    }

    /// The capture app sends when the text was written: two captures in one second keep their
    /// order, and its sign-in comes back to /capture (only ever to a path of this server).
    func testWrittenTimesAndSignInComingBack() async throws {
        let f = HTTPFixture(token: "0123456789abcdef0123456789abcdef")
        let auth: HTTPFields = [.authorization: "Bearer 0123456789abcdef0123456789abcdef"]
        try await f.test { client in
            for (id, ms) in [("zzzz-first-0001", "700"), ("aaaa-second-002", "900")] {
                let r = try await client.send(.post, "/api/inbox", json: #"{"content": "\#(id)", "id": "\#(id)", "created": "2026-11-24T08:59:59.\#(ms)Z"}"#,
                                              headers: auth)
                XCTAssertEqual(r.status, .created)
            }
            let list = try await client.send(.get, "/api/inbox", headers: auth)
            let entries = list.object["entries"] as? [[String: Any]] ?? []
            XCTAssertEqual(entries.map { $0["id"] as? String ?? "" }, ["zzzz-first-0001", "aaaa-second-002"], "by the time written, not the id")
            XCTAssertEqual(entries.first?["created"] as? String, "2026-11-24T08:59:59.700Z")
            let back = try await client.send(.get, "/login?token=0123456789abcdef0123456789abcdef&next=/capture")
            XCTAssertEqual(back.headers[.location], "/capture")
            let elsewhere = try await client.send(.get, "/login?token=0123456789abcdef0123456789abcdef&next=//evil.example/")
            XCTAssertEqual(elsewhere.headers[.location], "/")
        }
    }

    func testConvertDeleteAndTheCallback() async throws {
        let f = HTTPFixture()
        try await f.test { client in
            let a = try await client.send(.post, "/api/inbox", json: #"{"content": "Water plants friday"}"#)
            let id = a.object["id"] as? String ?? ""
            let task = try await client.send(.post, "/api/inbox/\(id)/convert", json: #"{"to": "task"}"#)
            XCTAssertEqual(task.status, .created)
            XCTAssertEqual(((task.object["task"] as? [String: Any])?["task"] as? [String: Any])?["title"] as? String, "Water plants")
            let b = try await client.send(.post, "/api/inbox", json: #"{"content": "for the URI"}"#)
            let uris = try await client.send(.post, "/api/inbox/push-uri", json: "{}")
            let uri = ((uris.object["uris"] as? [[String: Any]])?.first?["uri"] as? String) ?? ""
            XCTAssertTrue(uri.contains("x-success=http%3A%2F%2Flocalhost%2Fapi%2Finbox%2Fcallback%3Fnonce%3D"), uri)
            let nonce = uri.components(separatedBy: "nonce%3D")[1].components(separatedBy: "%26")[0]
            let cb = try await client.send(.get, "/api/inbox/callback?nonce=\(nonce)&result=success")
            XCTAssertEqual(cb.object["result"] as? String, "synced")
            XCTAssertEqual(cb.object["entries"] as? [String], [b.object["id"] as? String ?? ""])
            let unknown = try await client.send(.get, "/api/inbox/callback?nonce=ffff&result=success")
            XCTAssertEqual(unknown.status, .notFound)
            let c = try await client.send(.post, "/api/inbox", json: #"{"content": "delete me"}"#)
            let gone = try await client.send(.delete, "/api/inbox/\(c.object["id"] as? String ?? "")")
            XCTAssertEqual(gone.status, .ok)
            let left = try await client.send(.get, "/api/inbox/count")
            XCTAssertEqual(left.object["unsynced"] as? Int, 0)
        }
    }
}
