import Foundation

/// A change to one field of a task line.
public enum InlineFieldChange: Sendable, Equatable {
    /// Set the value (a `YYYY-MM-DD` date, a priority level name, recurrence text, ids…).
    case set(String)
    /// Remove the field.
    case clear
}

/// The changes to make to one task line. Anything not mentioned is left byte for byte as it was.
public struct InlineLineEdit: Sendable, Equatable {
    /// The new checkbox character, if it changes.
    public var statusChar: Character?
    /// Field changes; applied in canonical order.
    public var fields: [InlineFieldKind: InlineFieldChange]
    /// Tags to add (without `#`); ones already on the line are skipped.
    public var addTags: [String]
    /// Tags to remove (without `#`, matched case-insensitively as whole tags).
    public var removeTags: [String]
    /// The spelling of new fields on a line that has no field yet (Obsidian Tasks' task format
    /// setting); nil means emoji. A line with fields keeps following its own spelling.
    public var format: InlineFormat?

    public init(statusChar: Character? = nil, fields: [InlineFieldKind: InlineFieldChange] = [:],
                addTags: [String] = [], removeTags: [String] = [], format: InlineFormat? = nil) {
        self.statusChar = statusChar
        self.fields = fields
        self.addTags = addTags
        self.removeTags = removeTags
        self.format = format
    }

    /// Sets (or with nil clears) a date field.
    public mutating func setDate(_ kind: InlineFieldKind, _ date: LocalDate?) {
        fields[kind] = date.map { .set($0.description) } ?? .clear
    }

    /// Sets (or with nil clears) the priority.
    public mutating func setPriority(_ priority: InlinePriority?) {
        fields[.priority] = priority.map { .set($0.rawValue) } ?? .clear
    }

    /// Sets (or with nil clears) the recurrence text (`every week when done`).
    public mutating func setRecurrence(_ text: String?) {
        fields[.recurrence] = text.map { .set($0) } ?? .clear
    }
}

extension InlineTaskLine {
    /// The line with `edit` applied; everything else stays byte-identical.
    ///
    /// - The prefix (indentation, `> `, list marker) never changes.
    /// - An existing field keeps its place and spelling: only its value is replaced (`📆` stays
    ///   `📆`, `(due:: …)` keeps its parentheses).
    /// - Removing a field removes its token and the blanks before it (the blanks after it when
    ///   it starts the body).
    /// - A new field is written in the line's format (`📅 2026-01-05`, or `[due:: 2026-01-05]`
    ///   with two spaces before it, as Obsidian Tasks writes Dataview) and placed in canonical
    ///   order: before the first existing field that comes later in that order, else after the
    ///   last field — always before a trailing block id and before trailing blanks.
    /// - Added tags go after the description (before the first field); removed tags go with
    ///   the blanks before them.
    /// - A changed line ending in exactly one space loses it (Obsidian Tasks trims); two or more
    ///   trailing spaces, a Markdown hard break, stay.
    /// - Throws: `TodoError.invalidArgument` for a value the format could not read back
    ///   (a malformed date, unknown priority, recurrence text outside `[A-Za-z0-9, !]`…).
    public func rewritten(_ edit: InlineLineEdit) throws -> String {
        try Self.validate(edit)
        var line = self
        if let c = edit.statusChar { line = line.reparsed(line.prefix + "[\(c)]" + line.separator + line.body) }
        for kind in InlineFieldKind.allCases {
            guard let change = edit.fields[kind] else { continue }
            switch change {
            case .clear: line = line.reparsed(line.removing(kind))
            case .set(let v): line = line.reparsed(line.setting(kind, to: v, newFormat: edit.format))
            }
        }
        for tag in edit.removeTags { line = line.reparsed(line.removingTag(tag)) }
        for tag in edit.addTags where !line.tags.contains(where: { $0.lowercased() == tag.lowercased() }) {
            line = line.reparsed(line.addingTag(tag))
        }
        guard line.text != text else { return text }
        return Self.droppingSingleTrailingSpace(line)
    }

    /// A rewritten line loses one trailing space, as Obsidian Tasks' rewrite does (it trims the
    /// body and writes `indent + marker + " [c] " + fields`); two or more are kept, because they
    /// are a Markdown hard break (the plugin would drop those too; we keep the rendering).
    static func droppingSingleTrailingSpace(_ line: InlineTaskLine) -> String {
        let b = Array(line.body.unicodeScalars)
        guard b.count >= 2, b[b.count - 1] == " ", !b[b.count - 2].properties.isWhitespace else { return line.text }
        return String(line.text.dropLast())
    }

    /// The line moved to `status`, with Obsidian Tasks' date rules: entering done adds a done
    /// date of `today` (✅ or `[completion:: …]`), entering cancelled adds a cancelled date (❌);
    /// leaving done/cancelled removes that date; staying keeps the existing date. When the current
    /// character already means `status` (e.g. `X`), it is kept; otherwise the character is the
    /// first along its next-status chain that means `status` (`[D]` whose next is `[X]`
    /// completes to `[X]`), else the map's character for `status`.
    /// - Parameters:
    ///   - doneDate, cancelledDate: whether entering done / cancelled stamps a date (Obsidian
    ///     Tasks' "set done date" / "set cancelled date"; both on by default).
    /// - Throws: `TodoError.invalidArgument` when the status map has no character for `status`.
    public func rewritten(status newStatus: TaskStatus, on today: LocalDate,
                          statusMap: InlineStatusMap = .default, also edit: InlineLineEdit = InlineLineEdit(),
                          doneDate: Bool = true, cancelledDate: Bool = true) throws -> String {
        guard let c = statusMap.character(for: newStatus, from: statusChar) else {
            throw TodoError.invalidArgument("no checkbox character is configured for status \(newStatus.rawValue)")
        }
        return try rewritten(statusChar: c, on: today, statusMap: statusMap, also: edit,
                             doneDate: doneDate, cancelledDate: cancelledDate)
    }

    /// The line with checkbox character `c`, and the done and cancelled dates Obsidian Tasks'
    /// `handleNewStatus` gives it: a date is stamped `today` when the status type is entered
    /// (if that date is on), kept when it stays, removed when it is left.
    public func rewritten(statusChar c: Character, on today: LocalDate, statusMap: InlineStatusMap = .default,
                          also edit: InlineLineEdit = InlineLineEdit(),
                          doneDate: Bool = true, cancelledDate: Bool = true) throws -> String {
        var e = edit
        let old = statusMap.status(for: statusChar), newStatus = statusMap.status(for: c)
        if c != statusChar { e.statusChar = c }
        for (kind, target, stamp) in [(InlineFieldKind.done, TaskStatus.done, doneDate), (.cancelled, .cancelled, cancelledDate)]
        where e.fields[kind] == nil {
            if newStatus == target {
                if old != target { e.fields[kind] = stamp ? .set(today.description) : (field(kind) != nil ? .clear : nil) }
            } else if field(kind) != nil {
                e.fields[kind] = .clear
            }
        }
        return try rewritten(e)
    }

    /// Done, with a done date of `today`.
    public func completed(on today: LocalDate, statusMap: InlineStatusMap = .default) throws -> String {
        try rewritten(status: .done, on: today, statusMap: statusMap)
    }

    /// Cancelled, with a cancelled date of `today`.
    public func cancelled(on today: LocalDate, statusMap: InlineStatusMap = .default) throws -> String {
        try rewritten(status: .cancelled, on: today, statusMap: statusMap)
    }

    /// Back to todo: done and cancelled dates removed.
    public func reopened(statusMap: InlineStatusMap = .default) throws -> String {
        try rewritten(status: .todo, on: LocalDate(dayNumber: 0), statusMap: statusMap)
    }

    // MARK: - Steps (each returns a new line text; `rewritten` re-parses between steps)

    /// Checks every value up front, so an edit applies completely or not at all.
    static func validate(_ edit: InlineLineEdit) throws {
        if let c = edit.statusChar {
            let u = String(c).unicodeScalars
            guard u.count == 1, let only = u.first, only != "]", !only.properties.isWhitespace || only == " " else {
                throw TodoError.invalidArgument("\"\(c)\" cannot be a checkbox character")
            }
        }
        for (kind, change) in edit.fields { if case .set(let v) = change { try validate(kind, v) } }
        for tag in edit.addTags + edit.removeTags {
            let u = tag.unicodeScalars
            guard u.allSatisfy(InlineScalars.isTagChar), InlineScalars.isTagName(u) else {
                throw TodoError.invalidArgument("\"\(tag)\" is not a valid tag (write it without #)")
            }
        }
    }

    static func validate(_ kind: InlineFieldKind, _ v: String) throws {
        let ok: Bool
        let u = v.unicodeScalars
        switch kind {
        case _ where kind.isDate: ok = LocalDate(v) != nil
        case .priority: ok = InlinePriority(rawValue: v) != nil
        case .recurrence:
            ok = v.trimmingCharacters(in: .whitespaces) == v && !v.isEmpty
                && u.allSatisfy { InlineScalars.isAlnum($0) || $0 == "," || $0 == " " || $0 == "!" }
        case .onCompletion: ok = !v.isEmpty && u.allSatisfy(InlineScalars.isASCIILetter)
        case .id: ok = !v.isEmpty && u.allSatisfy(InlineScalars.isIdChar)
        default: ok = InlineFieldReader.validIdList(v) && v.trimmingCharacters(in: .whitespaces) == v
        }
        if !ok { throw TodoError.invalidArgument("\"\(v)\" is not a valid \(kind.rawValue) value for a task line") }
    }

    func reparsed(_ text: String) -> InlineTaskLine {
        // The global filter and status map do not change where fields are, so parse without them.
        InlineTaskLine.parse(text, lineNumber: lineNumber) ?? self
    }

    private var bodyScalars: [Unicode.Scalar] { Array(body.unicodeScalars) }

    private func withBody(_ s: [Unicode.Scalar]) -> String {
        let sep = separator.isEmpty && !s.isEmpty ? " " : separator
        return prefix + "[\(statusChar)]" + sep + InlineScalars.string(s)
    }

    /// Removes `r` and the blanks before it (or after it, when nothing but blanks precedes it).
    private static func cut(_ s: inout [Unicode.Scalar], _ r: Range<Int>) {
        var lo = r.lowerBound, hi = r.upperBound
        while lo > 0, InlineScalars.isBlank(s[lo - 1]) { lo -= 1 }
        if lo == 0 { while hi < s.count, InlineScalars.isBlank(s[hi]) { hi += 1 } }
        s.removeSubrange(lo..<hi)
    }

    func removing(_ kind: InlineFieldKind) -> String {
        var s = bodyScalars
        for f in fields.reversed() where f.kind == kind { Self.cut(&s, f.range) }
        return withBody(s)
    }

    /// The token for a new field in `format`.
    static func token(_ kind: InlineFieldKind, _ value: String, _ format: InlineFormat) -> String {
        switch format {
        case .dataview: return "[\(kind.dataviewKey):: \(value)]"
        case .emoji:
            if kind == .priority { return InlinePriority(rawValue: value)!.emoji }
            return "\(kind.emoji!) \(value)"
        }
    }

    /// `newFormat` spells a new field when the line has no field yet (else the line's format).
    func setting(_ kind: InlineFieldKind, to value: String, newFormat: InlineFormat? = nil) -> String {
        var s = bodyScalars
        let existing = fields.filter { $0.kind == kind }
        if !existing.isEmpty {
            for f in existing.reversed() {
                let replacement: String
                if kind == .priority, f.format == .emoji {
                    replacement = InlinePriority(rawValue: value)!.emoji
                } else {
                    replacement = value
                }
                s.replaceSubrange(f.valueRange, with: replacement.unicodeScalars)
            }
            return withBody(s)
        }
        let spelling = fields.isEmpty ? newFormat ?? format : format
        let tok = Array(Self.token(kind, value, spelling).unicodeScalars)
        let gap = Array((spelling == .dataview ? "  " : " ").unicodeScalars)
        if let later = fields.filter({ $0.kind > kind }).min(by: { $0.range.lowerBound < $1.range.lowerBound }) {
            s.insert(contentsOf: tok + gap, at: later.range.lowerBound)
        } else {
            // After the last field (or the description), before the block id and trailing blanks.
            var at = InlineScalars.trimEnd(s, s.count)
            if let b = InlineFieldReader.blockId(s, at) { at = InlineScalars.trimEnd(s, b.range.lowerBound) }
            s.insert(contentsOf: (at == 0 ? [] : gap) + tok, at: at)
        }
        return withBody(s)
    }

    /// Ranges of `#tag` (whole tag, case-insensitive) outside field tokens.
    private func tagRanges(_ tag: String) -> [Range<Int>] {
        let s = bodyScalars
        let want = tag.lowercased()
        var out: [Range<Int>] = []
        var i = 0
        while i < s.count {
            if s[i] == "#", i == 0 || s[i - 1].properties.isWhitespace,
               !fields.contains(where: { $0.range.contains(i) }) {
                var j = i + 1
                while j < s.count, InlineScalars.isTagChar(s[j]) { j += 1 }
                if InlineScalars.string(s[(i + 1)..<j]).lowercased() == want { out.append(i..<j) }
                i = max(j, i + 1)
            } else {
                i += 1
            }
        }
        return out
    }

    func removingTag(_ tag: String) -> String {
        var s = bodyScalars
        for r in tagRanges(tag).reversed() { Self.cut(&s, r) }
        return withBody(s)
    }

    func addingTag(_ tag: String) -> String {
        var s = bodyScalars
        // Right after the description: before the first field / block id, after any tags.
        var at = InlineScalars.trimEnd(s, s.count)
        if let first = fields.map(\.range.lowerBound).min() { at = min(at, first) }
        if let b = InlineFieldReader.blockId(s, InlineScalars.trimEnd(s, s.count)) { at = min(at, b.range.lowerBound) }
        at = InlineScalars.trimEnd(s, at)
        let tok = Array("#\(tag)".unicodeScalars)
        if at == 0 {
            s.insert(contentsOf: tok + (s.isEmpty ? [] : [" "]), at: 0)
        } else {
            s.insert(contentsOf: [" "] + tok, at: at)
        }
        return withBody(s)
    }
}
