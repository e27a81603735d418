import Foundation

/// Recognizes a checkbox task line and splits it into prefix, status, separator and body.
///
/// Accepted shape (close to Obsidian Tasks' `taskRegex`, plus `1)` lists): any mix of spaces,
/// tabs and `>` (indentation, blockquotes, callouts), a list marker (`-`, `*`, `+`, or 1–9 digits
/// followed by `.` or `)`), one or more blanks, `[c]` with one character, then either the end of
/// the line or blanks and the description. `- [x]text` is not a task (Markdown does not render it).
enum InlineLineParser {
    typealias S = InlineScalars

    static func parse(_ line: String, lineNumber: Int, statusMap: InlineStatusMap,
                      globalFilter: String?, removeGlobalFilter: Bool = false) -> InlineTaskLine? {
        let s = Array(line.unicodeScalars)
        guard let split = splitCheckbox(s) else { return nil }
        // A NON_TASK status (Obsidian Tasks' status type) makes the line plain text.
        guard !statusMap.nonTask.contains(Character(s[split.statusIndex])) else { return nil }
        let body = Array(s[split.bodyStart...])
        let bodyText = S.string(body)
        let filter = globalFilter.flatMap { $0.isEmpty ? nil : $0 }
        if let filter, !bodyText.contains(filter) { return nil }

        let parsed = InlineFieldReader.read(body)
        // Description = body minus each field token / block id and the blanks before it.
        var removed = [Bool](repeating: false, count: body.count)
        var cuts = parsed.fields.map(\.range)
        if let b = parsed.blockId { cuts.append(b.range) }
        for r in cuts {
            var lo = r.lowerBound
            while lo > 0, S.isBlank(body[lo - 1]) { lo -= 1 }
            for i in lo..<r.upperBound { removed[i] = true }
        }
        let kept = body.indices.filter { !removed[$0] }.map { body[$0] }
        let described = S.string(kept).trimmingCharacters(in: .whitespaces)
        // Obsidian Tasks keeps the global filter in the description unless "remove global
        // filter" is on, and never lists it as a tag.
        let title = removeGlobalFilter ? filter.map { removeWord($0, from: described) } ?? described : described
        let tagList = tags(in: title).filter { "#" + $0 != filter }

        var problems: [String] = []
        for f in parsed.fields where f.kind.isDate && LocalDate(f.value) == nil {
            problems.append("\(f.kind.rawValue) date \(f.value) is not a valid date")
        }
        let statusChar = Character(s[split.statusIndex])
        return InlineTaskLine(
            lineNumber: lineNumber, text: line,
            prefix: S.string(s[..<(split.statusIndex - 1)]),
            statusChar: statusChar,
            separator: S.string(s[(split.statusIndex + 2)..<split.bodyStart]),
            body: bodyText,
            status: statusMap.status(for: statusChar),
            fields: parsed.fields, tags: tagList, blockId: parsed.blockId?.name, title: title,
            format: parsed.fields.contains { $0.format == .dataview } ? .dataview : .emoji,
            identity: InlineIdentity.make(text: described, blockId: parsed.blockId?.name,
                                          taskId: parsed.fields.first { $0.kind == .id }?.value, occurrence: 0),
            problems: problems, identityText: described)
    }

    /// Index of the status character and of the body start, or nil when `s` is not a task line.
    static func splitCheckbox(_ s: [Unicode.Scalar]) -> (statusIndex: Int, bodyStart: Int)? {
        var i = 0
        if i < s.count, s[i] == "\u{FEFF}" { i += 1 }  // a byte-order mark stays in the prefix
        while i < s.count, S.isBlank(s[i]) || s[i] == ">" { i += 1 }
        guard i < s.count else { return nil }
        if s[i] == "-" || s[i] == "*" || s[i] == "+" {
            i += 1
        } else {
            let d = i
            while i < s.count, S.isDigit(s[i]), i - d < 9 { i += 1 }
            guard i > d, i < s.count, s[i] == "." || s[i] == ")" else { return nil }
            i += 1
        }
        let blanks = i
        while i < s.count, S.isBlank(s[i]) { i += 1 }
        guard i > blanks, i + 2 < s.count, s[i] == "[", s[i + 2] == "]",
              s[i + 1] != "\n", s[i + 1] != "\r" else { return nil }
        let status = i + 1
        var b = i + 3
        if b < s.count {
            guard S.isBlank(s[b]) else { return nil }
            while b < s.count, S.isBlank(s[b]) { b += 1 }
        }
        return (status, b)
    }

    /// `#tag` words (preceded by start or whitespace, not all digits), de-duplicated.
    static func tags(in text: String) -> [String] {
        let s = Array(text.unicodeScalars)
        var out: [String] = []
        var seen = Set<String>()
        var i = 0
        while i < s.count {
            if s[i] == "#", i == 0 || s[i - 1].properties.isWhitespace {
                var j = i + 1
                while j < s.count, S.isTagChar(s[j]) { j += 1 }
                let name = s[(i + 1)..<j]
                if S.isTagName(name) {
                    let t = S.string(name)
                    if seen.insert(t.lowercased()).inserted { out.append(t) }
                }
                i = max(j, i + 1)
            } else {
                i += 1
            }
        }
        return out
    }

    /// Removes every whole-word occurrence of `word` with the blanks before it (or after it at the
    /// start), as Obsidian Tasks does when it hides the global filter from descriptions.
    static func removeWord(_ word: String, from text: String) -> String {
        let s = Array(text.unicodeScalars), w = Array(word.unicodeScalars)
        guard !w.isEmpty else { return text }
        var out: [Unicode.Scalar] = []
        var i = 0
        while i < s.count {
            let end = i + w.count
            if end <= s.count, s[i..<end].elementsEqual(w), i == 0 || s[i - 1].properties.isWhitespace,
               end == s.count || s[end].properties.isWhitespace {
                while let l = out.last, S.isBlank(l) { out.removeLast() }
                i += w.count
                if out.isEmpty { while i < s.count, S.isBlank(s[i]) { i += 1 } }
                continue
            }
            out.append(s[i])
            i += 1
        }
        return S.string(out).trimmingCharacters(in: .whitespaces)
    }
}
