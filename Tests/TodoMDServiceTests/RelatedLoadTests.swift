import Foundation
import TodoMDCore
@testable import TodoMDService
import XCTest

/// Views load from the index only what their tasks' dependencies need (issue 21 target:
/// `Prefilter.withRelated`): over random vaults of subtasks, blockers, namesakes in folders,
/// sequential projects and project dates, every view and dependency query shows exactly what
/// it shows when the whole vault is read from the files.
final class RelatedLoadTests: XCTestCase {
    static let folders = ["", "A/", "B/A/"]

    static func randomVault(_ g: inout SeededGenerator, into f: ServiceFixture) -> Int {
        let count = Int.random(in: 1...14, using: &g)
        // Names repeat across folders: a reference by file name then means the nearest one.
        let paths = (0..<count).map { i in folders.randomElement(using: &g)! + "t\(Int.random(in: 0...(count / 2), using: &g))-\(i % 3).md" }
        let unique = Array(Set(paths)).sorted()
        func reference(_ g: inout SeededGenerator) -> String {
            let p = unique.randomElement(using: &g)!
            let stem = String(p.dropLast(3)), name = (stem as NSString).lastPathComponent
            switch Int.random(in: 0...5, using: &g) {
            case 0: return p
            case 1: return name
            case 2: return "[[\(name)]]"
            case 3: return "[[\(stem)|alias]]"
            case 4: return name + ".md"
            default: return "ghost"
            }
        }
        let dates = ["", "due: \"2026-11-27\"\n", "scheduled: \"2026-11-26\"\n", "defer: \"2026-12-05\"\n", "due: \"2026-12-10\"\n"]
        let statuses = ["todo", "todo", "todo", "in-progress", "done", "cancelled"]
        for (i, p) in unique.enumerated() {
            var extra = dates.randomElement(using: &g)!
            if Bool.random(using: &g) { extra += "project: \(["Move", "Trip", "Home"].randomElement(using: &g)!)\n" }
            if Int.random(in: 0...2, using: &g) == 0 { extra += "parent: \"\(reference(&g))\"\n" }
            if Int.random(in: 0...3, using: &g) == 0 {
                extra += "blocked_by: [" + (0..<Int.random(in: 1...2, using: &g)).map { _ in "\"\(reference(&g))\"" }.joined(separator: ", ") + "]\n"
            }
            if Int.random(in: 0...4, using: &g) == 0 { extra += "flagged: true\n" }
            f.vault.write(p, taskFile("Task \(i)", status: statuses.randomElement(using: &g)!, extra: extra))
        }
        var projects: [String] = []
        for name in ["Move", "Trip"] where Bool.random(using: &g) {
            projects.append("\"\(name)\": {" + (Bool.random(using: &g) ? "\"sequential\": true" : "\"due\": \"2026-11-27\"") + "}")
        }
        if !projects.isEmpty { f.vault.write(".todomd.json", "{\"projects\": {" + projects.joined(separator: ", ") + "}}") }
        return unique.count
    }

    /// What a view shows, holds and nesting included, as text to compare.
    static func shown(_ page: ViewPage) -> String {
        let groups: [ViewGroup]
        switch page.content {
        case .builtIn(let r): groups = r.groups
        case .perspective(_, let g): groups = g
        default: return "?"
        }
        return groups.map { g in
            (g.name ?? "") + ": " + g.tasks.map { t in
                var s = t.key
                if let n = g.nesting[t.key] { s += " ^\(n.depth) \(n.parent)" }
                if let h = g.holds[t.key] { s += " held \(h.blockedBy) \(h.waitsFor ?? "")" }
                return s
            }.joined(separator: ", ")
        }.joined(separator: "\n")
    }

    func testViewsFromTheIndexEqualViewsOfTheWholeVault() throws {
        var g = SeededGenerator(seed: 21)
        for round in 0..<40 {
            let f = ServiceFixture(at: "2026-11-27T10:00")
            _ = Self.randomVault(&g, into: f)
            let indexed = f.service(), whole = f.service(useIndex: false)
            for view in ["today", "anytime", "next", "inbox", "flagged", "upcoming", "blocked", "blocking", "!blocked & due<+5d", "blocking & #x | waiting"] {
                let a = try indexed.view(view), b = try whole.view(view)
                XCTAssertEqual(Self.shown(a), Self.shown(b), "round \(round), \(view)\n" + f.vault.files().map { $0 + ":\n" + f.vault.read($0) }.joined(separator: "\n"))
            }
        }
    }
}
