import Foundation

/// A link value of a link-bearing field (`projects`, `blocked_by.uid`, `attachments`) parsed
/// per tasknotes-spec §11.3.
public struct TaskNotesLink: Hashable, Sendable {
    /// How the link is written: `[[wikilink]]`, `[text](markdown)`, or a bare path.
    public enum Format: String, Sendable {
        case wikilink, markdown, path
    }

    /// The value exactly as written.
    public let raw: String
    /// The file path or identifier, without anchor or alias.
    public var target: String
    /// Display text (wikilink `|alias`, markdown `[text]`); never part of resolution.
    public var alias: String?
    /// A heading or block reference (`#anchor`).
    public var anchor: String?
    /// The spelling the link was written in (kept when the link is rewritten).
    public let format: Format

    /// Whether the target starts with `./` or `../` (§11.3).
    public var isRelative: Bool { target.hasPrefix("./") || target.hasPrefix("../") }

    public init(raw: String, target: String, alias: String? = nil, anchor: String? = nil, format: Format) {
        self.raw = raw
        self.target = target
        self.alias = alias
        self.anchor = anchor
        self.format = format
    }

    /// Parses `[[target#anchor|alias]]`, `[text](path#anchor)` or a bare path (`./x.md`,
    /// `../x.md`, `/x.md`, `folder/x.md`). Anything else — a plain word, an unclosed bracket, a
    /// URL, an empty string — is `invalid_link_format` (§11.10).
    public static func parse(_ raw: String) throws -> TaskNotesLink {
        let text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        func invalid(_ why: String) -> TaskNotesError {
            TaskNotesError.coded("invalid_link_format", "\"\(raw)\" \(why)")
        }
        guard !text.isEmpty else { throw invalid("is empty") }

        if text.hasPrefix("[[") {
            guard text.hasSuffix("]]"), text.count >= 4 else { throw invalid("is an unclosed wikilink") }
            let inner = String(text.dropFirst(2).dropLast(2))
            guard !inner.contains("[["), !inner.contains("]]") else { throw invalid("nests brackets") }
            // `|` ends the target part; `#` inside it starts the anchor (§11.2.1).
            let (beforeAlias, alias) = split(inner, at: "|")
            let (target, anchor) = split(beforeAlias, at: "#")
            let t = target.trimmingCharacters(in: .whitespaces)
            guard !t.isEmpty else { throw invalid("has no target") }
            return TaskNotesLink(raw: raw, target: t, alias: nonEmpty(alias), anchor: nonEmpty(anchor), format: .wikilink)
        }

        if text.hasPrefix("[") {
            // `[text](destination)`: the text may not contain `]`, the destination ends the value.
            guard let close = text.range(of: "]("), text.hasSuffix(")") else { throw invalid("is not a [text](path) link") }
            let label = String(text[text.index(after: text.startIndex)..<close.lowerBound])
            guard !label.contains("]") else { throw invalid("is not a [text](path) link") }
            var destination = String(text[close.upperBound..<text.index(before: text.endIndex)])
                .trimmingCharacters(in: .whitespaces)
            if destination.hasPrefix("<"), destination.hasSuffix(">") {
                destination = String(destination.dropFirst().dropLast())
            }
            let (path, anchor) = split(destination, at: "#")
            // Markdown destinations may percent-encode spaces (`my%20task.md`).
            let target = (path.removingPercentEncoding ?? path).trimmingCharacters(in: .whitespaces)
            guard !target.isEmpty, !target.contains("("), !target.contains(")") else { throw invalid("has no usable path") }
            guard !isURL(target) else { throw invalid("points outside the collection") }
            return TaskNotesLink(raw: raw, target: target, alias: nonEmpty(label), anchor: nonEmpty(anchor), format: .markdown)
        }

        // A bare path must look like one: relative, rooted, or folder-qualified (§11.2.3).
        // A plain word is not a link (a caller that accepts plain names handles them itself).
        guard !isURL(text), !text.contains("["), !text.contains("]") else { throw invalid("is not a supported link format") }
        let (path, anchor) = split(text, at: "#")
        guard path.hasPrefix("./") || path.hasPrefix("../") || path.hasPrefix("/") || path.dropFirst().contains("/") else {
            throw invalid("is not a wikilink, markdown link or path")
        }
        return TaskNotesLink(raw: raw, target: path, alias: nil, anchor: nonEmpty(anchor), format: .path)
    }

    /// The link written back in its own format, with the current target, alias and anchor.
    public var formatted: String {
        let a = anchor.map { "#\($0)" } ?? ""
        switch format {
        case .wikilink: return "[[\(target)\(a)\(alias.map { "|\($0)" } ?? "")]]"
        case .markdown:
            let dest = target.contains(" ") ? "<\(target)\(a)>" : "\(target)\(a)"
            return "[\(alias ?? "")](\(dest))"
        case .path: return target + a
        }
    }

    /// `scheme:` followed by `//` (or `mailto:`): a web or other non-file destination.
    static func isURL(_ s: String) -> Bool {
        if s.lowercased().hasPrefix("mailto:") { return true }
        guard let r = s.range(of: "://") else { return false }
        let scheme = s[..<r.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }
    }

    private static func split(_ s: String, at c: Character) -> (String, String?) {
        guard let i = s.firstIndex(of: c) else { return (s, nil) }
        return (String(s[..<i]), String(s[s.index(after: i)...]))
    }

    private static func nonEmpty(_ s: String?) -> String? {
        guard let t = s?.trimmingCharacters(in: .whitespaces), !t.isEmpty else { return nil }
        return t
    }
}
