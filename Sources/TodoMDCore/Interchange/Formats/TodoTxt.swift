import Foundation

/// todo.txt (todotxt.org): one task per line.
///
/// `x 2026-11-25 2026-11-18 (A) Call mom +Family @phone due:2026-11-30 t:2026-11-28 rec:+1w h:1`
///
/// - `x ` done, then the completion date and the creation date; `(A)` priority and then the
///   creation date on an open task; `pri:A` on a done one;
/// - (A) → high, (B) → medium, (C) → low; D–Z → low, the letter kept as `todotxt_priority`;
/// - the first `+project` → project, more → tags; `@context` → tags;
/// - `due:` → due, `t:` (threshold) → defer, `scheduled:` → scheduled;
/// - `rec:` → recurrence: `rec:+1w` repeats from the due date (`every`), `rec:1w` from the
///   completion (due-again, or defer-another for a task with only a threshold date); units d, w,
///   m, y and b (business days, 1 only);
/// - `h:1` (hidden) → status someday; `status:cancelled|in-progress` (written by our export);
/// - every other `key:value` → `todotxt_<key>`. The title is the rest of the words.
///
/// Writing is the reverse (`TodoTxt+Export.swift`); ids are made from the title and project.
public struct TodoTxt: TaskImporter, TaskExporter {
    public let format = "todotxt"
    public let title = "todo.txt"
    public let fileExtension = "txt"
    public let mediaType = "text/plain; charset=utf-8"

    public init() {}

    public func recognizes(_ input: ImportInput) -> Bool {
        guard input.folder == nil else { return false }
        let name = input.name?.lowercased() ?? ""
        if name.hasSuffix(".txt"), name.contains("todo") || name.contains("done") { return true }
        guard name.isEmpty || name.hasSuffix(".txt") else { return false }
        var checked = 0
        for line in input.text.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.isEmpty { continue }
            if TodoTxtLine.looksLikeTodoTxt(t) { return true }
            checked += 1
            if checked >= 50 { break }
        }
        return false
    }

    public func read(_ input: ImportInput, options: ImportOptions) throws -> ImportBatch {
        var batch = ImportBatch()
        var ids = ContentIDs()
        for (n, line) in input.lines.enumerated() {
            // A text file has no NULs: this is something else (a binary, UTF-16 read as UTF-8).
            if line.contains("\0") { throw ImportFormatError(location: "line \(n + 1)", expected: "todo.txt lines of text (found a NUL byte)") }
            let text = line.trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            let r = TodoTxtLine.read(text, format: format, location: "line \(n + 1)", options: options)
            r.finish(id: ids.id([r.task.title, r.task.project ?? ""]), into: &batch)
        }
        return batch
    }
}
