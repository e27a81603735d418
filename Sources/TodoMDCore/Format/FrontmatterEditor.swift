/// Line-preserving frontmatter edits: setting a key rewrites only that key's lines, clearing a
/// key removes only its lines, a new key goes just before the closing `---`. Every other byte
/// is copied through untouched.
public enum FrontmatterEditor {
    /// One change: a value to write, or nil to remove the key.
    public typealias Edit = (key: String, value: FieldValue?)

    /// Applies `edits` to a file that has frontmatter. Edits are applied in order.
    public static func apply(_ edits: [Edit], to doc: FrontmatterDocument) -> [UInt8] {
        let blocks = doc.keyBlocks()
        var replaced: [Int: [String]?] = [:]   // block start line -> new lines (nil = delete)
        var appended: [[String]] = []
        var appendedKeys: [String: Int] = [:]
        for edit in edits {
            if let block = blocks.first(where: { $0.key == edit.key }) {
                if let value = edit.value {
                    let style = detectStyle(doc: doc, block: block)
                    let keyText = keyText(doc.lineText(block.lineRange.lowerBound))
                    replaced[block.lineRange.lowerBound] = .some(YAMLRender.lines(key: edit.key, keyText: keyText,
                                                                                  value: value, style: style))
                } else {
                    replaced[block.lineRange.lowerBound] = .some(nil)
                }
            } else if let idx = appendedKeys[edit.key] {
                appended[idx] = edit.value.map { YAMLRender.lines(key: edit.key, value: $0) } ?? []
            } else if let value = edit.value {
                appendedKeys[edit.key] = appended.count
                appended.append(YAMLRender.lines(key: edit.key, value: value))
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(doc.bytes.count + 256)
        let firstLine = doc.lines.first?.lowerBound ?? doc.closeStart
        out.append(contentsOf: doc.bytes[0..<firstLine])
        var i = 0
        while i < doc.lines.count {
            if let block = blocks.first(where: { $0.lineRange.lowerBound == i }), let change = replaced[i] {
                if let newLines = change {
                    for l in newLines { out.append(contentsOf: Array(l.utf8) + doc.lineEnding) }
                }
                i = block.lineRange.upperBound
                continue
            }
            out.append(contentsOf: doc.bytes[doc.lines[i]])
            i += 1
        }
        for group in appended {
            for l in group { out.append(contentsOf: Array(l.utf8) + doc.lineEnding) }
        }
        out.append(contentsOf: doc.bytes[doc.closeStart...])
        return out
    }

    /// The key as written on its line, quotes included, so a rewrite keeps its spelling.
    static func keyText(_ line: Substring) -> String? {
        guard let first = line.first else { return nil }
        if first == "\"" || first == "'" {
            var i = line.index(after: line.startIndex)
            while i < line.endIndex {
                if line[i] == "\\", first == "\"" { i = line.index(i, offsetBy: 2, limitedBy: line.endIndex) ?? line.endIndex; continue }
                if line[i] == first { return String(line[...i]) }
                i = line.index(after: i)
            }
            return nil
        }
        guard let colon = line.range(of: ": ")?.lowerBound ?? (line.hasSuffix(":") ? line.index(before: line.endIndex) : nil)
        else { return nil }
        return String(line[..<colon]).trimmingTrailingSpaces()
    }

    /// How the block's value is written now.
    static func detectStyle(doc: FrontmatterDocument, block: FrontmatterDocument.KeyBlock) -> YAMLRender.Style {
        var style = YAMLRender.Style()
        let line = doc.lineText(block.lineRange.lowerBound)
        guard let colon = valueStart(line) else { return style }
        let value = line[colon...].drop(while: { $0 == " " || $0 == "\t" })
        if let c = value.first {
            switch c {
            case "\"": style.scalar = .double
            case "'": style.scalar = .single
            case "[": style.flowList = true
            case "|", ">", "{", "&", "*", "!", "#": break
            default: style.scalar = .plain
            }
            if block.lineRange.count == 1, "\"'[|>{&*!#".contains(c) == false || c == "\"" || c == "'" {
                style.trailingComment = trailingComment(value)
            }
        }
        // Block sequence items: keep their indentation.
        if block.lineRange.count > 1 {
            for i in block.lineRange.dropFirst() {
                let t = doc.lineText(i)
                let indent = t.prefix(while: { $0 == " " })
                let rest = t.dropFirst(indent.count)
                if rest.hasPrefix("- ") { style.itemPrefix = String(indent) + "- "; break }
            }
        }
        return style
    }

    /// Index just after `key:` on a key line.
    static func valueStart(_ line: Substring) -> Substring.Index? {
        var i = line.startIndex
        var quote: Character?
        if let f = line.first, f == "\"" || f == "'" { quote = f; i = line.index(after: i) }
        while i < line.endIndex {
            let c = line[i]
            if let q = quote {
                if c == "\\", q == "\"" { i = line.index(i, offsetBy: 2, limitedBy: line.endIndex) ?? line.endIndex; continue }
                if c == q { quote = nil }
            } else if c == ":" {
                let n = line.index(after: i)
                if n == line.endIndex || line[n] == " " || line[n] == "\t" { return n }
            }
            i = line.index(after: i)
        }
        return nil
    }

    /// A ` # comment` after a single-line scalar value, with its leading spaces.
    static func trailingComment(_ value: Substring) -> String? {
        var i = value.startIndex
        var quote: Character?
        if let f = value.first, f == "\"" || f == "'" { quote = f; i = value.index(after: i) }
        while i < value.endIndex {
            let c = value[i]
            if let q = quote {
                if c == "\\", q == "\"" { i = value.index(i, offsetBy: 2, limitedBy: value.endIndex) ?? value.endIndex; continue }
                if c == q {
                    if q == "'", value.index(after: i) < value.endIndex, value[value.index(after: i)] == "'" {
                        i = value.index(i, offsetBy: 2)
                        continue
                    }
                    quote = nil
                }
            } else if c == "#", i > value.startIndex, value[value.index(before: i)] == " " || value[value.index(before: i)] == "\t" {
                var start = value.index(before: i)
                while start > value.startIndex, value[value.index(before: start)] == " " || value[value.index(before: start)] == "\t" {
                    start = value.index(before: start)
                }
                return String(value[start...])
            }
            i = value.index(after: i)
        }
        return nil
    }
}

extension String {
    func trimmingTrailingSpaces() -> String {
        var s = Substring(self)
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
