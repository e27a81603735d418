import Foundation
import XCTest
import TodoMDCore
@testable import TodoMDIndex

/// A temp folder deleted when the test ends.
final class TempDir {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "todomd-index-test-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func write(_ rel: String, _ text: String) {
        let full = path + "/" + rel
        try! FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: full, contents: Data(text.utf8))
    }

    func remove(_ rel: String) { try! FileManager.default.removeItem(atPath: path + "/" + rel) }
    func rename(_ a: String, _ b: String) { try! FileManager.default.moveItem(atPath: path + "/" + a, toPath: path + "/" + b) }

    /// Sets a file's modification time without changing its bytes.
    func touch(_ rel: String, secondsAhead: Int) {
        var times = [timespec(tv_sec: time(nil) + secondsAhead, tv_nsec: 0), timespec(tv_sec: time(nil) + secondsAhead, tv_nsec: 0)]
        XCTAssertEqual(utimensat(AT_FDCWD, path + "/" + rel, &times, 0), 0)
    }
}

let utc = TimeZone(identifier: "UTC")!
let testClock = Clock(now: Timestamp.parse("2026-11-24T09:00", zone: utc)!, timeZone: utc)

/// A vault in a temp folder, with the index in another.
struct Fixture {
    let dir = TempDir()
    let cache = TempDir()
    var vault: Vault { Vault(root: dir.path, clock: testClock) }
    var indexPath: String { cache.path + "/index.sqlite" }

    func index() throws -> TaskIndex { try TaskIndex(vault: vault, path: indexPath) }
}

func taskFile(_ title: String, status: String = "todo", extra: String = "", body: String = "") -> String {
    "---\ntitle: \"\(title)\"\nstatus: \"\(status)\"\ncreated: \"2026-11-01T10:00:00Z\"\nsource: \"user\"\n\(extra)---\n\(body)"
}

/// Tasks as comparable text: every field, so a cache that dropped or changed anything shows.
func describe(_ tasks: [TodoTask]) -> [String] {
    tasks.map { t in
        "\(t.key)|\(t.title)|\(t.status)|\(String(describing: t.due))|\(String(describing: t.deferDate))|\(String(describing: t.scheduled))|"
            + "\(t.priority)|\(t.flagged)|\(t.area ?? "-")|\(t.project ?? "-")|\(t.tags)|\(t.recurrence ?? "-")|"
            + "\(String(describing: t.repeatMode))|\(String(describing: t.estimatedMinutes))|\(t.description ?? "-")|"
            + "\(String(describing: t.created))|\(String(describing: t.modified))|\(String(describing: t.completed))|"
            + "\(t.source ?? "-")|\(t.body)|\(t.extra.map { "\($0.0)=\($0.1)" })|\(t.problems)|\(t.readOnly)|\(t.sourceLine ?? "-")"
    }.sorted()
}

/// Seeded generator of odd but realistic vault content.
struct SplitMix {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    mutating func pick<T>(_ a: [T]) -> T { a[int(a.count)] }
    mutating func chance(_ p: Double) -> Bool { Double(next() % 10_000) < p * 10_000 }
}

enum VaultFuzz {
    static let words = ["milk", "Report", "call", "budget", "Café", "review", "deploy", "garden", "tax", "invoice"]
    static let tags = ["work", "work/backend", "Work/Frontend", "errands", "home", "phone", "waiting"]

    static func date(_ r: inout SplitMix) -> String {
        let d = LocalDate(year: 2026, month: 11, day: 24)!.adding(days: r.int(40) - 20)
        return r.chance(0.15) ? d.description + "T\(10 + r.int(10)):30" : d.description
    }

    /// A task file's text with a random mix of fields.
    static func taskText(_ r: inout SplitMix, _ i: Int) -> String {
        var extra = ""
        if r.chance(0.4) { extra += "due: \"\(date(&r))\"\n" }
        if r.chance(0.2) { extra += "defer: \"\(date(&r))\"\n" }
        if r.chance(0.2) { extra += "scheduled: \(date(&r))\n" }
        if r.chance(0.5) { extra += "area: \"\(r.pick(["Work", "Home", "work", "Health"]))\"\n" }
        if r.chance(0.4) { extra += "project: \(r.pick(["Launch", "Garden", "launch"]))\n" }
        if r.chance(0.5) { extra += "tags: [\(r.pick(tags)), \(r.pick(tags))]\n" }
        if r.chance(0.2) { extra += "flagged: true\n" }
        if r.chance(0.3) { extra += "priority: \(r.pick(["low", "medium", "high"]))\n" }
        if r.chance(0.1) { extra += "recurrence: \"FREQ=WEEKLY;BYDAY=MO\"\nrecurrence_type: \"due-again\"\n" }
        if r.chance(0.2) { extra += "estimated_minutes: \(r.int(120))\n" }
        if r.chance(0.2) { extra += "description: \"\(r.pick(words)) \(r.pick(words))\"\n" }
        if r.chance(0.2) { extra += "completed: \"2026-11-\(10 + r.int(10))T08:00:00Z\"\n" }
        if r.chance(0.2) { extra += "custom_key: {a: [1, 2.5, true, null], b: \"x\"}  # a comment\n" }
        let status = r.pick(["todo", "todo", "todo", "in-progress", "done", "cancelled", "someday"])
        return taskFile("\(r.pick(words)) \(r.pick(words)) \(i)", status: status, extra: extra,
                        body: r.chance(0.5) ? "\nSome **notes** about \(r.pick(words)).\n" : "")
    }

    static func noteText(_ r: inout SplitMix) -> String {
        var lines = ["# Note", ""]
        for _ in 0..<(1 + r.int(4)) {
            let box = r.pick(["[ ]", "[x]", "[/]", "[-]", "[ ]"])
            lines.append("- \(box) \(r.pick(words)) \(r.pick(words)) 📅 \(date(&r).prefix(10)) #\(r.pick(tags))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes `n` files: task files, notes with checkbox tasks, a broken file, a saved view, a
    /// book and a type definition.
    static func fill(_ dir: TempDir, seed: UInt64, n: Int) {
        var r = SplitMix(state: seed)
        for i in 0..<n {
            let folder = r.pick(["", "Work/", "Home/Garden/", "Archive/"])
            if r.chance(0.15) { dir.write("\(folder)note-\(i).md", noteText(&r)) } else { dir.write("\(folder)task-\(i).md", taskText(&r, i)) }
        }
        dir.write("broken.md", "---\ntitle: [unclosed\n---\n")
        dir.write("missing-status.md", "---\ntitle: \"No status\"\ncreated: \"2026-11-01T10:00:00Z\"\nsource: \"user\"\n---\n")
        dir.write("Views/urgent.md", "---\ntype: view\nname: Urgent\nfilters:\n  tags: [work]\n---\n")
        dir.write("Books/hail-mary.md", "---\ntype: book\ntitle: Project Hail Mary\nauthor: Andy Weir\nrating: 9\n---\n")
        dir.write("Types/wine.md", "---\ntype: list_type_definition\nname: Wine\nfields:\n  - name: vintage\n    type: number\n---\n")
    }
}
