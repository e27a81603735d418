import Foundation

/// A condition or tree that cannot be used, with where it is (`filter.conditions[2].op`).
public struct QueryProblem: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(_ path: String, _ message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

/// What evaluating a tree needs besides the task: the clock (relative dates, `past`,
/// `available`, `overdue`) and, for full-text conditions, the index's answers.
public struct QueryContext: Sendable {
    public var clock: Clock
    public var today: LocalDate
    public var timeOfDay: LocalTime
    /// For each `text` value of the tree, the keys (`QuerySubject.queryKey`) of the tasks the
    /// search index matches. Without it (or for a value it lacks), text is matched in Swift:
    /// every word must start a word of the title, description, tags or notes.
    public var textMatches: [String: Set<String>]
    /// Which tasks wait on others (`blocked` tasks, and `waiting` ones in sequential projects,
    /// are not available).
    public var dependencies: TaskDependencies

    public init(clock: Clock, textMatches: [String: Set<String>] = [:], dependencies: TaskDependencies = .none) {
        self.clock = clock
        today = clock.today
        timeOfDay = clock.timeOfDay
        self.textMatches = textMatches
        self.dependencies = dependencies
    }

    /// True when `d` is before now (a date alone is before now when it is before today).
    func isPast(_ d: LocalDateTime) -> Bool {
        if d.date != today { return d.date < today }
        guard let time = d.time else { return false }
        return time < timeOfDay
    }

    /// True when `d` is after now (a date alone is after now when it is after today).
    func isFuture(_ d: LocalDateTime) -> Bool {
        if d.date != today { return d.date > today }
        guard let time = d.time else { return false }
        return time > timeOfDay
    }
}

/// Turns a tree into a predicate, checking every condition on the way (field, operator,
/// value). The rules, per field kind, are in the README ("Perspectives").
public enum QueryEvaluator {
    /// The predicate for `node`, or the first problem in it.
    public static func compile<S: QuerySubject>(_ node: QueryNode, context: QueryContext, path: String = "filter",
                                                as: S.Type = S.self) throws -> (S) -> Bool {
        switch node {
        case .and(let children):
            let ps = try children.enumerated().map { try compile($0.element, context: context, path: "\(path).conditions[\($0.offset)]", as: S.self) }
            return { s in
                for p in ps where !p(s) { return false }
                return true
            }
        case .or(let children):
            let ps = try children.enumerated().map { try compile($0.element, context: context, path: "\(path).conditions[\($0.offset)]", as: S.self) }
            return { s in
                for p in ps where p(s) { return true }
                return false
            }
        case .not(let child):
            let p = try compile(child, context: context, path: "\(path).conditions[0]", as: S.self)
            return { !p($0) }
        case .condition(let c):
            return try condition(c, context: context, path: path)
        }
    }

    /// Checks a tree without a clock: the problem, or nil.
    public static func problem(in node: QueryNode, path: String = "filter") -> QueryProblem? {
        let context = QueryContext(clock: Clock(now: Date(timeIntervalSince1970: 0), timeZone: TimeZone(identifier: "UTC")!))
        do { _ = try compile(node, context: context, path: path, as: TodoTask.self) } catch let p as QueryProblem { return p } catch {
            return QueryProblem(path, "\(error)")
        }
        return nil
    }

    // MARK: Conditions

    static func condition<S: QuerySubject>(_ c: QueryCondition, context: QueryContext, path: String) throws -> (S) -> Bool {
        guard c.field.operators.contains(c.op) else {
            throw QueryProblem(path + ".op", "\(c.field.name) does not take \"\(c.op.rawValue)\"; it takes "
                + c.field.operators.map(\.rawValue).joined(separator: ", "))
        }
        let field = c.field, op = c.op
        switch field.kind {
        case .status:
            let wanted = Set(try QueryValues.list(c.value, path).map { s -> TaskStatus in
                guard let v = TaskStatus(rawValue: s.lowercased()) else {
                    throw QueryProblem(path + ".value", "unknown status \"\(s)\"; statuses: " + TaskStatus.allCases.map(\.rawValue).joined(separator: ", "))
                }
                return v
            })
            let negate = op == .notEquals || op == .notIn
            return { s in s.queryStatus.map(wanted.contains) ?? false != negate }

        case .text:
            return try textCondition(field, op, c.value, path)

        case .tags:
            if op == .empty { return { $0.queryTags.isEmpty } }
            if op == .present { return { !$0.queryTags.isEmpty } }
            let patterns = try QueryValues.list(c.value, path)
            switch op {
            case .contains: return { s in patterns.allSatisfy { p in s.queryTags.contains { TaskFilter.tag($0, matches: p) } } }
            case .in: return { s in patterns.contains { p in s.queryTags.contains { TaskFilter.tag($0, matches: p) } } }
            default: return { s in !patterns.contains { p in s.queryTags.contains { TaskFilter.tag($0, matches: p) } } }
            }

        case .priority:
            let values = try QueryValues.list(c.value, path).map { try QueryValues.priority($0, path) }
            guard let first = values.first else { throw QueryProblem(path + ".value", "needs a priority") }
            switch op {
            case .equals, .in: let set = Set(values); return { set.contains($0.queryPriority) }
            case .notEquals, .notIn: let set = Set(values); return { !set.contains($0.queryPriority) }
            case .atLeast: return { $0.queryPriority >= first }
            case .atMost: return { $0.queryPriority <= first }
            case .greaterThan: return { $0.queryPriority > first }
            default: return { $0.queryPriority < first }
            }

        case .boolean:
            let want = try QueryValues.bool(c.value, path)
            switch field {
            case .flagged: return { $0.queryFlagged == want }
            case .available: return { isAvailable($0, context) == want }
            case .blocked: return { context.dependencies.isBlocked($0.queryKey) == want }
            case .blocking: return { context.dependencies.isBlocking($0.queryKey) == want }
            case .waiting: return { context.dependencies.isWaiting($0.queryKey) == want }
            default: return { isOverdue($0, context) == want }
            }

        case .date:
            if op == .past { return { s in s.queryDate(field).map(context.isPast) ?? false } }
            let test = try dateTest(op, c.value, context, path)
            return { s in test(s.queryDate(field)?.date) }

        case .timestamp:
            let zone = context.clock.timeZone, now = context.clock.now
            if op == .past { return { s in s.queryStamp(field, zone: zone).map { ($0.instant ?? .distantFuture) < now || $0.day < context.today } ?? false } }
            let test = try dateTest(op, c.value, context, path)
            return { s in test(s.queryStamp(field, zone: zone)?.day) }

        case .number:
            if op == .empty { return { $0.queryEstimate == nil } }
            if op == .present { return { $0.queryEstimate != nil } }
            let n = try QueryValues.number(c.value, path)
            return { s in
                guard let v = s.queryEstimate.map(Double.init) else { return op == .notEquals }
                switch op {
                case .equals: return v == n
                case .notEquals: return v != n
                case .lessThan: return v < n
                case .greaterThan: return v > n
                case .atMost: return v <= n
                default: return v >= n
                }
            }

        case .folder:
            let folders = try QueryValues.list(c.value, path, allowEmpty: true)
            let negate = op == .notEquals || op == .notIn
            return { s in folders.contains { TaskFilter.folder(s.queryFolder, isIn: $0) } != negate }

        case .type:
            let types = try QueryValues.list(c.value, path).map { ListType.key($0) }
            let negate = op == .notEquals || op == .notIn
            return { s in
                let t = s.queryType
                let isTask = t == "task" || t == "checkbox"
                return types.contains { $0 == t || ($0 == "todo" && isTask) || ($0 == "item" && !isTask) } != negate
            }

        case .fullText:
            guard case .string(let text) = c.value, !text.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw QueryProblem(path + ".value", "text needs words to search for")
            }
            if let keys = context.textMatches[text] { return { keys.contains($0.queryKey) } }
            let words = FullTextMatch.words(text)
            return { s in FullTextMatch.matches(words, s.queryFullText) }

        case .presence:
            return { s in (s.queryRecurrence.map { !$0.isEmpty } ?? false) == (op == .present) }

        case .extra:
            guard case .extra(let key) = field, !key.isEmpty else { throw QueryProblem(path + ".field", "extra. needs a key") }
            return try extraCondition(key, op, c.value, context, path)
        }
    }

    /// open, not blocked by an open task, not waiting in a sequential project, and not deferred
    /// past now (a defer with a time counts from that time).
    static func isAvailable<S: QuerySubject>(_ s: S, _ context: QueryContext) -> Bool {
        guard s.queryStatus?.isActive == true else { return false }
        let key = s.queryKey
        guard !context.dependencies.isBlocked(key), !context.dependencies.isWaiting(key) else { return false }
        guard let d = s.queryDate(.deferDate) else { return true }
        return !context.isFuture(d)
    }

    /// open and due before now (today's date alone is not overdue; today at 09:00 is at 10:00).
    static func isOverdue<S: QuerySubject>(_ s: S, _ context: QueryContext) -> Bool {
        guard s.queryStatus?.isActive == true, let due = s.queryDate(.due) else { return false }
        return context.isPast(due)
    }

    /// A test on a calendar day (nil: no date) for a date operator and value.
    static func dateTest(_ op: QueryOp, _ value: JSONValue, _ context: QueryContext, _ path: String) throws -> (LocalDate?) -> Bool {
        switch op {
        case .empty: return { $0 == nil }
        case .present: return { $0 != nil }
        default: break
        }
        guard let text = QueryValues.scalar(value) else { throw QueryProblem(path + ".value", "\(op.rawValue) needs a date (today, +7d, this week, 2026-03-01)") }
        guard let r = QueryDateValue.resolve(text, today: context.today) else {
            throw QueryProblem(path + ".value", "\"\(text)\" is not a date (today, tomorrow, +7d, -30d, this week, next month, start of month, last 7 days, 2026-03-01)")
        }
        switch op {
        case .before: return { $0.map { $0 < r.start } ?? false }
        case .after: return { $0.map { $0 > r.end } ?? false }
        case .on: return { $0.map { $0 >= r.start && $0 <= r.end } ?? false }
        case .onOrBefore: return { $0.map { $0 <= r.end } ?? false }
        case .onOrAfter: return { $0.map { $0 >= r.start } ?? false }
        default: return { $0.map { $0 <= r.end } ?? true }  // before_or_none: the day has come, or there is none
        }
    }

    static func textCondition<S: QuerySubject>(_ field: QueryField, _ op: QueryOp, _ value: JSONValue, _ path: String) throws -> (S) -> Bool {
        switch op {
        case .empty: return { ($0.queryText(field) ?? "").isEmpty }
        case .present: return { !($0.queryText(field) ?? "").isEmpty }
        default: break
        }
        let wanted = try QueryValues.list(value, path).map(Fold.key)
        switch op {
        case .equals, .in: return { s in s.queryText(field).map { v in wanted.contains(Fold.key(v)) } ?? false }
        case .notEquals, .notIn: return { s in !(s.queryText(field).map { v in wanted.contains(Fold.key(v)) } ?? false) }
        case .contains: return { s in s.queryText(field).map { v in let k = Fold.key(v); return wanted.contains { k.contains($0) } } ?? false }
        default: return { s in !(s.queryText(field).map { v in let k = Fold.key(v); return wanted.contains { k.contains($0) } } ?? false) }
        }
    }

    static func extraCondition<S: QuerySubject>(_ key: String, _ op: QueryOp, _ value: JSONValue, _ context: QueryContext,
                                                _ path: String) throws -> (S) -> Bool {
        func isEmpty(_ v: JSONValue) -> Bool {
            switch v {
            case .null: return true
            case .string(let s): return s.isEmpty
            case .array(let a): return a.isEmpty
            default: return false
            }
        }
        switch op {
        case .empty: return { isEmpty($0.queryExtra(key)) }
        case .present: return { !isEmpty($0.queryExtra(key)) }
        case .before, .after, .on, .onOrBefore, .onOrAfter:
            // A key of your own holding dates: compared as calendar days.
            let test = try dateTest(op, value, context, path)
            return { s in
                let v = s.queryExtra(key)
                return test(ViewFilter.date(v) ?? ViewFilter.text(v).flatMap { LocalDateTime($0)?.date })
            }
        default: break
        }
        let wanted = try QueryValues.list(value, path, allowEmpty: true)
        guard let first = wanted.first else { throw QueryProblem(path + ".value", "\(op.rawValue) needs a value") }
        switch op {
        case .equals, .in: return { s in let v = s.queryExtra(key); return wanted.contains { ViewFilter.compare(v, .eq, $0) } }
        case .notEquals, .notIn: return { s in let v = s.queryExtra(key); return !wanted.contains { ViewFilter.compare(v, .eq, $0) } }
        case .contains, .notContains:
            let needle = Fold.key(first)
            return { s in
                let v = s.queryExtra(key)
                let has: Bool
                if case .array = v { has = ViewFilter.compare(v, .eq, first) } else { has = ViewFilter.text(v).map { Fold.key($0).contains(needle) } ?? false }
                return has == (op == .contains)
            }
        case .lessThan: return { ViewFilter.compare($0.queryExtra(key), .lt, first) }
        case .greaterThan: return { ViewFilter.compare($0.queryExtra(key), .gt, first) }
        case .atMost: return { ViewFilter.compare($0.queryExtra(key), .le, first) }
        default: return { ViewFilter.compare($0.queryExtra(key), .ge, first) }
        }
    }
}

/// Case folding that matches the index's `*_key` columns (`Prefilter.fold`), with an ASCII
/// fast path (a perspective may compare a hundred thousand values).
public enum Fold {
    public static func key(_ s: String) -> String {
        if s.utf8.allSatisfy({ $0 < 0x80 }) { return s.lowercased() }
        return s.folding(options: [.caseInsensitive], locale: nil)
    }
}

/// Full-text matching without the search index: every word of the query starts a word of
/// the text, case- and accent-insensitively (the search index's rule, approximately).
enum FullTextMatch {
    static func words(_ query: String) -> [String] {
        query.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { norm(String($0)) }
    }

    static func norm(_ s: String) -> String { s.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }

    static func matches(_ words: [String], _ texts: [String]) -> Bool {
        guard !words.isEmpty else { return false }
        let tokens = texts.flatMap { $0.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { norm(String($0)) } }
        return words.allSatisfy { w in tokens.contains { $0.hasPrefix(w) } }
    }
}

/// Reading condition values: a list is a JSON array (one value is a list of one).
enum QueryValues {
    static func scalar(_ v: JSONValue) -> String? { v.scalarText }

    static func list(_ v: JSONValue, _ path: String, allowEmpty: Bool = false) throws -> [String] {
        let items: [String]
        switch v {
        case .array(let a):
            items = try a.enumerated().map { i, e in
                guard let s = scalar(e) else { throw QueryProblem("\(path).value[\(i)]", "expected text, a number or true/false") }
                return s
            }
        case .string(let s): items = [s]
        default:
            guard let s = scalar(v) else { throw QueryProblem(path + ".value", "needs a value") }
            items = [s]
        }
        if !allowEmpty, items.isEmpty || items.contains(where: { $0.isEmpty }) { throw QueryProblem(path + ".value", "needs a value") }
        return items
    }

    static func bool(_ v: JSONValue, _ path: String) throws -> Bool {
        switch v {
        case .null: return true
        case .bool(let b): return b
        case .string(let s):
            switch s.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: break
            }
        case .int(let i) where i == 0 || i == 1: return i == 1
        default: break
        }
        throw QueryProblem(path + ".value", "expected true or false")
    }

    static func number(_ v: JSONValue, _ path: String) throws -> Double {
        switch v {
        case .int(let i): return Double(i)
        case .double(let d): return d
        case .string(let s): if let d = Double(s.trimmingCharacters(in: .whitespaces)) { return d }
        default: break
        }
        throw QueryProblem(path + ".value", "expected a number")
    }

    /// `high`, `medium`, `low`, `none`, or Todoist's `p1`…`p4`.
    static func priority(_ s: String, _ path: String) throws -> Priority {
        switch s.lowercased() {
        case "p1": return .high
        case "p2": return .medium
        case "p3": return .low
        case "p4": return .none
        case let l:
            guard let p = Priority(rawValue: l) else {
                throw QueryProblem(path + ".value", "unknown priority \"\(s)\"; priorities: high, medium, low, none (or p1…p4)")
            }
            return p
        }
    }
}
