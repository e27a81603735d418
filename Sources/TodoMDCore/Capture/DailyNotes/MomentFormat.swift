import Foundation

/// Moment.js `format()` as Obsidian uses it to name daily notes and fill templates, English
/// locale. Obsidian stores these patterns in its settings, so a vault's `YYYY/MM/YYYY-MM-DD dddd`
/// must name the same file here as it does there.
///
/// Tokenising follows moment: `[text]` is literal (up to the last `]` before the next `[`), a
/// backslash makes the token after it literal (and is itself dropped), the localised `LT LTS L LL LLL LLLL l ll lll llll`
/// expand first, and any other character is copied.
public enum MomentFormat {
    /// `date` at `hour:minute:second` rendered with the Moment.js `pattern` (English locale).
    public static func format(_ date: LocalDate, _ pattern: String, hour: Int = 0, minute: Int = 0, second: Int = 0) -> String {
        let s = Array(expandLocalized(Array(pattern.unicodeScalars)))
        let moment = MomentValues(date: date, hour: hour, minute: minute, second: second)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < s.count {
            if s[i] == "[", let close = bracketEnd(s, from: i) {
                out.append(contentsOf: s[(i + 1)..<close])
                i = close + 1
                continue
            }
            let escaped = s[i] == "\\"
            if escaped {
                i += 1
                guard i < s.count else { break }  // moment drops a trailing backslash
            }
            if let token = longestToken(s, at: i, in: tokens) {
                out.append(contentsOf: (escaped ? token : moment.value(of: token)).unicodeScalars)
                i += token.unicodeScalars.count
            } else {
                if !(escaped && s[i] == "\\") { out.append(s[i]) }  // moment drops every backslash it escapes
                i += 1
            }
        }
        return String(out)
    }

    /// Every formatting token moment knows for these fields, longest first so that a prefix
    /// never wins (`MMMM` before `MMM`, `DDDo` before `DDD`).
    static let tokens: [String] = {
        let list = [
            "YYYYYY", "YYYYY", "YYYY", "YY", "Y", "MMMM", "MMM", "MM", "Mo", "M",
            "DDDD", "DDDo", "DDD", "DD", "Do", "D", "dddd", "ddd", "dd", "do", "d", "E", "e",
            "ww", "wo", "w", "WW", "Wo", "W", "ggggg", "gggg", "gg", "GGGGG", "GGGG", "GG",
            "yyyy", "yyy", "yy", "yo", "y", "NNNNN", "NNNN", "NNN", "NN", "N", "Qo", "Q", "HH", "H", "hh", "h", "kk", "k", "mm", "m", "ss", "s", "a", "A", "X", "x",
        ] + (1...9).map { String(repeating: "S", count: $0) }
        return list.sorted { $0.count > $1.count }
    }()

    /// English long date formats (moment's `en` locale `longDateFormat`).
    static let localized: [(String, String)] = [
        ("LLLL", "dddd, MMMM D, YYYY h:mm A"), ("llll", "ddd, MMM D, YYYY h:mm A"),
        ("LLL", "MMMM D, YYYY h:mm A"), ("lll", "MMM D, YYYY h:mm A"), ("LTS", "h:mm:ss A"),
        ("LL", "MMMM D, YYYY"), ("ll", "MMM D, YYYY"), ("LT", "h:mm A"),
        ("L", "MM/DD/YYYY"), ("l", "M/D/YYYY"),
    ]

    /// The pattern with `LL`-style tokens replaced by what they stand for; brackets and
    /// escaped tokens are kept as written (moment's `expandFormat`).
    static func expandLocalized(_ s: [Unicode.Scalar]) -> String.UnicodeScalarView {
        let names = localized.map(\.0)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < s.count {
            if s[i] == "[", let close = bracketEnd(s, from: i) {
                out.append(contentsOf: s[i...close])
                i = close + 1
                continue
            }
            let escaped = s[i] == "\\"
            let at = escaped ? i + 1 : i
            if let name = longestToken(s, at: at, in: names) {
                let text = escaped ? "\\" + name : (localized.first { $0.0 == name }?.1 ?? name)
                out.append(contentsOf: text.unicodeScalars)
                i = at + name.unicodeScalars.count
            } else {
                out.append(s[i])
                i += 1
            }
        }
        return out
    }

    /// The index of the `]` closing the literal opened at `open`: the last `]` before the next
    /// `[` (moment's `\[[^\[]*\]`), or nil when there is none (the `[` is then plain text).
    static func bracketEnd(_ s: [Unicode.Scalar], from open: Int) -> Int? {
        var close: Int?
        var j = open + 1
        while j < s.count, s[j] != "[" {
            if s[j] == "]" { close = j }
            j += 1
        }
        return close
    }

    /// The longest of `candidates` (sorted longest first) that starts at `i`.
    static func longestToken(_ s: [Unicode.Scalar], at i: Int, in candidates: [String]) -> String? {
        guard i < s.count else { return nil }
        return candidates.first { token in
            let t = Array(token.unicodeScalars)
            return i + t.count <= s.count && Array(s[i..<(i + t.count)]) == t
        }
    }
}
