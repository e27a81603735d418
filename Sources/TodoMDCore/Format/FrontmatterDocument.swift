import Foundation

/// A Markdown file split into its YAML frontmatter lines and its body, at the byte level, so
/// that edits can rewrite single lines and leave every other byte (BOM, CRLF, comments,
/// quoting, the body) exactly as it was.
public struct FrontmatterDocument: Sendable {
    /// The whole file.
    public let bytes: [UInt8]
    /// True when the file starts with a UTF-8 byte order mark.
    public let hasBOM: Bool
    /// The line ending of the opening `---` line: what new lines are written with.
    public let lineEnding: [UInt8]
    /// Byte ranges of the lines between the delimiters, each including its terminator.
    public let lines: [Range<Int>]
    /// Byte offset where the closing delimiter line starts (new keys are inserted here).
    public let closeStart: Int
    /// Byte offset where the body starts.
    public let bodyStart: Int

    static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Splits `bytes`; nil when the file has no frontmatter (no `---` first line, or no closing
    /// `---`/`...` line).
    public init?(bytes: [UInt8]) {
        self.bytes = bytes
        var pos = 0
        hasBOM = bytes.starts(with: FrontmatterDocument.bom)
        if hasBOM { pos = 3 }
        guard let open = FrontmatterDocument.line(in: bytes, from: pos),
              FrontmatterDocument.isDelimiter(bytes[open.content], allowDots: false) else { return nil }
        lineEnding = open.end > open.content.upperBound ? Array(bytes[open.content.upperBound..<open.end]) : [0x0A]
        var collected: [Range<Int>] = []
        pos = open.end
        while let l = FrontmatterDocument.line(in: bytes, from: pos) {
            if FrontmatterDocument.isDelimiter(bytes[l.content], allowDots: true) {
                lines = collected
                closeStart = l.content.lowerBound
                bodyStart = l.end
                return
            }
            collected.append(l.content.lowerBound..<l.end)
            pos = l.end
        }
        return nil
    }

    /// True when the file starts with a `---` line (even if the frontmatter never closes).
    public static func startsWithDelimiter(_ bytes: [UInt8]) -> Bool {
        let start = bytes.starts(with: bom) ? 3 : 0
        guard let l = line(in: bytes, from: start) else { return false }
        return isDelimiter(bytes[l.content], allowDots: false)
    }

    /// The frontmatter as text (without delimiters); nil if it is not valid UTF-8.
    public var yamlText: String? {
        guard let first = lines.first?.lowerBound else { return "" }
        return UTF8Text.decode(bytes[first..<closeStart])
    }

    /// The body bytes.
    public var body: ArraySlice<UInt8> { bytes[bodyStart...] }

    /// The text of frontmatter line `i` without its terminator.
    public func lineText(_ i: Int) -> Substring {
        Substring(String(decoding: bytes[content(i)], as: UTF8.self))
    }

    /// The byte range of frontmatter line `i` without its terminator.
    public func content(_ i: Int) -> Range<Int> {
        var r = lines[i]
        while r.upperBound > r.lowerBound, bytes[r.upperBound - 1] == 0x0A || bytes[r.upperBound - 1] == 0x0D {
            r = r.lowerBound..<(r.upperBound - 1)
        }
        return r
    }

    struct Line {
        var content: Range<Int>
        var end: Int
    }

    /// The line starting at `from`: its content range (no terminator) and where the next starts.
    static func line(in bytes: [UInt8], from: Int) -> Line? {
        guard from < bytes.count else { return nil }
        var i = from
        while i < bytes.count, bytes[i] != 0x0A { i += 1 }
        var contentEnd = i
        if contentEnd > from, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
        return Line(content: from..<contentEnd, end: i < bytes.count ? i + 1 : i)
    }

    static func isDelimiter(_ s: ArraySlice<UInt8>, allowDots: Bool) -> Bool {
        var t = s
        while let last = t.last, last == 0x20 || last == 0x09 { t = t.dropLast() }
        guard t.count == 3 else { return false }
        return t.allSatisfy { $0 == 0x2D } || (allowDots && t.allSatisfy { $0 == 0x2E })
    }
}

extension FrontmatterDocument {
    /// A top-level key and the frontmatter lines that hold its value.
    public struct KeyBlock: Sendable, Equatable {
        /// The key as written, unquoted.
        public var key: String
        /// Indices into `lines`.
        public var lineRange: Range<Int>
    }

    /// The top-level keys in file order. A key's block runs from its line to the line before
    /// the next top-level key, less trailing blank lines and column-0 comments, which belong to
    /// the gap between keys and stay in place when the key is removed.
    public func keyBlocks() -> [KeyBlock] {
        var starts: [(String, Int)] = []
        for i in lines.indices {
            let r = content(i)
            guard let first = r.first.map({ bytes[$0] }) else { continue }
            // Lines that cannot start a key are skipped without decoding them.
            switch first {
            case 0x20, 0x09, 0x23, 0x3F, 0x5B, 0x7B, 0x25: continue  // space tab # ? [ { %
            case 0x2D where r.count == 1 || bytes[r.lowerBound + 1] == 0x20 || bytes[r.lowerBound + 1] == 0x09: continue
            default: break
            }
            if let k = Self.plainKeyBytes(bytes, r) ?? Self.topLevelKey(lineText(i)) { starts.append((k, i)) }
        }
        var blocks: [KeyBlock] = []
        for (n, (key, start)) in starts.enumerated() {
            var end = n + 1 < starts.count ? starts[n + 1].1 : lines.count
            while end > start + 1 {
                let r = content(end - 1)
                if r.allSatisfy({ bytes[$0] == 0x20 || bytes[$0] == 0x09 }) || bytes[r].first == 0x23 { end -= 1 } else { break }
            }
            blocks.append(KeyBlock(key: key, lineRange: start..<end))
        }
        return blocks
    }

    /// A plain key made of ASCII letters, digits, `_`, `-`, `.` followed by `:` and a space (or
    /// the line end): the common case, read without decoding the line. Nil means "not this
    /// simple", not "not a key".
    static func plainKeyBytes(_ bytes: [UInt8], _ r: Range<Int>) -> String? {
        var i = r.lowerBound
        while i < r.upperBound {
            let b = bytes[i]
            if b == 0x3A {  // :
                guard i > r.lowerBound, i + 1 == r.upperBound || bytes[i + 1] == 0x20 else { return nil }
                return String(decoding: bytes[r.lowerBound..<i], as: UTF8.self)
            }
            let ok = (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D || b == 0x2E
            guard ok else { return nil }
            i += 1
        }
        return nil
    }

    /// The key of a line that starts a top-level mapping entry (`key: …`, `"key": …`).
    static func topLevelKey(_ line: Substring) -> String? {
        guard let first = line.first, first != " ", first != "\t", first != "#", first != "-",
              first != "?", first != "[", first != "{", first != "%" else {
            if line.first == "-", line.count > 1, let second = line.dropFirst().first, second != " ", second != "\t" {
                return plainKey(line)  // `-key: v` is a key that starts with a dash
            }
            return nil
        }
        if first == "\"" || first == "'" {
            var i = line.index(after: line.startIndex)
            var key = ""
            while i < line.endIndex {
                let c = line[i]
                if c == first {
                    let next = line.index(after: i)
                    if first == "'", next < line.endIndex, line[next] == "'" {
                        key.append("'")
                        i = line.index(after: next)
                        continue
                    }
                    guard next < line.endIndex, line[next] == ":" else { return nil }
                    return key
                }
                if first == "\"", c == "\\" {
                    i = line.index(after: i)
                    guard i < line.endIndex else { return nil }
                }
                key.append(line[i])
                i = line.index(after: i)
            }
            return nil
        }
        return plainKey(line)
    }

    private static func plainKey(_ line: Substring) -> String? {
        var i = line.startIndex
        while i < line.endIndex {
            if line[i] == ":" {
                let next = line.index(after: i)
                if next == line.endIndex || line[next] == " " || line[next] == "\t" {
                    var key = line[..<i]
                    while let l = key.last, l == " " || l == "\t" { key = key.dropLast() }
                    return key.isEmpty ? nil : String(key)
                }
            }
            if line[i] == " ", line.index(after: i) < line.endIndex, line[line.index(after: i)] == "#" { return nil }
            i = line.index(after: i)
        }
        return nil
    }
}
