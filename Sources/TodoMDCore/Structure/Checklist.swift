import Foundation

/// One item of a task's checklist: a Markdown checkbox line in the task file's notes
/// (`- [ ] pack charger`), as Things keeps a checklist inside a to-do.
public struct ChecklistItem: Equatable, Sendable {
    /// 1-based, in the notes' order.
    public var index: Int
    public var text: String
    /// `[x]`, `[X]` (and a cancelled `[-]`) count as done.
    public var done: Bool
    /// The character between the brackets.
    public var mark: Character
    /// 0-based line of the notes the item is on.
    public var line: Int
}

/// A task file's checklist (issue 21 item 2): the checkbox lines of its notes, outside code
/// blocks. They are not tasks of their own (checkbox lines in ordinary notes are); toggling one
/// rewrites only its line.
public enum Checklist {
    /// The checklist of `body` (a task's notes).
    public static func items(in body: String) -> [ChecklistItem] {
        // Most notes have none: skip the line walk (a byte scan: String.contains goes through Foundation).
        guard body.utf8.contains(UInt8(ascii: "[")) else { return [] }
        var out: [ChecklistItem] = []
        var fence: Substring?
        for (i, bytes) in body.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            // Only a line whose first non-blank byte can start a bullet or a fence can matter:
            // the rest are passed without building a string (a list renders thousands of bodies).
            guard let first = bytes.first(where: { $0 != 0x20 && $0 != 0x09 }), Self.mayStartItem(first) else { continue }
            let raw = String(decoding: bytes, as: UTF8.self)
            let line = raw.hasSuffix("\r") ? Substring(raw.dropLast()) : Substring(raw)
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if let f = fence {
                if trimmed.hasPrefix(f) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") { fence = trimmed.prefix(3); continue }
            guard let (mark, text) = checkbox(trimmed) else { continue }
            out.append(ChecklistItem(index: out.count + 1, text: text, done: "xX-".contains(mark), mark: mark, line: i))
        }
        return out
    }

    /// `-`, `*`, `+`, a digit (bullets), or a backtick or tilde (fences).
    private static func mayStartItem(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "-") || b == UInt8(ascii: "*") || b == UInt8(ascii: "+") || (0x30...0x39).contains(b)
            || b == UInt8(ascii: "`") || b == UInt8(ascii: "~")
    }

    /// `(done, total)`, or nil without a checklist.
    public static func progress(of body: String) -> (done: Int, total: Int)? {
        let list = items(in: body)
        return list.isEmpty ? nil : (list.filter(\.done).count, list.count)
    }

    /// The item `reference` names: its number (`2`), else the one item whose text contains it
    /// (case-insensitive).
    public static func find(_ reference: String, in items: [ChecklistItem]) throws -> ChecklistItem {
        let ref = reference.trimmingCharacters(in: .whitespaces)
        guard !items.isEmpty else { throw TodoError.invalidArgument("the task has no checklist (checkbox lines in its notes)") }
        if let n = Int(ref) {
            guard let item = items.first(where: { $0.index == n }) else {
                throw TodoError.invalidArgument("the checklist has \(items.count) item\(items.count == 1 ? "" : "s"); there is no \(n)")
            }
            return item
        }
        let exact = items.filter { $0.text.caseInsensitiveCompare(ref) == .orderedSame }
        if exact.count == 1 { return exact[0] }
        let matches = items.filter { $0.text.range(of: ref, options: .caseInsensitive) != nil }
        guard !matches.isEmpty else { throw TodoError.invalidArgument("no checklist item matches \"\(ref)\"") }
        guard matches.count == 1 else {
            throw TodoError.invalidArgument("\"\(ref)\" matches \(matches.count) checklist items; give its number: "
                + matches.map { "\($0.index). \($0.text)" }.joined(separator: ", "))
        }
        return matches[0]
    }

    /// `body` with `item` checked or unchecked: only the character between its brackets changes.
    public static func setting(_ item: ChecklistItem, done: Bool, in body: String) throws -> String {
        var lines = lines(body)
        guard item.line < lines.count, let (mark, _) = checkbox(Substring(lines[item.line]).drop { $0 == " " || $0 == "\t" }), mark == item.mark,
              let open = lines[item.line].firstIndex(of: "[") else {
            throw TodoError.invalidArgument("the checklist changed; read the task again")
        }
        let at = lines[item.line].index(after: open)
        lines[item.line].replaceSubrange(at...at, with: done ? "x" : " ")
        return lines.joined(separator: "\n")
    }

    /// The lines of `text` split at each LF byte, a CRLF's `\r` kept on its line (Swift's own
    /// split sees "\r\n" as one character); joined with "\n" they give `text` back.
    static func lines(_ text: String) -> [String] {
        text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
    }

    /// `- [c] text` (also `*`, `+`, `1.`, `1)` bullets): the mark and the text.
    static func checkbox(_ line: Substring) -> (Character, String)? {
        var rest = line
        if let c = rest.first, "-*+".contains(c) {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, digits.count <= 9 else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let c = rest.first, c == "." || c == ")" else { return nil }
            rest = rest.dropFirst()
        }
        guard rest.first == " " else { return nil }
        rest = rest.drop { $0 == " " }
        let chars = Array(rest.prefix(4))
        guard chars.count >= 3, chars[0] == "[", chars[2] == "]", chars.count == 3 || chars[3] == " " else { return nil }
        let text = rest.dropFirst(3).trimmingCharacters(in: .whitespaces)
        return (chars[1], text)
    }
}

extension TodoTask {
    /// The checklist in the task's notes; empty for a checkbox task (its notes are the note it is in).
    public var checklist: [ChecklistItem] { line == nil ? Checklist.items(in: body) : [] }
}
