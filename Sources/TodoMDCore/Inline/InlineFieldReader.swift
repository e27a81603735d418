/// What `InlineFieldReader` found in a task body.
struct InlineBodyParse {
    /// Field tokens in line order.
    var fields: [InlineField] = []
    /// The block id without `^`, and the range of `^id` (the space before it excluded).
    var blockId: (name: String, range: Range<Int>)?
}

/// Reads fields from the END of a task body backwards, as Obsidian Tasks' `deserialize` does:
/// strip the block id once, then repeatedly strip whichever field or tag ends the text, until
/// nothing matches. Text before the last match is the description. Both spellings are read on
/// every line: emoji (`📅 2026-01-05`) and Dataview (`[due:: 2026-01-05]`, `(due:: …)`).
enum InlineFieldReader {
    typealias S = InlineScalars

    /// Obsidian Tasks' matcher order within one pass (priority, done, cancelled, due, scheduled,
    /// start, created, recurrence, onCompletion, tags, id, dependsOn). Nil kind = a tag.
    private static let order: [InlineFieldKind?] = [.priority, .done, .cancelled, .due, .scheduled, .start,
                                                   .created, .recurrence, .onCompletion, nil, .id, .dependsOn]
    /// Obsidian Tasks' failsafe against endless loops.
    private static let maxRuns = 20

    static func read(_ s: [Unicode.Scalar]) -> InlineBodyParse {
        var out = InlineBodyParse()
        var end = S.trimEnd(s, s.count)
        if let b = blockId(s, end) {
            out.blockId = b
            end = S.trimEnd(s, b.range.lowerBound)
        }
        // Obsidian Tasks allows 20 passes that strip at most one token per matcher each.
        var budget = maxRuns * order.count
        outer: while budget > 0 {
            for kind in order {
                if let kind {
                    guard let f = emojiField(kind, s, end) ?? dataviewField(kind, s, end) else { continue }
                    out.fields.append(f)
                    end = S.trimEnd(s, f.range.lowerBound)
                } else {
                    guard let start = trailingTag(s, end) else { continue }
                    end = S.trimEnd(s, start)  // tags stay in the description
                }
                budget -= 1
                continue outer
            }
            break
        }
        out.fields.reverse()
        return out
    }

    // MARK: - Block id

    /// ` ^abc-123` at the very end (Obsidian requires the space before `^`).
    static func blockId(_ s: [Unicode.Scalar], _ end: Int) -> (name: String, range: Range<Int>)? {
        var j = end
        while j > 0, S.isAlnum(s[j - 1]) || s[j - 1] == "-" { j -= 1 }
        guard j < end, j >= 2, s[j - 1] == "^", s[j - 2] == " " else { return nil }
        return (S.string(s[j..<end]), (j - 1)..<end)
    }

    // MARK: - Tags

    /// Start of a `#tag` ending at `end` and preceded by whitespace or the start of the body.
    static func trailingTag(_ s: [Unicode.Scalar], _ end: Int) -> Int? {
        var j = end
        while j > 0, S.isTagChar(s[j - 1]) { j -= 1 }
        guard j < end, j >= 1, s[j - 1] == "#" else { return nil }
        let hash = j - 1
        guard hash == 0 || s[hash - 1].properties.isWhitespace else { return nil }
        return hash
    }

    // MARK: - Emoji fields

    static func emojiField(_ kind: InlineFieldKind, _ s: [Unicode.Scalar], _ end: Int) -> InlineField? {
        guard end > 0 else { return nil }
        let symbols = kind.readEmoji
        /// Steps back over an optional variation selector and one of the symbols before `j`.
        func symbolStart(_ j0: Int) -> Int? {
            var j = j0
            if j > 0, s[j - 1] == S.variationSelector { j -= 1 }
            guard j > 0, symbols.contains(s[j - 1]) else { return nil }
            return j - 1
        }
        func skipBlanks(_ j0: Int) -> Int {
            var j = j0
            while j > 0, S.isBlank(s[j - 1]) { j -= 1 }
            return j
        }
        func make(_ start: Int, _ vr: Range<Int>, _ value: String) -> InlineField {
            InlineField(kind: kind, value: value, format: .emoji, range: start..<end, valueRange: vr,
                        text: S.string(s[start..<end]))
        }

        if kind == .priority {
            guard let start = symbolStart(end), let p = InlinePriority(emoji: s[start]) else { return nil }
            return make(start, start..<(start + 1), p.rawValue)
        }
        if kind.isDate {
            guard end >= 11, S.isDateShape(s, (end - 10)..<end),
                  let start = symbolStart(skipBlanks(end - 10)) else { return nil }
            return make(start, (end - 10)..<end, S.string(s[(end - 10)..<end]))
        }
        // Text values: take the longest run of value characters, then require the symbol.
        let allowed: (Unicode.Scalar) -> Bool
        switch kind {
        case .recurrence: allowed = { S.isAlnum($0) || $0 == "," || $0 == " " || $0 == "!" }
        case .onCompletion: allowed = S.isASCIILetter
        case .id: allowed = S.isIdChar
        default: allowed = { S.isIdChar($0) || $0 == "," || $0 == " " }  // dependsOn
        }
        var j = end
        while j > 0, allowed(s[j - 1]) { j -= 1 }
        var v = j
        while v < end, s[v] == " " { v += 1 }  // value starts after the blanks the run swallowed
        guard v < end, let start = symbolStart(skipBlanks(j)) else { return nil }
        let value = S.string(s[v..<end])
        if kind == .dependsOn, !validIdList(value) { return nil }
        return make(start, v..<end, value)
    }

    /// `id( *, *id *)*`: no empty items, no spaces inside an id.
    static func validIdList(_ text: String) -> Bool {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { part in
            let t = part.inlineTrimming(" ")
            return !t.isEmpty && t.unicodeScalars.allSatisfy(S.isIdChar)
        }
    }

    // MARK: - Dataview fields

    /// `[key:: value]` or `(key:: value)` ending at `end`, optionally followed by ` *,`.
    static func dataviewField(_ kind: InlineFieldKind, _ s: [Unicode.Scalar], _ end: Int) -> InlineField? {
        var j = end
        if j > 0, s[j - 1] == "," {
            j -= 1
            while j > 0, s[j - 1] == " " { j -= 1 }
        }
        guard j > 0, s[j - 1] == "]" || s[j - 1] == ")" else { return nil }
        let close = j - 1
        let opener: Unicode.Scalar = s[close] == "]" ? "[" : "("
        var open = close - 1
        while open >= 0, s[open] != opener {
            if s[open] == s[close] { return nil }
            open -= 1
        }
        guard open >= 0 else { return nil }
        // Inside: ` *key:: *value *`
        var i = open + 1
        while i < close, s[i] == " " { i += 1 }
        let keyStart = i
        while i < close, S.isASCIILetter(s[i]) { i += 1 }
        guard i + 1 < close, s[i] == ":", s[i + 1] == ":",
              InlineFieldKind.dataview(key: S.string(s[keyStart..<i])) == kind else { return nil }
        i += 2
        while i < close, s[i] == " " { i += 1 }
        var ve = close
        while ve > i, s[ve - 1] == " " { ve -= 1 }
        guard ve > i else { return nil }
        let raw = S.string(s[i..<ve])
        var value = raw
        switch kind {
        case .priority:
            guard let p = InlinePriority(rawValue: raw) else { return nil }  // `priority:: High` is not read either
            value = p.rawValue
        case .recurrence:
            guard raw.unicodeScalars.allSatisfy({ S.isAlnum($0) || $0 == "," || $0 == " " || $0 == "!" }) else { return nil }
        case .onCompletion:
            guard raw.unicodeScalars.allSatisfy(S.isASCIILetter) else { return nil }
        case .id:
            guard raw.unicodeScalars.allSatisfy(S.isIdChar) else { return nil }
        case .dependsOn:
            guard validIdList(raw) else { return nil }
        default:
            guard S.isDateShape(s, i..<ve) else { return nil }
        }
        return InlineField(kind: kind, value: value, format: .dataview, range: open..<end, valueRange: i..<ve,
                           text: S.string(s[open..<end]))
    }
}

extension Substring {
    /// Drops `c` from both ends.
    fileprivate func inlineTrimming(_ c: Character) -> Substring {
        var t = self[...]
        while t.first == c { t = t.dropFirst() }
        while t.last == c { t = t.dropLast() }
        return t
    }
}
