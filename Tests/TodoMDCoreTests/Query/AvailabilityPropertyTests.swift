import Foundation
import XCTest
@testable import TodoMDCore

/// Over random small vaults (projects, sequential flags, statuses, defers, `blocked_by` links,
/// manual orders): a task is in Anytime iff it is open, not deferred, not blocked, and its
/// project is parallel or it is that project's first open task; Next shows each project's first
/// available task and every available task without one. The oracle is written from those
/// sentences, not from the implementation.
final class AvailabilityPropertyTests: XCTestCase {
    typealias F = SequenceFixture

    struct Vault {
        var tasks: [TodoTask]
        var sequential: Set<String>
        /// Project → its manual order (file names).
        var order: [String: [String]]
    }

    static func randomVault(_ g: inout SeededGenerator) -> Vault {
        let projects: [String?] = ["Alpha", "Beta", "Gamma", nil]
        let count = Int.random(in: 0...12, using: &g)
        let names = (0..<count).map { "t\($0)" }
        let defers: [String?] = [nil, nil, "2026-11-20", "2026-11-24", "2026-11-25", "2027-01-01"]
        var tasks: [TodoTask] = []
        for name in names {
            let refs = (0..<Int.random(in: 0...2, using: &g)).map { _ in Bool.random(using: &g) ? names.randomElement(using: &g)! : "ghost" }
                .filter { $0 != name }
            tasks.append(F.task(name, project: projects.randomElement(using: &g)!, TaskStatus.allCases.randomElement(using: &g)!,
                                n: Int.random(in: 0...4, using: &g), defer: defers.randomElement(using: &g)!, blockedBy: refs))
        }
        var sequential = Set<String>()
        var order: [String: [String]] = [:]
        for case let p? in projects {
            // Settings keys in any case: matched case-insensitively.
            if Bool.random(using: &g) { sequential.insert(Bool.random(using: &g) ? p : p.uppercased()) }
            let mine = tasks.filter { $0.project == p }.map(\.path).shuffled(using: &g)
            if Bool.random(using: &g) { order["project:" + p] = Array(mine.prefix(Int.random(in: 0...mine.count, using: &g))) }
        }
        return Vault(tasks: tasks, sequential: sequential, order: order)
    }

    // MARK: The oracle

    static func isOpen(_ t: TodoTask) -> Bool { t.status == .todo || t.status == .inProgress }

    /// Deferred: a defer day after today (the fixture's clock is 2026-11-24).
    static func isDeferred(_ t: TodoTask) -> Bool { t.deferDate.map { $0.date.description > "2026-11-24" } ?? false }

    /// Blocked: it names a task that is not done or cancelled yet (README, "Dependencies").
    static func isBlocked(_ t: TodoTask, _ v: Vault) -> Bool {
        guard case .array(let refs)? = t.extra.first(where: { $0.0 == "blocked_by" })?.1 else { return false }
        return refs.contains { ref in v.tasks.contains { .string($0.path) == ref && $0.status != .done && $0.status != .cancelled } }
    }

    /// A project's tasks in its manual order: listed ones first, in the list's order, then by
    /// created, then by path.
    static func manual(_ tasks: [TodoTask], _ list: [String]) -> [TodoTask] {
        tasks.sorted { a, b in
            let x = list.firstIndex(of: a.path) ?? Int.max, y = list.firstIndex(of: b.path) ?? Int.max
            if x != y { return x < y }
            if a.created != b.created { return a.created! < b.created! }
            return a.path < b.path
        }
    }

    static func isSequential(_ project: String?, _ v: Vault) -> Bool {
        guard let project else { return false }
        return v.sequential.contains { $0.lowercased() == project.lowercased() }
    }

    static func isFirstOpen(_ t: TodoTask, _ v: Vault) -> Bool {
        let open = v.tasks.filter { $0.project == t.project && isOpen($0) }
        return manual(open, v.order["project:" + t.project!] ?? []).first?.path == t.path
    }

    static func expectedAnytime(_ v: Vault) -> Set<String> {
        Set(v.tasks.filter { t in
            isOpen(t) && !isDeferred(t) && !isBlocked(t, v) && (!isSequential(t.project, v) || isFirstOpen(t, v))
        }.map(\.path))
    }

    static func expectedNext(_ v: Vault) -> Set<String> {
        let available = expectedAnytime(v)
        var out = Set(v.tasks.filter { $0.project == nil && available.contains($0.path) }.map(\.path))
        for p in Set(v.tasks.compactMap(\.project)) {
            let mine = v.tasks.filter { $0.project == p && available.contains($0.path) }
            if let first = manual(mine, v.order["project:" + p] ?? []).first { out.insert(first.path) }
        }
        return out
    }

    func testAnytimeAndNextAgreeWithTheRules() {
        var g = SeededGenerator(seed: 21)
        for round in 0..<600 {
            let v = Self.randomVault(&g)
            let order = F.order(v.order)
            let engine = ViewEngine(clock: F.clock, order: order)
            let deps = F.dependencies(v.tasks, F.settings(sequential: Array(v.sequential)), order)
            let describe = "round \(round): " + v.tasks.map { "\($0.path) \($0.project ?? "-") \($0.status.rawValue) \($0.deferDate?.description ?? "") \($0.extra.map { "\($0.1)" })" }
                .joined(separator: "; ") + " sequential \(v.sequential.sorted()) order \(v.order)"
            XCTAssertEqual(Set(engine.build(.anytime, tasks: v.tasks, dependencies: deps).tasks.map(\.path)), Self.expectedAnytime(v), describe)
            XCTAssertEqual(Set(engine.build(.next, tasks: v.tasks, dependencies: deps).tasks.map(\.path)), Self.expectedNext(v), describe)
        }
    }
}
