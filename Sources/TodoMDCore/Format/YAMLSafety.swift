/// A cheap pre-scan that refuses frontmatter before it reaches the YAML parser when it nests
/// deeper than `Limits.yamlDepth` or uses more aliases than a small bound: a crafted file must
/// not be able to exhaust the stack or expand exponentially ("billion laughs").
enum YAMLSafety {
    static let maxAliases = 16

    /// A reason to refuse the text, or nil when it is safe to parse.
    static func check(_ text: String) -> String? {
        var indentStack: [Int] = []
        var flowDepth = 0
        var aliases = 0
        var maxDepth = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.utf8
            var i = line.startIndex
            var indent = 0
            while i < line.endIndex, line[i] == 0x20 { indent += 1; i = line.index(after: i) }
            if i == line.endIndex || line[i] == 0x23 || line[i] == 0x0D { continue }  // blank or comment
            if flowDepth == 0 {
                while let last = indentStack.last, last >= indent { indentStack.removeLast() }
                indentStack.append(indent)
            }
            var compact = 0
            var quote: UInt8 = 0
            var prev: UInt8 = 0x20
            while i < line.endIndex {
                let c = line[i]
                if quote != 0 {
                    if c == quote { quote = 0 } else if c == 0x5C, quote == 0x22 { i = line.index(after: i); if i == line.endIndex { break } }
                } else {
                    switch c {
                    case 0x22, 0x27:
                        if prev == 0x20 || prev == 0x3A || prev == 0x5B || prev == 0x2C || prev == 0x7B || prev == 0x2D {
                            quote = c
                        }
                    case 0x5B, 0x7B: flowDepth += 1
                    case 0x5D, 0x7D: flowDepth = max(0, flowDepth - 1)
                    case 0x23 where prev == 0x20: i = line.endIndex; continue
                    case 0x2A where prev == 0x20 || prev == 0x5B || prev == 0x2C || prev == 0x7B: aliases += 1
                    case 0x2D where prev == 0x20 || prev == 0x2D:
                        let n = line.index(after: i)
                        if n == line.endIndex || line[n] == 0x20 { compact += 1 }
                    default: break
                    }
                    maxDepth = max(maxDepth, indentStack.count + compact + flowDepth)
                }
                prev = c
                i = line.index(after: i)
            }
            maxDepth = max(maxDepth, indentStack.count + compact + flowDepth)
            if maxDepth > Limits.yamlDepth { return "YAML nests deeper than \(Limits.yamlDepth) levels" }
            if aliases > maxAliases { return "YAML uses more than \(maxAliases) aliases" }
        }
        return nil
    }
}
