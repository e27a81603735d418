import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TodoMDCore
import TodoMDHTTP
import XCTest

/// `/api/formats`, `POST /api/import` (a preview, then the import, then the same file again) and
/// `GET /api/export/{format}` streamed as an attachment (issue 17).
final class InterchangeRoutesTests: XCTestCase {
    private let csv = "Title,Due,Project\nRenew insurance,2026-12-15,Admin\nSort photos,,Home\n"

    private func body(_ fields: [String: Any]) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self)
    }

    func testImportPreviewThenImportThenAgain() async throws {
        let f = HTTPFixture()
        try await f.test { client in
            let formats = try await client.send(.get, "/api/formats")
            XCTAssertEqual((formats.object["exporters"] as? [[String: Any]])?.compactMap { $0["format"] as? String },
                           ["json", "csv", "todoist", "taskpaper", "todotxt", "taskwarrior", "ical", "opml", "things", "calendar", "calendar-events"])
            let preview = try await client.send(.post, "/api/import", json: try self.body(["content": self.csv, "name": "x.csv", "dry_run": true]))
            XCTAssertEqual(preview.status, .ok)
            XCTAssertEqual(preview.object["summary"] as? String, "Would create 2 tasks across 2 projects.")
            XCTAssertEqual((preview.object["mapping"] as? [[String: Any]])?.compactMap { $0["field"] as? String }, ["title", "due", "project"])
            XCTAssertEqual(f.vault.files(), [])
            let done = try await client.send(.post, "/api/import", json: try self.body(["content": self.csv, "name": "x.csv", "map": ["Project": "area"]]))
            XCTAssertEqual(done.object["created"] as? Int, 2)
            XCTAssertEqual(f.vault.files().count, 2)
            let items = try XCTUnwrap(done.object["items"] as? [[String: Any]])
            XCTAssertEqual((items.first?["task"] as? [String: Any])?["area"] as? String, "Admin")
            let again = try await client.send(.post, "/api/import", json: try self.body(["content": self.csv, "map": ["Project": "area"]]))
            XCTAssertEqual(again.object["unchanged"] as? Int, 2)
            XCTAssertEqual(f.vault.files().count, 2)
        }
    }

    func testImportErrors() async throws {
        let f = HTTPFixture()
        try await f.test { client in
            let none = try await client.send(.post, "/api/import", json: "{}")
            XCTAssertEqual(none.status, .badRequest)
            let broken = try await client.send(.post, "/api/import", json: try self.body(["content": "[{", "format": "taskwarrior", "name": "t.json"]))
            XCTAssertEqual(broken.status, .badRequest)
            XCTAssertTrue(((broken.object["error"] as? [String: Any])?["message"] as? String ?? "").contains("t.json is not Taskwarrior JSON: line 1"))
            let unknown = try await client.send(.post, "/api/import", json: try self.body(["content": "x", "format": "docx"]))
            XCTAssertEqual(unknown.status, .badRequest)
            let badMap = try await client.send(.post, "/api/import", json: try self.body(["content": self.csv, "map": ["Title": 3]]))
            XCTAssertEqual(badMap.status, .badRequest)
            XCTAssertEqual(f.vault.files(), [])
        }
    }

    func testExportStreamsAnAttachment() async throws {
        let f = HTTPFixture()
        for i in 0..<300 {
            f.vault.write("t\(i).md", "---\ntitle: \"Task \(i), with a comma\"\nstatus: \"todo\"\nproject: \"\(i % 2 == 0 ? "Even" : "Odd")\"\ncreated: \"2026-11-20T09:00:00Z\"\n---\nNotes \(i)\n")
        }
        try await f.test { client in
            let r = try await client.send(.get, "/api/export/csv?project=Even")
            XCTAssertEqual(r.status, .ok)
            XCTAssertEqual(r.headers[.contentType], "text/csv; charset=utf-8")
            XCTAssertEqual(r.headers[.contentDisposition], "attachment; filename=\"todomd.csv\"")
            let table = try CSVTable(r.text)
            XCTAssertEqual(table.rows.count, 151)
            XCTAssertEqual(table.rows[1].fields[1], "Task 0, with a comma")
            let ics = try await client.send(.get, "/api/export/ical")
            XCTAssertTrue(ics.text.hasPrefix("BEGIN:VCALENDAR\r\n"))
            XCTAssertEqual(ics.text.components(separatedBy: "BEGIN:VTODO").count - 1, 300)
            let bad = try await client.send(.get, "/api/export/docx")
            XCTAssertEqual(bad.status, .badRequest)
        }
    }
}
