import Foundation

/// A perspective's filter (spec 000 "Custom Perspectives"): AND / OR / NOT over conditions,
/// nested to any depth. The same tree comes from `.perspectives.json`, from the text syntax
/// (`QueryText`), from a saved view's `filters` and from the built-in views' definitions.
public indirect enum QueryNode: Sendable, Equatable {
    case and([QueryNode])
    case or([QueryNode])
    case not(QueryNode)
    case condition(QueryCondition)

    /// Every condition in the tree, depth first.
    public var conditions: [QueryCondition] {
        switch self {
        case .and(let c), .or(let c): return c.flatMap(\.conditions)
        case .not(let c): return c.conditions
        case .condition(let c): return [c]
        }
    }

    /// The values of its full-text conditions (what the search index must answer).
    public var textQueries: [String] {
        conditions.compactMap { c in
            if c.field == .text, case .string(let s) = c.value { return s }
            return nil
        }
    }

    /// AND of `nodes`, without a wrapper for one node; nil for none.
    public static func all(_ nodes: [QueryNode]) -> QueryNode? {
        nodes.count <= 1 ? nodes.first : .and(nodes)
    }

    /// The tree with single-child AND / OR nodes unwrapped and nested nodes of the same kind
    /// merged: the form the text syntax prints and parses back to.
    public var normalized: QueryNode {
        switch self {
        case .condition: return self
        case .not(let c): return .not(c.normalized)
        case .and(let cs):
            let flat = cs.map(\.normalized).flatMap { n -> [QueryNode] in if case .and(let inner) = n { return inner } else { return [n] } }
            return flat.count == 1 ? flat[0] : .and(flat)
        case .or(let cs):
            let flat = cs.map(\.normalized).flatMap { n -> [QueryNode] in if case .or(let inner) = n { return inner } else { return [n] } }
            return flat.count == 1 ? flat[0] : .or(flat)
        }
    }
}

/// One test: `{ "field": "area", "op": "equals", "value": "Work" }`.
public struct QueryCondition: Sendable, Equatable {
    public var field: QueryField
    public var op: QueryOp
    /// `.null` for operators that take none (`none`, `any`, `past`).
    public var value: JSONValue

    public init(_ field: QueryField, _ op: QueryOp, _ value: JSONValue = .null) {
        self.field = field
        self.op = op
        self.value = value
    }
}

/// The fields a condition can test: every frontmatter field, the derived `available`,
/// `overdue`, `blocked`, `blocking` and `waiting`, where the task lives (`folder`, `type`), full text, and any other key as
/// `extra.<key>`.
public enum QueryField: Sendable, Hashable {
    case status, area, project, tags, priority, flagged, due, scheduled, deferDate, estimate, source
    case created, modified, completed, folder, type, text, title, recurrence, available, overdue
    /// Waits on an open task (`blocked_by`, ⛔), and is waited on by one.
    case blocked, blocking
    /// Waits for an earlier open task of its sequential project.
    case waiting
    /// A key the schema does not know (`extra.mood`).
    case extra(String)

    public static let known: [QueryField] = [
        .status, .area, .project, .tags, .priority, .flagged, .due, .scheduled, .deferDate, .estimate, .source,
        .created, .modified, .completed, .folder, .type, .text, .title, .recurrence, .available, .overdue,
        .blocked, .blocking, .waiting,
    ]

    /// The name in `.perspectives.json` and the text syntax.
    public var name: String {
        switch self {
        case .status: return "status"
        case .area: return "area"
        case .project: return "project"
        case .tags: return "tags"
        case .priority: return "priority"
        case .flagged: return "flagged"
        case .due: return "due"
        case .scheduled: return "scheduled"
        case .deferDate: return "defer"
        case .estimate: return "estimated_minutes"
        case .source: return "source"
        case .created: return "created"
        case .modified: return "modified"
        case .completed: return "completed"
        case .folder: return "folder"
        case .type: return "type"
        case .text: return "text"
        case .title: return "title"
        case .recurrence: return "recurrence"
        case .available: return "available"
        case .overdue: return "overdue"
        case .blocked: return "blocked"
        case .blocking: return "blocking"
        case .waiting: return "waiting"
        case .extra(let k): return "extra." + k
        }
    }

    /// Reads a field name (case-insensitive; a few aliases: `tag`, `start`, `estimate`,
    /// `search`, `repeat`). nil for an unknown name: other keys are written `extra.<key>`.
    public init?(name raw: String) {
        let n = raw.trimmingCharacters(in: .whitespaces)
        if n.lowercased().hasPrefix("extra."), n.count > 6 {
            self = .extra(String(n.dropFirst(6)))
            return
        }
        switch n.lowercased() {
        case "tag": self = .tags
        case "start", "deferdate", "defer_date": self = .deferDate
        case "estimate", "estimated", "minutes", "estimatedminutes": self = .estimate
        case "search", "fulltext", "full_text": self = .text
        case "repeat", "recurring", "rrule": self = .recurrence
        case "done", "completion": self = .completed
        case let lower:
            guard let f = Self.known.first(where: { $0.name == lower }) else { return nil }
            self = f
        }
    }

    public enum Kind: Sendable { case status, text, tags, priority, boolean, date, timestamp, number, folder, type, fullText, presence, extra }

    /// What kind of value the field holds: it decides the operators it takes.
    public var kind: Kind {
        switch self {
        case .status: return .status
        case .area, .project, .source, .title: return .text
        case .tags: return .tags
        case .priority: return .priority
        case .flagged, .available, .overdue, .blocked, .blocking, .waiting: return .boolean
        case .due, .scheduled, .deferDate: return .date
        case .created, .modified, .completed: return .timestamp
        case .estimate: return .number
        case .folder: return .folder
        case .type: return .type
        case .text: return .fullText
        case .recurrence: return .presence
        case .extra: return .extra
        }
    }

    /// The operators the field takes, the first being the one a bare `field:value` means.
    public var operators: [QueryOp] {
        switch kind {
        case .status: return [.equals, .notEquals, .in, .notIn]
        case .text: return [.equals, .notEquals, .in, .notIn, .contains, .notContains, .empty, .present]
        case .tags: return [.contains, .notContains, .in, .empty, .present]
        case .priority: return [.equals, .notEquals, .in, .notIn, .atLeast, .atMost, .greaterThan, .lessThan]
        case .boolean: return [.equals]
        case .date: return [.on, .before, .after, .onOrBefore, .onOrAfter, .beforeOrNone, .past, .empty, .present]
        case .timestamp: return [.on, .before, .after, .onOrBefore, .onOrAfter, .beforeOrNone, .empty, .present]
        case .number: return [.equals, .notEquals, .lessThan, .greaterThan, .atMost, .atLeast, .empty, .present]
        case .folder: return [.equals, .notEquals, .in, .notIn]
        case .type: return [.equals, .notEquals, .in, .notIn]
        case .fullText: return [.contains]
        case .presence: return [.present, .empty]
        case .extra:
            return [.equals, .notEquals, .in, .notIn, .contains, .notContains, .lessThan, .greaterThan, .atMost, .atLeast, .empty, .present,
                    .before, .after, .on, .onOrBefore, .onOrAfter]
        }
    }
}

/// A condition's operator, named as in `.perspectives.json`.
public enum QueryOp: String, Sendable, CaseIterable {
    case equals, notEquals = "not_equals", `in`, notIn = "not_in", contains, notContains = "not_contains"
    case before, after, on, onOrBefore = "on_or_before", onOrAfter = "on_or_after", beforeOrNone = "before_or_none", past
    /// No value (`none`) / some value (`any`).
    case empty = "none", present = "any"
    case lessThan = "less_than", greaterThan = "greater_than", atLeast = "at_least", atMost = "at_most"

    /// Reads an operator name, with the usual aliases (`is`, `eq`, `lt`, `within`, `>=`…).
    public init?(name raw: String) {
        let n = raw.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "_")
            .replacingOccurrences(of: "-", with: "_")
        if let op = QueryOp(rawValue: n) { self = op; return }
        switch n {
        case "is", "eq", "=", "==", "equal", "matches": self = .equals
        case "is_not", "ne", "!=", "not_equal", "isnt": self = .notEquals
        case "one_of", "any_of": self = .in
        case "none_of": self = .notIn
        case "has", "includes": self = .contains
        case "lt", "<", "below": self = .lessThan
        case "gt", ">", "above": self = .greaterThan
        case "ge", "gte", ">=", "min", "at_least_as": self = .atLeast
        case "le", "lte", "<=", "max": self = .atMost
        case "within", "during", "in_range": self = .on
        case "on_or_earlier", "by": self = .onOrBefore
        case "on_or_later", "from", "since": self = .onOrAfter
        case "empty", "missing", "is_empty": self = .empty
        case "exists", "set", "not_empty", "present": self = .present
        case "before_or_empty": self = .beforeOrNone
        default: return nil
        }
    }

    /// Operators that take no value.
    public var takesNoValue: Bool { self == .empty || self == .present || self == .past }
}
