import Foundation
import XCTest
import TodoMDAPI
import TodoMDCore
import TodoMDService
import TodoMDTestSupport

/// The undo documents of the JSON contract read back into the same values and agree with
/// `JSONEncoder`.
final class UndoContractTests: XCTestCase {
    func testUndoDocumentsRoundTrip() throws {
        let vault = TempDir(), cache = TempDir()
        vault.write("a.md", taskFile("Alpha"))
        let c = clock("2026-11-24T09:00")
        var o = ServiceOptions(vaultRoot: vault.path, clock: { c })
        o.indexPath = cache.path + "/index.sqlite"
        let s = TodoService(o)
        _ = try s.delete("a.md")
        _ = try s.add(TaskDraft(text: "Beta"))
        let undone = UndoDocument(try s.undo())
        let list = UndoListDocument(s.undoHistory())
        XCTAssertEqual(list.actions.map(\.action), ["add", "delete"])
        XCTAssertEqual(list.actions[1].files, [try JSONDecoder().decode(UndoFileDTO.self, from: Data(
            #"{"path": "a.md", "change": "moved", "moved_to": ".trash/a.md"}"#.utf8))])
        XCTAssertEqual(undone.trashed.count, 1)

        func check<T: JSONWritable & Decodable & Equatable>(_ doc: T) throws {
            let fast = APIJSON.encode(doc, pretty: true)
            XCTAssertEqual(try JSONDecoder().decode(T.self, from: Data(fast)), doc)
            let a = try JSONSerialization.jsonObject(with: Data(fast)) as! NSDictionary
            let b = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(doc)) as! NSDictionary
            XCTAssertEqual(a, b)
            XCTAssertEqual(a["schema_version"] as? Int, APISchema.version)
        }
        try check(undone)
        try check(list)
    }
}
