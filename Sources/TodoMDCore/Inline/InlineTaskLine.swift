import Foundation

/// One checkbox task line in a Markdown note, split so it can be rewritten byte for byte:
/// `text == prefix + "[" + statusChar + "]" + separator + body`.
public struct InlineTaskLine: Sendable, Equatable {
    /// 0-based line number in the note.
    public let lineNumber: Int
    /// The line exactly as read, without its line ending.
    public let text: String
    /// Indentation, blockquote/callout markers (`> `), the list marker (`-`, `*`, `+`, `1.`, `1)`)
    /// and the blanks before `[`.
    public let prefix: String
    /// The character inside the checkbox, kept as written (`x` and `X` both stay).
    public let statusChar: Character
    /// The blanks between `]` and the description (empty only when the body is empty).
    public let separator: String
    /// Everything after the separator: description, fields, tags, block id.
    public let body: String
    /// The status `statusChar` means under the scanner's status map.
    public let status: TaskStatus
    /// Fields found at the end of the body, in line order. When a kind appears twice, the
    /// leftmost one is the value (Obsidian Tasks keeps the last one it strips).
    public let fields: [InlineField]
    /// Tags anywhere in the body (outside fields), without `#`, first spelling, de-duplicated
    /// case-insensitively. A global filter that is a tag (`#task`) is never listed.
    public let tags: [String]
    /// A trailing block id (`^abc-123`), without `^`.
    public let blockId: String?
    /// The description as written, minus field tokens, block id and (with `removeGlobalFilter`)
    /// the global filter. Tags stay in it, as Obsidian Tasks shows them.
    public let title: String
    /// Dataview when the line has any Dataview field, else emoji. New fields use this format.
    public let format: InlineFormat
    /// A key that finds this line again after lines above it move: `block:<id>` for a block id,
    /// else `id:<id>` for a 🆔 id, else `text:<hash>:<n>` — a hash of the description (fields,
    /// status and spacing ignored) and its occurrence count among earlier tasks of the note.
    /// Only `InlineTaskScanner.scan` numbers `n`; a single parsed line has `n` = 0.
    public internal(set) var identity: String
    /// Values that could not be read (an impossible date such as `📅 2026-02-30`).
    public let problems: [String]

    /// The description used for identity: fields removed, global filter kept.
    let identityText: String

    /// Parses one line (no line ending). Nil when it is not a checkbox task, when its status
    /// character is a non-task one, or when `globalFilter` is set and the line does not contain
    /// it. `removeGlobalFilter` drops the filter from the title (Obsidian Tasks' "remove global
    /// filter from description"; off by default, as in the plugin).
    public static func parse(_ line: String, lineNumber: Int = 0, statusMap: InlineStatusMap = .default,
                             globalFilter: String? = nil, removeGlobalFilter: Bool = false) -> InlineTaskLine? {
        InlineLineParser.parse(line, lineNumber: lineNumber, statusMap: statusMap, globalFilter: globalFilter,
                               removeGlobalFilter: removeGlobalFilter)
    }

    init(lineNumber: Int, text: String, prefix: String, statusChar: Character, separator: String, body: String,
         status: TaskStatus, fields: [InlineField], tags: [String], blockId: String?, title: String,
         format: InlineFormat, identity: String, problems: [String], identityText: String) {
        self.lineNumber = lineNumber
        self.text = text
        self.prefix = prefix
        self.statusChar = statusChar
        self.separator = separator
        self.body = body
        self.status = status
        self.fields = fields
        self.tags = tags
        self.blockId = blockId
        self.title = title
        self.format = format
        self.identity = identity
        self.problems = problems
        self.identityText = identityText
    }

    // MARK: - Byte ranges

    /// UTF-8 byte range of the status character within `text` (for byte-level splicing).
    public var statusUTF8Range: Range<Int> {
        let lo = prefix.utf8.count + 1
        return lo..<(lo + String(statusChar).utf8.count)
    }

    /// UTF-8 byte range of `body` within `text`.
    public var bodyUTF8Range: Range<Int> {
        let lo = statusUTF8Range.upperBound + 1 + separator.utf8.count
        return lo..<(lo + body.utf8.count)
    }

    /// UTF-8 byte range of a field token within `text`.
    public func utf8Range(of field: InlineField) -> Range<Int> {
        let s = Array(body.unicodeScalars)
        func bytes(_ r: Range<Int>) -> Int { s[r].reduce(0) { $0 + UTF8.width($1) } }
        let lo = bodyUTF8Range.lowerBound + bytes(0..<field.range.lowerBound)
        return lo..<(lo + bytes(field.range))
    }

    // MARK: - Field values

    /// The field of `kind` that counts (the leftmost), if any.
    public func field(_ kind: InlineFieldKind) -> InlineField? { fields.first { $0.kind == kind } }

    /// The raw value of `kind` (`2026-01-05`, `every week`), if present.
    public func value(_ kind: InlineFieldKind) -> String? { field(kind)?.value }

    /// The date of a date field; nil when absent or not a real date.
    public func date(_ kind: InlineFieldKind) -> LocalDate? { value(kind).flatMap { LocalDate($0) } }

    public var due: LocalDate? { date(.due) }
    public var scheduled: LocalDate? { date(.scheduled) }
    /// 🛫 / `start::` — hidden until this day (the schema's `defer`).
    public var start: LocalDate? { date(.start) }
    public var created: LocalDate? { date(.created) }
    public var doneDate: LocalDate? { date(.done) }
    public var cancelledDate: LocalDate? { date(.cancelled) }
    public var priority: InlinePriority? { value(.priority).flatMap(InlinePriority.init(rawValue:)) }
    /// The recurrence rule text (`every week on Sunday when done`).
    public var recurrence: String? { value(.recurrence) }
    /// `keep` or `delete` (lowercased) — what happens to the line when it is completed.
    public var onCompletion: String? { value(.onCompletion)?.lowercased() }
    /// 🆔 / `id::`
    public var taskId: String? { value(.id) }
    /// ⛔ / `dependsOn::`, split on commas.
    public var dependsOn: [String] {
        guard let v = value(.dependsOn) else { return [] }
        return v.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
