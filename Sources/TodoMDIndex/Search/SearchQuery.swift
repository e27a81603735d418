import Foundation

/// Turns what a user types into an FTS5 query that cannot be a syntax error: words match as
/// words (`C#`, `bob@example.com`, `2+2` are just text), `word*` is a prefix query, `"two words"`
/// a phrase, and `OR` / `NOT` (in capitals) keep their FTS5 meaning. Words are ANDed.
public enum SearchQuery {
    public static func fts(_ input: String) -> String? {
        var parts: [String] = []
        var i = input.startIndex
        while i < input.endIndex {
            let c = input[i]
            if c.isWhitespace {
                i = input.index(after: i)
            } else if c == "\"" {
                let start = input.index(after: i)
                let end = input[start...].firstIndex(of: "\"") ?? input.endIndex
                let phrase = String(input[start..<end])
                if !phrase.trimmingCharacters(in: .whitespaces).isEmpty { parts.append(quote(phrase)) }
                i = end < input.endIndex ? input.index(after: end) : end
            } else {
                let end = input[i...].firstIndex(where: { $0.isWhitespace || $0 == "\"" }) ?? input.endIndex
                let word = String(input[i..<end])
                i = end
                if word == "OR" || word == "NOT" || word == "AND" {
                    parts.append(word)
                } else if word.hasSuffix("*"), word.count > 1 {
                    parts.append(quote(String(word.dropLast())) + "*")
                } else if word != "*" {
                    parts.append(quote(word))
                }
            }
        }
        // An operator must sit between two terms.
        while let f = parts.first, ["OR", "NOT", "AND"].contains(f) { parts.removeFirst() }
        while let l = parts.last, ["OR", "NOT", "AND"].contains(l) { parts.removeLast() }
        var cleaned: [String] = []
        for p in parts {
            let isOp = ["OR", "NOT", "AND"].contains(p)
            if isOp, let last = cleaned.last, ["OR", "NOT", "AND"].contains(last) { continue }
            cleaned.append(p)
        }
        return cleaned.isEmpty ? nil : cleaned.joined(separator: " ")
    }

    private static func quote(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}
