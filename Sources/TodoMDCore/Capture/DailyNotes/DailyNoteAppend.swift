import Foundation

/// Adds captured entries to a daily note by pure insertion: every byte of the note stays where
/// it was, so an edit made in Obsidian a moment ago is never rewritten.
///
/// Each entry is written as typed (trailing line breaks trimmed, empty entries skipped), joined
/// with the separator. Line breaks follow the note: CRLF when its first line break is CRLF.
/// New entries always start on a line of their own; when they follow earlier content (not a
/// heading, frontmatter or a blank line), the separator's text after its first line break goes
/// first too, so that pushing twice looks like pushing once (`"\n\n"` keeps its blank line,
/// `"\n---\n"` its rule).
public enum DailyNoteAppend {
    /// `note` with `entries` inserted: at its end, or at the end of the section under the first
    /// line equal to `heading` (trailing whitespace aside; not in frontmatter or fenced code).
    /// That section runs to the next ATX heading of the same or a higher level (any heading when
    /// `heading` is not an ATX heading); entries go after its last non-blank line, so blank lines
    /// before the next heading stay. Without such a line, a blank line, the heading and the
    /// entries are added at the end.
    public static func append(_ entries: [String], to note: [UInt8], heading: String?, separator: String) -> [UInt8] {
        let eol: [UInt8] = usesCRLF(note) ? [0x0D, 0x0A] : [0x0A]
        let items = entries.map { normalized(trimmingBreaks(Array($0.utf8)), eol) }.filter { !$0.isEmpty }
        guard !items.isEmpty else { return note }
        let sep = normalized(Array(separator.utf8), eol)
        var body: [UInt8] = []
        for (i, item) in items.enumerated() {
            if i > 0 { body += sep }
            body += item
        }
        // The separator after its first line break: what goes between earlier content and us.
        let lead: [UInt8] = sep.starts(with: eol) ? Array(sep.dropFirst(eol.count)) : []
        let lines = NoteLines(note)
        let wanted = heading.map { normalized(trimmingTrailingSpace(Array($0.utf8)), eol) }.flatMap { $0.isEmpty ? nil : $0 }

        guard let wanted else {
            guard let last = lines.lines.last else { return body + eol }
            let prefix = (last.hasBreak ? [] : eol) + (last.kind == .text ? lead : [])
            return note + prefix + body + eol
        }
        let all = lines.lines
        guard let h = all.firstIndex(where: { $0.kind != .frontmatter && $0.kind != .code && NoteLines.trimmed(note, $0).elementsEqual(wanted) }) else {
            guard let last = all.last else { return wanted + eol + body + eol }
            let prefix = (last.hasBreak ? [] : eol) + (last.kind == .blank ? [] : eol)
            return note + prefix + wanted + eol + body + eol
        }
        let level = NoteLines.headingLevel(wanted) ?? 6
        var end = h + 1
        while end < all.count {
            if case .heading(let l) = all[end].kind, l <= level { break }
            end += 1
        }
        let after = ((h + 1)..<end).last { all[$0].kind != .blank } ?? h
        let line = all[after]
        var text = line.hasBreak ? [] : eol
        if after != h && line.kind == .text { text += lead }
        text += body + eol
        return Array(note[..<line.next]) + text + Array(note[line.next...])
    }

    /// Whether the note's first line break is CRLF.
    static func usesCRLF(_ b: [UInt8]) -> Bool {
        guard let i = b.firstIndex(of: 0x0A) else { return false }
        return i > 0 && b[i - 1] == 0x0D
    }

    /// `b` with every `\r\n` and `\n` written as `eol` (a lone `\r` is kept).
    static func normalized(_ b: [UInt8], _ eol: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = 0
        while i < b.count {
            if b[i] == 0x0D, i + 1 < b.count, b[i + 1] == 0x0A {
                out += eol
                i += 2
            } else {
                if b[i] == 0x0A { out += eol } else { out.append(b[i]) }
                i += 1
            }
        }
        return out
    }

    static func trimmingBreaks(_ b: [UInt8]) -> [UInt8] {
        var b = b
        while let last = b.last, last == 0x0A || last == 0x0D { b.removeLast() }
        return b
    }

    static func trimmingTrailingSpace(_ b: [UInt8]) -> [UInt8] {
        var b = b
        while let last = b.last, [0x0A, 0x0D, 0x20, 0x09].contains(last) { b.removeLast() }
        return b
    }
}
