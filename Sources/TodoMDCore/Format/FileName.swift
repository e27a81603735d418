import Foundation

/// New task files are named `{YYYYMMDD}-{HHmm}-{slug}.md`, the timestamp being the creation
/// time in UTC.
public enum FileName {
    public static let maxSlugLength = 60

    /// The file name for a task created at `created` (collisions are handled by the vault).
    public static func make(title: String, created: Date, suffix: Int = 1) -> String {
        let stamp = Timestamp.format(created)  // 2025-02-26T14:30:00Z
        let u = Array(stamp.utf8)
        let ymd = String(decoding: u[0..<4] + u[5..<7] + u[8..<10], as: UTF8.self)
        let hm = String(decoding: u[11..<13] + u[14..<16], as: UTF8.self)
        let s = slug(title)
        return "\(ymd)-\(hm)-\(s)" + (suffix > 1 ? "-\(suffix)" : "") + ".md"
    }

    /// Kebab-case, ASCII, at most 60 characters, cut at a word boundary where one is near.
    /// Accents are transliterated (`Crème brûlée` → `creme-brulee`); a title with no Latin
    /// letters or digits becomes `task`.
    public static func slug(_ title: String) -> String {
        var out = ""
        var pendingDash = false
        for ch in transliterate(title) {
            if let a = ch.asciiValue, (a >= 0x61 && a <= 0x7A) || (a >= 0x30 && a <= 0x39) {
                if pendingDash, !out.isEmpty { out.append("-") }
                pendingDash = false
                out.append(ch)
            } else {
                pendingDash = true
            }
        }
        if out.count > maxSlugLength {
            let cut = String(out.prefix(maxSlugLength))
            if let dash = cut.lastIndex(of: "-"), cut.distance(from: cut.startIndex, to: dash) >= maxSlugLength / 2 {
                out = String(cut[..<dash])
            } else {
                out = cut
            }
            while out.hasSuffix("-") { out.removeLast() }
        }
        return out.isEmpty ? "task" : out
    }

    /// Lowercases and maps letters to ASCII: diacritics are stripped and the letters that
    /// have no decomposition get their usual spelling.
    static func transliterate(_ s: String) -> String {
        let special: [Character: String] = [
            "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th",
            "ı": "i", "ħ": "h", "ŧ": "t", "ŋ": "n", "&": " and ", "@": " at ",
        ]
        let cyrillic: [Character: String] = [
            "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh", "з": "z",
            "и": "i", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r",
            "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh",
            "щ": "shch", "ъ": "", "ы": "y", "ь": "", "э": "e", "ю": "yu", "я": "ya", "і": "i", "ї": "yi", "є": "ye",
        ]
        let greek: [Character: String] = [
            "α": "a", "β": "v", "γ": "g", "δ": "d", "ε": "e", "ζ": "z", "η": "i", "θ": "th", "ι": "i",
            "κ": "k", "λ": "l", "μ": "m", "ν": "n", "ξ": "x", "ο": "o", "π": "p", "ρ": "r", "σ": "s",
            "ς": "s", "τ": "t", "υ": "y", "φ": "f", "χ": "ch", "ψ": "ps", "ω": "o",
        ]
        let folded = s.lowercased().folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        var out = ""
        for ch in folded {
            if let r = special[ch] ?? cyrillic[ch] ?? greek[ch] { out += r } else { out.append(ch) }
        }
        return out
    }
}
