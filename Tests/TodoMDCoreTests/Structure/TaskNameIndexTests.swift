import Foundation
@testable import TodoMDCore
import XCTest

/// The name index's byte-level fast path gives the names `TaskDependencies.names(ofPath:)` gives,
/// for every path it takes (a property over random paths), and declines the rest.
final class TaskNameIndexTests: XCTestCase {
    func testPlainNamesAgreeWithNormalizing() {
        let table = ["Plan.md", "Areas/Work/Plan Trip.MD", "a/b", "x.md.md", "A b/C d.md", "notes/.md", "UPPER/Case.Md"]
        var g = SeededGenerator(seed: 9)
        let alphabet = Array("aaaaaZZZZ0099  --__..///#|[]é\t".unicodeScalars)
        var paths = table
        for _ in 0..<3000 {
            paths.append(String(String.UnicodeScalarView((0..<Int.random(in: 1...14, using: &g)).map { _ in alphabet.randomElement(using: &g)! })))
        }
        var checked = 0
        defer { XCTAssertGreaterThan(checked, 500, "enough plain paths") }
        for p in paths {
            guard let plain = TaskNameIndex.plainNames(p) else { continue }
            checked += 1
            let want = TaskDependencies.names(ofPath: p)
            XCTAssertEqual(plain.base == plain.full ? [plain.full] : [plain.full, plain.base], want, p.debugDescription)
            // The fingerprint that lets a path no one names pass unbuilt is that of its file name.
            XCTAssertEqual(TaskNameIndex.plainBaseFingerprint(p), TaskNameIndex.fingerprint(plain.base.utf8), p.debugDescription)
        }
        for p in paths where TaskNameIndex.plainNames(p) == nil { XCTAssertNil(TaskNameIndex.plainBaseFingerprint(p), p.debugDescription) }
        XCTAssertNil(TaskNameIndex.plainNames("Café/x.md"), "not ASCII: normalized the slow way")
        XCTAssertNil(TaskNameIndex.plainNames("[[x]]"))
        XCTAssertEqual(TaskNameIndex.plainNames("Areas/Plan Trip.md")?.base, "plan trip")
    }

    /// Names are found by file name whatever the case of the path; a name no task has finds none.
    func testTheIndexFindsNamedTasksAndSkipsTheRest() {
        let tasks = ["Areas/Plan Trip.md", "Work/plan trip.md", "Other.md", "Café/Été.md"].map { TodoTask(path: $0, title: $0) }
        let index = TaskNameIndex(tasks, names: ["plan trip", "work/plan trip", "été", "ghost"], lineIDs: [])
        XCTAssertEqual(index.targetIndex("plan trip", lineID: false, fromPath: "Work/x.md"), 1, "of two, the one in the same folder")
        XCTAssertEqual(index.targetIndex("plan trip", lineID: false, fromPath: "x.md"), 0)
        XCTAssertEqual(index.targetIndex("work/plan trip", lineID: false, fromPath: "x.md"), 1)
        XCTAssertEqual(index.targetIndex("été", lineID: false, fromPath: "x.md"), 3)
        XCTAssertNil(index.targetIndex("ghost", lineID: false, fromPath: "x.md"))
        XCTAssertNil(index.targetIndex("other", lineID: false, fromPath: "x.md"), "not asked for: not indexed")
    }
}
