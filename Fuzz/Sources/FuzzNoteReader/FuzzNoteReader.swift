// Fuzzes the note reader (NoteReader.read): list type definitions, saved views (`type: view`,
// ViewFilter) and typed items, and then what the vault does with each: validation of items
// against their type (ListValidation, as Vault does on every scan) and saved-view filters over
// a task and an item.
//
// Not covered yet: `.perspectives.json` and `.theme.json` do not exist yet (later issues); add
// a target for each reader when it lands.
//
// Invariants:
//  note-stable   reading twice gives the same kind of content
//  note-item     an item has a non-empty title and no empty tag
import Foundation
import FuzzSupport
@testable import TodoMDCore

private let today = LocalDate(year: 2026, month: 1, day: 6)!
private let zone = TimeZone(identifier: "UTC")!
private let path = "Lists/Books/20260101-0930-fuzz-note.md"

// Samples are built per call: a lazily built global holding boxed enum payloads (JSONValue) is
// reported by LeakSanitizer as leaked (it does not see Swift's tagged pointers).
private func sampleTask() -> TodoTask {
    var t = TodoTask(path: "Work/20260101-0930-task.md", title: "Task")
    t.due = LocalDateTime(date: today)
    t.tags = ["work/deep", "urgent"]
    t.priority = .high
    t.created = Date(timeIntervalSince1970: 1_767_000_000)
    t.extra = [("rating", .int(4)), ("author", .string("Andy Weir")), ("when", .string("2026-01-01"))]
    return t
}

private func sampleItem() -> ListItem {
    var i = ListItem(path: "Books/hail-mary.md", type: "book", title: "Project Hail Mary")
    i.fields = [("author", .string("Andy Weir")), ("rating", .double(4.5)), ("date_read", .string("2025-12-24")),
                ("year", .int(2021)), ("tags", .array([.string("sf")])), ("completed", .bool(true))]
    i.tags = ["sf"]
    return i
}

private func kind(_ c: NoteContent) -> String {
    switch c {
    case .typeDefinition(let t): return "type \(dumped(t))"
    case .view(let v): return "view \(v.name) \(v.displayStyle) \(v.problems)"
    case .item(let i): return "item \(dumped(i))"
    case .plain: return "plain"
    case .problem(let p): return "problem \(p)"
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).bytes
    let content = NoteReader.read(path: path, bytes: bytes)
    let ctx = "note \(lit(String(decoding: bytes, as: UTF8.self)))"
    fuzzCheck("note-stable", kind(NoteReader.read(path: path, bytes: bytes)) == kind(content), "a second read differs\n\(ctx)")
    switch content {
    case .typeDefinition(let type):
        _ = ListValidation.warnings(sampleItem(), type: type)
        for f in type.fields {
            for raw in ["5", "-0", "0.5", "tomorrow", "a, b", "yes", ""] {
                _ = try? ListValidation.typedValue(raw, field: f, today: today)
            }
        }
        _ = PromptBuilder.prompt(input: "some text", type: type, template: nil)
    case .view(let view):
        _ = view.filter.matches(sampleTask(), today: today, zone: zone)
        _ = view.filter.matches(sampleItem(), today: today)
    case .item(let item):
        fuzzCheck("note-item", !item.title.isEmpty && item.tags.allSatisfy { !$0.isEmpty }, "item \(dumped(item))\n\(ctx)")
        // What Vault does on every scan: validate each item against its type.
        for type in ListType.builtIn { _ = ListValidation.warnings(item, type: type) }
        // The item's own fields read as a filter (any mapping may be a view's `filters`).
        let (filter, _) = ViewFilter.parse(item.fields)
        _ = filter.matches(sampleTask(), today: today, zone: zone)
        _ = filter.matches(item, today: today)
    case .plain, .problem:
        break
    }
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzz) } }
