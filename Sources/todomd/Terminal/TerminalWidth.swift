import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How wide the terminal is and how wide text shows in it, so rows fit on one line.
enum TerminalWidth {
    /// The columns of the terminal on stdout; `COLUMNS` wins; nil when stdout is not a terminal
    /// (a pipe or file gets whole titles).
    static func columns(env: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
        if let c = env["COLUMNS"].flatMap(Int.init), c > 0 { return c }
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 80 }
        return Int(size.ws_col)
    }

    /// Display width: East Asian wide characters and emoji take two columns, combining marks none,
    /// and todomd's own colour sequences nothing.
    static func of(_ s: String) -> Int {
        var width = 0
        var inEscape = false
        for c in s.unicodeScalars {
            if inEscape { if c == "m" { inEscape = false }; continue }
            if c == "\u{1B}" { inEscape = true; continue }
            width += scalarWidth(c)
        }
        return width
    }

    static func scalarWidth(_ c: Unicode.Scalar) -> Int {
        let v = c.value
        if c.properties.generalCategory == .nonspacingMark || c.properties.generalCategory == .enclosingMark || v == 0x200D || (0xFE00...0xFE0F).contains(v) { return 0 }
        if (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v)
            || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v) { return 2 }
        return 1
    }

    /// `s` cut to `limit` columns, ending in "…" when cut.
    static func truncate(_ s: String, to limit: Int) -> String {
        guard of(s) > limit else { return s }
        guard limit > 1 else { return "…" }
        var out = ""
        var width = 0
        for ch in s {
            let w = ch.unicodeScalars.reduce(0) { $0 + scalarWidth($1) }
            if width + w > limit - 1 { break }
            out.append(ch)
            width += w
        }
        return out + "…"
    }
}
