/// Finds the checkbox task lines of a Markdown note.
///
/// Skipped: a YAML frontmatter block at the top (`---` … `---`/`...`; an unclosed one is not
/// frontmatter), and fenced code blocks (``` or ~~~, three or more, closed by the same character
/// at least as long; fences inside blockquotes/callouts and indented under list items count).
public struct InlineTaskScanner {
    /// Every task line of `text`, in order, with identities numbered across the note.
    /// - Parameters:
    ///   - statusMap: checkbox character ↔ status.
    ///   - globalFilter: when set (e.g. `#task`), only lines containing it are tasks.
    ///   - removeGlobalFilter: the filter is removed from their titles (Obsidian Tasks' "remove
    ///     global filter from description"; off by default).
    public static func scan(_ text: String, statusMap: InlineStatusMap = .default,
                            globalFilter: String? = nil, removeGlobalFilter: Bool = false) -> [InlineTaskLine] {
        let lines = InlineNoteLines(text).lines.map(\.content)
        var out: [InlineTaskLine] = []
        var seen: [String: Int] = [:]
        for n in candidateLines(lines) {
            guard var task = InlineTaskLine.parse(lines[n], lineNumber: n, statusMap: statusMap, globalFilter: globalFilter,
                                                  removeGlobalFilter: removeGlobalFilter) else { continue }
            if task.identity.hasPrefix("text:") {
                let key = InlineIdentity.normalize(task.identityText)
                let k = seen[key, default: 0]
                seen[key] = k + 1
                task.identity = InlineIdentity.make(text: task.identityText, blockId: nil, taskId: nil, occurrence: k)
            }
            out.append(task)
        }
        return out
    }

    /// Line numbers outside frontmatter and code fences.
    static func candidateLines(_ lines: [String]) -> [Int] {
        var out: [Int] = []
        var first = 0
        if let top = lines.first, trimmedEnd(top.hasPrefix("\u{FEFF}") ? String(top.dropFirst()) : top) == "---",
           let close = lines.indices.dropFirst().first(where: { ["---", "..."].contains(trimmedEnd(lines[$0])) }) {
            first = close + 1
        }
        var fence: (char: Unicode.Scalar, count: Int)?
        for n in lines.indices where n >= first {
            let t = Array(lines[n].unicodeScalars.drop { InlineScalars.isBlank($0) || $0 == ">" })
            let c = t.first
            var run = 0
            while run < t.count, t[run] == c { run += 1 }
            if let open = fence {
                if c == open.char, run >= open.count,
                   t[run...].allSatisfy({ InlineScalars.isBlank($0) }) { fence = nil }
                continue
            }
            if let c, c == "`" || c == "~", run >= 3, c == "~" || !t[run...].contains("`") {
                fence = (c, run)
                continue
            }
            out.append(n)
        }
        return out
    }

    private static func trimmedEnd(_ s: String) -> String {
        var t = Substring(s)
        while let l = t.last, l == " " || l == "\t" { t = t.dropLast() }
        return String(t)
    }
}
