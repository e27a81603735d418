import Foundation

/// Moves the completed checkbox lines of a note to its archive note (spec 003 §8).
public struct NoteArchiver: Sendable {
    public let vault: Vault

    public init(vault: Vault) { self.vault = vault }

    /// Moves the completed (done and cancelled) checkbox lines of a note to `<name> Archive.md`
    /// beside it, keeping incomplete ones in place. The archive is written first, then the note;
    /// the note is not rewritten if it changed meanwhile. Returns the archive's path and how many
    /// lines moved.
    public func archiveCompleted(note path: String) throws -> (archive: String, moved: Int) {
        let abs = vault.absolute(path)
        let bytes = try FileSystem.readFile(abs)
        guard let text = UTF8Text.decode(bytes) else { throw TodoError.malformed(path: path, reason: "not valid UTF-8") }
        let settings = vault.settings
        let tasks = InlineTaskScanner.scan(text, statusMap: settings.statusMap, globalFilter: settings.globalFilter)
        let closed = Set(tasks.filter { $0.status.isClosed }.map(\.lineNumber))
        guard !closed.isEmpty else { return ("", 0) }
        var note = InlineNoteLines(text)
        let movedLines = note.lines.enumerated().filter { closed.contains($0.offset) }.map(\.element.content)
        note.lines = note.lines.enumerated().filter { !closed.contains($0.offset) }.map(\.element)
        let stem = MarkdownTaskFormat.noteName(path)
        let dir = (path as NSString).deletingLastPathComponent
        let archiveRel = (dir.isEmpty ? "" : dir + "/") + stem + " Archive.md"
        let archiveAbs = vault.absolute(archiveRel)
        let today = vault.clock.today
        try vault.withLock {
            let ending = note.dominantEnding.isEmpty ? "\n" : note.dominantEnding
            let archiveBefore = try? FileSystem.readFile(archiveAbs)
            var archiveText = archiveBefore.flatMap { UTF8Text.decode($0) } ?? "# \(stem) Archive" + ending
            if archiveText.utf8.last != 0x0A { archiveText += ending }
            archiveText += ending + "## Archived \(today)" + ending + ending
            archiveText += movedLines.map { $0 + ending }.joined()
            let archiveBytes = Array(archiveText.utf8), noteBytes = Array(note.text.utf8)
            // The archive first, then the note: a crash in between is rolled forward.
            let intent = ActionIntent(action: "archive \(path)", steps: [
                ActionIntent.Step(path: archiveRel, before: archiveBefore, after: archiveBytes),
                ActionIntent.Step(path: path, before: bytes, after: noteBytes),
            ])
            try vault.withIntent(intent) {
                try FileSystem.atomicReplace(archiveAbs, bytes: archiveBytes)
                _ = try FileSystem.replaceChecked(abs, name: path, noun: "note") { current in
                    guard current == bytes else {
                        throw TodoError.conflict(path: path, reason: "the note changed while archiving; the lines were copied to \(archiveRel) but not removed from the note")
                    }
                    return noteBytes
                }
            }
        }
        return (archiveRel, movedLines.count)
    }
}
