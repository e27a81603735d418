import Foundation

/// Strict UTF-8 decoding: invalid bytes are an error to report, never silently replaced.
enum UTF8Text {
    static func decode(_ bytes: some Collection<UInt8>) -> String? {
        String(bytes: bytes, encoding: .utf8)
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces and tabs (cheaper than Foundation's trimming, which
    /// matters on the read path of 100,000 files).
    var trimmedSpaces: String {
        var t = self[...]
        while let f = t.first, f == " " || f == "\t" { t = t.dropFirst() }
        while let l = t.last, l == " " || l == "\t" { t = t.dropLast() }
        return String(t)
    }
}

extension StringProtocol {
    /// Without leading and trailing white space and line breaks: Foundation's
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` without its bridging, which cost an
    /// import of 10,000 tasks a tenth of its time on Linux.
    public var trimmed: String {
        let s = unicodeScalars
        guard let first = s.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = s.lastIndex(where: { !$0.properties.isWhitespace })!
        if first == s.startIndex, s.index(after: last) == s.endIndex { return String(self) }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: s[first...last])
        return String(out)
    }
}
