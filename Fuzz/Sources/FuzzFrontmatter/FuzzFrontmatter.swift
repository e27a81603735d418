// Fuzzes the task-file reader (MarkdownTaskFormat.read) on arbitrary bytes.
//
// Invariants:
//  fast-vs-yaml      when the fast frontmatter reader accepts the frontmatter, reading with it
//                    and with the YAML parser gives the same outcome (every field, problems,
//                    body) — FastFrontmatterTests' rule, on any input
//  task-shape        a task always has a title; readOnly tasks say why; tags are never empty
//  render-unreadable a task read without problems renders (render is how Vault.create writes
//                    new files) to a file that parses
//  render-required   ... and reads without problems
//  render-roundtrip  ... and reads back with the same schema fields
//  render-extra      ... and the same unknown keys and values
// YAMLSafety.check also runs directly on the input text (a refusal scanner must never crash).
import Foundation
import FuzzSupport
@testable import TodoMDCore

private let zone = TimeZone(identifier: "UTC")!
private let path = "Inbox/20260101-0930-fuzz-task.md"
private let format = MarkdownTaskFormat()

private func read(_ bytes: [UInt8], fast: Bool) -> ReadOutcome {
    MarkdownTaskFormat.fastPath = fast
    defer { MarkdownTaskFormat.fastPath = true }
    return format.read(path: path, bytes: bytes, zone: zone)
}

private func summary(_ o: ReadOutcome) -> String {
    switch o {
    case .task(let t): return "task " + dumped(t)
    case .notATask: return "notATask"
    case .unreadable(let why): return "unreadable \(why)"
    }
}

/// The schema fields, as comparable text (instants at second precision, as files store them).
private func schemaFields(_ t: TodoTask) -> [String] {
    TaskKey.all.map { key in "\(key)=\(dumped(t.value(forKey: key)))" }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzInput(data, size).bytes
    _ = YAMLSafety.check(String(decoding: bytes, as: UTF8.self))

    let fast = read(bytes, fast: true)
    let slow = read(bytes, fast: false)
    if let doc = FrontmatterDocument(bytes: bytes), FastFrontmatter.parse(doc) != nil {
        let a = summary(fast), b = summary(slow)
        fuzzCheck("fast-vs-yaml", a == b, "fast reader and YAML parser disagree on\n\(lit(String(decoding: bytes, as: UTF8.self)))\nfast: \(a)\nyaml: \(b)")
    }

    for outcome in [fast, slow] {
        guard case .task(let t) = outcome else { continue }
        fuzzCheck("task-shape", !t.title.isEmpty, "empty title: \(dumped(t))")
        fuzzCheck("task-shape", !t.readOnly || !t.problems.isEmpty, "readOnly without a problem: \(dumped(t))")
        fuzzCheck("task-shape", t.tags.allSatisfy { !$0.isEmpty }, "empty tag: \(t.tags)")
    }

    // render → read gives back what was read (only for files read cleanly).
    if case .task(let t) = fast, t.problems.isEmpty, !t.readOnly {
        let rendered = format.render(t)
        let text = String(decoding: rendered, as: UTF8.self)
        guard case .task(let back) = read(rendered, fast: true) else {
            fuzzFail("render-roundtrip", "a rendered task does not read as a task:\n\(lit(text))\nfrom \(lit(String(decoding: bytes, as: UTF8.self)))")
        }
        fuzzCheck("render-unreadable", !back.readOnly,
                  "a task read without problems renders to a file that cannot be read: \(back.problems)\ninput:    \(lit(String(decoding: bytes, as: UTF8.self)))\nrendered: \(lit(text))")
        fuzzCheck("render-required", back.problems.isEmpty,
                  "a task read without problems renders to a file with problems: \(back.problems)\ninput:    \(lit(String(decoding: bytes, as: UTF8.self)))\nrendered: \(lit(text))")
        fuzzCheck("render-roundtrip", schemaFields(back) == schemaFields(t),
                  "render → read changed the task\ninput:    \(lit(String(decoding: bytes, as: UTF8.self)))\nrendered: \(lit(text))\nbefore: \(schemaFields(t))\nafter:  \(schemaFields(back))\nproblems after: \(back.problems)")
        fuzzCheck("render-extra", dumped(back.extra) == dumped(t.extra),
                  "render → read changed the unknown keys\ninput:    \(lit(String(decoding: bytes, as: UTF8.self)))\nrendered: \(lit(text))\nbefore: \(dumped(t.extra))\nafter:  \(dumped(back.extra))")
    }
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzz) } }
