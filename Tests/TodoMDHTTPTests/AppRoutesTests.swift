import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
import TodoMDCore
@testable import TodoMDHTTP

/// What the web app needs besides tasks: `/api/overview`, `/api/theme`, `/api/undo`,
/// `/api/batch`, windowed views, and the app's own files (with their policy and without the token).
final class AppRoutesTests: XCTestCase {
    static func vault(_ f: HTTPFixture) {
        f.vault.write("a.md", taskFile("Overdue one", extra: "due: \"2026-11-20\"\n"))
        f.vault.write("b.md", taskFile("Overdue two", extra: "due: \"2026-11-21\"\nproject: \"Meal Prep\"\narea: \"Home\"\n"))
        f.vault.write("c.md", taskFile("Later", extra: "due: \"2026-12-20\"\ntags:\n  - errands/shop\n"))
        f.vault.write("d.md", taskFile("Flagged", extra: "flagged: true\n"))
    }

    func testOverviewCountsEveryList() async throws {
        let f = HTTPFixture()
        Self.vault(f)
        f.vault.write(".perspectives.json", ##"{"perspectives": [{"id": "home", "name": "Home", "icon": "house", "color": "#f00", "filter": {"field": "area", "op": "eq", "value": "Home"}}]}"##)
        try await f.test { client in
            let r = try await client.send(.get, "/api/overview")
            XCTAssertEqual(r.status, .ok)
            let o = r.object
            let views = try XCTUnwrap(o["views"] as? [[String: Any]])
            func count(_ id: String) -> Int? { views.first { $0["id"] as? String == id }?["count"] as? Int }
            XCTAssertEqual(count("inbox"), 3, "no area and no project")
            XCTAssertEqual(count("today"), 2, "the two overdue tasks")
            XCTAssertEqual(count("flagged"), 1)
            XCTAssertEqual(count("home"), 1)
            XCTAssertEqual(views.first { $0["id"] as? String == "home" }?["icon"] as? String, "house")
            XCTAssertEqual(o["overdue"] as? Int, 2)
            let areas = try XCTUnwrap(o["areas"] as? [[String: Any]])
            XCTAssertTrue(areas.contains { $0["area"] as? String == "Home" && (($0["projects"] as? [[String: Any]])?.first?["project"] as? String) == "Meal Prep" })
            let tags = try XCTUnwrap(o["tags"] as? [[String: Any]])
            XCTAssertEqual(tags.first?["tag"] as? String, "errands")
            XCTAssertEqual((tags.first?["children"] as? [[String: Any]])?.first?["tag"] as? String, "errands/shop")
        }
    }

    func testWindowedViewListsEveryGroupWithItsTotal() async throws {
        let f = HTTPFixture()
        Self.vault(f)
        try await f.test { client in
            let all = try await client.send(.get, "/api/views/upcoming")
            XCTAssertNil(all.object["total"], "no window, no window members")
            let r = try await client.send(.get, "/api/views/today?offset=1&limit=1&fields=summary")
            XCTAssertEqual(r.status, .ok, r.object.description)
            XCTAssertEqual(r.object["total"] as? Int, 2)
            XCTAssertEqual(r.object["offset"] as? Int, 1)
            let groups = try XCTUnwrap(r.object["groups"] as? [[String: Any]])
            XCTAssertEqual(groups.first?["total"] as? Int, 2)
            let tasks = try XCTUnwrap(groups.first?["tasks"] as? [[String: Any]])
            XCTAssertEqual(tasks.map { $0["title"] as? String }, ["Overdue two"], "only the task at offset 1")
            XCTAssertNil(tasks.first?["body"], "summary rows leave the body out")
            XCTAssertNil(tasks.first?["next_occurrences"])
            XCTAssertNotNil(tasks.first?["version"])
            // Browsers write spaces in a query as `+` (URLSearchParams); a plus is %2B.
            let spaced = try await client.send(.get, "/api/views/areas?project=Meal+Prep")
            XCTAssertEqual(PerspectiveRoutesTests.titles(spaced), ["Overdue two"])
            let encoded = try await client.send(.get, "/api/views/areas?project=Meal%20Prep")
            XCTAssertEqual(PerspectiveRoutesTests.titles(encoded), ["Overdue two"])
            let q = try await client.send(.post, "/api/query?limit=1&fields=summary", json: #"{"query": "overdue"}"#)
            XCTAssertEqual(q.object["count"] as? Int, 2, "a query's count comes without its tasks")
            XCTAssertEqual(PerspectiveRoutesTests.titles(q).count, 1)
            for bad in ["limit=0", "offset=-1", "fields=everything"] {
                let e = try await client.send(.get, "/api/views/today?\(bad)")
                XCTAssertEqual(e.status, .badRequest, bad)
            }
        }
    }

    func testThemeIsKeptAsSentAndVersioned() async throws {
        let f = HTTPFixture()
        try await f.test { client in
            let none = try await client.send(.get, "/api/theme")
            XCTAssertTrue(none.object["theme"] is NSNull)
            let doc = ##"{"zeta": true, "base": "ink", "overrides": {"colors": {"accent": "#E85D3A"}}, "appearance": "dark", "mine": [1, 2]}"##
            let saved = try await client.send(.put, "/api/theme", json: doc)
            XCTAssertEqual(saved.status, .ok, saved.object.description)
            let v1 = try XCTUnwrap(saved.headers[.eTag])
            let file = f.vault.read(".theme.json")
            XCTAssertTrue(file.contains("\"mine\""), "unknown keys are kept")
            XCTAssertLessThan(try XCTUnwrap(file.range(of: "\"zeta\"")).lowerBound, try XCTUnwrap(file.range(of: "\"base\"")).lowerBound, "in the order sent")
            // Someone else changes it: a save with the old version is refused.
            f.vault.write(".theme.json", #"{"base": "focus"}"#)
            let stale = try await client.send(.put, "/api/theme", json: #"{"base": "minimal"}"#, headers: [.ifMatch: v1])
            XCTAssertEqual(stale.status, .conflict)
            XCTAssertEqual(f.vault.read(".theme.json"), #"{"base": "focus"}"#)
            let bad = try await client.send(.put, "/api/theme", json: #"{"base": "neon"}"#)
            XCTAssertEqual(bad.status, .badRequest)
            let bad2 = try await client.send(.put, "/api/theme", json: #"{"overrides": {"colors": 3}}"#)
            XCTAssertEqual(bad2.status, .badRequest)
            // A file that is not JSON: reported, the app falls back.
            f.vault.write(".theme.json", "{nope")
            let broken = try await client.send(.get, "/api/theme")
            XCTAssertTrue(broken.object["theme"] is NSNull)
            XCTAssertTrue((broken.object["problem"] as? String ?? "").contains(".theme.json"))
        }
    }

    func testBatchIsOneUndoStepWithPerItemFailures() async throws {
        let f = HTTPFixture()
        Self.vault(f)
        let before = (f.vault.read("a.md"), f.vault.read("b.md"))
        try await f.test { client in
            let r = try await client.send(.post, "/api/batch", json: """
                {"label": "reschedule overdue", "ops": [
                  {"id": "a.md", "action": "set", "fields": {"due": "today"}},
                  {"id": "nope.md", "action": "done"},
                  {"id": "b.md", "action": "set", "fields": {"due": "today"}}]}
                """)
            XCTAssertEqual(r.status, .ok, r.object.description)
            let results = try XCTUnwrap(r.object["results"] as? [[String: Any]])
            XCTAssertEqual(results.map { $0["ok"] as? Bool }, [true, false, true])
            XCTAssertEqual((results[1]["error"] as? [String: Any])?["code"] as? String, "not_found")
            XCTAssertEqual((results[0]["task"] as? [String: Any])?["due"] as? String, "2026-11-24")
            let history = try await client.send(.get, "/api/undo")
            let newest = try XCTUnwrap((history.object["actions"] as? [[String: Any]])?.first)
            XCTAssertEqual(newest["action"] as? String, "reschedule overdue")
            let undone = try await client.send(.post, "/api/undo")
            XCTAssertEqual(undone.status, .ok, undone.object.description)
            XCTAssertEqual(f.vault.read("a.md"), before.0, "one undo reverses the whole batch")
            XCTAssertEqual(f.vault.read("b.md"), before.1)
            let nothing = try await client.send(.post, "/api/undo")
            XCTAssertEqual(nothing.status, .badRequest, "nothing left to undo")
            for bad in [#"{"ops": [{"id": "a.md", "action": "explode"}]}"#, #"{"ops": [{"action": "done"}]}"#, #"{"ops": 3}"#,
                        #"{"ops": [{"id": "a.md", "action": "set"}]}"#] {
                let e = try await client.send(.post, "/api/batch", json: bad)
                XCTAssertEqual(e.status, .badRequest, bad)
            }
        }
    }

    func testPatchingTheBodyReplacesTheNotesNotAFrontmatterKey() async throws {
        let f = HTTPFixture()
        f.vault.write("n.md", taskFile("Notes", extra: "# mine\n", body: "old notes\n"))
        try await f.test { client in
            let r = try await client.send(.patch, "/api/tasks/n.md", json: #"{"body": "new notes\nline two", "priority": "high"}"#)
            XCTAssertEqual(r.status, .ok, r.object.description)
            let text = f.vault.read("n.md")
            XCTAssertTrue(text.hasSuffix("---\n\nnew notes\nline two\n"), text)
            XCTAssertFalse(text.contains("body:"), text)
            XCTAssertTrue(text.contains("# mine\npriority: \"high\"\n") || text.contains("priority: \"high\"\n"), text)
            XCTAssertTrue(text.contains("# mine"), "the comment stays")
            let body = try XCTUnwrap((r.object["task"] as? [String: Any])?["body"] as? String)
            XCTAssertEqual(body, "\nnew notes\nline two\n")
            // Sending back the body as given (its leading blank line too) adds no blank line.
            let again = try await client.send(.patch, "/api/tasks/n.md", json: #"{"body": "\nnew notes\nline two\nthree"}"#)
            XCTAssertEqual(again.status, .ok)
            XCTAssertTrue(f.vault.read("n.md").hasSuffix("---\n\nnew notes\nline two\nthree\n"), f.vault.read("n.md"))
            let cleared = try await client.send(.patch, "/api/tasks/n.md", json: #"{"body": null}"#)
            XCTAssertEqual(cleared.status, .ok)
            XCTAssertTrue(f.vault.read("n.md").hasSuffix("---\n\n"), f.vault.read("n.md"))
            let bad = try await client.send(.patch, "/api/tasks/n.md", json: #"{"body": 3}"#)
            XCTAssertEqual(bad.status, .badRequest)
        }
    }

    func testAppFilesAndPagesAreServedWithThePolicyAndWithoutTheToken() async throws {
        let web = TempDir()
        web.write("index.html", "<!doctype html><title>app</title>")
        web.write("js/main.js", "export {}")
        setenv("TODOMD_WEB_ROOT", web.path, 1)
        defer { unsetenv("TODOMD_WEB_ROOT") }
        let f = HTTPFixture(token: "s3cret")
        try await f.test { client in
            for path in ["/", "/today", "/project/Meal%20Prep", "/task/a.md"] {
                let r = try await client.send(.get, path)
                XCTAssertEqual(r.status, .ok, path)
                XCTAssertEqual(String(buffer: r.body), "<!doctype html><title>app</title>", path)
                XCTAssertTrue(r.headers[.contentSecurityPolicy]?.contains("script-src 'self'") ?? false, path)
            }
            let js = try await client.send(.get, "/js/main.js")
            XCTAssertEqual(js.headers[.contentType], "text/javascript; charset=utf-8")
            let etag = try XCTUnwrap(js.headers[.eTag])
            let again = try await client.send(.get, "/js/main.js", headers: [.ifNoneMatch: etag])
            XCTAssertEqual(again.status, .notModified)
            for path in ["/missing.js", "/../secret.txt", "/.env"] {
                let r = try await client.send(.get, path)
                XCTAssertEqual(r.status, .notFound, path)
            }
            let api = try await client.send(.get, "/api/overview")
            XCTAssertEqual(api.status, .unauthorized, "the API still needs the token")
            let unknown = try await client.send(.get, "/api/nothing-here", headers: [.authorization: "Bearer s3cret"])
            XCTAssertEqual(unknown.status, .notFound)
            XCTAssertEqual(unknown.errorCode, "not_found")
        }
    }

    /// `todomd://show/…` links open the right screen of the web app; a link never writes.
    func testOpenRedirectsShowURLsAndRefusesWrites() async throws {
        let f = HTTPFixture()
        Self.vault(f)
        try await f.test { client in
            func location(_ url: String) async throws -> (HTTPResponse.Status, String?) {
                let encoded = url.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? url
                let r = try await client.send(.get, "/open?url=" + encoded)
                return (r.status, r.headers[.location])
            }
            for (url, path) in [("todomd://show/today", "/today"), ("todomd://show?id=Meal%20Prep", "/project/Meal%20Prep"),
                                ("todomd://show/Home", "/area/Home"), ("todomd://show/errands%2Fshop", "/tag/errands/shop"),
                                ("todomd://show/a.md", "/task/a.md"), ("todomd://search?query=milk", "/search?q=milk")] {
                let (status, loc) = try await location(url)
                XCTAssertEqual(status, .seeOther, url)
                XCTAssertEqual(loc, path, url)
            }
            let before = try FileManager.default.contentsOfDirectory(atPath: f.vault.path).sorted()
            let (status, _) = try await location("todomd://add?title=Sneaky")
            XCTAssertEqual(status, .badRequest)
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: f.vault.path).sorted(), before, "a link wrote nothing")
            let (outside, _) = try await location("todomd://show/../../etc/passwd")
            XCTAssertEqual(outside, .badRequest)
        }
    }
}
