/// A cheap pre-scan that refuses frontmatter before it reaches the YAML parser when it nests
/// deeper than `Limits.yamlDepth` or uses more aliases than a small bound: a crafted file must
/// not be able to exhaust the stack or expand exponentially ("billion laughs").
///
/// It works on bytes and ends a line wherever libyaml does (LF, CR, CRLF, NEL, LS, PS): a
/// `String` split on `"\n"` keeps a CRLF file as one line (CRLF is one `Character`), and a
/// comment on its first line then hid everything after it. When unsure it over-counts (text in
/// a multi-line quoted scalar counts as structure): refusing a strange file is safe, parsing a
/// hostile one is not. `FieldReader.json` cuts depth off again after parsing.
enum YAMLSafety {
    static let maxAliases = 16

    /// A reason to refuse the text, or nil when it is safe to parse.
    static func check(_ text: String) -> String? {
        var scan = Scan()
        var it = text.utf8.makeIterator()
        var pending: UInt8? = nil
        while let c = pending ?? it.next() {
            pending = nil
            // Line breaks: LF, CR (CRLF is one break; the LF then starts a blank line), and the
            // Unicode ones libyaml honours: NEL C2 85, LS E2 80 A8, PS E2 80 A9.
            var isBreak = c == 0x0A || c == 0x0D
            if c == 0xC2 || c == 0xE2 {
                let b1 = it.next()
                if c == 0xC2, b1 == 0x85 {
                    isBreak = true
                } else if c == 0xE2, b1 == 0x80 {
                    let b2 = it.next()
                    if b2 == 0xA8 || b2 == 0xA9 { isBreak = true } else {
                        scan.feed(c); scan.feed(0x80)
                        pending = b2
                        continue
                    }
                } else {
                    scan.feed(c)
                    pending = b1
                    continue
                }
            }
            if isBreak {
                if let refusal = scan.endLine() { return refusal }
                continue
            }
            scan.feed(c)
        }
        return scan.endLine()
    }

    /// The scanner's state across lines.
    private struct Scan {
        var indentStack: [Int] = []
        var flowDepth = 0
        var aliases = 0
        var maxDepth = 0
        // Per line:
        var indent = 0
        var started = false  // past the indentation
        var skipping = false  // in a comment
        var compact = 0
        var quote: UInt8 = 0
        var escaped = false
        var prev: UInt8 = 0x20
        var dash = false

        static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 }

        mutating func feed(_ c: UInt8) {
            if skipping { return }
            if dash {  // `- ` (or `-` at the end of the line) opens a compact block item
                dash = false
                if Self.isSpace(c) { compact += 1 }
            }
            if !started {
                if c == 0x20 { indent += 1; return }
                started = true
                if c == 0x23 { skipping = true; return }  // a comment line
                if flowDepth == 0 {
                    while let last = indentStack.last, last >= indent { indentStack.removeLast() }
                    indentStack.append(indent)
                }
            }
            if quote != 0 {
                if escaped { escaped = false } else if c == quote { quote = 0 } else if c == 0x5C, quote == 0x22 { escaped = true }
                prev = c
                return
            }
            let afterSpace = Self.isSpace(prev)
            switch c {
            case 0x22, 0x27:
                if afterSpace || prev == 0x3A || prev == 0x5B || prev == 0x2C || prev == 0x7B || prev == 0x2D { quote = c }
            case 0x5B, 0x7B: flowDepth += 1
            case 0x5D, 0x7D: flowDepth = max(0, flowDepth - 1)
            case 0x23 where afterSpace: skipping = true
            case 0x2A where afterSpace || prev == 0x5B || prev == 0x2C || prev == 0x7B: aliases += 1
            case 0x2D where afterSpace || prev == 0x2D: dash = true
            default: break
            }
            maxDepth = max(maxDepth, indentStack.count + compact + flowDepth)
            prev = c
        }

        /// Closes a line; a reason to refuse once a limit is passed.
        mutating func endLine() -> String? {
            if dash, !skipping { compact += 1 }
            maxDepth = max(maxDepth, indentStack.count + compact + flowDepth)
            indent = 0; started = false; skipping = false; compact = 0; quote = 0; escaped = false; prev = 0x20; dash = false
            if maxDepth > Limits.yamlDepth { return "YAML nests deeper than \(Limits.yamlDepth) levels" }
            if aliases > YAMLSafety.maxAliases { return "YAML uses more than \(YAMLSafety.maxAliases) aliases" }
            return nil
        }
    }
}

/// What reading one frontmatter may still spend: values (aliases re-count) and depth.
struct YAMLBudget {
    var nodes = Limits.yamlNodes
    var tooDeep = false
    /// A mapping whose keys JSON cannot hold as written (reported; the task still reads).
    var keyProblem: String?
    var exhausted: Bool { nodes < 0 || tooDeep }
    var reason: String {
        tooDeep ? "YAML nests deeper than \(Limits.yamlDepth) levels" : "YAML expands to more than \(Limits.yamlNodes) values"
    }
}
