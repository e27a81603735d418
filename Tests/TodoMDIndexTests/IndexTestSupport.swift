import Foundation
import XCTest
import TodoMDCore
@testable import TodoMDIndex
@_exported import TodoMDTestSupport

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

typealias SplitMix = SeededGenerator

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
        var r = SplitMix(seed: seed)
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
