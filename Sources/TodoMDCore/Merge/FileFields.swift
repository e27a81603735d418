import Foundation
import Yams

/// A Markdown file seen as merge and history see it: each top-level frontmatter key with the
/// exact bytes of its lines, in file order, and the body. A file without frontmatter is all body.
public struct FileFields: Sendable, Equatable {
    public struct Field: Sendable, Equatable {
        public var key: String
        /// The key's lines, terminators included, byte for byte.
        public var raw: [UInt8]
    }

    public var fields: [Field]
    public var body: [UInt8]
    /// Whether the file has frontmatter.
    public var hasFrontmatter: Bool

    public init(_ bytes: [UInt8]) {
        guard let doc = FrontmatterDocument(bytes: bytes) else {
            fields = []
            body = bytes
            hasFrontmatter = false
            return
        }
        hasFrontmatter = true
        fields = doc.keyBlocks().map { b in
            let start = doc.lines[b.lineRange.lowerBound].lowerBound
            let end = doc.lines[b.lineRange.upperBound - 1].upperBound
            return Field(key: b.key, raw: Array(doc.bytes[start..<end]))
        }
        body = Array(doc.body)
    }

    /// The raw lines of `key`, if present.
    public func raw(_ key: String) -> [UInt8]? { fields.first { $0.key == key }?.raw }

    /// The value of `key` as text (the lines less the key, trimmed), for showing.
    public func valueText(_ key: String) -> String? {
        guard let raw = raw(key) else { return nil }
        let text = String(decoding: raw, as: UTF8.self)
        guard let colon = text.firstIndex(of: ":") else { return text.trimmingCharacters(in: .whitespacesAndNewlines) }
        return String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The value of `key` when it is one scalar (a quoted one decoded: `"Say \"hi\""` is
    /// `Say "hi"`); nil when absent, empty, a list or a map.
    public func scalar(_ key: String) -> String? {
        guard let text = valueText(key), !text.isEmpty, text.utf8.count <= 4 * Limits.fieldLength else { return nil }
        guard let first = text.first, first == "\"" || first == "'" else { return text }
        // The common case (todomd writes it): a double-quoted string without escapes.
        if first == "\"", text.count >= 2, text.last == "\"", !text.dropFirst().dropLast().contains(where: { $0 == "\"" || $0 == "\\" }) {
            return String(text.dropFirst().dropLast())
        }
        return (try? Yams.compose(yaml: text))??.scalar?.string
    }

    /// The keys whose lines differ between two versions of a file (either may be absent), in
    /// the order they appear, and `body` when the bodies differ.
    public static func changedKeys(_ before: [UInt8]?, _ after: [UInt8]?) -> [String] {
        let a = before.map(FileFields.init), b = after.map(FileFields.init)
        var keys: [String] = []
        for f in (b?.fields ?? []) + (a?.fields ?? []) where !keys.contains(f.key) {
            if a?.raw(f.key).map(Self.normalized) != b?.raw(f.key).map(Self.normalized) { keys.append(f.key) }
        }
        if (a?.body).map(Self.normalized) != (b?.body).map(Self.normalized) { keys.append("body") }
        return keys
    }

    /// Bytes with CRLF read as LF and trailing blanks ignored: a change of line endings alone
    /// is not a change of value.
    static func normalized(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        for b in bytes where b != 0x0D { out.append(b) }
        while let last = out.last, last == 0x0A || last == 0x20 || last == 0x09 { out.removeLast() }
        return out
    }
}
