import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
import TodoMDCore
@testable import TodoMDHTTP

/// The HTTP API in process (HummingbirdTesting's router client): routes, statuses, headers,
/// the conflict flow and the guards.
final class APIRouteTests: XCTestCase {
    func testViewsTasksAndCreate() async throws {
        let f = HTTPFixture()
        f.vault.write("Work/a.md", taskFile("Alpha", extra: "due: \"2026-11-24\"\n"))
        try await f.test { client in
            let today = try await client.send(.get, "/api/views/today")
            XCTAssertEqual(today.status, .ok)
            XCTAssertEqual(today.headers[.contentType], "application/json; charset=utf-8")
            XCTAssertEqual(today.object["count"] as? Int, 1)
            XCTAssertEqual(today.object["schema_version"] as? Int, 1)

            let one = try await client.send(.get, "/api/tasks/Work%2Fa.md")
            XCTAssertEqual(one.status, .ok)
            let etag = try XCTUnwrap(one.headers[.eTag])
            XCTAssertEqual((one.object["task"] as? [String: Any])?["version"] as? String, etag.replacingOccurrences(of: "\"", with: ""))
            let unchanged = try await client.send(.get, "/api/tasks/Work/a.md", headers: [.ifNoneMatch: etag])
            XCTAssertEqual(unchanged.status, .notModified, "raw slashes work too")

            let created = try await client.send(.post, "/api/tasks", json: #"{"text": "Buy milk tomorrow #errands !high"}"#)
            XCTAssertEqual(created.status, .created)
            let location = try XCTUnwrap(created.headers[.location])
            let task = created.object["task"] as? [String: Any]
            XCTAssertEqual(task?["title"] as? String, "Buy milk")
            XCTAssertEqual(task?["due"] as? String, "2026-11-25")
            XCTAssertEqual(created.object["understood"] as? [String], ["due Wed 25 Nov", "#errands", "priority high"])
            let fetched = try await client.send(.get, location)
            XCTAssertEqual((fetched.object["task"] as? [String: Any])?["title"] as? String, "Buy milk")

            let bad = try await client.send(.post, "/api/tasks", json: #"{"title": "x", "colour": "red"}"#)
            XCTAssertEqual(bad.status, .badRequest)
            XCTAssertEqual(bad.errorCode, "invalid_argument")
            let missing = try await client.send(.get, "/api/tasks/nothing-like-it")
            XCTAssertEqual(missing.status, .notFound)
            let noRoute = try await client.send(.get, "/api/nope")
            XCTAssertEqual(noRoute.status, .notFound)
            XCTAssertEqual(noRoute.errorCode, "not_found")
        }
    }

    /// Two clients read the same version; the second's edit of another field merges, its edit
    /// of the same field is a 409 with the structured conflict, and nothing is clobbered.
    func testConflictFlow() async throws {
        let f = HTTPFixture()
        f.vault.write("a.md", taskFile("Alpha"))
        try await f.test { client in
            let read = try await client.send(.get, "/api/tasks/a.md")
            let v1 = try XCTUnwrap(read.headers[.eTag])
            let a = try await client.send(.patch, "/api/tasks/a.md", json: #"{"priority": "high"}"#, headers: [.ifMatch: v1])
            XCTAssertEqual(a.status, .ok)
            XCTAssertNotEqual(a.headers[.eTag], v1)
            let b = try await client.send(.patch, "/api/tasks/a.md", json: #"{"flagged": true, "mood": "calm"}"#, headers: [.ifMatch: v1])
            XCTAssertEqual(b.status, .ok, "another field merges")
            let clash = try await client.send(.patch, "/api/tasks/a.md", json: #"{"priority": "low"}"#, headers: [.ifMatch: v1])
            XCTAssertEqual(clash.status, .conflict)
            XCTAssertEqual(clash.errorCode, "edit_conflict")
            let conflict = (clash.object["error"] as? [String: Any])?["conflict"] as? [String: Any]
            let fields = conflict?["fields"] as? [[String: Any]]
            XCTAssertEqual(fields?.first?["key"] as? String, "priority")
            XCTAssertEqual(fields?.first?["read"] as? String, "none")
            XCTAssertEqual(fields?.first?["on_disk"] as? String, "high")
            XCTAssertEqual(conflict?["current_version"] as? String, b.headers[.eTag]?.replacingOccurrences(of: "\"", with: ""))
            let text = f.vault.read("a.md")
            XCTAssertTrue(text.contains("priority: \"high\"") && text.contains("flagged: true") && text.contains("mood: \"calm\""), text)

            let done = try await client.send(.post, "/api/tasks/a.md/done")
            XCTAssertEqual((done.object["task"] as? [String: Any])?["status"] as? String, "done")
            let deferred = try await client.send(.post, "/api/tasks/a.md/defer", json: #"{"date": "+3d"}"#)
            XCTAssertEqual((deferred.object["task"] as? [String: Any])?["defer"] as? String, "2026-11-27")
            let badVersion = try await client.send(.patch, "/api/tasks/a.md", json: #"{"x": 1}"#, headers: [.ifMatch: "nonsense"])
            XCTAssertEqual(badVersion.status, .badRequest)
            let deleted = try await client.send(.delete, "/api/tasks/a.md")
            XCTAssertEqual(deleted.object["trash"] as? String, ".trash/a.md")
            let trash = try await client.send(.get, "/api/trash")
            XCTAssertEqual(trash.object["count"] as? Int, 1)
            let restored = try await client.send(.post, "/api/trash/a.md/restore")
            XCTAssertEqual(restored.object["path"] as? String, "a.md")
        }
    }

    /// DNS rebinding: without a token, only loopback names (and allowed ones) may be the Host.
    func testHostsThatAreNotLoopbackAreRefusedWithoutAToken() throws {
        let config = APIServerConfig(allowedHosts: ["todo.example"])
        func check(_ authority: String, _ config: APIServerConfig) throws {
            let request = Request(head: HTTPRequest(method: .get, scheme: "http", authority: authority, path: "/api/views/today"),
                                  body: RequestBody(buffer: ByteBuffer()))
            try GuardMiddleware<APIContext>.check(request, config)
        }
        for ok in ["localhost:7878", "127.0.0.1:9", "[::1]:7878", "todo.example", "LOCALHOST"] { XCTAssertNoThrow(try check(ok, config), ok) }
        for bad in ["evil.example", "evil.example:7878", "127.0.0.1.evil.example", "", "192.168.1.5:7878"] {
            XCTAssertThrowsError(try check(bad, config), bad) { e in XCTAssertEqual((e as? APIError)?.code, "forbidden_host") }
        }
        // With a token, the token is the guard: any Host, but the token is needed.
        let withToken = APIServerConfig(token: "0123456789abcdef0123")
        XCTAssertThrowsError(try check("192.168.1.5:7878", withToken)) { e in XCTAssertEqual((e as? APIError)?.code, "unauthorized") }
    }

    func testGuardsRefuseCSRFAndNonJSONBodies() async throws {
        let f = HTTPFixture(allowedHosts: ["todo.example"])
        f.vault.write("a.md", taskFile("Alpha"))
        try await f.test { client in
            let csrf = try await client.send(.post, "/api/tasks/a.md/done", headers: [.origin: "http://evil.example"])
            XCTAssertEqual(csrf.status, .forbidden)
            XCTAssertEqual(csrf.errorCode, "forbidden_origin")
            let crossSite = try await client.send(.post, "/api/tasks/a.md/flag", headers: [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"])
            XCTAssertEqual(crossSite.status, .forbidden)
            XCTAssertFalse(f.vault.read("a.md").contains("done"), "nothing changed")
            let sameOrigin = try await client.send(.post, "/api/tasks/a.md/flag", headers: [.origin: "http://localhost"])
            XCTAssertEqual(sameOrigin.status, .ok)

            let form = try await client.send(.post, "/api/tasks", json: "title=x", headers: [.contentType: "application/x-www-form-urlencoded"])
            XCTAssertEqual(form.status, .unsupportedMediaType)
            let huge = try await client.send(.post, "/api/tasks", json: "{\"text\": \"" + String(repeating: "a", count: 1_100_000) + "\"}")
            XCTAssertEqual(huge.status, .contentTooLarge)
            let notJSON = try await client.send(.post, "/api/tasks", json: "{nope")
            XCTAssertEqual(notJSON.errorCode, "invalid_argument")
        }
    }

    func testATokenServerNeedsTheTokenOrTheLoginCookie() async throws {
        let token = "0123456789abcdef0123456789abcdef"
        let f = HTTPFixture(token: token)
        try await f.test { client in
            let none = try await client.send(.get, "/api/views/today")
            XCTAssertEqual(none.status, .unauthorized)
            XCTAssertEqual(none.headers[.wwwAuthenticate], "Bearer realm=\"todomd\"")
            let wrong = try await client.send(.get, "/api/views/today", headers: [.authorization: "Bearer nope"])
            XCTAssertEqual(wrong.status, .unauthorized)
            let bearer = try await client.send(.get, "/api/views/today", headers: [.authorization: "Bearer \(token)"])
            XCTAssertEqual(bearer.status, .ok)
            let badLogin = try await client.send(.get, "/login?token=nope")
            XCTAssertEqual(badLogin.status, .unauthorized)
            let login = try await client.send(.get, "/login?token=\(token)")
            XCTAssertEqual(login.status, .seeOther)
            let cookie = try XCTUnwrap(login.headers[.setCookie])
            XCTAssertTrue(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict"), cookie)
            let withCookie = try await client.send(.get, "/api/views/today",
                                                   headers: [.cookie: String(cookie.split(separator: ";")[0])])
            XCTAssertEqual(withCookie.status, .ok)
        }
    }

    /// The OpenAPI document is valid JSON and names every route the router serves.
    func testTheOpenAPIDocumentCoversEveryRoute() async throws {
        let f = HTTPFixture()
        try await f.test { client in
            let doc = try await client.send(.get, "/api/openapi.json")
            XCTAssertEqual(doc.object["openapi"] as? String, "3.1.0")
            let paths = Set(((doc.object["paths"] as? [String: Any]) ?? [:]).keys)
            for p in ["/api/views", "/api/views/{view}", "/api/tasks", "/api/tasks/{id}", "/api/tasks/{id}/done", "/api/tasks/{id}/reopen",
                      "/api/tasks/{id}/cancel", "/api/tasks/{id}/defer", "/api/tasks/{id}/flag", "/api/tasks/{id}/unflag",
                      "/api/tasks/{id}/move", "/api/trash", "/api/trash/{path}/restore", "/api/search", "/api/parse", "/api/tags",
                      "/api/areas", "/api/doctor", "/api/types", "/api/items/{type}", "/api/events", "/api/openapi.json", "/login"] {
                XCTAssertTrue(paths.contains(p), p)
            }
        }
    }
}
