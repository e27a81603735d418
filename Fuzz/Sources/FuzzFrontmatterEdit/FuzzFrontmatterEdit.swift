// Fuzzes the line-exact frontmatter editor (MarkdownTaskFormat.apply → FrontmatterEditor).
//
// Input: a first line `key=value` (what `todomd set` takes; `@N=value` picks the file's N-th
// top-level key, however it is spelled), then the file. The value is typed with
// FieldAssignment (the CLI's path); the key is then set, and separately cleared.
//
// Invariants (EditPropertyTests' rules, on any file):
//  edit-applies      a file without frontmatter is refused (apply throws); a file with one is
//                    edited, or refused as a whole
//  edit-lines-kept   every line outside the edited key's lines — the opening line, every other
//                    frontmatter line, the closing line and the whole body — is byte-identical
//                    and in the same order
//  edit-breaks-file  on a task that read without being read-only: the result still reads as a
//                    writable task
//  edit-readback     ... and the edited key reads back as set (or absent when cleared);
//                    `edit-readback-tags` for the tags key
//  edit-others-kept  ... every other key reads back as before, and the body is unchanged
//  edit-odd-line-breaks  any of the above in a file with line breaks YAML honours but LF-based
//                    line editing does not (lone CR, NEL, LS, PS)
import Foundation
import FuzzSupport
@testable import TodoMDCore

private let zone = TimeZone(identifier: "UTC")!
private let clock = Clock(now: Date(timeIntervalSince1970: 1_767_691_800), timeZone: zone)  // 2026-01-06T09:30:00Z
private let format = MarkdownTaskFormat()
private let path = "20260101-0930-edit.md"

/// The file's lines (with terminators) outside the blocks of `key`, plus the head and the tail.
private func linesOutside(_ key: String, in bytes: [UInt8]) -> [[UInt8]]? {
    guard let doc = FrontmatterDocument(bytes: bytes) else { return nil }
    var skip = Set<Int>()
    for b in doc.keyBlocks() where b.key == key { skip.formUnion(b.lineRange) }
    var out: [[UInt8]] = [Array(bytes[0..<(doc.lines.first?.lowerBound ?? doc.closeStart)])]
    for (i, r) in doc.lines.enumerated() where !skip.contains(i) { out.append(Array(bytes[r])) }
    out.append(Array(bytes[doc.closeStart...]))
    return out
}

private func read(_ bytes: [UInt8], fast: Bool = true) -> ReadOutcome {
    MarkdownTaskFormat.fastPath = fast
    defer { MarkdownTaskFormat.fastPath = true }
    return format.read(path: path, bytes: bytes, zone: zone)
}

private func isBlankish(_ s: String) -> Bool { !s.contains(where: { $0 != " " && $0 != "\t" }) }

/// What reading back a change gives (EditPropertyTests.expected, for FieldAssignment's values).
private func expected(_ c: FieldChange) -> JSONValue {
    guard let v = c.value else {
        switch c.key {
        case TaskKey.priority: return .string("none")
        case TaskKey.flagged: return .bool(false)
        case TaskKey.tags: return .array([])
        default: return .null
        }
    }
    switch v {
    case .string(let s):
        let optionalText = [TaskKey.area, TaskKey.project, TaskKey.description, TaskKey.source, TaskKey.recurrence]
        if optionalText.contains(c.key), isBlankish(s) { return .null }
        return .string(s)
    case .bool(let b): return .bool(b)
    case .int(let i): return .int(i)
    case .list(let l): return .array(l.map(JSONValue.string))
    case .null: return .null
    case .raw(let r): return .string(r)
    }
}

private func keysOf(_ t: TodoTask) -> [String] { TaskKey.all + t.extra.map(\.0) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let assignment = String(decoding: input.line(), as: UTF8.self)
    let file = input.rest
    guard let doc = FrontmatterDocument(bytes: file) else {
        if let out = try? format.apply([FieldChange("x", .int(1))], to: file) {
            fuzzFail("edit-applies", "apply succeeded on a file without frontmatter: \(lit(String(decoding: out, as: UTF8.self)))")
        }
        return 0
    }
    // The change: `todomd set key=value`, or `@N=value` for the file's own N-th key.
    var change: FieldChange
    if assignment.hasPrefix("@"), let eq = assignment.firstIndex(of: "=") {
        let blocks = doc.keyBlocks()
        guard !blocks.isEmpty else { return 0 }
        let n = Int(assignment[assignment.index(after: assignment.startIndex)..<eq].prefix(4)) ?? 0
        let key = blocks[((n % blocks.count) + blocks.count) % blocks.count].key  // `@-3` too
        let value = String(assignment[assignment.index(after: eq)...])
        guard let v = try? FieldAssignment.typed(key: key, value: value, clock: clock) else { return 0 }
        change = FieldChange(key, v)
    } else {
        guard let c = try? FieldAssignment.parse(assignment, clock: clock) else { return 0 }
        change = c
    }
    let key = change.key
    // Line breaks libyaml honours but the editor's LF lines do not (lone CR, NEL, LS, PS): a
    // violation in such a file is reported under its own id.
    let oddBreaks = zip(file, file.dropFirst() + [0]).contains { $0 == 0x0D && $1 != 0x0A }
        || String(decoding: file, as: UTF8.self).unicodeScalars.contains { $0 == "\u{85}" || $0 == "\u{2028}" || $0 == "\u{2029}" }
    func checkId(_ id: String) -> String { oddBreaks ? "edit-odd-line-breaks" : id }
    let text = String(decoding: file, as: UTF8.self)
    let beforeRead = read(file)
    // Where the fast reader and the YAML parser disagree (FuzzFrontmatter's fast-vs-yaml), an
    // edit can move the file from one to the other; only files both read alike are checked.
    let readersAgree = dumped(beforeRead) == dumped(read(file, fast: false))

    var changes = [change]
    if change.value != nil { changes.append(FieldChange(key, nil)) }
    for c in changes {
        let out: [UInt8]
        // The editor may refuse an edit it cannot make line-exactly (a value other keys alias…);
        // then nothing is written and there is nothing to check.
        guard let edited = try? format.apply([c], to: file) else { continue }
        out = edited
        let outText = String(decoding: out, as: UTF8.self)
        let context = "change: \(c)\nbefore: \(lit(text))\nafter:  \(lit(outText))"
        let kept = linesOutside(key, in: file), keptAfter = linesOutside(key, in: out)
        fuzzCheck(checkId("edit-lines-kept"), keptAfter != nil, "the edited file has no frontmatter any more\n\(context)")
        fuzzCheck(checkId("edit-lines-kept"), kept == keptAfter, "bytes outside the edited key changed\n\(context)")

        guard readersAgree, case .task(let before) = beforeRead, !before.readOnly else { continue }
        // Clearing a required key may legitimately turn the file into a note or add a problem.
        if c.value == nil, TaskKey.required.contains(key) { continue }
        guard case .task(let after) = read(out) else {
            fuzzFail(checkId("edit-breaks-file"), "the edited file no longer reads as a task: \(read(out))\n\(context)")
        }
        fuzzCheck(checkId("edit-breaks-file"), !after.readOnly, "the edited file became read-only: \(after.problems)\n\(context)")
        let want = expected(c), got = after.value(forKey: key)
        fuzzCheck(key == TaskKey.tags ? "edit-readback-tags" : "edit-readback", got == want, "\(key) reads back as \(dumped(got)), expected \(dumped(want))\n\(context)")
        for k in Set(keysOf(before) + keysOf(after)) where k != key {
            let a = before.value(forKey: k), b = after.value(forKey: k)
            fuzzCheck(checkId("edit-others-kept"), dumped(a) == dumped(b), "editing \(key) changed \(k): \(dumped(a)) → \(dumped(b))\n\(context)")
        }
        fuzzCheck(checkId("edit-others-kept"), before.body == after.body, "editing \(key) changed the body\n\(context)")
    }
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzz) } }
