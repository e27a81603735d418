import Foundation
import TodoMDCore
import XCTest

/// `.order.json` and `.perspectives.json` merges: nothing either side added is lost.
final class SettingsFileMergeTests: XCTestCase {
    func testListsUnionKeepingEachSidesOrder() {
        XCTAssertEqual(SettingsFileMerge.mergeLists(["a", "b", "c"], ["a", "x", "b", "c", "y"]), ["a", "x", "b", "c", "y"])
        XCTAssertEqual(SettingsFileMerge.mergeLists(["b", "a"], ["n", "a", "b"]), ["n", "b", "a"], "mine's order wins where they disagree")
        XCTAssertEqual(SettingsFileMerge.mergeLists([], ["a", "b"]), ["a", "b"])
        XCTAssertEqual(SettingsFileMerge.mergeLists(["a", "a"], ["a"]), ["a"])
    }

    /// Property: every item of both is in the result once; mine's items keep mine's order; each
    /// run of theirs' new items stays together, in theirs' order, right after the item it
    /// follows there.
    func testListMergeProperty() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let pool = (0..<12).map { "t\($0)" }
            let mine = Array(pool.shuffled(using: &rng).prefix(Int.random(in: 0...10, using: &rng)))
            let theirs = Array(pool.shuffled(using: &rng).prefix(Int.random(in: 0...10, using: &rng)))
            let m = SettingsFileMerge.mergeLists(mine, theirs)
            XCTAssertEqual(Set(m), Set(mine).union(theirs))
            XCTAssertEqual(m.count, Set(m).count)
            XCTAssertEqual(m.filter(Set(mine).contains), mine)
            var i = 0
            while i < theirs.count {
                guard !mine.contains(theirs[i]) else { i += 1; continue }
                var run: [String] = []
                let anchor = i > 0 ? theirs[i - 1] : nil
                while i < theirs.count, !mine.contains(theirs[i]) { run.append(theirs[i]); i += 1 }
                let at = m.firstIndex(of: run[0])!
                XCTAssertEqual(Array(m[at..<(at + run.count)]), run, "\(mine) + \(theirs) = \(m)")
                if let anchor { XCTAssertEqual(m[at - 1], anchor, "\(mine) + \(theirs) = \(m)") }
            }
        }
    }

    func testPerspectivesByID() throws {
        let mine = #"{"perspectives": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}], "x": 1}"#
        let theirs = #"{"perspectives": [{"id": "c", "name": "C"}, {"id": "A", "name": "A"}, {"id": "b", "name": "B2"}], "y": 2}"#
        let out = try XCTUnwrap(SettingsFileMerge.merge(.perspectives, mine: Array(mine.utf8), theirs: Array(theirs.utf8)))
        let obj = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(out)) as? [String: Any])
        let list = try XCTUnwrap(obj["perspectives"] as? [[String: Any]])
        XCTAssertEqual(list.map { $0["id"] as? String }, ["c", "a", "b", "b-2"])
        XCTAssertEqual(list.map { $0["name"] as? String }, ["C", "A", "B", "B2 (other device)"])
        XCTAssertEqual(obj["x"] as? Int, 1)
        XCTAssertEqual(obj["y"] as? Int, 2)
        XCTAssertNil(SettingsFileMerge.merge(.order, mine: Array("[]".utf8), theirs: Array("{}".utf8)))
        let same = Array("{\"version\": 1, \"views\": {\"inbox\": [\"a.md\"]}}\n".utf8)
        XCTAssertNotNil(SettingsFileMerge.merge(.order, mine: same, theirs: same))
    }
}
