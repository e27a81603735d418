import Foundation
import GRDB
import TodoMDCore
@testable import TodoMDIndex
import XCTest

/// The two walks of `RelatedClosure` (recursive SQL from few seeds, one pass over every
/// reference in memory for many) find the same tasks, over random vaults of parents and
/// blockers named by file name, path or wiki link, with namesakes in folders and loops.
final class RelatedClosureTests: XCTestCase {
    func testBothWalksFindTheSameTasks() throws {
        var g = SeededGenerator(seed: 2112)
        for round in 0..<25 {
            let f = Fixture()
            let count = Int.random(in: 2...30, using: &g)
            let paths = (0..<count).map { i in ["", "A/", "B/A/"].randomElement(using: &g)! + "t\(Int.random(in: 0...(count / 2), using: &g)).md" }
            let unique = Array(Set(paths)).sorted()
            func reference(_ g: inout SeededGenerator) -> String {
                let p = unique.randomElement(using: &g)!, stem = String(p.dropLast(3))
                return [p, (stem as NSString).lastPathComponent, "[[\(stem)]]", "ghost"].randomElement(using: &g)!
            }
            for (i, p) in unique.enumerated() {
                var extra = ""
                if Bool.random(using: &g) { extra += "parent: \"\(reference(&g))\"\n" }
                if Int.random(in: 0...2, using: &g) == 0 { extra += "blocked_by: [\"\(reference(&g))\", \"\(reference(&g))\"]\n" }
                f.dir.write(p, taskFile("Task \(i)", extra: extra))
            }
            let index = try f.index()
            try index.refresh()
            try index.db.read { db in
                let ids = try Int64.fetchAll(db, sql: "SELECT id FROM tasks")
                let references = try Int.fetchOne(db, sql: "SELECT count(*) FROM refs") ?? 0
                for _ in 0..<6 {
                    let seeds = ids.filter { _ in Int.random(in: 0...3, using: &g) == 0 }
                    for dependents in [false, true] {
                        let sql = try RelatedClosure.extra(db, seeds: seeds, references: references, dependents: dependents, inMemory: false)
                        let memory = try RelatedClosure.extra(db, seeds: seeds, references: references, dependents: dependents, inMemory: true)
                        XCTAssertEqual(sql, memory, "round \(round), seeds \(seeds), dependents \(dependents)")
                        XCTAssertTrue(Set(sql).isDisjoint(with: seeds))
                    }
                }
            }
        }
    }
}
