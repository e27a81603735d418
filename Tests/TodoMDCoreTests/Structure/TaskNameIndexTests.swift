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
        }
        XCTAssertNil(TaskNameIndex.plainNames("Café/x.md"), "not ASCII: normalized the slow way")
        XCTAssertNil(TaskNameIndex.plainNames("[[x]]"))
        XCTAssertEqual(TaskNameIndex.plainNames("Areas/Plan Trip.md")?.base, "plan trip")
    }
}
