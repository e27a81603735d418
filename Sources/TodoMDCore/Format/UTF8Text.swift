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
