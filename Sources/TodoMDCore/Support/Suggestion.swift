/// "Did you mean …?": the candidates closest to a mistyped word.
public enum Suggestion {
    /// The candidates within a small edit distance of `word` (case-insensitive), closest first:
    /// one edit for short words, two for longer ones, and a swapped pair of letters counts as one.
    public static func closest(to word: String, among candidates: [String], limit: Int = 3) -> [String] {
        let w = Array(word.lowercased())
        guard !w.isEmpty else { return [] }
        let allowed = w.count <= 4 ? 1 : 2
        var scored: [(String, Int)] = []
        var seen = Set<String>()
        for c in candidates where seen.insert(c.lowercased()).inserted {
            let d = distance(w, Array(c.lowercased()))
            if d > 0, d <= allowed { scored.append((c, d)) }
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(limit).map(\.0)
    }

    /// " (did you mean `a` or `b`?)", or "" when nothing is close.
    public static func hint(for word: String, among candidates: [String], quote: String = "`") -> String {
        let s = closest(to: word, among: candidates)
        guard !s.isEmpty else { return "" }
        return "; did you mean " + s.map { quote + $0 + quote }.joined(separator: " or ") + "?"
    }

    /// Optimal string alignment distance (Levenshtein plus adjacent transpositions).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        guard abs(a.count - b.count) <= 2 else { return 3 }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
