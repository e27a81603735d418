/// Whole-note edits for inline tasks: one line replaced, or a recurrence inserted, with every
/// other byte of the note (including CRLF line endings and a missing final newline) unchanged.
public enum InlineNote {
    /// Where the next occurrence of a recurring task goes relative to the completed line.
    public enum Placement: Sendable {
        /// Obsidian Tasks' default: the new task goes above the completed one.
        case above
        case below
    }

    /// True when `current` is still the line that was read as `original` (a trailing `\r` is
    /// ignored). The never-clobber rule: a line that changed since it was read is not rewritten.
    public static func lineStillMatches(original: String, current: String) -> Bool {
        func strip(_ s: String) -> Substring { s.hasSuffix("\r") ? Substring(s).dropLast() : Substring(s) }
        return strip(original) == strip(current)
    }

    /// The lines of `text` without their endings (what the scanner numbers).
    public static func lines(_ text: String) -> [String] { InlineNoteLines(text).lines.map(\.content) }

    /// `text` with line `lineNumber` replaced by `newLine`, or nil when that line no longer
    /// reads `original` (or does not exist).
    public static func replacingLine(_ lineNumber: Int, expecting original: String, with newLine: String,
                                     in text: String) -> String? {
        var note = InlineNoteLines(text)
        guard note.lines.indices.contains(lineNumber),
              lineStillMatches(original: original, current: note.lines[lineNumber].content) else { return nil }
        note.lines[lineNumber].content = newLine
        return note.text
    }

    /// Completes a recurring task in `text`: line `lineNumber` (which must still read `original`)
    /// becomes `completedLine`, and `nextLine` (if any) is inserted above it (or below) with the
    /// same line ending. With `removeCompleted` (🏁 delete) the completed line is dropped and
    /// only the next occurrence remains. Nil when the line changed since it was read.
    public static func applyingCompletion(in text: String, lineNumber: Int, expecting original: String,
                                          completedLine: String, nextLine: String?,
                                          placement: Placement = .above, removeCompleted: Bool = false) -> String? {
        var note = InlineNoteLines(text)
        guard note.lines.indices.contains(lineNumber),
              lineStillMatches(original: original, current: note.lines[lineNumber].content) else { return nil }
        let ending = note.lines[lineNumber].ending
        if removeCompleted {
            if let nextLine {
                note.lines[lineNumber].content = nextLine
            } else {
                note.lines.remove(at: lineNumber)
            }
            return note.text
        }
        note.lines[lineNumber].content = completedLine
        guard let nextLine else { return note.text }
        switch placement {
        case .above:
            note.lines.insert(.init(content: nextLine, ending: ending.isEmpty ? note.dominantEnding : ending),
                              at: lineNumber)
        case .below:
            // The completed line may have been the last, unterminated one: it gains the ending.
            if ending.isEmpty { note.lines[lineNumber].ending = note.dominantEnding }
            note.lines.insert(.init(content: nextLine, ending: ending), at: lineNumber + 1)
        }
        return note.text
    }

    /// The current line number of the task with `identity` in `text`, provided that line still
    /// reads `original` (pass nil to skip the check). Nil when it is gone or changed.
    public static func locate(identity: String, expecting original: String? = nil, in text: String,
                              statusMap: InlineStatusMap = .default, globalFilter: String? = nil) -> Int? {
        let tasks = InlineTaskScanner.scan(text, statusMap: statusMap, globalFilter: globalFilter)
        guard let n = InlineTaskLine.locate(identity: identity, in: tasks) else { return nil }
        if let original, let t = tasks.first(where: { $0.lineNumber == n }),
           !lineStillMatches(original: original, current: t.text) { return nil }
        return n
    }
}

extension InlineTaskLine {
    /// The line number of the task with `identity` among `lines` (a scan of the current note).
    public static func locate(identity: String, in lines: [InlineTaskLine]) -> Int? {
        lines.first { $0.identity == identity }?.lineNumber
    }

    /// See `InlineNote.lineStillMatches`.
    public static func lineStillMatches(original: String, current: String) -> Bool {
        InlineNote.lineStillMatches(original: original, current: current)
    }
}
