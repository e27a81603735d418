import Foundation
import XCTest
import TodoMDCore
@testable import TodoMDIndex

/// The cache answers exactly what reading the files answers, and a refresh re-reads only what
/// changed: added, modified, deleted, renamed and touched files.
final class IndexRefreshTests: XCTestCase {
    func assertSameAsFiles(_ f: Fixture, _ index: TaskIndex, file: StaticString = #filePath, line: UInt = #line) throws {
        let direct = f.vault.load(), cached = try index.snapshot()
        let a = describe(cached.tasks), b = describe(direct.tasks)
        XCTAssertEqual(a.count, b.count, file: file, line: line)
        XCTAssertEqual(Set(a).subtracting(b), [], "only in the cache", file: file, line: line)
        XCTAssertEqual(Set(b).subtracting(a), [], "only in the files", file: file, line: line)
        XCTAssertEqual(cached.problems.map(\.path).sorted(), direct.problems.map(\.path).sorted(), file: file, line: line)
        XCTAssertEqual(cached.problems.sorted { $0.path < $1.path }, direct.problems.sorted { $0.path < $1.path }, file: file, line: line)
        XCTAssertEqual(cached.items.map(\.path).sorted(), direct.items.map(\.path).sorted(), file: file, line: line)
        XCTAssertEqual(cached.views.map(\.name), direct.views.map(\.name), file: file, line: line)
        XCTAssertEqual(cached.types.map(\.key).sorted(), direct.types.map(\.key).sorted(), file: file, line: line)
        XCTAssertEqual(cached.fingerprints, direct.fingerprints, file: file, line: line)
    }

    func testColdThenIncremental() throws {
        let f = Fixture()
        VaultFuzz.fill(f.dir, seed: 1, n: 60)
        let index = try f.index()
        let cold = try index.refresh()
        XCTAssertEqual(cold.files, 65)
        XCTAssertEqual(cold.added, 65)
        XCTAssertEqual(cold.parsed, 65)
        try assertSameAsFiles(f, index)

        XCTAssertEqual(try index.refresh(), TaskIndex.RefreshStats(files: 65), "nothing changed: nothing parsed")

        f.dir.write("new.md", taskFile("Brand new"))
        XCTAssertEqual(try index.refresh(), TaskIndex.RefreshStats(files: 66, parsed: 1, added: 1))
        XCTAssertTrue(try index.snapshot().tasks.contains { $0.title == "Brand new" })

        f.dir.write("new.md", taskFile("Brand new, renamed title", extra: "due: 2026-11-24\n"))
        XCTAssertEqual(try index.refresh(), TaskIndex.RefreshStats(files: 66, parsed: 1, changed: 1))
        XCTAssertEqual(try index.snapshot().tasks.first { $0.path == "new.md" }?.title, "Brand new, renamed title")

        f.dir.touch("new.md", secondsAhead: 100)
        XCTAssertEqual(try index.refresh(), TaskIndex.RefreshStats(files: 66, parsed: 1), "a touch re-reads but changes nothing")

        f.dir.rename("new.md", "Work/moved.md")
        XCTAssertEqual(try index.refresh(), TaskIndex.RefreshStats(files: 66, parsed: 1, added: 1, removed: 1))
        let moved = try index.snapshot().tasks.filter { $0.title.hasPrefix("Brand new") }
        XCTAssertEqual(moved.map(\.path), ["Work/moved.md"])

        f.dir.remove("Work/moved.md")
        XCTAssertEqual(try index.refresh(), TaskIndex.RefreshStats(files: 65, removed: 1))
        XCTAssertFalse(try index.snapshot().tasks.contains { $0.title.hasPrefix("Brand new") })
        try assertSameAsFiles(f, index)
    }

    func testCheckboxNotesAndSpecialNotesFollowEdits() throws {
        let f = Fixture()
        f.dir.write("Projects/Garden.md", "# Garden\n- [ ] Plant bulbs 📅 2026-11-24\n")
        let index = try f.index()
        try index.refresh()
        XCTAssertEqual(try index.snapshot().tasks.map(\.key), ["Projects/Garden.md:2"])
        f.dir.write("Projects/Garden.md", "# Garden\nIntro line\n- [x] Plant bulbs 📅 2026-11-24 ✅ 2026-11-24\n- [ ] Rake leaves\n")
        try index.refresh()
        XCTAssertEqual(try index.snapshot().tasks.map(\.key), ["Projects/Garden.md:3", "Projects/Garden.md:4"])
        // A saved view is re-read from its file on every load.
        f.dir.write("Views/today-work.md", "---\ntype: view\nname: Work today\n---\n")
        try index.refresh()
        XCTAssertEqual(try index.snapshot().views.map(\.name), ["Work today"])
        try assertSameAsFiles(f, index)
    }

    func testSettingsOrTimeZoneChangeRebuilds() throws {
        let f = Fixture()
        f.dir.write("Notes.md", "- [ ] Call Bob #task\n- [ ] Not a task\n")
        var index = try f.index()
        try index.refresh()
        XCTAssertEqual(try index.snapshot().tasks.count, 2)
        f.dir.write(".todomd.json", "{\"global_filter\": \"#task\"}\n")
        index = try f.index()
        let stats = try index.refresh()
        XCTAssertEqual(stats.added, 1, "a new settings file means a fresh cache")
        XCTAssertEqual(try index.snapshot().tasks.map(\.title), ["Call Bob #task"])
        let tokyo = TimeZone(identifier: "Asia/Tokyo")!
        let other = try TaskIndex(vault: Vault(root: f.dir.path, clock: Clock(now: testClock.now, timeZone: tokyo)), path: f.indexPath)
        XCTAssertEqual(try other.refresh().added, 1, "another time zone reads timestamps differently: rebuilt")
    }

    /// The property behind every view: building a view from the prefiltered cache gives exactly
    /// what building it from every file gives, for random vaults, views and filters.
    func testPrefilteredViewsEqualFullViews() throws {
        var r = SplitMix(seed: 42)
        for seed in 0..<6 {
            let f = Fixture()
            VaultFuzz.fill(f.dir, seed: UInt64(seed), n: 80)
            let index = try f.index()
            try index.refresh()
            let all = f.vault.load().tasks
            for _ in 0..<40 {
                let clock = Clock(now: testClock.now.addingTimeInterval(Double(r.int(20) - 10) * 86_400), timeZone: utc)
                let engine = ViewEngine(clock: clock)
                var filter = TaskFilter()
                if r.chance(0.3) { filter.area = r.pick(["work", "Home", "Nowhere"]) }
                if r.chance(0.2) { filter.project = r.pick(["LAUNCH", "Garden"]) }
                if r.chance(0.3) { filter.tags = [r.pick(["work", "#Work/frontend", "work/*", "phone", "err*"])] }
                if r.chance(0.2) { filter.statuses = [r.pick(TaskStatus.allCases)] }
                if r.chance(0.1) { filter.excludedTags = ["home"] }
                for kind in ViewKind.allCases {
                    let subset = try index.snapshot(.view(kind, filter: filter, today: clock.today)).tasks
                    let a = engine.build(kind, tasks: subset, filter: filter), b = engine.build(kind, tasks: all, filter: filter)
                    XCTAssertEqual(a.groups.map { $0.tasks.map(\.key) }, b.groups.map { $0.tasks.map(\.key) }, "\(kind) \(filter)")
                    XCTAssertEqual(a.groups.map(\.name), b.groups.map(\.name))
                    XCTAssertEqual(a.tagCounts.map(\.tag), b.tagCounts.map(\.tag))
                }
            }
        }
    }

    /// TASK arguments resolve to the same task (or the same error) from the narrowed cache as
    /// from every file: paths, file names, keys of checkbox tasks, parts of titles.
    func testResolvingFromTheCacheEqualsResolvingFromFiles() throws {
        let f = Fixture()
        VaultFuzz.fill(f.dir, seed: 77, n: 120)
        let index = try f.index()
        try index.refresh()
        let all = f.vault.load().tasks
        var r = SplitMix(seed: 8)
        var queries = ["milk", "MILK", "café", "CAFÉ 1", "nothing here", "broken", "broken.md", "./Work/task-5.md", "task-5", "task-5.md", ""]
        for _ in 0..<150 {
            let t = r.pick(all)
            let title = Array(t.title)
            let start = r.int(max(1, title.count - 2))
            queries += [t.key, t.path, t.filename, String(title[start..<min(title.count, start + 1 + r.int(8))]), t.title.uppercased()]
        }
        func outcome(_ q: String, _ tasks: [TodoTask], _ p: TaskResolver.Preference) -> String {
            do { return try TaskResolver.resolve(q, in: tasks, prefer: p).key } catch { return "\(error)" }
        }
        for q in queries {
            let subset = try index.snapshot(.resolving(q)).tasks
            for p in [TaskResolver.Preference.any, .open, .closed] {
                XCTAssertEqual(outcome(q, subset, p), outcome(q, all, p), q)
            }
        }
    }

    /// Two indexes on one database (two processes) refreshing while files change: no error, and
    /// the result matches the files.
    func testConcurrentRefreshesAgree() throws {
        let f = Fixture()
        VaultFuzz.fill(f.dir, seed: 9, n: 300)
        let a = try f.index(), b = try f.index()
        let errors = ErrorBox()
        DispatchQueue.concurrentPerform(iterations: 3) { i in
            do {
                switch i {
                case 0: for _ in 0..<5 { try a.refresh() }
                case 1: for _ in 0..<5 { try b.refresh() }
                default: for k in 0..<20 { f.dir.write("live-\(k).md", taskFile("Live \(k)")) }
                }
            } catch { errors.add(error) }
        }
        XCTAssertEqual(errors.all.count, 0, "\(errors.all)")
        try a.refresh()
        try assertSameAsFiles(f, a)
        try assertSameAsFiles(f, b)
    }
}

final class ErrorBox: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [Error] = []
    func add(_ e: Error) { lock.lock(); errors.append(e); lock.unlock() }
    var all: [Error] { lock.lock(); defer { lock.unlock() }; return errors }
}
