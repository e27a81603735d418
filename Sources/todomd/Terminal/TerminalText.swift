/// Text from files made safe for a terminal: every control character (C0 but newline and tab,
/// DEL, C1) is shown as a visible escape (`^[`, `^G`, `^@`, `<U+0085>`), so a title, tag, body
/// or snippet can never move the cursor, ring the bell, set the window title or hide text.
/// Every human output line goes through `safe` (`Printer.print`, stderr notes, `watch`); only
/// the colours todomd adds itself (`ESC [ n m`, from `Printer.paint`) pass when `styles` is on.
enum TerminalText {
    static func safe(_ s: String, styles: Bool = false) -> String {
        guard s.unicodeScalars.contains(where: isControl) else { return s }  // the common case, without a copy
        let scalars = Array(s.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            if styles, c == "\u{1B}", let end = ownStyleEnd(scalars, i) {
                out.append(contentsOf: scalars[i...end])
                i = end + 1
                continue
            }
            if isControl(c) {
                if c.value < 0x20 { out.append("^"); out.append(Unicode.Scalar(UInt8(c.value + 0x40))) }
                else if c.value == 0x7F { out.append(contentsOf: "^?".unicodeScalars) }
                else { out.append(contentsOf: "<U+\(String(c.value, radix: 16, uppercase: true).leftPadded(4))>".unicodeScalars) }
            } else {
                out.append(c)
            }
            i += 1
        }
        return String(out)
    }

    /// `s` with each line break (`\n`) replaced by `separator`: a title kept on one line, a
    /// multi-line row indented. Tested by bytes first (most text has none): Foundation's
    /// `replacingOccurrences` costs a tenth of rendering a long list.
    static func replacingNewlines(_ s: String, with separator: String) -> String {
        guard s.utf8.contains(0x0A) else { return s }
        return s.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(Substring($0)) }.joined(separator: separator)
    }

    static func isControl(_ c: Unicode.Scalar) -> Bool {
        (c.value < 0x20 && c != "\n" && c != "\t") || c.value == 0x7F || (0x80...0x9F).contains(c.value)
    }

    /// The end of `ESC [ 0|1|2|31…36 m` at `i` (the only sequences `Printer.paint` writes).
    private static func ownStyleEnd(_ s: [Unicode.Scalar], _ i: Int) -> Int? {
        guard i + 3 < s.count, s[i + 1] == "[" else { return nil }
        var j = i + 2
        var code = ""
        while j < s.count, j < i + 5, ("0"..."9").contains(s[j]) { code.unicodeScalars.append(s[j]); j += 1 }
        guard j < s.count, s[j] == "m", ["0", "1", "2", "31", "32", "33", "34", "35", "36"].contains(code) else { return nil }
        return j
    }
}

private extension String {
    func leftPadded(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
