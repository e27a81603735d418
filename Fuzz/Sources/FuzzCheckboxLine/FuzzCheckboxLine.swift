// Fuzzes checkbox (Obsidian Tasks) lines: InlineTaskScanner, InlineLineParser, the line rewriter
// (InlineLineEdit / InlineTaskLine.rewritten…) and the note splice (InlineNote).
//
// Input: 3 choice bytes (operation, value, which task), then the note.
//
// Invariants:
//  inline-pieces       text == prefix + "[" + status + "]" + separator + body; the UTF-8 ranges
//                      (status, body, each field) cut exactly those pieces out of the line; each
//                      field's text is its range of the body; a scanned line is that line of the note
//  inline-reparse      a scanned line parses on its own, with the same fields and title
//  inline-rewrite      a rewrite with valid values never throws, stays one line, still parses as a
//                      task with the same prefix
//  inline-field-set    the edited field reads back as set (absent when cleared), status char
//                      unchanged
//  inline-blockid-kept ... and the block id unchanged
//  inline-others-kept  every other field, and the title, read back as before. One exception, as
//                      Obsidian reads it: clearing the last field after a title that ends in
//                      ` ^name` leaves `^name` at the end of the line, which is a block id there
//  inline-status       complete → done (with today's done date when it was not done), cancel →
//                      cancelled, reopen → no done/cancelled date
//  inline-tags         an added tag is on the line; a removed one is not
//  inline-note-splice  replacing the line in the note changes that line only: every other line,
//                      and every line ending, byte-identical
import Foundation
import FuzzSupport
@testable import TodoMDCore

private let today = LocalDate(year: 2026, month: 1, day: 6)!

private func values(_ kind: InlineFieldKind) -> [String] {
    switch kind {
    case _ where kind.isDate: return ["2026-02-01", "2024-02-29", "9999-12-31", "0001-01-01"]
    case .priority: return InlinePriority.allCases.map(\.rawValue)
    case .recurrence: return ["every week", "every 2 days when done", "every month on the 1st", "every day!"]
    case .onCompletion: return ["keep", "delete", "Delete"]
    case .id: return ["abc", "x-1_y", "0"]
    default: return ["abc", "abc,def", "a, b", "x_1"]  // dependsOn
    }
}

private func utf8(_ s: String, _ r: Range<Int>) -> String? {
    let u = Array(s.utf8)
    guard r.lowerBound >= 0, r.upperBound <= u.count else { return nil }
    return String(decoding: u[r], as: UTF8.self)
}

private func checkPieces(_ t: InlineTaskLine, note lines: [String]) {
    let ctx = "line \(t.lineNumber): \(lit(t.text))"
    fuzzCheck("inline-pieces", lines.indices.contains(t.lineNumber) && lines[t.lineNumber] == t.text, "scanned text is not the note's line\n\(ctx)")
    fuzzCheck("inline-pieces", t.prefix + "[" + String(t.statusChar) + "]" + t.separator + t.body == t.text,
              "pieces do not join to the line: prefix \(lit(t.prefix)) status \(lit(String(t.statusChar))) separator \(lit(t.separator)) body \(lit(t.body))\n\(ctx)")
    fuzzCheck("inline-pieces", utf8(t.text, t.statusUTF8Range) == String(t.statusChar), "statusUTF8Range \(t.statusUTF8Range)\n\(ctx)")
    fuzzCheck("inline-pieces", utf8(t.text, t.bodyUTF8Range) == t.body, "bodyUTF8Range \(t.bodyUTF8Range)\n\(ctx)")
    let body = Array(t.body.unicodeScalars)
    for f in t.fields {
        let ok = f.range.lowerBound >= 0 && f.range.upperBound <= body.count
            && f.valueRange.lowerBound >= f.range.lowerBound && f.valueRange.upperBound <= f.range.upperBound
        fuzzCheck("inline-pieces", ok, "field \(f.kind) ranges \(f.range) \(f.valueRange) outside the body (\(body.count) scalars)\n\(ctx)")
        fuzzCheck("inline-pieces", InlineScalars.string(body[f.range]) == f.text, "field \(f.kind) text \(lit(f.text)) is not its range\n\(ctx)")
        fuzzCheck("inline-pieces", utf8(t.text, t.utf8Range(of: f)) == f.text, "utf8Range(of: \(f.kind)) \(t.utf8Range(of: f))\n\(ctx)")
    }
    let alone = InlineTaskLine.parse(t.text, lineNumber: t.lineNumber)
    fuzzCheck("inline-reparse", alone != nil && alone!.fields == t.fields && alone!.title == t.title,
              "the line parsed alone differs: \(alone.map(dumped) ?? "nil")\n\(ctx)")
}

/// Clearing the field after `Call ^x` leaves `- [ ] Call ^x`: Obsidian (and Obsidian Tasks, whose
/// serializer writes the description as it is) reads `^x` at the end of a line as a block id. No
/// spelling keeps it text without changing the user's words, so the harness expects that reading.
private func exposesBlockId(_ t: InlineTaskLine, _ p: InlineTaskLine) -> Bool {
    guard t.blockId == nil, let b = p.blockId, t.title.hasSuffix(" ^" + b) else { return false }
    return p.title == String(t.title.dropLast(b.count + 2)).trimmingCharacters(in: .whitespaces)
}

/// The note's lines with their endings, split on LF bytes (CR stays with the line's ending).
private func rawLines(_ s: String) -> [[UInt8]] {
    var out: [[UInt8]] = [], cur: [UInt8] = []
    for b in s.utf8 {
        cur.append(b)
        if b == 0x0A { out.append(cur); cur = [] }
    }
    if !cur.isEmpty { out.append(cur) }
    return out
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let op = input.byte(), sel = Int(input.byte()), which = Int(input.byte())
    let note = input.restText
    let lines = InlineNote.lines(note)
    let tasks = InlineTaskScanner.scan(note)
    for t in tasks { checkPieces(t, note: lines) }
    _ = InlineTaskScanner.scan(note, globalFilter: "#task")
    guard !tasks.isEmpty else { return 0 }

    let t = tasks[which % tasks.count]
    let kind = InlineFieldKind.allCases[sel % InlineFieldKind.allCases.count]
    let value = values(kind)[(sel / 11) % values(kind).count]
    let tag = ["home", "a/b", "ünï", "x-y_z", "Home"][sel % 5]
    var newLine: String
    let ctx = "line: \(lit(t.text))"
    do {
        switch op % 8 {
        case 0: newLine = try t.rewritten(InlineLineEdit(fields: [kind: .set(value)]))
        case 1: newLine = try t.rewritten(InlineLineEdit(fields: [kind: .clear]))
        case 2: newLine = try t.completed(on: today)
        case 3: newLine = try t.cancelled(on: today)
        case 4: newLine = try t.reopened()
        case 5: newLine = try t.rewritten(InlineLineEdit(addTags: [tag]))
        case 6: newLine = try t.rewritten(InlineLineEdit(removeTags: [t.tags.first ?? tag]))
        default:
            guard let next = t.nextOccurrenceLine(referenceDate: today.adding(days: 7)) else { return 0 }
            newLine = next
        }
    } catch {
        // Tag removal of a tag the parser kept but the validator refuses is the one allowed throw.
        if op % 8 == 6, let first = t.tags.first, !first.unicodeScalars.allSatisfy(InlineScalars.isTagChar) { return 0 }
        fuzzFail("inline-rewrite", "op \(op % 8) kind \(kind) value \(lit(value)) tag \(lit(tag)) threw \(error)\n\(ctx)")
    }
    let desc = "op \(op % 8) kind \(kind) value \(lit(value)) tag \(lit(tag))\n\(ctx)\nnew:  \(lit(newLine))"
    fuzzCheck("inline-rewrite", !newLine.utf8.contains(0x0A), "the rewrite spans lines\n\(desc)")
    guard let p = InlineTaskLine.parse(newLine, lineNumber: t.lineNumber) else {
        fuzzFail("inline-rewrite", "the rewritten line is not a task\n\(desc)")
    }
    fuzzCheck("inline-rewrite", p.prefix == t.prefix, "prefix changed: \(lit(p.prefix))\n\(desc)")
    switch op % 8 {
    case 0, 1:
        let want: String? = op % 8 == 1 ? nil : value
        fuzzCheck("inline-field-set", p.value(kind) == want, "\(kind) reads \(p.value(kind).map(lit) ?? "nil"), expected \(want.map(lit) ?? "nil")\n\(desc)")
        fuzzCheck("inline-field-set", p.statusChar == t.statusChar, "status changed\n\(desc)")
        let exposed = op % 8 == 1 && exposesBlockId(t, p)
        fuzzCheck("inline-blockid-kept", p.blockId == t.blockId || exposed, "block id changed: \(t.blockId.map(lit) ?? "nil") → \(p.blockId.map(lit) ?? "nil")\n\(desc)")
        for k in InlineFieldKind.allCases where k != kind {
            fuzzCheck("inline-others-kept", p.value(k) == t.value(k), "editing \(kind) changed \(k): \(t.value(k).map(lit) ?? "nil") → \(p.value(k).map(lit) ?? "nil")\n\(desc)")
        }
        fuzzCheck("inline-others-kept", p.title == t.title || exposed, "editing \(kind) changed the title: \(lit(t.title)) → \(lit(p.title))\n\(desc)")
    case 2:
        fuzzCheck("inline-status", p.status == .done, "complete gave status \(p.status)\n\(desc)")
        if t.status != .done { fuzzCheck("inline-status", p.doneDate == today, "complete: done date \(String(describing: p.doneDate))\n\(desc)") }
    case 3:
        fuzzCheck("inline-status", p.status == .cancelled, "cancel gave status \(p.status)\n\(desc)")
        if t.status != .cancelled { fuzzCheck("inline-status", p.cancelledDate == today, "cancel: cancelled date \(String(describing: p.cancelledDate))\n\(desc)") }
    case 4:
        fuzzCheck("inline-status", p.status == .todo && p.field(.done) == nil && p.field(.cancelled) == nil, "reopen gave \(p.status), done \(String(describing: p.field(.done))), cancelled \(String(describing: p.field(.cancelled)))\n\(desc)")
    case 5:
        fuzzCheck("inline-tags", p.tags.contains { $0.lowercased() == tag.lowercased() }, "added tag missing: \(p.tags)\n\(desc)")
    case 6:
        let removed = (t.tags.first ?? tag).lowercased()
        fuzzCheck("inline-tags", !p.tags.contains { $0.lowercased() == removed }, "removed tag still there: \(p.tags)\n\(desc)")
    default:
        fuzzCheck("inline-status", p.field(.done) == nil && p.field(.id) == nil && p.blockId == nil, "next occurrence keeps done/id/block id\n\(desc)")
    }

    // The note splice: only that line changes.
    guard let spliced = InlineNote.replacingLine(t.lineNumber, expecting: t.text, with: newLine, in: note) else {
        fuzzFail("inline-note-splice", "replacingLine refused the line it was given\n\(desc)")
    }
    var want = rawLines(note)
    let old = want[t.lineNumber]
    let endingLength = old.last == 0x0A ? (old.count >= 2 && old[old.count - 2] == 0x0D ? 2 : 1) : 0
    want[t.lineNumber] = Array(newLine.utf8) + old.suffix(endingLength)
    fuzzCheck("inline-note-splice", Array(spliced.utf8) == want.flatMap { $0 },
              "the note changed outside line \(t.lineNumber)\n\(desc)\nnote:    \(lit(note))\nspliced: \(lit(spliced))")
    return 0
}

@main enum Main { static func main() { runFuzzer(fuzz) } }
