import XCTest
@testable import TodoMDCore

final class OrderFileTests: XCTestCase {
    func testWriteKeepsUnknownKeysAndOtherViews() throws {
        let dir = TempDir()
        dir.write(".order.json", #"{"version": 1, "views": {"today": ["x.md"], "area:Work": ["y.md"]}, "custom": [1, 2]}"#)
        var order = OrderFile.load(root: dir.path)
        order.views["inbox"] = ["b.md", "a.md"]
        try order.save(root: dir.path, clock: clock("2026-11-22T10:00"))
        let obj = try JSONSerialization.jsonObject(with: Data(dir.bytes(".order.json"))) as! [String: Any]
        XCTAssertEqual(obj["custom"] as? [Int], [1, 2])
        XCTAssertEqual(obj["version"] as? Int, 1)
        let views = obj["views"] as! [String: [String]]
        XCTAssertEqual(views, ["today": ["x.md"], "area:Work": ["y.md"], "inbox": ["b.md", "a.md"]])
    }

    func testMalformedIsReportedIgnoredAndKeptAsideOnReorder() throws {
        for bad in ["{not json", #"{"version": 2, "views": {}}"#, #"{"version": 1, "views": []}"#, #"{"version": 1, "views": {"inbox": "a.md"}}"#, "[]"] {
            let dir = TempDir()
            dir.write(".order.json", bad)
            var order = OrderFile.load(root: dir.path)
            XCTAssertNotNil(order.problem, bad)
            XCTAssertTrue(order.views.isEmpty)
            XCTAssertEqual(dir.read(".order.json"), bad, "never rewritten just by reading")
            order.views["inbox"] = ["a.md"]
            try order.save(root: dir.path, clock: clock("2026-11-22T10:00"))
            let kept = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix(".order.json.malformed-") }
            XCTAssertEqual(kept.count, 1)
            XCTAssertEqual(dir.read(kept[0]), bad)
            XCTAssertNil(OrderFile.load(root: dir.path).problem)
        }
    }

    func testReorder() throws {
        func t(_ n: String) -> TodoTask { TodoTask(path: n + ".md", title: n) }
        let shown = [t("a"), t("b"), t("c"), t("d")]
        XCTAssertEqual(try Reorder.reorder(list: [], shown: shown, moving: t("d"), .before, other: t("a")),
                       ["d.md", "a.md", "b.md", "c.md"])
        XCTAssertEqual(try Reorder.reorder(list: ["hidden.md", "c.md"], shown: shown, moving: t("c"), .after, other: t("d")),
                       ["hidden.md", "a.md", "b.md", "d.md", "c.md"])
        XCTAssertThrowsError(try Reorder.reorder(list: [], shown: shown, moving: t("a"), .after, other: t("a")))
    }
}
