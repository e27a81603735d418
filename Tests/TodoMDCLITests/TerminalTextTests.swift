import XCTest
@testable import todomd

/// Row text made terminal-safe: line breaks replaced as Foundation's `replacingOccurrences`
/// replaces them (a `\r\n` keeps its `\r`), control characters shown, not sent.
final class TerminalTextTests: XCTestCase {
    func testNewlinesAreReplacedAsFoundationReplacesThem() {
        for s in ["", "plain", "\n", "a\nb", "\na\n\nb\n", "crlf\r\nline", "é\n😀\nx", "\n\n"] {
            XCTAssertEqual(TerminalText.replacingNewlines(s, with: "\n  "), s.replacingOccurrences(of: "\n", with: "\n  "), s.debugDescription)
            XCTAssertEqual(TerminalText.replacingNewlines(s, with: " "), s.replacingOccurrences(of: "\n", with: " "), s.debugDescription)
        }
    }

    func testControlCharactersAreShownNotSent() {
        XCTAssertEqual(TerminalText.safe("plain ✓"), "plain ✓")
        XCTAssertEqual(TerminalText.safe("bell\u{07} esc\u{1B}[2J"), "bell^G esc^[[2J")
    }
}
