/// The task properties an inline task line can carry, in Obsidian Tasks' canonical write order
/// (`TaskLayoutComponent`): id, dependsOn, priority, recurrence, onCompletion, created, start,
/// scheduled, due, cancelled, done. The block id (`^abc`) is not a field; it always stays last.
public enum InlineFieldKind: String, CaseIterable, Sendable, Comparable {
    case id, dependsOn, priority, recurrence, onCompletion, created, start, scheduled, due, cancelled, done

    /// Position in the canonical order.
    public var rank: Int { InlineFieldKind.allCases.firstIndex(of: self)! }

    public static func < (a: InlineFieldKind, b: InlineFieldKind) -> Bool { a.rank < b.rank }

    /// True for the fields whose value is a `YYYY-MM-DD` date.
    public var isDate: Bool {
        switch self {
        case .created, .start, .scheduled, .due, .cancelled, .done: return true
        default: return false
        }
    }

    /// The emoji Obsidian Tasks writes for this field (priority has one per level).
    public var emoji: String? {
        switch self {
        case .id: return "🆔"
        case .dependsOn: return "⛔"
        case .priority: return nil
        case .recurrence: return "🔁"
        case .onCompletion: return "🏁"
        case .created: return "➕"
        case .start: return "🛫"
        case .scheduled: return "⏳"
        case .due: return "📅"
        case .cancelled: return "❌"
        case .done: return "✅"
        }
    }

    /// The Dataview key Obsidian Tasks reads and writes (`[due:: 2026-01-05]`).
    public var dataviewKey: String {
        switch self {
        case .id: return "id"
        case .dependsOn: return "dependsOn"
        case .priority: return "priority"
        case .recurrence: return "repeat"
        case .onCompletion: return "onCompletion"
        case .created: return "created"
        case .start: return "start"
        case .scheduled: return "scheduled"
        case .due: return "due"
        case .cancelled: return "cancelled"
        case .done: return "completion"
        }
    }

    /// Every emoji read as this field, including the alternatives (`📆`, `🗓` for due; `⌛`).
    var readEmoji: [Unicode.Scalar] {
        switch self {
        case .id: return ["\u{1F194}"]
        case .dependsOn: return ["\u{26D4}"]
        case .priority: return InlinePriority.allCases.map(\.emojiScalar)
        case .recurrence: return ["\u{1F501}"]
        case .onCompletion: return ["\u{1F3C1}"]
        case .created: return ["\u{2795}"]
        case .start: return ["\u{1F6EB}"]
        case .scheduled: return ["\u{23F3}", "\u{231B}"]
        case .due: return ["\u{1F4C5}", "\u{1F4C6}", "\u{1F5D3}"]
        case .cancelled: return ["\u{274C}"]
        case .done: return ["\u{2705}"]
        }
    }

    /// The field a Dataview key names. Case-sensitive, as Obsidian Tasks' regexes are (no `i`
    /// flag in DataviewTaskSerializer): `[Due:: …]` is an ordinary Dataview field, not a due date.
    static func dataview(key: String) -> InlineFieldKind? {
        allCases.first { $0.dataviewKey == key }
    }
}

/// Obsidian Tasks' five priority levels (no field means "normal").
public enum InlinePriority: String, CaseIterable, Sendable {
    case highest, high, medium, low, lowest

    /// 🔺 ⏫ 🔼 🔽 ⏬
    public var emoji: String { String(Character(emojiScalar)) }

    var emojiScalar: Unicode.Scalar {
        switch self {
        case .highest: return "\u{1F53A}"
        case .high: return "\u{23EB}"
        case .medium: return "\u{1F53C}"
        case .low: return "\u{1F53D}"
        case .lowest: return "\u{23EC}"
        }
    }

    /// The schema's coarser priority: highest/high → high, medium → medium, low/lowest → low.
    public var taskPriority: Priority {
        switch self {
        case .highest, .high: return .high
        case .medium: return .medium
        case .low, .lowest: return .low
        }
    }

    /// The level to write for a schema priority (`.none` has none).
    public init?(_ priority: Priority) {
        switch priority {
        case .none: return nil
        case .low: self = .low
        case .medium: self = .medium
        case .high: self = .high
        }
    }

    init?(emoji: Unicode.Scalar) {
        guard let p = InlinePriority.allCases.first(where: { $0.emojiScalar == emoji }) else { return nil }
        self = p
    }
}

/// How a line writes its fields. A line "uses" Dataview when it has at least one Dataview field
/// (`[key:: value]` or `(key:: value)`); otherwise it uses emoji. New fields follow that format.
public enum InlineFormat: String, Sendable {
    case emoji, dataview
}

/// One field token found at the end of a task line's body.
///
/// Ranges are Unicode-scalar offsets into `InlineTaskLine.body` (emoji are single scalars, and the
/// optional variation selector U+FE0F counts as one), so rewrites can splice exactly what was read.
public struct InlineField: Sendable, Equatable {
    public let kind: InlineFieldKind
    /// The value as written, trimmed (`2026-01-05`, `every week`, `abc,def`); for priority the
    /// level name (`high`) whatever the spelling.
    public let value: String
    /// Emoji or Dataview spelling.
    public let format: InlineFormat
    /// The whole token: emoji through value, or bracket through bracket (plus a trailing comma).
    public let range: Range<Int>
    /// Just the value (for an emoji priority, the emoji itself).
    public let valueRange: Range<Int>
    /// The token's exact text.
    public let text: String

    public init(kind: InlineFieldKind, value: String, format: InlineFormat, range: Range<Int>,
                valueRange: Range<Int>, text: String) {
        self.kind = kind
        self.value = value
        self.format = format
        self.range = range
        self.valueRange = valueRange
        self.text = text
    }
}
