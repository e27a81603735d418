/// Small helpers over Unicode scalars. Inline parsing works on scalar arrays because every
/// Obsidian Tasks emoji is one scalar, and scalar offsets splice back into byte-identical text.
enum InlineScalars {
    static func string<C: Collection>(_ s: C) -> String where C.Element == Unicode.Scalar {
        var v = String.UnicodeScalarView()
        v.append(contentsOf: s)
        return String(v)
    }

    static func isBlank(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" }
    static func isDigit(_ c: Unicode.Scalar) -> Bool { c.value >= 0x30 && c.value <= 0x39 }
    static func isASCIILetter(_ c: Unicode.Scalar) -> Bool {
        (c.value >= 0x41 && c.value <= 0x5A) || (c.value >= 0x61 && c.value <= 0x7A)
    }
    static func isAlnum(_ c: Unicode.Scalar) -> Bool { isDigit(c) || isASCIILetter(c) }
    /// Characters of a task id (`[a-zA-Z0-9-_]`).
    static func isIdChar(_ c: Unicode.Scalar) -> Bool { isAlnum(c) || c == "-" || c == "_" }

    static let variationSelector: Unicode.Scalar = "\u{FE0F}"

    /// Index after trailing blanks are dropped from `s[..<end]`.
    static func trimEnd(_ s: [Unicode.Scalar], _ end: Int, from start: Int = 0) -> Int {
        var e = end
        while e > start, s[e - 1].properties.isWhitespace { e -= 1 }
        return e
    }

    /// True when `s[r]` reads `YYYY-MM-DD` (digits and dashes only; validity is checked later).
    static func isDateShape(_ s: [Unicode.Scalar], _ r: Range<Int>) -> Bool {
        guard r.count == 10 else { return false }
        for (k, i) in r.enumerated() {
            if k == 4 || k == 7 { if s[i] != "-" { return false } } else if !isDigit(s[i]) { return false }
        }
        return true
    }

    /// Characters Obsidian Tasks stops a tag at (`#[^ !@#$%^&*(),.?":{}|<>]+`), plus whitespace.
    static func isTagChar(_ c: Unicode.Scalar) -> Bool {
        if c.properties.isWhitespace { return false }
        switch c {
        case "!", "@", "#", "$", "%", "^", "&", "*", "(", ")", ",", ".", "?", "\"", ":", "{", "}", "|", "<", ">":
            return false
        default: return true
        }
    }

    /// A tag needs something other than digits (`#123` is not a tag, `#y2026` is).
    static func isTagName(_ name: some Collection<Unicode.Scalar>) -> Bool {
        !name.isEmpty && name.contains { !isDigit($0) }
    }

    /// 64-bit FNV-1a over the UTF-8 bytes: stable across runs and platforms, unlike `Hasher`.
    static func fnv1a(_ text: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in text.utf8 {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
