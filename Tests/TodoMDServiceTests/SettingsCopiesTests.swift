import Foundation
import TodoMDCore
import TodoMDService
import XCTest

/// Sync-conflict copies of `.order.json` and `.perspectives.json` (issue 16): merged into the
/// original (order lists: union keeping each side's order; perspectives: by id) and trashed.
final class SettingsCopiesTests: XCTestCase {
    func testOrderAndPerspectiveCopiesMerge() throws {
        let f = ServiceFixture()
        f.vault.write("a.md", taskFile("A"))
        f.vault.write(".order.json", "{\"version\": 1, \"views\": {\"inbox\": [\"a.md\", \"b.md\"]}, \"mine\": true}")
        f.vault.write(".order.sync-conflict-20261124-101010-ABCDEFG.json",
                      "{\"version\": 1, \"views\": {\"inbox\": [\"c.md\", \"a.md\", \"b.md\"], \"today\": [\"a.md\"]}, \"theirs\": 1}")
        f.vault.write(".perspectives.json", "{\"perspectives\": [{\"id\": \"work\", \"name\": \"Work\", \"query\": \"tags:work\"}]}")
        f.vault.write(".perspectives (Anna's conflicted copy 2026-11-24).json",
                      "{\"perspectives\": [{\"id\": \"work\", \"name\": \"Work\", \"query\": \"tags:job\"}, {\"id\": \"home\", \"name\": \"Home\", \"query\": \"tags:home\"}]}")
        let s = f.service()
        XCTAssertEqual(try s.view("all").tasks.map(\.title), ["A"])
        let order = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(f.vault.bytes(".order.json"))) as? [String: Any])
        XCTAssertEqual((order["views"] as? [String: [String]])?["inbox"], ["c.md", "a.md", "b.md"])
        XCTAssertEqual((order["views"] as? [String: [String]])?["today"], ["a.md"])
        XCTAssertEqual(order["mine"] as? Bool, true)
        XCTAssertEqual(order["theirs"] as? Int, 1)
        let perspectives = PerspectivesFile.load(root: f.vault.path)
        XCTAssertEqual(perspectives.perspectives.map(\.id), ["work", "home", "work-2"])
        XCTAssertEqual(perspectives.perspectives.map(\.name), ["Work", "Home", "Work (other device)"])
        XCTAssertEqual(f.vault.files().filter { !$0.hasPrefix(".trash/") }.sorted(), [".order.json", ".perspectives.json", "a.md"])
        XCTAssertEqual(f.vault.files().filter { $0.hasPrefix(".trash/") }.count, 2)
        XCTAssertEqual(s.undoHistory().actions.first?.action, "merge")
    }

    func testACopyThatIsNotJSONIsLeftAndReported() throws {
        let f = ServiceFixture()
        f.vault.write(".order.json", "{\"version\": 1, \"views\": {}}")
        f.vault.write(".order 2.json", "not json")
        let problems = f.service().doctor().problems
        XCTAssertEqual(problems.map(\.path), [".order 2.json"])
        XCTAssertTrue(f.vault.exists(".order 2.json"))
    }
}
