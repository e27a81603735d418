import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import XCTest
import TodoMDCore
@testable import TodoMDHTTP

/// `/api/perspectives` and `/api/query` in process: create → list → get → tasks → query (text
/// and tree) → a stale update (409) → update → delete → 404, and a `.perspectives.json` with
/// mistakes in it.
final class PerspectiveRoutesTests: XCTestCase {
    static func vault(_ f: HTTPFixture) {
        f.vault.write("Work/a.md", taskFile("Alpha", extra: "area: \"Work\"\npriority: \"high\"\nflagged: true\n"))
        f.vault.write("Work/b.md", taskFile("Beta", extra: "area: \"Work\"\npriority: \"low\"\n"))
        f.vault.write("Home/c.md", taskFile("Gamma", extra: "area: \"Home\"\n"))
    }

    /// The titles of a grouped document, in order.
    static func titles(_ r: TestResponse) -> [String] {
        ((r.object["groups"] as? [[String: Any]]) ?? []).flatMap { ($0["tasks"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String } }
    }

    static func message(_ r: TestResponse) -> String { (r.object["error"] as? [String: Any])?["message"] as? String ?? "" }

    static func unquoted(_ etag: String?) -> String? { etag?.replacingOccurrences(of: "\"", with: "") }

    func testCreateListGetRunUpdateAndDelete() async throws {
        let f = HTTPFixture()
        Self.vault(f)
        try await f.test { client in
            // Create.
            let created = try await client.send(.post, "/api/perspectives", json: """
                {"id": "work-now", "name": "Work now", "query": "area:Work", "sort": "-priority", "group_by": "area", "mood": "calm"}
                """)
            XCTAssertEqual(created.status, .created, created.object.description)
            XCTAssertEqual(created.headers[.location], "/api/perspectives/work-now")
            let v1 = try XCTUnwrap(created.headers[.eTag])
            let p = try XCTUnwrap(created.object["perspective"] as? [String: Any])
            XCTAssertEqual(p["id"] as? String, "work-now")
            XCTAssertEqual(p["built_in"] as? Bool, false)
            XCTAssertEqual(p["version"] as? String, Self.unquoted(v1))
            XCTAssertEqual(p["query"] as? String, "@Work", "printed as the text syntax prints it")
            let definition = try XCTUnwrap(p["definition"] as? [String: Any])
            XCTAssertEqual((definition["filter"] as? [String: Any])?["field"] as? String, "area", "the query is stored as a tree")
            XCTAssertEqual(definition["group_by"] as? String, "area")
            XCTAssertEqual(definition["mood"] as? String, "calm", "unknown keys are kept")
            XCTAssertNil(definition["query"])
            XCTAssertTrue(f.vault.read(".perspectives.json").contains("\"work-now\""))

            // Refused: a taken id (409), a bad definition, query and filter both, a built-in id (400).
            let again = try await client.send(.post, "/api/perspectives", json: #"{"id": "work-now", "filter": {"field": "flagged"}}"#)
            XCTAssertEqual(again.status, .conflict)
            XCTAssertEqual(again.errorCode, "conflict")
            let badTree = try await client.send(.post, "/api/perspectives", json: #"{"id": "x", "filter": {"field": "colour", "op": "equals", "value": 1}}"#)
            XCTAssertEqual(badTree.status, .badRequest)
            XCTAssertTrue(Self.message(badTree).hasPrefix("filter.field: unknown field \"colour\""), Self.message(badTree))
            let badText = try await client.send(.post, "/api/perspectives", json: #"{"id": "x", "query": "area:Work & (p1"}"#)
            XCTAssertEqual(badText.status, .badRequest)
            XCTAssertTrue(Self.message(badText).contains("column"), Self.message(badText))
            let both = try await client.send(.post, "/api/perspectives", json: #"{"id": "x", "query": "p1", "filter": {"field": "flagged"}}"#)
            XCTAssertEqual(both.status, .badRequest)
            let builtIn = try await client.send(.post, "/api/perspectives", json: #"{"id": "today", "query": "p1"}"#)
            XCTAssertEqual(builtIn.status, .badRequest)
            let noID = try await client.send(.post, "/api/perspectives", json: #"{"query": "p1"}"#)
            XCTAssertEqual(noID.status, .badRequest)
            let badID = try await client.send(.post, "/api/perspectives", json: #"{"id": "a b/c", "query": "p1"}"#)
            XCTAssertEqual(badID.status, .badRequest)
            XCTAssertTrue(Self.message(badID).hasPrefix("id: "), Self.message(badID))
            let fromName = try await client.send(.post, "/api/perspectives", json: #"{"name": "Home — Anything", "query": "@Home"}"#)
            XCTAssertEqual(fromName.status, .created, "an id is made from the name")
            XCTAssertEqual((fromName.object["perspective"] as? [String: Any])?["id"] as? String, "home-anything")

            // List: the built-in views first, then the vault's.
            let list = try await client.send(.get, "/api/perspectives")
            XCTAssertEqual(list.status, .ok)
            let all = try XCTUnwrap(list.object["perspectives"] as? [[String: Any]])
            XCTAssertEqual(all.first?["id"] as? String, "inbox")
            XCTAssertEqual(all.first?["built_in"] as? Bool, true)
            XCTAssertTrue(all.first?["version"] is NSNull, "a built-in view has no version")
            XCTAssertEqual(all.suffix(2).compactMap { $0["id"] as? String }, ["work-now", "home-anything"])
            XCTAssertEqual(list.object["problems"] as? [String], [])

            // Get: ETag, 304, by name too; a built-in view; no such perspective.
            let one = try await client.send(.get, "/api/perspectives/work-now")
            XCTAssertEqual(one.status, .ok)
            XCTAssertEqual(one.headers[.eTag], v1)
            let unchanged = try await client.send(.get, "/api/perspectives/work-now", headers: [.ifNoneMatch: v1])
            XCTAssertEqual(unchanged.status, .notModified)
            let byName = try await client.send(.get, "/api/perspectives/Work%20now")
            XCTAssertEqual((byName.object["perspective"] as? [String: Any])?["id"] as? String, "work-now")
            let today = try await client.send(.get, "/api/perspectives/today")
            XCTAssertEqual(today.status, .ok)
            XCTAssertNil(today.headers[.eTag])
            XCTAssertEqual((today.object["perspective"] as? [String: Any])?["built_in"] as? Bool, true)
            let missing = try await client.send(.get, "/api/perspectives/nope")
            XCTAssertEqual(missing.status, .notFound)
            XCTAssertEqual(missing.errorCode, "not_found")

            // Its tasks: sorted and grouped as it says; filters narrow them.
            let tasks = try await client.send(.get, "/api/perspectives/work-now/tasks")
            XCTAssertEqual(tasks.status, .ok)
            XCTAssertEqual(tasks.object["view"] as? String, "work-now")
            XCTAssertEqual(tasks.object["name"] as? String, "Work now")
            XCTAssertEqual(tasks.object["query"] as? String, "@Work")
            XCTAssertEqual(tasks.object["count"] as? Int, 2)
            XCTAssertEqual(Self.titles(tasks), ["Alpha", "Beta"])
            XCTAssertEqual((tasks.object["groups"] as? [[String: Any]])?.first?["name"] as? String, "Work")
            let narrowed = try await client.send(.get, "/api/perspectives/work-now/tasks?not_tag=x&status=done")
            XCTAssertEqual(narrowed.object["count"] as? Int, 0)
            let badFilter = try await client.send(.get, "/api/perspectives/work-now/tasks?status=finished")
            XCTAssertEqual(badFilter.status, .badRequest)
            let inbox = try await client.send(.get, "/api/perspectives/inbox/tasks")
            XCTAssertEqual(inbox.status, .ok)
            XCTAssertEqual(inbox.object["count"] as? Int, 0)
            let noTasks = try await client.send(.get, "/api/perspectives/nope/tasks")
            XCTAssertEqual(noTasks.status, .notFound)

            // Ad hoc queries: the text syntax and a tree, with sort and group_by.
            let text = try await client.send(.post, "/api/query", json: #"{"query": "area:Work & p1"}"#)
            XCTAssertEqual(text.status, .ok)
            XCTAssertEqual(text.object["view"] as? String, "query")
            XCTAssertEqual(text.object["query"] as? String, "@Work & p1")
            XCTAssertEqual(Self.titles(text), ["Alpha"])
            let tree = try await client.send(.post, "/api/query", json: """
                {"filter": {"operator": "OR", "conditions": [{"field": "area", "op": "equals", "value": "Home"}, {"field": "flagged"}]},
                 "sort": [{"field": "title", "direction": "desc"}], "group_by": "area"}
                """)
            XCTAssertEqual(tree.status, .ok)
            XCTAssertEqual(Self.titles(tree), ["Gamma", "Alpha"])
            XCTAssertEqual((tree.object["groups"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Home", "Work"])
            let shorthand = try await client.send(.post, "/api/query?area=Work", json: #"{"query": "all", "sort": "title"}"#)
            XCTAssertEqual(Self.titles(shorthand), ["Alpha", "Beta"], "the query filters narrow it")
            let syntax = try await client.send(.post, "/api/query", json: #"{"query": "area:Work & "}"#)
            XCTAssertEqual(syntax.status, .badRequest)
            XCTAssertTrue(Self.message(syntax).hasPrefix("query: column 13: "), Self.message(syntax))
            let badGroup = try await client.send(.post, "/api/query", json: #"{"filter": {"operator": "XOR", "conditions": []}}"#)
            XCTAssertEqual(badGroup.status, .badRequest)
            XCTAssertTrue(Self.message(badGroup).hasPrefix("filter.operator: "), Self.message(badGroup))
            let badSort = try await client.send(.post, "/api/query", json: #"{"query": "p1", "sort": "colour"}"#)
            XCTAssertTrue(Self.message(badSort).hasPrefix("sort: cannot sort by \"colour\""), Self.message(badSort))
            let badGrouping = try await client.send(.post, "/api/query", json: #"{"query": "p1", "group_by": "mood"}"#)
            XCTAssertTrue(Self.message(badGrouping).hasPrefix("group_by: "), Self.message(badGrouping))
            for body in [#"{}"#, #"{"query": "p1", "filter": {"field": "flagged"}}"#, #"{"query": "p1", "colour": 1}"#, #"{"query": 1}"#] {
                let r = try await client.send(.post, "/api/query", json: body)
                XCTAssertEqual(r.status, .badRequest, body)
                XCTAssertEqual(r.errorCode, "invalid_argument", body)
            }

            // Update: with the version read; a stale one is a 409 and changes nothing.
            let updated = try await client.send(.put, "/api/perspectives/work-now", json: #"{"name": "Work, urgent", "query": "area:Work & p1"}"#,
                                                headers: [.ifMatch: v1])
            XCTAssertEqual(updated.status, .ok, updated.object.description)
            let v2 = try XCTUnwrap(updated.headers[.eTag])
            XCTAssertNotEqual(v2, v1)
            XCTAssertEqual((updated.object["perspective"] as? [String: Any])?["id"] as? String, "work-now", "the id is the path's")
            XCTAssertEqual((updated.object["perspective"] as? [String: Any])?["name"] as? String, "Work, urgent")
            let before = f.vault.read(".perspectives.json")
            let stale = try await client.send(.put, "/api/perspectives/work-now", json: #"{"name": "Lost"}"#, headers: [.ifMatch: v1])
            XCTAssertEqual(stale.status, .conflict)
            XCTAssertEqual(stale.errorCode, "conflict")
            let staleInBody = try await client.send(.put, "/api/perspectives/work-now",
                                                    json: #"{"name": "Lost", "version": "\#(Self.unquoted(v1)!)"}"#)
            XCTAssertEqual(staleInBody.status, .conflict)
            XCTAssertEqual(f.vault.read(".perspectives.json"), before, "a refused write changes nothing")
            let disagree = try await client.send(.put, "/api/perspectives/work-now", json: #"{"name": "x", "version": "\#(Self.unquoted(v1)!)"}"#,
                                                 headers: [.ifMatch: v2])
            XCTAssertEqual(disagree.status, .badRequest)
            let badVersion = try await client.send(.put, "/api/perspectives/work-now", json: #"{"name": "x"}"#, headers: [.ifMatch: "nonsense"])
            XCTAssertEqual(badVersion.status, .badRequest)
            let readOnly = try await client.send(.put, "/api/perspectives/today", json: #"{"query": "p1"}"#)
            XCTAssertEqual(readOnly.status, .badRequest)
            XCTAssertTrue(Self.message(readOnly).contains("built-in"), Self.message(readOnly))
            let noSuch = try await client.send(.put, "/api/perspectives/nope", json: #"{"query": "p1"}"#)
            XCTAssertEqual(noSuch.status, .notFound)
            let ranNow = try await client.send(.get, "/api/perspectives/work-now/tasks")
            XCTAssertEqual(Self.titles(ranNow), ["Alpha"], "the update is what runs")
            // The version in the body works as If-Match does; a new id renames it.
            let renamed = try await client.send(.put, "/api/perspectives/work-now",
                                                json: #"{"id": "work-urgent", "name": "Work, urgent", "query": "area:Work & p1", "version": "\#(Self.unquoted(v2)!)"}"#)
            XCTAssertEqual(renamed.status, .ok, renamed.object.description)
            let v3 = try XCTUnwrap(renamed.headers[.eTag])
            let old = try await client.send(.get, "/api/perspectives/work-now")
            XCTAssertEqual(old.status, .notFound)

            // Delete: the same version rule; a copy is kept in the trash folder.
            let staleDelete = try await client.send(.delete, "/api/perspectives/work-urgent", headers: [.ifMatch: v2])
            XCTAssertEqual(staleDelete.status, .conflict)
            let builtInDelete = try await client.send(.delete, "/api/perspectives/inbox")
            XCTAssertEqual(builtInDelete.status, .badRequest)
            let deleted = try await client.send(.delete, "/api/perspectives/work-urgent", headers: [.ifMatch: v3])
            XCTAssertEqual(deleted.status, .ok, deleted.object.description)
            let trash = try XCTUnwrap(deleted.object["trash"] as? String)
            XCTAssertTrue(trash.hasPrefix(".trash/perspectives/work-urgent-") && trash.hasSuffix(".json"), trash)
            XCTAssertTrue(f.vault.read(trash).contains("\"work-urgent\""), "the copy is the perspective")
            let gone = try XCTUnwrap(deleted.object["perspective"] as? [String: Any])
            XCTAssertEqual(gone["id"] as? String, "work-urgent")
            XCTAssertTrue(gone["version"] is NSNull)
            XCTAssertNotNil(gone["definition"] as? [String: Any])
            let afterDelete = try await client.send(.get, "/api/perspectives/work-urgent")
            XCTAssertEqual(afterDelete.status, .notFound)
            let twice = try await client.send(.delete, "/api/perspectives/work-urgent")
            XCTAssertEqual(twice.status, .notFound)
            let remaining = try await client.send(.get, "/api/perspectives")
            XCTAssertEqual((remaining.object["perspectives"] as? [[String: Any]])?.last?["id"] as? String, "home-anything")
        }
    }

    /// A perspective that cannot be used is reported in `problems` with its place in the file;
    /// the others are listed and run. A file that is not JSON is reported and never overwritten.
    func testAMalformedPerspectivesFileStillListsTheOthers() async throws {
        let f = HTTPFixture()
        Self.vault(f)
        f.vault.write(".perspectives.json", """
            {"perspectives": [
              {"id": "home", "name": "Home", "filter": {"field": "area", "op": "equals", "value": "Home"}},
              {"id": "broken", "name": "Broken", "filter": {"field": "area", "op": "sooner-than", "value": "Work"}},
              {"id": "flagged-work", "name": "Flagged work", "filter": {"operator": "AND", "conditions": [{"field": "flagged"}, {"field": "area", "value": "Work"}]}}
            ]}
            """)
        try await f.test { client in
            let list = try await client.send(.get, "/api/perspectives")
            XCTAssertEqual(list.status, .ok)
            let ids = ((list.object["perspectives"] as? [[String: Any]]) ?? []).filter { $0["built_in"] as? Bool == false }.compactMap { $0["id"] as? String }
            XCTAssertEqual(ids, ["home", "flagged-work"])
            let problems = try XCTUnwrap(list.object["problems"] as? [String])
            XCTAssertEqual(problems.count, 1, problems.description)
            XCTAssertTrue(problems.first?.hasPrefix(".perspectives.json: perspectives[1].filter.op: unknown operator \"sooner-than\"") ?? false, problems.description)
            let broken = try await client.send(.get, "/api/perspectives/broken")
            XCTAssertEqual(broken.status, .notFound)
            let home = try await client.send(.get, "/api/perspectives/home/tasks")
            XCTAssertEqual(Self.titles(home), ["Gamma"])
            let work = try await client.send(.get, "/api/perspectives/flagged-work/tasks")
            XCTAssertEqual(Self.titles(work), ["Alpha"])
            // A write still works and keeps the entry it cannot read, as it was.
            let added = try await client.send(.post, "/api/perspectives", json: #"{"id": "low", "query": "p3"}"#)
            XCTAssertEqual(added.status, .created)
            XCTAssertTrue(f.vault.read(".perspectives.json").contains("sooner-than"))

            f.vault.write(".perspectives.json", "{\"perspectives\": [ {\"id\": \"half\"")
            let notJSON = try await client.send(.get, "/api/perspectives")
            XCTAssertEqual(notJSON.status, .ok)
            XCTAssertEqual(((notJSON.object["perspectives"] as? [[String: Any]]) ?? []).count, 8, "the built-in views")
            let reported = (notJSON.object["problems"] as? [String]) ?? []
            XCTAssertTrue(reported.count == 1 && reported[0].contains("not valid JSON"), reported.description)
            let refused = try await client.send(.post, "/api/perspectives", json: #"{"id": "more", "query": "p1"}"#)
            XCTAssertEqual(refused.status, .conflict)
            XCTAssertEqual(f.vault.read(".perspectives.json"), "{\"perspectives\": [ {\"id\": \"half\"", "never overwritten")
        }
    }

    /// `GET /api/views/{view}` runs a perspective or a query too, and says so in the document.
    func testViewsRunPerspectivesAndQueries() async throws {
        let f = HTTPFixture()
        Self.vault(f)
        try await f.test { client in
            _ = try await client.send(.post, "/api/perspectives", json: #"{"id": "mine", "query": "area:Home"}"#)
            let byView = try await client.send(.get, "/api/views/mine")
            XCTAssertEqual(byView.object["view"] as? String, "mine")
            XCTAssertEqual(Self.titles(byView), ["Gamma"])
            let query = try await client.send(.get, "/api/views/" + "area:Work & p1".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)
            XCTAssertEqual(query.object["query"] as? String, "@Work & p1")
            XCTAssertEqual(Self.titles(query), ["Alpha"])
        }
    }

    /// The OpenAPI document describes these routes and their documents.
    func testTheOpenAPIDocumentDescribesPerspectives() async throws {
        let f = HTTPFixture()
        try await f.test { client in
            let doc = try await client.send(.get, "/api/openapi.json")
            let paths = (doc.object["paths"] as? [String: Any]) ?? [:]
            let methods: [String: Set<String>] = ["/api/perspectives": ["get", "post"], "/api/perspectives/{id}": ["get", "put", "delete"],
                                                  "/api/perspectives/{id}/tasks": ["get"], "/api/query": ["post"]]
            for (path, expected) in methods {
                XCTAssertEqual(Set(((paths[path] as? [String: Any]) ?? [:]).keys), expected, path)
            }
            let schemas = ((doc.object["components"] as? [String: Any])?["schemas"] as? [String: Any]) ?? [:]
            for name in ["Perspective", "PerspectiveDocument", "PerspectiveListDocument", "PerspectiveViewDocument", "PerspectiveDeleteDocument",
                         "PerspectiveInput", "PerspectiveDefinition", "QueryRequest", "QueryNode", "QueryGroup", "QueryCondition", "Sort", "SortKey"] {
                XCTAssertNotNil(schemas[name], name)
            }
        }
    }
}
