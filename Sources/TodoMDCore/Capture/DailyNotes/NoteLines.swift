import Foundation

/// The lines of a Markdown note as byte ranges, each classified for inserting text: which are
/// blank, which are ATX headings, and which are frontmatter or fenced code (never headings).
struct NoteLines {
    enum Kind: Equatable {
        case text, blank, heading(level: Int), frontmatter, code
    }

    struct Line {
        /// First byte of the line.
        var start: Int
        /// The line's end: its `\n`, or the note's end for a last line without one.
        var end: Int
        var kind: Kind
        /// Whether a `\n` ends the line.
        var hasBreak: Bool
        /// Where the next line starts.
        var next: Int { hasBreak ? end + 1 : end }
    }

    let lines: [Line]

    /// Splits on `\n` (a `\r` before it belongs to the line); a break at the very end starts no
    /// further line.
    init(_ b: [UInt8]) {
        var lines: [Line] = []
        var start = 0
        while start < b.count {
            let end = b[start...].firstIndex(of: 0x0A) ?? b.count
            lines.append(Line(start: start, end: end, kind: .text, hasBreak: end < b.count))
            start = end + 1
        }
        var first = 0
        func isDelimiter(_ line: Line, _ texts: [String]) -> Bool {
            let t = Self.trimmed(b, line)
            return texts.contains { t.elementsEqual($0.utf8) }
        }
        if let head = lines.first, isDelimiter(head, ["---"]),
           let close = lines.indices.dropFirst().first(where: { isDelimiter(lines[$0], ["---", "..."]) }) {
            for i in 0...close { lines[i].kind = .frontmatter }
            first = close + 1
        }
        var fence: (char: UInt8, count: Int)?
        for i in lines.indices.dropFirst(first) {
            let text = Self.trimmed(b, lines[i])
            if let open = fence {
                lines[i].kind = .code
                if let f = Self.fence(text), f.char == open.char, f.count >= open.count, f.rest.isEmpty { fence = nil }
            } else if let f = Self.fence(text), f.char == UInt8(ascii: "~") || !f.rest.contains(UInt8(ascii: "`")) {
                lines[i].kind = .code
                fence = (f.char, f.count)
            } else if text.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                lines[i].kind = .blank
            } else if let level = Self.headingLevel(text) {
                lines[i].kind = .heading(level: level)
            }
        }
        self.lines = lines
    }

    /// The line's bytes without trailing spaces, tabs and `\r`.
    static func trimmed(_ b: [UInt8], _ line: Line) -> ArraySlice<UInt8> {
        var end = line.end
        while end > line.start, [0x20, 0x09, 0x0D].contains(b[end - 1]) { end -= 1 }
        return b[line.start..<end]
    }

    /// The level of an ATX heading line (`#`…`######` after at most three spaces, then a space,
    /// a tab or the end), or nil.
    static func headingLevel<C: Collection>(_ text: C) -> Int? where C.Element == UInt8 {
        let body = text.drop { $0 == 0x20 }
        guard text.count - body.count <= 3 else { return nil }
        let level = body.prefix { $0 == UInt8(ascii: "#") }.count
        guard (1...6).contains(level) else { return nil }
        let after = body.dropFirst(level).first
        return after == nil || after == 0x20 || after == 0x09 ? level : nil
    }

    /// A code fence (three or more backticks or tildes after at most three spaces): its
    /// character, length and what follows (the info string).
    static func fence(_ text: ArraySlice<UInt8>) -> (char: UInt8, count: Int, rest: ArraySlice<UInt8>)? {
        let body = text.drop { $0 == 0x20 }
        guard text.count - body.count <= 3, let c = body.first, c == UInt8(ascii: "`") || c == UInt8(ascii: "~") else { return nil }
        let count = body.prefix { $0 == c }.count
        guard count >= 3 else { return nil }
        return (c, count, body.dropFirst(count).drop { $0 == 0x20 || $0 == 0x09 })
    }
}
