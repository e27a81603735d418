import Foundation
import XCTest
import TodoMDCore
@testable import TodoMDIndex

final class PrefilterQueryTests: XCTestCase {
    /// The property behind every perspective: the compiled SQL prefilter, then the Swift
    /// evaluation, gives exactly what evaluating every task in Swift gives, for random trees
    /// over random vaults, on random days. Full-text conditions mean what the index says in
    /// both (`textMatches`).
    func testCompiledPrefilterThenSwiftEqualsSwift() throws {
        var r = SplitMix(seed: 2026)
        for seed in 0..<5 {
            let f = Fixture()
            VaultFuzz.fill(f.dir, seed: UInt64(100 + seed), n: 120)
            let index = try f.index()
            try index.refresh()
            let all = try index.snapshot().tasks
            XCTAssertEqual(describe(all), describe(f.vault.load().tasks))
            for i in 0..<300 {
                let clock = Clock(now: testClock.now.addingTimeInterval(Double(r.int(40) - 20) * 86_400 + Double(r.int(86_400))), timeZone: utc)
                let tree = QueryFuzz.tree(&r)
                let pre = Prefilter.query(tree, today: clock.today)
                let matches = try index.textMatches(pre.textQueries)
                let test = try QueryEvaluator.compile(tree, context: QueryContext(clock: clock, textMatches: matches), as: TodoTask.self)
                let subset = try index.snapshot(pre).tasks
                let want = all.filter(test).map(\.key), got = subset.filter(test).map(\.key)
                XCTAssertEqual(got, want, "seed \(seed) #\(i): \(QueryText.print(tree))\n\(pre.sql)")
                if got != want { return }
            }
        }
    }

    /// The prefilter narrows: a selective perspective does not load the vault.
    func testSelectiveTreesLoadFewRows() throws {
        let f = Fixture()
        VaultFuzz.fill(f.dir, seed: 5, n: 200)
        let index = try f.index()
        try index.refresh()
        let total = try index.snapshot().tasks.count
        for q in ["flagged & p1", "due:today", "@Work & #waiting", "status:done", "type:checkbox & overdue", "\"milk\""] {
            let n = try index.snapshot(.query(try QueryText.parse(q), today: testClock.today)).tasks.count
            XCTAssertLessThan(n, total / 2, q)
        }
        // Where SQL cannot decide, everything is loaded, never less.
        XCTAssertEqual(try index.snapshot(.query(try QueryText.parse("extra.mood:great | !flagged | flagged"), today: testClock.today)).tasks.count, total)
    }
}
