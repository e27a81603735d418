import Foundation

extension Vault {
    /// Moves the completed (done and cancelled) checkbox lines of a note to its archive note,
    /// `<name> Archive.md` beside it (spec 003 §8), keeping incomplete ones in place. The archive
    /// is written first, then the note; the note is not rewritten if it changed meanwhile.
    /// Returns the archive's path and how many lines moved.
    public func archiveCompleted(note path: String) throws -> (archive: String, moved: Int) {
        let abs = absolute(path)
        let bytes = try FileSystem.readFile(abs)
        guard let text = UTF8Text.decode(bytes) else { throw TodoError.malformed(path: path, reason: "not valid UTF-8") }
        let tasks = InlineTaskScanner.scan(text, statusMap: settings.statusMap, globalFilter: settings.globalFilter)
        let closed = Set(tasks.filter { $0.status.isClosed }.map(\.lineNumber))
        guard !closed.isEmpty else { return ("", 0) }
        var note = InlineNoteLines(text)
        let movedLines = note.lines.enumerated().filter { closed.contains($0.offset) }.map(\.element.content)
        note.lines = note.lines.enumerated().filter { !closed.contains($0.offset) }.map(\.element)
        let stem = MarkdownTaskFormat.noteName(path)
        let dir = (path as NSString).deletingLastPathComponent
        let archiveRel = (dir.isEmpty ? "" : dir + "/") + stem + " Archive.md"
        let archiveAbs = absolute(archiveRel)
        try FileSystem.withLock(lockPath) {
            let ending = note.dominantEnding.isEmpty ? "\n" : note.dominantEnding
            var archiveText = (try? FileSystem.readFile(archiveAbs)).flatMap { UTF8Text.decode($0) } ?? "# \(stem) Archive" + ending
            if archiveText.utf8.last != 0x0A { archiveText += ending }
            archiveText += ending + "## Archived \(clock.today)" + ending + ending
            archiveText += movedLines.map { $0 + ending }.joined()
            try FileSystem.atomicReplace(archiveAbs, bytes: Array(archiveText.utf8))
            let mode = FileSystem.statStamp(abs).map { $0.mode & 0o7777 } ?? 0o644
            let tmp = try FileSystem.writeTemp(for: abs, bytes: Array(note.text.utf8), mode: mode)
            guard (try? FileSystem.readFile(abs)) == bytes else {
                unlink(tmp)
                throw TodoError.conflict(path: path, reason: "the note changed while archiving; the lines were copied to \(archiveRel) but not removed from the note")
            }
            guard FileSystem.renameInto(tmp, abs, bytes: Array(note.text.utf8)) else { unlink(tmp); throw TodoError.io(path: path, reason: "rename failed") }
            FileSystem.fsyncDir((abs as NSString).deletingLastPathComponent)
        }
        return (archiveRel, movedLines.count)
    }
}
