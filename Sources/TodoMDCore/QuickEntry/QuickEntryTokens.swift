import Foundation

/// One whitespace-delimited word of a quick-add line, with its place in the line so the title
/// can be rebuilt word for word.
struct QuickToken {
    let range: Range<String.Index>
    let text: Substring
    /// Lowercased text, for keyword and date matching.
    let lower: String
    /// The word holds quoted text (`"May"`, `"The Sun Also Rises"`): never parsed, always title,
    /// except the quoted forms `+"Project name"` and `="Area name"`, which are read explicitly.
    let quoted: Bool
}

/// Attribute carried by a single token.
enum QuickAttribute: Equatable {
    case tag(String)
    case project(String)
    case area(String)
    case priority(QuickEntry.Priority)
    case flag
    case estimate(Int)
    case someday
    case descriptionMarker
}

enum QuickTokenizer {
    static func isQuote(_ c: Character) -> Bool { c == "\"" || c == "\u{201C}" || c == "\u{201D}" }

    /// Splits on whitespace, except inside a matched pair of double quotes (straight or curly,
    /// since macOS text fields substitute curly ones), so `+"Home Renovation"` is one token.
    static func tokenize(_ s: String) -> [QuickToken] {
        var tokens: [QuickToken] = []
        var i = s.startIndex
        while i < s.endIndex {
            if s[i].isWhitespace {
                i = s.index(after: i)
                continue
            }
            let start = i
            var quoted = false
            while i < s.endIndex, !s[i].isWhitespace {
                if isQuote(s[i]) {
                    var k = s.index(after: i)
                    while k < s.endIndex, !isQuote(s[k]) { k = s.index(after: k) }
                    if k < s.endIndex {
                        quoted = true
                        i = s.index(after: k)
                        continue
                    }
                }
                i = s.index(after: i)
            }
            let text = s[start..<i]
            tokens.append(QuickToken(range: start..<i, text: text, lower: text.lowercased(), quoted: quoted))
        }
        return tokens
    }

    /// The attribute a whole token stands for, if any. Tokens must match exactly: `#errands,`
    /// (trailing comma) or `C#` (mid-word) are plain words.
    static func attribute(_ t: QuickToken) -> QuickAttribute? {
        let text = t.text
        guard let first = text.first else { return nil }
        if t.quoted {
            // Only `+"…"` and `="…"` with the quotes wrapping the whole rest of the token.
            guard first == "+" || first == "=", text.count >= 4,
                  let open = text.dropFirst().first, isQuote(open), let close = text.last, isQuote(close) else { return nil }
            let name = text.dropFirst(2).dropLast().trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty, !name.contains(where: isQuote) else { return nil }
            return first == "+" ? .project(name) : .area(name)
        }
        switch first {
        case "#":
            let body = text.dropFirst()
            guard isName(body, allowSlash: true), body.contains(where: \.isLetter) else { return nil }
            return .tag(String(body))
        case "@":
            // A Todoist label is a tag. It must start with a letter: `@5pm`, `@example.com`
            // (and `bob@example.com`, where `@` is mid-word) stay text.
            let body = text.dropFirst()
            guard body.first?.isLetter == true, isName(body, allowSlash: true) else { return nil }
            return .tag(String(body))
        case "+":
            let body = text.dropFirst()
            guard body.first?.isLetter == true, isName(body, allowSlash: true) else { return nil }
            return .project(String(body))
        case "=":
            let body = text.dropFirst()
            guard body.first?.isLetter == true, isName(body, allowSlash: false) else { return nil }
            return .area(String(body))
        case "~":
            return minutes(text.dropFirst().lowercased()).map(QuickAttribute.estimate)
        default:
            break
        }
        switch t.lower {
        case "!high", "!!!", "p1": return .priority(.high)
        case "!medium", "!med", "!!", "p2": return .priority(.medium)
        case "!low", "p3": return .priority(.low)
        case "!none", "p4": return .priority(.noPriority)
        case "!flag": return .flag
        case "someday": return .someday
        case "//": return .descriptionMarker
        default: return nil
        }
    }

    /// Letters, digits, `_`, `-` and (if allowed) `/` between non-empty segments — Obsidian's
    /// tag alphabet, so `#errands,` or `#a.b` (punctuation attached) stay plain text.
    private static func isName(_ s: Substring, allowSlash: Bool) -> Bool {
        guard !s.isEmpty else { return false }
        for segment in s.split(separator: "/", omittingEmptySubsequences: false) {
            guard !segment.isEmpty,
                  segment.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" })
            else { return false }
        }
        return allowSlash || !s.contains("/")
    }

    /// `90` (minutes), `30m`, `30min`, `2h`, `1h30m`, `1h30`. Zero is not an estimate.
    static func minutes(_ s: String) -> Int? {
        if let n = DateVocabulary.digits(s, maxLength: 4) { return n > 0 ? n : nil }
        var rest = Substring(s)
        var total = 0
        if let h = rest.firstIndex(of: "h") {
            guard let hours = DateVocabulary.digits(rest[..<h], maxLength: 3) else { return nil }
            total = hours * 60
            rest = rest[rest.index(after: h)...]
            if rest.isEmpty { return total > 0 ? total : nil }
            if let m = DateVocabulary.digits(rest, maxLength: 2) { return total + m > 0 ? total + m : nil }  // `1h30`; `0h0` is not
        }
        for suffix in ["min", "m"] where rest.hasSuffix(suffix) {
            guard let m = DateVocabulary.digits(rest.dropLast(suffix.count), maxLength: 4) else { return nil }
            total += m
            return total > 0 ? total : nil
        }
        return nil
    }
}
